/* A complex double argument with four GPRs (r5-r12 fixed): its
   imaginary part arrives in r5:r6, which the user fixed but which still
   carry it, and combine puts (reg:DF 5) straight into FPR arithmetic and
   compares.  The fixed register is read through a fresh pseudo copied
   from it just before the insn (split_foreign_hard_operands), which the
   allocator moves into an FPR.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);
double g = 1.5;
_Complex double gc;

__attribute__((noipa)) void
check (_Complex double x)
{
  if (__real__ x != 1.0 || __imag__ x != 2.0)
    abort ();
}

__attribute__((noipa)) void
fma_imag (_Complex double x)
{
  g = __real__ x * __imag__ x + g;
}

__attribute__((noipa)) void
scale (int a, _Complex double x)
{
  gc = x * a;
}

int
main (void)
{
  _Complex double x;
  __real__ x = 1.0;
  __imag__ x = 2.0;
  check (x);
  fma_imag (x);
  if (g != 3.5)
    abort ();
  scale (3, x);
  if (__real__ gc != 3.0 || __imag__ gc != 6.0)
    abort ();
  return 0;
}
