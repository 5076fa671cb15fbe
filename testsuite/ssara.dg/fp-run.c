/* Floating-point values in FPRs: arithmetic, loops, calls, conversions,
   IBM long double in FPR pairs, a rotating loop of doubles.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) double poly (double x) { return ((x * 3.0 + 2.0) * x - 1.0) * x + 0.5; }
__attribute__((noinline)) float fsum (float *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
__attribute__((noinline)) double dot (double *a, double *b, int n) { double s = 0; for (int i = 0; i < n; i++) s += a[i] * b[i]; return s; }
__attribute__((noinline)) int toint (double x) { return (int) x; }
__attribute__((noinline)) double fromint (int x) { return x; }
__attribute__((noinline)) long double ld (long double a, long double b) { return a * b + 1.0L; }
__attribute__((noinline)) double rot (double a, double b, double c, int n) { while (n--) { double t = a; a = b; b = c; c = t; } return a * 100 + b * 10 + c; }
__attribute__((noinline)) unsigned hi (double x) { union { double d; unsigned u[2]; } v; v.d = x; return v.u[0]; }
__attribute__((noinline)) double callmix (double x) { double y = poly (x); return y + poly (y) + x; }
__attribute__((noinline)) int ld2i (long double x) { return (int) x; }
int main (void) {
  float f[3] = { 1.5f, 2.5f, 3.0f };
  double a[3] = { 1, 2, 3 }, b[3] = { 4, 5, 6 };
  if (poly (2.0) != ((2*3.0+2)*2-1)*2+0.5) abort ();
  if (fsum (f, 3) != 7.0f) abort ();
  if (ld2i (-7.75L) != -7 || ld2i (123456.5L) != 123456) abort ();
  if (dot (a, b, 3) != 32.0) abort ();
  if (toint (7.9) != 7 || fromint (-3) != -3.0) abort ();
  if (ld (3.0L, 4.0L) != 13.0L) abort ();
  if (rot (1, 2, 3, 1) != 231) abort ();
  if (hi (1.0) != 0x3ff00000u) abort ();
  if (callmix (1.0) != poly (1.0) + poly (poly (1.0)) + 1.0) abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: poly by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: fsum by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: dot by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: toint by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: ld2i by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: fromint by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: ld by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: rot by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: callmix by=ssara" "ssara" } } */
