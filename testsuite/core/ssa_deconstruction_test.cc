// ssa_deconstruction_test.cc -- parallel copies to sequential edits
// (seed 001, section 4.5): the safe-operation table, Figure 7's
// permutation resolved with swaps, and random parallel copies checked by
// simulating the edits.

#include "ra-test-util.h"

#include <map>
#include <random>

using namespace ssara;
using namespace ssara::test;

namespace {

location
reg (hreg h)
{
  return location::in_reg (h);
}

location
mem (slot_id s)
{
  return location::in_slot (s);
}

ra::transfer
mv (location dst, location src, file_id f = gpr_file, uint8_t w = 1)
{
  ra::transfer t;
  t.dst = dst;
  t.src = src;
  t.file = f;
  t.width = w;
  return t;
}

// A simulated machine: what each register and slot holds (a token), or 0
// for garbage.
struct machine
{
  std::map<hreg, int> r;
  std::map<slot_id, int> s;

  int get (const location &l, unsigned k) const
  {
    if (l.is_reg ())
      {
        auto it = r.find (hreg (l.reg + k));
        return it == r.end () ? 0 : it->second;
      }
    auto it = s.find (l.slot * 16 + k);
    return it == s.end () ? 0 : it->second;
  }
  void set (const location &l, unsigned k, int v)
  {
    if (l.is_reg ())
      r[hreg (l.reg + k)] = v;
    else
      s[l.slot * 16 + k] = v;
  }

  // Apply E; fail the test if it uses an odd shape.
  void apply (const edit &e)
  {
    for (unsigned k = 0; k < e.width; ++k)
      switch (e.k)
        {
        case edit::kind::copy:
          set (reg (e.dst_reg), k, get (reg (e.src_reg), k));
          break;
        case edit::kind::load:
          set (reg (e.dst_reg), k, get (mem (e.slot), k));
          break;
        case edit::kind::store:
          set (mem (e.slot), k, get (reg (e.src_reg), k));
          break;
        case edit::kind::swap:
          {
            int a = get (reg (e.dst_reg), k), b = get (reg (e.src_reg), k);
            set (reg (e.dst_reg), k, b);
            set (reg (e.src_reg), k, a);
            if (e.temp != no_hreg)
              set (reg (e.temp), k, 0);
            if (e.slot != no_slot)
              set (mem (e.slot), k, 0);
            break;
          }
        case edit::kind::remat:
          ADD_FAILURE () << "SSA deconstruction recomputes nothing";
          break;
        }
  }
};

// Run MOVES through sequentialize () with FREE temps (NEEDS_SAVE among
// them call-saved and written nowhere else) and check by simulation that
// every destination ends up with its source's contents and that nothing
// else outside FREE and the scratch slot changed.
vec<edit>
check_moves (const target &t, const vec<ra::transfer> &moves,
             const hreg_set &free, slot_id scratch = 99,
             const hreg_set &needs_save = hreg_set ())
{
  vec<edit> out;
  std::string e = ra::sequentialize (t, moves, free, needs_save, scratch,
                                     program_point (), out);
  EXPECT_EQ (e, "");
  machine m;
  int token = 1;
  std::map<std::pair<int, int>, int> before;
  for (const ra::transfer &x : moves)
    for (unsigned k = 0; k < x.width; ++k)
      {
        if (m.get (x.src, k) == 0)
          m.set (x.src, k, token++);
      }
  // Every other register holds something too, so that a stray write
  // shows.
  for (hreg h = 0; h < max_hard_regs; ++h)
    if (m.r.find (h) == m.r.end ())
      m.r[h] = token++;
  machine start = m;
  for (const edit &x : out)
    m.apply (x);
  for (const ra::transfer &x : moves)
    for (unsigned k = 0; k < x.width; ++k)
      EXPECT_EQ (m.get (x.dst, k), start.get (x.src, k))
        << "destination " << print_location (x.dst) << " word " << k;
  // Every register that is neither a destination nor free keeps its
  // contents, unless it belongs to a source a destination overlaps: that
  // value dies in the copy (a value that lives on across the edge keeps
  // its registers, so no destination has one of them).
  hreg_set dying;
  for (const ra::transfer &x : moves)
    if (x.src.is_reg ())
      {
        hreg_set s;
        for (unsigned k = 0; k < x.width; ++k)
          s.set (x.src.reg + k);
        for (const ra::transfer &y : moves)
          for (unsigned k = 0; y.dst.is_reg () && k < y.width; ++k)
            if (s.test (y.dst.reg + k))
              dying |= s;
      }
  for (auto [r, v] : start.r)
    {
      bool dst = free.test (r) || dying.test (r);
      for (const ra::transfer &x : moves)
        if (x.dst.is_reg () && r >= x.dst.reg && r < x.dst.reg + x.width)
          dst = true;
      if (!dst)
        {
          EXPECT_EQ (m.r[r], v) << "register " << reg_name (r) << " changed";
        }
    }
  return out;
}

size_t
count (const vec<edit> &es, edit::kind k)
{
  size_t n = 0;
  for (const edit &e : es)
    n += e.k == k;
  return n;
}

} // namespace

