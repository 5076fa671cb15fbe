/* arg-setup-arrival.c's function, run.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

#include "arg-setup-arrival.h"

extern void abort (void);
static int cell;

int *
node_new (int *prev, pair *sub, int pending, int state, int *pool)
{
  if (*prev != 11 || sub->x != 3 || sub->y != 4 || pending != 5
      || state != 6 || pool[0] != 9)
    abort ();
  return &cell;
}

int
main (void)
{
  int first = 11;
  struct head h[2] = { { 0, 0, 0 }, { &first, 0, 0 } };
  struct stack s = { h, 2, { 9 } };
  pair p = { 3, 4 };
  push (&s, 1, p, 5, 6);
  if (h[1].node != &cell)
    abort ();
  return 0;
}
