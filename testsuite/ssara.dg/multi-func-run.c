/* Several functions per file, each visited by the pass; the program's
   result must not change.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-dump" } */

extern void abort (void);

__attribute__ ((noinline)) int add3 (int a, int b, int c) { return a + b + c; }
__attribute__ ((noinline)) long long mul64 (long long a, long long b) { return a * b; }
__attribute__ ((noinline)) double scale (double x, int n) { return x * n; }

int
main (void)
{
  if (add3 (1, 2, 3) != 6)
    abort ();
  if (mul64 (1LL << 20, 1LL << 20) != 1LL << 40)
    abort ();
  if (scale (1.5, 4) != 6.0)
    abort ();
  return 0;
}

/* The pass ran on every function and wrote its line to the dump.  */
/* { dg-final { scan-rtl-dump "ssara: add3 by=" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: mul64 by=" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: scale by=" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: main by=" "ssara" } } */
/* { dg-final { scan-rtl-dump-times "ssara: \[a-z0-9_\]+ by=" 4 "ssara" } } */
