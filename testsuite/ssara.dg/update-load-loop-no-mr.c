/* argon2's xor_block: a loop over 64-bit words whose pointers advance
   with update-form loads (lwzu, whose pointer def is tied to its use).
   Colour assignment counted the pointer defs' preferences against the
   registers of values coloured a few instructions before them; a tied
   def takes its use's register whatever it prefers, and counting it
   gave the header phis registers that cost four moves per iteration
   (argon2 -O2 1.03x -> 1.14x of stock's instructions).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

typedef unsigned long long u64;
typedef struct { u64 v[128]; } block;

void
xor_block (block *dst, const block *src)
{
  for (int i = 0; i < 128; ++i)
    dst->v[i] ^= src->v[i];
}

/* { dg-final { scan-assembler {\tlwzu } } } */
/* { dg-final { scan-assembler-not {\tmr } } } */
