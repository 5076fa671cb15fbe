/* spill=cheaper's pereira_margin corrects GCC's guessed block
   frequencies; at -O0 there are none (every block counts alike) and the
   estimates compare as they are, the paper's spilling kept on a tie or
   when cheaper.  With the margin at -O0 the splitting spiller's result
   was kept here, and SQLite -O0 ran 1.241x of stock's instructions
   instead of 1.115x.  SQLite's sqlite3Multiply128.
   Since 2026-11-27 the splitting spiller's allocation of this function
   is cheaper outright (10 loads and 10 stores against 20 and 20): at
   -O0 the entry block defines the undefined halves of 9 DImode values
   for phis of the next block, 45 registers' worth at the block's end,
   and the reloads for them there are moves of the edge now
   (spilling.cc, decide_edge_moves) instead of loads colour
   assignment had to spill again.  So split's is kept, with or without
   the margin: this no longer tests the margin, only that the cheaper
   allocation wins and runs.  spill=cheaper is asked for: by default
   (spill=auto) -O0 gets the splitting spiller alone.
   Since 2026-11-29 the DImode values' first word-wise writes no longer
   read their undefined previous values (rtl-import.cc,
   old_value_overwritten; o0-word-writes.c): no value lives across the
   block border, and neither spiller spills anything.  */
/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-spill=cheaper -fplugin-arg-ssara-dump" } */

extern void abort (void);
typedef unsigned long long u64;
typedef unsigned int u32;

static u64
mul128 (u64 a, u64 b, u64 *pLo)
{
  u64 a0 = (u32) a;
  u64 a1 = a >> 32;
  u64 b0 = (u32) b;
  u64 b1 = b >> 32;
  u64 a0b0 = a0 * b0;
  u64 a1b1 = a1 * b1;
  u64 a0b1 = a0 * b1;
  u64 a1b0 = a1 * b0;
  u64 t = (a0b0 >> 32) + (u32) a0b1 + (u32) a1b0;
  *pLo = (a0b0 & 0xffffffffULL) | (t << 32);
  return a1b1 + (a0b1 >> 32) + (a1b0 >> 32) + (t >> 32);
}

int
main (void)
{
  u64 lo;
  u64 hi = mul128 (0x0123456789abcdefULL, 0xfedcba9876543210ULL, &lo);
  if (hi != 0x0121fa00ad77d742ULL || lo != 0x2236d88fe5618cf0ULL)
    abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: mul128 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: mul128 by=ssara \[^\n\]* loads=0 stores=0 " "ssara" } } */
