/* The first scheduling pass hoists the loads of BLAKE2-style mixing far
   above their readers, and the results wait in registers for stores at
   the end of the round; with all of them live at once, values were
   stored to the stack right after being loaded, and reloaded just to be
   stored.  ssara sinks a load whose value lives in its block down to its
   first reader, and hoists a store of such a value up to its def, when
   nothing in between may touch the memory (rtl-prepare.cc,
   move_block_local_accesses).  The run checks the result against the
   hash computed with stock GCC.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void abort (void);

typedef unsigned long long u64;
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define F(x, y) ((x) + (y) + 2 * (u64) (unsigned) (x) * (unsigned) (y))
#define G(a, b, c, d)                                                     \
  do { a = F (a, b); d = ROTR (d ^ a, 32); c = F (c, d); b = ROTR (b ^ c, 24); \
       a = F (a, b); d = ROTR (d ^ a, 16); c = F (c, d); b = ROTR (b ^ c, 63); } while (0)

__attribute__ ((noipa)) void
mix (u64 *v)
{
  for (int i = 0; i < 4; i++, v += 16)
    {
      G (v[0], v[4], v[8], v[12]);
      G (v[1], v[5], v[9], v[13]);
      G (v[2], v[6], v[10], v[14]);
      G (v[3], v[7], v[11], v[15]);
      G (v[0], v[5], v[10], v[15]);
      G (v[1], v[6], v[11], v[12]);
      G (v[2], v[7], v[8], v[13]);
      G (v[3], v[4], v[9], v[14]);
    }
}

int
main (void)
{
  u64 v[64];
  for (int i = 0; i < 64; i++)
    v[i] = 0x0123456789abcdefULL * (i + 1);
  mix (v);
  u64 h = 0;
  for (int i = 0; i < 64; i++)
    h = h * 31 + v[i];
  if (h != 0x945e87f56cedd9d1ULL)
    abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: mix: \[1-9\]\[0-9\]* loads sunk to their readers, \[1-9\]\[0-9\]* stores hoisted to their defs" "ssara" } } */
