/* The call's first argument is loaded straight into r3, a setup that
   cannot move, and the first scheduling pass put the setup of r7 from
   SELF, which arrived in r3, above that load.  sink_argument_setups
   moved the setup of r7 down past the load, so SELF was still read
   after r3 was set, and was copied out of r3 at the entry (tree-sitter's
   ts_stack_push: one move per call).  A setup no longer sinks past an
   insn that sets the register a pseudo it reads arrived in, and SELF
   stays in r3.  arg-setup-arrival-run.c runs it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

#include "arg-setup-arrival.h"

/* { dg-final { scan-assembler {\taddi 7,3,8\n} } } */
/* { dg-final { scan-assembler-not {\tmr [0-9]+,3\n} } } */
