/* -g with -fcompare-debug: the compiler runs twice, with and without
   debug info, and fails if the final insns differ, so debug insns must
   not change what ssara allocates.  Debug binds are rewritten to the
   value's location or reset.
   Every function must be allocated by ssara (fallback=none), and the
   program must print what the stock build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -g -fcompare-debug -fplugin-arg-ssara-fallback=none" } */

#include "abi-body.h"

/* { dg-output "abi 15083925147064 255.000 2496 214 193470918" } */

