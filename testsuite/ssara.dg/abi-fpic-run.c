/* Position-independent code (-fpic): r30 holds the GOT pointer and is
   not allocatable; globals are reached through the GOT and calls go
   through the PLT.
   Every function must be allocated by ssara (fallback=none), and the
   program must print what the stock build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -fpic -save-temps -fplugin-arg-ssara-fallback=none" } */

#include "abi-body.h"

/* { dg-output "abi 15083925147064 255.000 2496 214 193470918" } */
/* { dg-final { scan-assembler "@plt" } } */
