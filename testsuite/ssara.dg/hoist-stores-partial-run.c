/* A TImode value (a vector of two long longs) is set whole to zero and
   then word by word through subregs before the two stores that read it;
   the stores are its last mentions and the zeroing its first.  Hoisting
   them up to the zeroing (move_block_local_accesses, rtl-prepare.cc)
   stored zeros: an insn between the def and the store that sets part of
   the value blocks the move.  Reduced from gcc.dg/torture/vshuf-v2di.c,
   which the wide torture matrix runs.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

typedef unsigned long long V __attribute__ ((vector_size (16)));
V a, b, c, d;

__attribute__ ((noipa)) void
splat (void)
{
  V mask = { 0, 0 };
  int i;
  c = __builtin_shuffle (a, mask);
  d = __builtin_shuffle (a, b, mask);
  __asm ("" : : "r" (&c), "r" (&d) : "memory");
  for (i = 0; i < 2; ++i)
    if (c[i] != a[mask[i] & 1] || d[i] != a[mask[i] & 1])
      __builtin_abort ();
}

int
main (void)
{
  a = (V) { 0x1111222233334444ULL, 0x5555666677778888ULL };
  b = (V) { 0x9999aaaabbbbccccULL, 0xddddeeeeffff0000ULL };
  splat ();
  return 0;
}
