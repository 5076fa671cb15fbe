/* With four GPRs a copy whose source and destination got one register
   is deleted by the rewrite, and spill code placed next to it must go
   next to the insns around it (an ICE in add_insn_before_nobb;
   gcc.c-torture 961122-1).  The int functions return nothing, as
   there: the undefined return value is what leaves the no-op copy.  */
/* { dg-do run } */
/* { dg-options "-O2 -w -save-temps -fplugin-arg-ssara-dump -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29" } */

extern void abort (void);
long long acc;
int addhi (short a)
{
  acc += (long long) a << 32;
}
int subhi (short a)
{
  acc -= (long long) a << 32;
}
int main (void)
{
  acc = 0xffff00000000LL;
  addhi (1);
  if (acc != 0x1000000000000LL)
    abort ();
  subhi (1);
  if (acc != 0xffff00000000LL)
    abort ();
  return 0;
}
/* { dg-final { scan-rtl-dump "ssara: addhi by=ssara" "ssara" } } */
