// phi_lifting_test.cc -- edge splitting and PhiLifting (seed 001, 4.1),
// phi analysis (4.2) and PhiMemCoalesce (4.3).

#include "ra-test-util.h"

#include <set>

using namespace ssara;
using namespace ssara::test;

namespace {

// Block 0 branches to 1 and 2; 2 falls into 1, which has two phis: the
// edge 0 -> 1 is critical.
const char *diamond = R"(
function diamond
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 cr
value v5 gpr
block 0 succs=1,2
  insn def:v0
  insn def:v1
  insn def:v4
  insn use:v4 term
block 2 succs=1
  insn def:v5 use:v0
block 1 preds=0,2
  phi v2 = v0 v5
  phi v3 = v1 v1
  insn use:v2 use:v3 term
)";

// Two phis that exchange their values around a loop (the swap problem):
// their lifted copies interfere, so PhiMemCoalesce must keep some.
const char *swap = R"(
function swap
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 cr
block 0 succs=1
  insn def:v0
  insn def:v1
  insn def:v4
block 1 preds=0,1 succs=1,2 depth=1
  phi v2 = v0 v3
  phi v3 = v1 v2
  insn use:v4 term
block 2
  insn use:v2 use:v3 term
)";

} // namespace

TEST (PhiLifting, SplitsCriticalEdgesAndLiftsEveryPhi)
{
  auto p = prepare (diamond, make_test_target (8, 2, 2), upto::lifted);
  const ra::work &w = *p->w;
  // One new block, for the critical edge 0 -> 1.
  ASSERT_EQ (w.fn.blocks.size (), 4u);
  EXPECT_EQ (w.wb[3].edge_from, 0u);
  EXPECT_EQ (w.wb[3].edge_to, 1u);
  EXPECT_EQ (w.fn.blocks[1].preds[0], 3u);
  // Two phis, two preds each: six lifted copies.
  EXPECT_EQ (w.lifted_copies.size (), 6u);
  EXPECT_EQ (count_role (w, ra::wrole::copy), 6u);
  // The phis now read and define lifted values.
  for (const phi &ph : w.fn.blocks[1].phis)
    {
      EXPECT_EQ (w.wv[ph.def].origin, ra::vorigin::phi_lift);
      for (value_id a : ph.args)
        EXPECT_EQ (w.wv[a].origin, ra::vorigin::phi_lift);
    }
  // Phi analysis: one class per phi.
  const auto &phis = w.fn.blocks[1].phis;
  ra::work &ww = *p->w;
  EXPECT_EQ (ww.phi_class (phis[0].args[0]), ww.phi_class (phis[0].def));
  EXPECT_NE (ww.phi_class (phis[0].def), ww.phi_class (phis[1].def));
}

TEST (PhiLifting, AbnormalEdgesAreNeitherSplitNorCopied)
{
  const char *text = R"(
function ab
value v0 gpr
value v1 gpr
value v2 cr
value v3 gpr
block 0 succs=1,2
  insn def:v0
  insn def:v2
  insn use:v2 term
block 2 succs=1
  insn def:v1
block 1 preds=0*,2
  phi v3 = v0 v1
  insn use:v3 term
)";
  auto p = prepare (text, make_test_target (8, 2, 2), upto::lifted);
  const ra::work &w = *p->w;
  EXPECT_EQ (w.fn.blocks.size (), 3u);
  // The def and the argument from block 2 are lifted; v0 stays.
  EXPECT_EQ (w.lifted_copies.size (), 2u);
  EXPECT_EQ (w.fn.blocks[1].phis[0].args[0], 0u);
  ra::work &ww = *p->w;
  EXPECT_EQ (ww.phi_class (0), ww.phi_class (w.fn.blocks[1].phis[0].def));
}

