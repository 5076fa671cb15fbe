/* Values that cross between GPRs and FPRs through a stack slot: complex
   double arguments arrive in GPR pairs and are compared in FPRs; long
   double parts; a double returned through GPRs by a union.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) int cd (__complex__ double x)
{
  return __real__ x == 1.0 && __imag__ x == 2.0;
}
__attribute__((noinline)) int cld (__complex__ long double x)
{
  return __real__ x == 5.0L && __imag__ x == 6.0L;
}
__attribute__((noinline)) double sum (__complex__ double x)
{
  return __real__ x + __imag__ x;
}
int main (void)
{
  __complex__ double x;
  __complex__ long double z;
  __real__ x = 1.0;
  __imag__ x = 2.0;
  __real__ z = 5.0L;
  __imag__ z = 6.0L;
  if (!cd (x) || !cld (z) || sum (x) != 3.0)
    abort ();
  __imag__ x = 3.0;
  if (cd (x) || sum (x) != 4.0)
    abort ();
  return 0;
}
/* The GPR pair goes to the frame and comes back as a double.  */
/* { dg-final { scan-assembler "lfd" } } */
/* { dg-final { scan-rtl-dump "ssara: cd by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: cld by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: sum by=ssara" "ssara" } } */
