/* Values spilled whole where relief does not help (allocate.cc,
   run_whole; docs/core.md, phase 6): with five GPRs (r0, r3-r6) colour
   assignment finds a value of this function no register after the
   spiller, relief does not converge, and a second pass of runs with
   the lightest occupants spilled whole succeeds (the stats line's
   whole_runs=N, the runs of that pass).  Loops whose counters live in
   globals, one of them 64 bits wide (a register pair), found with
   csmith and reduced by cvise, then written out by hand; until
   2026-12-04 SQLite's jsonBlobChangePayloadSize served, until a phi
   argument's next use became its phi's (spilling.cc, phi_arg_next)
   and relief sufficed there.  The program's output is stock GCC's.
   If the spiller comes to leave colour assignment enough registers
   here, whole_runs= goes from the line: find another such function in
   a 5-GPR compile's stats (fallback=none) rather than drop the test.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */
extern int printf (const char *, ...);
typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long s64;

struct limit
{
  u32 f0;
};
struct pair
{
  u32 f0;
  int f1;
};

struct pair g_acc = { 0xffffffffu, 1 };
struct pair g_tail = { 0, -2 };
struct pair g_outer = { 0xfffffffeu, 0 };
u64 g_table[3][7][1];
s64 g_mid;
int g_base = 9;
int g_row = 4;
signed char g_col = 2;

/* Loops whose counters live in globals, one of them 64 bits wide; the
   innermost clears a table entry and masks an accumulator through a
   pointer.  */
__attribute__((noinline)) void
sweep (short p, s64 unused)
{
  u32 *acc = &g_acc.f0;
  for (; g_outer.f0; g_outer.f0 += 1)
    {
      for (; g_mid <= 2; g_mid += 1)
        for (; g_col >= 0; g_col -= 1)
          {
            struct limit l = { 0x5F8D2772u };
            if ((u32) ((g_table[g_col][g_row][0] = 0), g_base) - (u32) p
                <= l.f0)
              *acc &= (u32) (signed char) p;
          }
      for (; g_tail.f1; g_tail.f1 += 1)
        ;
    }
  (void) unused;
}

int
main (void)
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 7; j++)
      g_table[i][j][0] = i * 7 + j + 1;
  sweep (6, 0);
  u64 sum = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 7; j++)
      sum = sum * 3 + g_table[i][j][0];
  printf ("%u %d %u %lld %d %llu\n", g_acc.f0, g_tail.f1, g_outer.f0,
          g_mid, g_col, sum);
  return 0;
}

/* { dg-output "6 0 0 3 -1 7629794919" } */
/* { dg-final { scan-rtl-dump "ssara: sweep by=ssara \[^\n\]* whole_runs=\[1-9\]" "ssara" } } */
/* { dg-final { scan-rtl-dump-not "ssara: sweep by=ssara \[^\n\]* spill=everything" "ssara" } } */
