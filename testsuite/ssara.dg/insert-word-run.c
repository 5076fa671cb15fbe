/* rlwimi inserts (*rotlsi3_insert, *rotlsi3_insert_2, rotlsi3_insert_3)
   whose "0"-tied input is a word of a long long: the volatile load keeps
   the long long whole, and the import ties only values of one width.
   csmith seeds 10795 (-O3) and 11322 (-O2).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

typedef unsigned long long u64;
volatile u64 vg = 0x123456789abcdef5ULL;
unsigned out;

#define ROT(y) (((y) << 3) | ((y) >> 29))

/* *rotlsi3_insert_2: the low word's bit 2 into a rotated value.  */
__attribute__((noinline)) void
insert_2 (unsigned y)
{
  u64 x = vg;
  out = (ROT (y) & ~4u) | ((unsigned) x & 4);
}

/* *rotlsi3_insert: the high word's second byte into a rotated value.  */
__attribute__((noinline)) void
insert_rot (unsigned y)
{
  u64 x = vg;
  out = ((unsigned) (x >> 32) & 0xff00) | (ROT (y) & 0xffff00ff);
}

/* rotlsi3_insert_3: a shifted value into the low word's low bits.  */
__attribute__((noinline)) void
insert_3 (unsigned y)
{
  u64 x = vg;
  out = ((unsigned) x & 7) | (y << 3);
}

/* The same into the high word.  */
__attribute__((noinline)) void
insert_3_high (unsigned y)
{
  u64 x = vg;
  out = (y << 3) | ((unsigned) (x >> 32) & 7);
}

/* The insert's result goes back into the word it reads.  */
__attribute__((noinline)) void
insert_in_place (unsigned y)
{
  u64 x = vg;
  unsigned lo = ((unsigned) x & 7) | (y << 3);
  vg = (x & 0xffffffff00000000ULL) | lo;
}

int
main (void)
{
  insert_2 (0x80000011);
  if (out != 0x8c)
    __builtin_abort ();
  insert_rot (0x80000011);
  if (out != 0x568c)
    __builtin_abort ();
  insert_3 (0x11);
  if (out != 0x8d)
    __builtin_abort ();
  insert_3_high (0x11);
  if (out != 0x88)
    __builtin_abort ();
  insert_in_place (0x11);
  if (vg != 0x123456780000008dULL)
    __builtin_abort ();
  return 0;
}
