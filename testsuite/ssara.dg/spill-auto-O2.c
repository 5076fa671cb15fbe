/* spill=auto (the default): a function GCC optimizes for speed gets the
   splitting spiller alone, without spill=cheaper's second allocation
   with the paper's spilling (a third of the core's time for 0.1% of
   instructions with all registers: docs/core.md, phase 5c).  The
   function of cheaper-margin-r12.c, where spill=cheaper took the
   paper's result until 2026-12-01 (lookahead spilled whole by colour
   assignment: spilled=1, two colouring rounds); here the splitting
   spiller's (nothing spilled whole, no last resort, three loads and two stores, of which reload elision serves two
   loads by copies from registers that hold their slot and drops the
   store nothing reads then: one load and one store left).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-pie -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -fplugin-arg-ssara-dump" } */

#include "check-progress.h"

/* { dg-final { scan-rtl-dump "ssara: check_progress by=ssara \[^\n\]* spilled=0 \[^\n\]* loads=1 stores=1 " "ssara" } } */
/* { dg-final { scan-rtl-dump-not "ssara: check_progress by=ssara \[^\n\]* spill=everything" "ssara" } } */
