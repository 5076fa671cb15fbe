/* -fstack-protector-all: every function loads the canary, keeps it in
   its frame and compares it before returning; the compare's values are
   allocated with everything else.
   Every function must be allocated by ssara (fallback=none), and the
   program must print what the stock build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -fstack-protector-all -save-temps -fplugin-arg-ssara-fallback=none" } */

#include "abi-body.h"

/* { dg-output "abi 15083925147064 255.000 2496 214 193470918" } */
/* { dg-final { scan-assembler "__stack_chk_fail" } } */
