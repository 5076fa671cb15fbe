/* Variable-length arrays allocated in a loop (gcc.dg/torture/pr93124.c
   with its options): the stwux that allocates each one takes as its base
   the stack pointer saved at the start of the loop body, a pseudo tied to
   the update's output, which is r1 itself (movsi_si_update, "=b" (r1),
   "0" (pseudo)).  split_hard_ties gives the output a fresh pseudo copied
   to r1 after the store, as LRA does; the import used to find no
   alternative.  */
/* { dg-do run } */
/* { dg-options "-O2 -fno-rerun-cse-after-loop -fno-guess-branch-probability -fno-tree-fre -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);
int x = 3;
int sum;

__attribute__((noipa)) void take (char *p, int n)
{
  for (int i = 0; i < n; ++i)
    sum += p[i];
}
__attribute__((noipa)) void take_u (unsigned *p, int n)
{
  for (int i = 0; i < n; ++i)
    sum += p[i];
}

__attribute__((noipa)) void
loop (int rounds)
{
  int n;
  for (n = 0; n < rounds; ++n)
    {
      {
        char a[n + 1];
        for (int i = 0; i <= n; ++i)
          a[i] = i;
        take (a, n + 1);
      }
      unsigned b[x];
      for (int i = 0; i < x; ++i)
        b[i] = n;
      take_u (b, x);
      {
        char c[n + 2];
        for (int i = 0; i < n + 2; ++i)
          c[i] = 1;
        take (c, n + 2);
      }
    }
}

int main (void)
{
  loop (4);
  /* a: 0+(0+1)+(0+1+2)+(0+..+3) = 10; b: 3*(0+1+2+3) = 18;
     c: 2+3+4+5 = 14.  */
  if (sum != 42)
    abort ();
  return 0;
}
