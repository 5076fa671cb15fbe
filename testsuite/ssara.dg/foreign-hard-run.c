/* Operands that the insn cannot take in the hard register the RTL
   names, which LRA would reload: a float or double computed in FPRs for
   a complex value returned in GPRs (%3:SF = float_trunc, %5:DF = plus),
   a part of a 16-byte generic vector (TImode, in GPRs) read as a
   double, a long double truncated
   (its TFmode input tied to a DFmode output in the first alternative),
   and a double loaded into a GPR pair from a reg+reg address.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump -Wno-psabi" } */

extern void abort (void);
__attribute__((noinline)) _Complex float cf (double a, double b)
{
  _Complex float z;
  __real__ z = (float) a;
  __imag__ z = (float) -b;
  return z;
}
__attribute__((noinline)) _Complex double cd (double a, double b)
{
  _Complex double z;
  __real__ z = a + b;
  __imag__ z = a - b;
  return z;
}
typedef long long v2di __attribute__ ((vector_size (16), may_alias));
typedef double v2df __attribute__ ((vector_size (16), may_alias));
__attribute__((noinline)) v2di make (double a, double b)
{
  return (v2di) (v2df) { a, b };
}
__attribute__((noinline)) double parts (void)
{
  v2di c = make (3.0, 0.5);
  v2df d = (v2df) c;
  return d[0] + d[1];
}
__attribute__((noinline)) unsigned trunc_bits (long double x)
{
  union { double d; unsigned w[2]; } u;
  u.d = (double) x;
  return u.w[0];
}
__attribute__((noinline)) _Complex double pick (const _Complex double *p, int i)
{
  return p[i];
}
int main (void)
{
  _Complex float z = cf (1.5, 2.25);
  if (__real__ z != 1.5f || __imag__ z != -2.25f)
    abort ();
  _Complex double w = cd (1.0, 0.25);
  if (__real__ w != 1.25 || __imag__ w != 0.75)
    abort ();
  if (parts () != 3.5)
    abort ();
  if (trunc_bits (2.0L) != 0x40000000u)
    abort ();
  _Complex double v[3];
  for (int i = 0; i < 3; ++i)
    {
      __real__ v[i] = i;
      __imag__ v[i] = -i;
    }
  w = pick (v, 2);
  if (__real__ w != 2.0 || __imag__ w != -2.0)
    abort ();
  return 0;
}
/* { dg-final { scan-rtl-dump "ssara: cf by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: cd by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: parts by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: trunc_bits by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: pick by=ssara" "ssara" } } */