// The safe-operation table: each row alone.
TEST (SsaDeconstruction, SafeOperations)
{
  target t = make_test_target (8, 4, 4);
  // dst memory, src register: store.
  auto e1 = check_moves (t, { mv (mem (0), reg (gpr (3))) }, {});
  EXPECT_EQ (count (e1, edit::kind::store), 1u);
  // dst register, src memory: load.
  auto e2 = check_moves (t, { mv (reg (gpr (3)), mem (0)) }, {});
  EXPECT_EQ (count (e2, edit::kind::load), 1u);
  // Equal registers, same slot: nothing.
  auto e3 = check_moves (t, { mv (reg (gpr (3)), reg (gpr (3))),
                              mv (mem (1), mem (1)) }, {});
  EXPECT_TRUE (e3.empty ());
  // Register to register whose destination nobody reads: one copy.
  auto e4 = check_moves (t, { mv (reg (gpr (4)), reg (gpr (3))) }, {});
  EXPECT_EQ (count (e4, edit::kind::copy), 1u);
  // A chain r5 <- r4 <- r3 needs copies in the right order, no swap.
  auto e5 = check_moves (t, { mv (reg (gpr (4)), reg (gpr (3))),
                              mv (reg (gpr (5)), reg (gpr (4))) }, {});
  EXPECT_EQ (count (e5, edit::kind::copy), 2u);
  EXPECT_EQ (count (e5, edit::kind::swap), 0u);
}

// Figure 7: five phis; the column from block X permutes R2, R3, R4 (and
// keeps R1, spills one), so it needs two swaps; the column from block Y
// is resolved with safe operations alone.
TEST (SsaDeconstruction, Figure7)
{
  target t = make_test_target (8, 4, 4);
  hreg r1 = gpr (3), r2 = gpr (4), r3 = gpr (5), r4 = gpr (6), r5 = gpr (7);
  // Definitions: a1..a5 in R1, R2, R3, R4 and memory m.
  std::vector<location> defs = { reg (r1), reg (r2), reg (r3), reg (r4),
                                 mem (0) };
  std::vector<location> from_x = { reg (r1), reg (r3), reg (r4), reg (r2),
                                   reg (r5) };
  std::vector<location> from_y = { reg (r5), mem (1), reg (r1), reg (r4),
                                   mem (0) };
  vec<ra::transfer> x, y;
  for (size_t i = 0; i < defs.size (); ++i)
    {
      x.push_back (mv (defs[i], from_x[i]));
      y.push_back (mv (defs[i], from_y[i]));
    }
  auto ex = check_moves (t, x, {});
  EXPECT_EQ (count (ex, edit::kind::swap), 2u);
  EXPECT_EQ (count (ex, edit::kind::store), 1u);
  EXPECT_EQ (count (ex, edit::kind::copy), 0u);
  for (const edit &e : ex)
    {
      // GPRs swap with three xors.
      if (e.k == edit::kind::swap)
        {
          EXPECT_EQ (e.temp, no_hreg);
        }
    }
  auto ey = check_moves (t, y, {});
  EXPECT_EQ (count (ey, edit::kind::swap), 0u);
  EXPECT_EQ (count (ey, edit::kind::load), 1u);
  EXPECT_EQ (count (ey, edit::kind::copy), 2u);
}

