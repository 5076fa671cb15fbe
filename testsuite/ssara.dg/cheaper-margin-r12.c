/* spill=cheaper keeps the paper's whole-value spilling only where its
   estimated cost is lower than the splitting spiller's by more than
   pereira_margin (allocate.cc): the estimate undercounts the paper's
   reloads.  Here, with 12 GPRs (r31 the only call-saved one), self and
   lookahead both keep their registers across calls; the splitting
   spiller counts both against r31 and stores both at the entry
   (estimate 5.33), the paper's spills lookahead whole (3.41): beyond
   the margin, so the paper's result is taken.  (Before the splitting
   spiller counted values across calls, its result cost 3.88, within the
   margin, and was kept.)  Like tree-sitter's
   ts_parser__check_progress.  spill=cheaper is asked for: by default
   (spill=auto) a function optimized for speed gets the splitting
   spiller alone (spill-auto-O2.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-pie -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -fplugin-arg-ssara-spill=cheaper -fplugin-arg-ssara-dump" } */

#include "check-progress.h"

/* { dg-final { scan-rtl-dump "ssara: check_progress by=ssara " "ssara" } } */
/* { dg-final { scan-rtl-dump-not "ssara: check_progress by=ssara \[^\n\]* spill=split" "ssara" } } */
