/* differ.c -- built twice by ssara-compare through fake-cc.sh; with
   SSARA_SIDE defined (the "plugin" build) it behaves differently in the
   way MODE selects: 0 not at all, 1 other output, 2 other exit status,
   3 never ends, 4 does not compile.  */
#include <stdio.h>

#ifndef MODE
#define MODE 0
#endif

volatile int forever = 1;

int
main (void)
{
#if defined SSARA_SIDE && MODE == 1
  puts ("plugin side");
#else
  puts ("same output");
#endif
#if defined SSARA_SIDE && MODE == 2
  return 3;
#endif
#if defined SSARA_SIDE && MODE == 3
  while (forever)
    ;
#endif
#if defined SSARA_SIDE && MODE == 4
  syntax error here
#endif
  return 0;
}
