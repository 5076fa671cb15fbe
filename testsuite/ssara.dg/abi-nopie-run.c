/* Absolute code (-fno-pie): r30 is an ordinary callee-saved register.
   CTR carries the jump table's target (mtctr, bctr), the indirect call
   and the counted loops (bdnz).
   Every function must be allocated by ssara (fallback=none), and the
   program must print what the stock build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -fno-pie -no-pie -save-temps -fplugin-arg-ssara-fallback=none" } */

#include "abi-body.h"

/* { dg-output "abi 15083925147064 255.000 2496 214 193470918" } */
/* { dg-final { scan-assembler "bdnz" } } */
/* { dg-final { scan-assembler "bctr" } } */
/* { dg-final { scan-assembler "mtctr" } } */
