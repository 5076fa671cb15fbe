/* -fno-omit-frame-pointer: r31 is the frame pointer in every function
   (not only in with_alloca, which needs one for alloca and its VLA), so
   it is never allocated.
   Every function must be allocated by ssara (fallback=none), and the
   program must print what the stock build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -fno-omit-frame-pointer -save-temps -fplugin-arg-ssara-fallback=none" } */

#include "abi-body.h"

/* { dg-output "abi 15083925147064 255.000 2496 214 193470918" } */
/* { dg-final { scan-assembler "mr 31,1" } } */
