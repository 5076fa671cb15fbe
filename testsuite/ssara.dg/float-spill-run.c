/* Floats spilled across calls with every call-saved FPR fixed, some of
   them also read as bits in GPRs: spill and reload with stfs/lfs, and a
   reload into a GPR reads the single-precision word.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump -ffixed-fr14 -ffixed-fr15 -ffixed-fr16 -ffixed-fr17 -ffixed-fr18 -ffixed-fr19 -ffixed-fr20 -ffixed-fr21 -ffixed-fr22 -ffixed-fr23 -ffixed-fr24 -ffixed-fr25 -ffixed-fr26 -ffixed-fr27 -ffixed-fr28 -ffixed-fr29 -ffixed-fr30 -ffixed-fr31" } */

extern void abort (void);
volatile float g = 1.25f;
__attribute__((noinline)) void touch (void) { g = g + 1.0f; }
__attribute__((noinline)) unsigned bits (float f)
{
  union { unsigned u; float f; } x;
  x.f = f;
  return x.u;
}
__attribute__((noinline)) unsigned mix (float a, float b, float c, unsigned n)
{
  unsigned acc = 0;
  for (unsigned i = 0; i < n; ++i)
    {
      float s = a * b + c;
      touch ();
      union { unsigned u; float f; } x;
      x.f = s;
      acc = acc * 31 + x.u + bits (a) + (unsigned) c;
      a += 0.5f;
      c = c * 2.0f;
    }
  return acc + bits (a) + bits (b) + bits (c);
}
int main (void)
{
  unsigned want = 0;
  float a = 1.0f, b = 3.0f, c = 0.75f;
  for (unsigned i = 0; i < 5; ++i)
    {
      union { unsigned u; float f; } x, y;
      x.f = a * b + c;
      y.f = a;
      want = want * 31 + x.u + y.u + (unsigned) c;
      a += 0.5f;
      c = c * 2.0f;
    }
  {
    union { unsigned u; float f; } x, y, z;
    x.f = a; y.f = b; z.f = c;
    want += x.u + y.u + z.u;
  }
  if (mix (1.0f, 3.0f, 0.75f, 5) != want)
    abort ();
  return 0;
}
/* { dg-final { scan-assembler "stfs" } } */
/* { dg-final { scan-rtl-dump "ssara: mix by=ssara" "ssara" } } */
