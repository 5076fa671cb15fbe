/* spill=cheaper keeps the paper's whole-value spilling only where its
   estimated cost is lower than the splitting spiller's by more than
   pereira_margin (allocate.cc).  Here, with 12 GPRs (r31 the only
   call-saved one), self and lookahead both live across calls.  Since
   the paper's choice is made in the spilling phase (2026-12-01), its
   weights spill lookahead whole, reloaded at each read (6 loads, 2
   stores), where the splitting spiller stores and reloads them around
   the calls, which run only when operation_count wraps (7 loads and 4
   stores there; before 2026-12-02, when those calls were not cold, it
   stored both at the entry: one load and one store after reload
   elision, and r31 saved on every call): the splitting spiller's
   estimate is the lower, and its result is kept.  (Before,
   colour assignment's own spilling made the paper's result, estimated
   at 3.41 against 5.33: beyond the margin, and taken; the core's
   Allocate.CheaperKeepsThePapersBeyondTheMargin tests that side now.)
   Like tree-sitter's ts_parser__check_progress.  spill=cheaper is asked
   for: by default (spill=auto) a function optimized for speed gets the
   splitting spiller alone (spill-auto-O2.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-pie -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -fplugin-arg-ssara-spill=cheaper -fplugin-arg-ssara-dump" } */

#include "check-progress.h"

/* { dg-final { scan-rtl-dump "ssara: check_progress by=ssara " "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: check_progress by=ssara \[^\n\]* loads=7 stores=4 \[^\n\]* spill=split" "ssara" } } */
