/* With four GPRs (three, r30 the PIC register), an insn that writes a
   word of a long long or of a double's GPR pair ((set (subreg:SI
   (reg:DI)) (ior:SI ...))) writes a fresh SImode pseudo, copied into the
   word just after it (split_wide_word_uses): the core ties a partial def
   to the whole value, and the ior's two inputs beside the pair needed
   four GPRs ("no register for r134.c.r").  From cbrt.c of the execute
   torture suite, where stock GCC allocates cbrtl.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none" } */

union u { double t; unsigned pt[2]; };

__attribute__ ((noinline)) double
f (double x, unsigned sign, double y)
{
  union u ut;
  ut.t = x * y + y;
  ut.pt[0] |= sign;
  return ut.t - x;
}

int
main (void)
{
  if (f (2.0, 0x80000000u, 3.0) != -11.0)
    __builtin_abort ();
  return 0;
}
