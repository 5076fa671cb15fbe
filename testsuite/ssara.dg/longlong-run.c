/* long long values in GPR pairs: arithmetic with carries, shifts,
   loops, arguments and results in r3:r4.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) long long add64 (long long a, long long b) { return a + b; }
__attribute__((noinline)) long long shl (long long a, int n) { return a << n; }
__attribute__((noinline)) unsigned long long fact (unsigned n) { unsigned long long r = 1; while (n) r *= n--; return r; }
__attribute__((noinline)) long long sum (long long *p, int n) { long long s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
int main (void) {
  long long v[4] = { 1LL << 40, -5, 7, 1LL << 33 };
  if (add64 (1LL << 32, 5) != (1LL << 32) + 5) abort ();
  if (shl (3, 40) != 3LL << 40) abort ();
  if (fact (20) != 2432902008176640000ULL) abort ();
  if (sum (v, 4) != (1LL << 40) + 2 + (1LL << 33)) abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: add64 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: shl by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: fact by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: sum by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: main by=ssara" "ssara" } } */
