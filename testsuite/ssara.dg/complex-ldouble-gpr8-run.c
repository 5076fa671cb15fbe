/* Incoming arguments that fill every allocatable GPR: with r3-r10 the
   only GPRs, a complex long double arrives in r3-r10 (two IBM long
   doubles, four GPRs each), and the first scheduling pass hoists the
   load of a constant's address above the copies of the argument out of
   them, where no GPR is free.  Hard-range splitting copies each
   multi-register argument out of its registers at the entry, so it can
   be spilled or moved to FPRs.  Like 20010605-2.c with that register
   set.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);

__attribute__((noipa)) void
baz (_Complex long double x)
{
  if (__real__ x != 5.0L || __imag__ x != 6.0L)
    abort ();
}

__attribute__((noipa)) long double
weigh (_Complex long double x)
{
  return __real__ x * 3.0L + __imag__ x * 0.5L;
}

__attribute__((noipa)) double
both (_Complex double a, _Complex double b)
{
  return __real__ a * 2.0 + __imag__ a - __real__ b * 4.0 + __imag__ b;
}

int
main (void)
{
  _Complex long double z;
  __real__ z = 5.0L;
  __imag__ z = 6.0L;
  baz (z);
  if (weigh (z) != 18.0L)
    abort ();
  _Complex double a, b;
  __real__ a = 1.0;
  __imag__ a = 2.0;
  __real__ b = 3.0;
  __imag__ b = 7.0;
  if (both (a, b) != -1.0)
    abort ();
  return 0;
}
