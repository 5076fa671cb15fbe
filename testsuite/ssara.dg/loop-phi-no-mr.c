/* The loop-header phi of H and its back-edge argument share a register
   (issue 15, preference-guided assignment): the header's phi was
   coloured first, in dominator order, before the join of the two arms
   that defines its back-edge argument existed, so the two got different
   registers and an `mr' ran on every iteration (in both arms).  The
   scan looks at the loop body: the lines from the load at its top to
   the bdnz that closes it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

unsigned
hash (unsigned h, const unsigned char *p, const unsigned char *e)
{
  while (p < e)
    {
      unsigned c = *p++;
      if (c & 1)
        h = (h << 5) ^ c;
      else
        h = h * 33 + c;
    }
  return h;
}

/* { dg-final { scan-assembler-not {\tlbzu (?:(?!\tbdnz)[^\n]*\n)*\tmr } } } */
