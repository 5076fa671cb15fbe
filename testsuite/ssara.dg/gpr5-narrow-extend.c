/* With five GPRs (r0, r3-r6) END and END1, read only by extensions
   (and their phis), stay in memory in the match loop (the splitting
   spiller's only_extended_), and each extension where they are compared
   is their reload: one lbz from the stack slot, the extension gone
   (insn::extends_narrow, edit::extends), as LRA's zero_extendqisi2 from
   memory does.  Before, both sat in registers and were extended on
   every iteration, or were reloaded whole and extended.
   gpr5-narrow-extend-run.c runs it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

#include "gpr5-narrow-extend.h"

/* { dg-final { scan-assembler-times {\tlbz [0-9]+,[0-9]+\(1\)\n} 2 } } */
/* { dg-final { scan-assembler-not {,0xff\n} } } */
