/* A loop with a carried value and a call: output checked under qemu.  */
/* { dg-do run } */
/* { dg-options "-O2" } */

extern int printf (const char *, ...);
extern void abort (void);

__attribute__ ((noinline)) unsigned
fib (unsigned n)
{
  unsigned a = 0, b = 1;
  while (n--)
    {
      unsigned t = a + b;
      a = b;
      b = t;
    }
  return a;
}

int
main (void)
{
  if (fib (10) != 55 || fib (40) != 102334155u)
    abort ();
  return 0;
}
