/* A value carried around a loop through a join (BEST), live across a
   call on a path that almost never runs: it needs a call-saved register
   there, and the loop-header phi, coloured first, must take one too, or
   the back edge and the join carry copies on every iteration (LZ4HC's
   chain loop: 57 M of its extra instructions; issue 15).  The loop body
   runs from the load at its top to the counter's decrement and holds
   one copy, BEST = C, as stock GCC's does.  (The path after the call
   rejoins it through a copy of the loop's test that bb-reorder makes,
   with its own copy: the pattern stops at an unconditional branch.)  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void note (unsigned);

unsigned
chain (const unsigned *p, int n)
{
  unsigned best = 0;
  for (int i = 0; i < n; i++)
    {
      unsigned c = p[i];
      if (c > best)
        best = c;
      if (__builtin_expect (c == 12345, 0))
        note (best);
    }
  return best;
}

/* { dg-final { scan-assembler {\tlwzu } } } */
/* { dg-final { scan-assembler-not {\tlwzu (?:(?!\taddic\.|\tb )[^\n]*\n)*\tmr [^\n]*\n(?:(?!\taddic\.|\tb )[^\n]*\n)*\tmr } } } */
