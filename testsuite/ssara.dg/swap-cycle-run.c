/* Loop-carried values that rotate every iteration: the phis at the loop
   header form a cyclic parallel copy, which SSA deconstruction resolves
   with swaps or copies through a free register.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-dump" } */

extern void abort (void);

__attribute__ ((noinline)) unsigned
rotate3 (unsigned a, unsigned b, unsigned c, int n)
{
  while (n-- > 0)
    {
      unsigned t = a;
      a = b;
      b = c;
      c = t + 1;
    }
  return a * 100 + b * 10 + c;
}

__attribute__ ((noinline)) unsigned
swap2 (unsigned a, unsigned b, int n)
{
  for (int i = 0; i < n; i++)
    {
      unsigned t = a;
      a = b;
      b = t;
    }
  return a * 10 + b;
}

int
main (void)
{
  if (rotate3 (1, 2, 3, 0) != 123 || rotate3 (1, 2, 3, 1) != 232
      || rotate3 (1, 2, 3, 4) != 343)
    abort ();
  if (swap2 (1, 2, 3) != 21 || swap2 (1, 2, 4) != 12)
    abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: rotate3 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: swap2 by=ssara" "ssara" } } */
