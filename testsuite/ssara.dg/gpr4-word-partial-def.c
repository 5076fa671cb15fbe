/* With four GPRs, insns that read a word of a long long read a copy of
   it (split_wide_word_uses), except where the insn also writes a word of
   the same value: the core ties that partial def to the whole value, so
   the pair is in registers anyway and a copy of the word read only adds
   a register.  Here the 64-bit multiply's `(set (subreg:SI (reg:DI)) 4)
   (mult:SI (reg:SI) (subreg:SI (reg:DI) 4)))` had no register left for
   the copy ("no register for r164.c.r").  From pr90275-2.c of the
   compile torture suite.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

void
a ()
{
  short *b;
  short c;
  long long *d = (long long *) a;
  for (;;)
    {
      long long *e = (long long *) a;
      (*d *= *e - c) / *b ?: (*b = 0);
    }
}

/* { dg-final { scan-rtl-dump "ssara: a by=ssara" "ssara" } } */