// FPR cycles break through a free FPR (three fmrs, as a swap through it
// would take), or swap through the scratch slot when none is free; CR
// cycles swap through a free GPR.
TEST (SsaDeconstruction, SwapTemporaries)
{
  target t = make_test_target (8, 4, 4);
  vec<ra::transfer> f = { mv (reg (fpr (1)), reg (fpr (2)), fpr_file),
                                  mv (reg (fpr (2)), reg (fpr (1)), fpr_file) };
  hreg_set free_f;
  free_f.set (fpr (30));
  auto e1 = check_moves (t, f, free_f);
  EXPECT_EQ (count (e1, edit::kind::swap), 0u);
  ASSERT_EQ (count (e1, edit::kind::copy), 3u);
  EXPECT_EQ (e1[0].dst_reg, fpr (30));
  auto e2 = check_moves (t, f, {}, 7);
  ASSERT_EQ (count (e2, edit::kind::swap), 1u);
  EXPECT_EQ (e2[0].temp, no_hreg);
  EXPECT_EQ (e2[0].slot, 7u);
  vec<ra::transfer> c = { mv (reg (cr (0)), reg (cr (1)), cr_file),
                                  mv (reg (cr (1)), reg (cr (0)), cr_file) };
  hreg_set free_g;
  free_g.set (gpr (28));
  auto e3 = check_moves (t, c, free_g);
  ASSERT_EQ (count (e3, edit::kind::swap), 1u);
  EXPECT_EQ (e3[0].temp, gpr (28));
}

// A cycle of GPRs with a free GPR breaks through it: a cycle of n moves
// takes n + 1 copies and no xor.  Without one it takes n - 1 swaps.
TEST (SsaDeconstruction, CycleBreaksThroughFreeRegister)
{
  target t = make_test_target (16, 8, 4);
  // r3 <- r4 <- r5 <- r3.
  vec<ra::transfer> c3 = { mv (reg (gpr (3)), reg (gpr (4))),
                                   mv (reg (gpr (4)), reg (gpr (5))),
                                   mv (reg (gpr (5)), reg (gpr (3))) };
  hreg_set free;
  free.set (gpr (9));
  auto e1 = check_moves (t, c3, free);
  EXPECT_EQ (count (e1, edit::kind::swap), 0u);
  EXPECT_EQ (count (e1, edit::kind::copy), 4u);
  EXPECT_EQ (e1.size (), 4u);
  auto e2 = check_moves (t, c3, {});
  EXPECT_EQ (count (e2, edit::kind::swap), 2u);
  EXPECT_EQ (count (e2, edit::kind::copy), 0u);

  // A 2-cycle: three copies or one swap (three xors); the free register
  // wins the tie.
  vec<ra::transfer> c2 = { mv (reg (gpr (3)), reg (gpr (4))),
                                   mv (reg (gpr (4)), reg (gpr (3))) };
  auto e3 = check_moves (t, c2, free);
  EXPECT_EQ (count (e3, edit::kind::swap), 0u);
  EXPECT_EQ (count (e3, edit::kind::copy), 3u);
  auto e4 = check_moves (t, c2, {});
  EXPECT_EQ (count (e4, edit::kind::swap), 1u);
  EXPECT_EQ (e4.size (), 1u);

  // A free register that is call-saved and written nowhere else would
  // cost the prologue a save: the xors need no register.
  auto e5 = check_moves (t, c3, free, 99, free);
  EXPECT_EQ (count (e5, edit::kind::swap), 2u);
  EXPECT_EQ (count (e5, edit::kind::copy), 0u);

  // One free register breaks two cycles in turn: once the first cycle
  // has unwound, nothing reads it.
  vec<ra::transfer> two = c3;
  two.push_back (mv (reg (gpr (6)), reg (gpr (7))));
  two.push_back (mv (reg (gpr (7)), reg (gpr (8))));
  two.push_back (mv (reg (gpr (8)), reg (gpr (6))));
  auto e6 = check_moves (t, two, free);
  EXPECT_EQ (count (e6, edit::kind::swap), 0u);
  EXPECT_EQ (count (e6, edit::kind::copy), 8u);

  // FPRs too: four fmrs instead of two swaps of three.
  vec<ra::transfer> f3 = {
    mv (reg (fpr (1)), reg (fpr (2)), fpr_file),
    mv (reg (fpr (2)), reg (fpr (3)), fpr_file),
    mv (reg (fpr (3)), reg (fpr (1)), fpr_file) };
  hreg_set free_f;
  free_f.set (fpr (30));
  auto e7 = check_moves (t, f3, free_f);
  EXPECT_EQ (count (e7, edit::kind::swap), 0u);
  EXPECT_EQ (count (e7, edit::kind::copy), 4u);
}

