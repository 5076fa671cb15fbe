/* return-setup-sink.c's function, run.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

#include "return-setup-sink.h"

extern void abort (void);

int
main (void)
{
  int t = 7, s0 = 2, s1 = 3;
  struct entry e[2] = { { &s0, 1, 2, 3, 4 }, { &s1, 5, 6, 7, 8 } };
  struct cursor c = { &t, e, 2 };
  struct node n = current (&c);
  if (n.context[0] != 5 || n.context[1] != 6 || n.context[2] != 7
      || n.context[3] != 0 || n.id != &s1 || n.tree != &t)
    abort ();
  c.size = 1;
  n = current (&c);
  if (n.context[0] != 1 || n.context[1] != 2 || n.context[2] != 3
      || n.context[3] != 4 || n.id != &s0 || n.tree != &t)
    abort ();
  return 0;
}