TEST (PhiLifting, TerminatorDefsGetEdgeBlocks)
{
  const char *text = R"(
function bdnz
value v0 gpr
value v1 gpr
block 0 succs=1
  insn def:v0
block 1 preds=0 succs=2,3
  insn def:v1,tied=1 use:v0 term
block 2
  insn use:v1 term
block 3
  insn use:v1 term
)";
  auto p = prepare (text, make_test_target (8, 2, 2), upto::lifted);
  const ra::work &w = *p->w;
  ASSERT_EQ (w.fn.blocks.size (), 6u);
  EXPECT_EQ (w.wb[4].edge_from, 1u);
  EXPECT_EQ (w.wb[5].edge_from, 1u);
}

TEST (PhiMemCoalesce, DropsEveryCopyOfAnInterferenceFreeLoop)
{
  const char *text = R"(
function loop
value v0 gpr
value v1 gpr
value v2 gpr
value v3 cr
block 0 succs=1
  insn def:v0
block 1 preds=0,1 succs=1,2 depth=1
  phi v1 = v0 v2
  insn def:v2 use:v1
  insn def:v3 use:v2
  insn use:v3 term
block 2
  insn use:v2 term
)";
  auto p = prepare (text, make_test_target (8, 2, 2), upto::coalesced);
  const ra::work &w = *p->w;
  EXPECT_EQ (count_role (w, ra::wrole::nop), w.lifted_copies.size ());
  // Back to the input's phi.
  EXPECT_EQ (w.fn.blocks[1].phis[0].def, 1u);
  EXPECT_EQ (w.fn.blocks[1].phis[0].args[0], 0u);
  EXPECT_EQ (w.fn.blocks[1].phis[0].args[1], 2u);
}

// The swap problem keeps copies, and whatever it keeps, no two members of
// a class interfere.
TEST (PhiMemCoalesce, KeepsCopiesOfInterferingClasses)
{
  auto p = prepare (swap, make_test_target (8, 2, 2), upto::coalesced);
  ra::work &w = *p->w;
  size_t kept = w.lifted_copies.size () - count_role (w, ra::wrole::nop);
  EXPECT_GE (kept, 1u);
  ra::analyse_intervals (w);
  std::map<value_id, std::vector<value_id>> classes;
  for (value_id v = 0; v < w.fn.values.size (); ++v)
    if (w.wv[v].origin != ra::vorigin::dead)
      classes[w.phi_class (v)].push_back (v);
  for (auto &[r, members] : classes)
    for (value_id a : members)
      for (value_id b : members)
        {
          if (a >= b)
            continue;
          for (auto [s1, e1] : w.live.intervals[a])
            for (auto [s2, e2] : w.live.intervals[b])
              EXPECT_TRUE (e1 < s2 || e2 < s1)
                << w.fn.values[a].name << " meets " << w.fn.values[b].name;
        }
}

TEST (PhiLifting, DuplicateEdgesNeedingCodeAreRejected)
{
  const char *text = R"(
function dup
value v0 gpr
value v1 gpr
value v2 cr
block 0 succs=1,1
  insn def:v0
  insn def:v2
  insn use:v2 term
block 1 preds=0,0
  phi v1 = v0 v0
  insn use:v1 term
)";
  function f;
  target t = make_test_target (8, 2, 2);
  ASSERT_EQ (parse_function (text, t, &f), "");
  ASSERT_EQ (verify_function (f, t), "");
  ra::work w (f, t, alloc_options ());
  ASSERT_EQ (ra::lift_constraints (w), "");
  EXPECT_NE (ra::lift_phis (w), "");
}

// PhiMemCoalesce brings the liveness up to date as it drops copies: what
// an analysis after it finds, where it says so (live_current).
TEST (PhiMemCoalesce, KeepsTheLivenessUpToDate)
{
  auto p = prepare (swap, make_test_target (8, 2, 2), upto::coalesced);
  ra::work &w = *p->w;
  ASSERT_TRUE (w.live_current);
  const ra::liveness kept = w.live;
  ra::analyse_intervals (w);
  EXPECT_EQ (ra::compare_liveness (kept, w.live), "");
  // And the comparison sees a difference.
  ra::liveness changed = w.live;
  for (auto &iv : changed.intervals)
    if (!iv.empty ())
      {
        ++iv[0].second;
        break;
      }
  EXPECT_NE (ra::compare_liveness (changed, w.live), "");
}
