/* A struct returned in memory: the hidden pointer comes in r3 and goes
   back out in r3.  The first scheduling pass hoists the copy of the
   pointer into r3 above the stores through it, which pinned r3 while
   the pointer was still read; the pointer was copied out of r3 at the
   entry and back at the end (tree-sitter's ts_tree_cursor_current_node:
   two moves per call).  sink_argument_setups moves a return value's
   setup down to the use of r3 at the end, as it moves a call's argument
   setups down to the call, and the pointer stays in r3.
   return-setup-sink-run.c runs it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

#include "return-setup-sink.h"

/* { dg-final { scan-assembler-not {\tmr } } } */
