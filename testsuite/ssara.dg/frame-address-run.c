/* Addresses of locals at offsets beyond 16 bits from the stack pointer,
   taken as an add of a constant to the frame pointer (eliminated into
   the stack pointer, the offset split into addis and addi), agree with
   the same elements reached through a variable index.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

extern void abort (void);

__attribute__ ((noinline)) void
put (int *p, int v)
{
  *p = v;
}

int
main (void)
{
  int big[50000];
  int small[4];
  volatile int i = 40000, j = 3, k = 1;
  put (&big[40000], 7);
  put (&big[3], 9);
  put (&small[1], 11);
  if (big[i] != 7 || big[j] != 9 || small[k] != 11)
    abort ();
  return 0;
}
