/* Single-precision values between GPRs and FPRs.  A float lives in an
   FPR as a double, so it crosses through memory with stfs/lwz and
   stw/lfs (lfd of a stored word would read a different number): union
   punning both ways, and a float kept across calls that is also read
   as bits.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) float u2f (unsigned u)
{
  union { unsigned u; float f; } x;
  x.u = u;
  return x.f;
}
__attribute__((noinline)) unsigned f2u (float f)
{
  union { unsigned u; float f; } x;
  x.f = f;
  return x.u;
}
__attribute__((noinline)) void sink (void) { }
__attribute__((noinline)) unsigned keep (float f, unsigned n)
{
  unsigned acc = 0;
  for (unsigned i = 0; i < n; ++i)
    {
      union { unsigned u; float f; } x;
      x.f = f * (float) i;
      sink ();
      acc ^= x.u + (unsigned) f;
    }
  return acc;
}
int main (void)
{
  if (u2f (0x40490fdbu) != 3.14159274f)
    abort ();
  if (f2u (2.5f) != 0x40200000u)
    abort ();
  if (f2u (u2f (0xbf800000u) * 3.0f) != 0xc0400000u)
    abort ();
  if (keep (1.5f, 4) != ((0u + 1) ^ (0x3fc00000u + 1) ^ (0x40400000u + 1)
                         ^ (0x40900000u + 1)))
    abort ();
  return 0;
}
/* { dg-final { scan-assembler "lfs" } } */
/* { dg-final { scan-assembler "stfs" } } */
/* { dg-final { scan-rtl-dump "ssara: u2f by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: f2u by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: keep by=ssara" "ssara" } } */
