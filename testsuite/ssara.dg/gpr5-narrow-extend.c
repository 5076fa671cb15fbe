/* With five GPRs (r0, r3-r6) END1 leaves its register in the match
   loop, and its extension where it is compared becomes its reload: one
   lbz from its stack slot, the extension gone (insn::extends_narrow,
   edit::extends), as LRA's zero_extendqisi2 from memory does.  Before,
   a word reload and an rlwinm.  gpr5-narrow-extend-run.c runs it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

#include "gpr5-narrow-extend.h"

/* { dg-final { scan-assembler {\tlbz [0-9]+,[0-9]+\(1\)\n} } } */
/* { dg-final { scan-assembler-times {,0xff\n} 1 } } */