// A cycle of pairs breaks through a free pair (four two-word copies for a
// 3-cycle); a single free register is not enough, and the pairs swap.
TEST (SsaDeconstruction, WideCycleBreak)
{
  target t = make_test_target (16, 8, 4);
  // r3:r4 <- r5:r6 <- r7:r8 <- r3:r4.
  vec<ra::transfer> c = {
    mv (reg (gpr (3)), reg (gpr (5)), gpr_file, 2),
    mv (reg (gpr (5)), reg (gpr (7)), gpr_file, 2),
    mv (reg (gpr (7)), reg (gpr (3)), gpr_file, 2) };
  hreg_set pair;
  pair.set (gpr (9));
  pair.set (gpr (10));
  auto e1 = check_moves (t, c, pair);
  EXPECT_EQ (count (e1, edit::kind::swap), 0u);
  ASSERT_EQ (count (e1, edit::kind::copy), 4u);
  for (const edit &e : e1)
    EXPECT_EQ (e.width, 2u);
  hreg_set one;
  one.set (gpr (9));
  auto e2 = check_moves (t, c, one);
  EXPECT_EQ (count (e2, edit::kind::swap), 2u);
  EXPECT_EQ (count (e2, edit::kind::copy), 0u);
  // A 2-cycle of pairs: three two-word copies instead of six xors.
  auto e3 = check_moves (t, { mv (reg (gpr (3)), reg (gpr (5)), gpr_file, 2),
                              mv (reg (gpr (5)), reg (gpr (3)), gpr_file, 2) },
                         pair);
  EXPECT_EQ (count (e3, edit::kind::swap), 0u);
  EXPECT_EQ (count (e3, edit::kind::copy), 3u);
}

// Random parallel copies of pairs and single registers, pairs overlapping
// pairs, with random free sets, always resolve.
TEST (SsaDeconstruction, RandomWideCycles)
{
  target t = make_test_target (16, 8, 4);
  std::mt19937 rng (7);
  std::vector<hreg> regs = t.files[gpr_file].regs;
  for (int iter = 0; iter < 2000; ++iter)
    {
      // Sources: a random tiling of the first N registers (in file
      // order) by ones and consecutive pairs; destinations: another
      // random tiling of them, shuffled, so that pairs overlap pairs
      // shifted by one.  A source takes the first destination of its
      // width left (none left: no move).
      unsigned n = 4 + rng () % 8;
      auto tiling = [&] () {
        std::vector<std::pair<hreg, uint8_t>> v;
        for (unsigned i = 0; i < n;)
          {
            bool pair = i + 1 < n && regs[i + 1] == regs[i] + 1 && rng () % 2;
            v.emplace_back (regs[i], pair ? 2 : 1);
            i += pair ? 2 : 1;
          }
        return v;
      };
      std::vector<std::pair<hreg, uint8_t>> srcs = tiling (), dsts = tiling ();
      std::shuffle (dsts.begin (), dsts.end (), rng);
      vec<ra::transfer> moves;
      for (const auto &src : srcs)
        for (size_t j = 0; j < dsts.size (); ++j)
          if (dsts[j].second == src.second)
            {
              moves.push_back (mv (reg (dsts[j].first), reg (src.first),
                                   gpr_file, src.second));
              dsts.erase (dsts.begin () + j);
              break;
            }
      // Phi arguments die in the copy (PhiLifting made them fresh): keep
      // only moves whose source a destination overlaps, until stable.
      for (bool changed = true; changed;)
        {
          changed = false;
          for (size_t i = 0; i < moves.size (); ++i)
            {
              bool hit = false;
              for (const ra::transfer &y : moves)
                hit |= y.dst.reg < moves[i].src.reg + moves[i].width
                       && moves[i].src.reg < y.dst.reg + y.width;
              if (!hit)
                {
                  moves.erase (moves.begin () + i);
                  changed = true;
                  break;
                }
            }
        }
      hreg_set free;
      for (unsigned i = n; i < regs.size (); ++i)
        if (rng () % 3 == 0)
          free.set (regs[i]);
      check_moves (t, moves, free);
    }
}

