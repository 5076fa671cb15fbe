/* spill=auto (the default): a function GCC optimizes for speed gets the
   splitting spiller alone, without spill=cheaper's second allocation
   with the paper's spilling (a third of the core's time for 0.1% of
   instructions with all registers: docs/core.md, phase 5c).  The
   function of cheaper-margin-r12.c, where spill=cheaper took the
   paper's result until 2026-12-01 (lookahead spilled whole by colour
   assignment: spilled=1, two colouring rounds); here the splitting
   spiller's (nothing spilled whole, no last resort).  Since 2026-12-02
   every call is cold where GCC optimizes for speed (spilling.cc,
   cold_call_share): self and lookahead leave their registers at the
   calls, which run only when operation_count wraps, instead of holding
   r31 from the entry: seven loads and four stores, all on that path,
   and the common path runs without a frame (before: one load and one
   store, and r31 saved and restored on every call).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-pie -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -fplugin-arg-ssara-dump" } */

#include "check-progress.h"

/* { dg-final { scan-rtl-dump "ssara: check_progress by=ssara \[^\n\]* spilled=0 \[^\n\]* loads=7 stores=4 " "ssara" } } */
/* { dg-final { scan-rtl-dump-not "ssara: check_progress by=ssara \[^\n\]* spill=everything" "ssara" } } */
/* The common path, up to its return, touches no stack.  */
/* { dg-final { scan-assembler {check_progress:\n(?:(?!\tbl |[^\n]*\(1\))[^\n]*\n)*\tli 3,1\n\tblr} } } */