// Random parallel copies (permutations with fan-out, memory sources and
// destinations, pairs) always resolve, and a cycle of n registers takes
// n - 1 swaps.
TEST (SsaDeconstruction, RandomParallelCopies)
{
  target t = make_test_target (16, 8, 4);
  std::mt19937 rng (1);
  for (int iter = 0; iter < 2000; ++iter)
    {
      unsigned n = 1 + rng () % 8;
      std::vector<hreg> regs = t.files[gpr_file].regs;
      std::shuffle (regs.begin (), regs.end (), rng);
      std::vector<location> dsts, srcs;
      for (unsigned i = 0; i < n; ++i)
        dsts.push_back (rng () % 5 == 0 ? mem (i) : reg (regs[i]));
      // Sources: registers among the first n + 2 (so that they collide
      // with destinations), a slot of their own, or (for a memory
      // destination) the destination's own slot: phi classes share one.
      vec<ra::transfer> moves;
      for (unsigned i = 0; i < n; ++i)
        {
          location s = reg (regs[rng () % (n + 2)]);
          if (rng () % 6 == 0)
            s = dsts[i].is_slot () ? dsts[i] : mem (20 + i);
          moves.push_back (mv (dsts[i], s));
        }
      hreg_set free;
      for (unsigned i = n + 2; i < regs.size (); ++i)
        free.set (regs[i]);
      check_moves (t, moves, rng () % 2 ? free : hreg_set ());
    }
  // A cycle of 5.
  vec<ra::transfer> cyc;
  for (unsigned i = 0; i < 5; ++i)
    cyc.push_back (mv (reg (gpr (3 + i)), reg (gpr (3 + (i + 1) % 5))));
  auto e = check_moves (t, cyc, {});
  EXPECT_EQ (count (e, edit::kind::swap), 4u);
  EXPECT_EQ (e.size (), 4u);
  // With a free register: six copies.
  hreg_set free;
  free.set (gpr (24));
  auto f = check_moves (t, cyc, free);
  EXPECT_EQ (count (f, edit::kind::swap), 0u);
  EXPECT_EQ (f.size (), 6u);
}

// Pairs (width 2) swap as a unit when they do not overlap.
TEST (SsaDeconstruction, WidePairs)
{
  target t = make_test_target (16, 8, 4);
  auto e = check_moves (t, { mv (reg (gpr (3)), reg (gpr (5)), gpr_file, 2),
                             mv (reg (gpr (5)), reg (gpr (3)), gpr_file, 2) },
                        {});
  EXPECT_EQ (count (e, edit::kind::swap), 1u);
  // Overlapping pairs r3:r4 <- r4:r5 need a parked source.
  check_moves (t, { mv (reg (gpr (3)), reg (gpr (4)), gpr_file, 2),
                    mv (reg (gpr (5)), reg (gpr (3)), gpr_file, 1) },
               [] {
                 hreg_set s;
                 s.set (gpr (9));
                 s.set (gpr (10));
                 s.set (gpr (11));
                 return s;
               }());
}
