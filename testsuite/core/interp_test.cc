// interp_test.cc -- the reference interpreter and compare_runs.

#include "checker.h"
#include "interp.h"
#include "test-targets.h"
#include "test-util.h"

#include <gtest/gtest.h>

using namespace ssara;
using namespace ssara::test;

namespace {

const char *straight = R"(
function straight
value v0 gpr
value v1 gpr
value v2 gpr
block 0
  insn def:v0
  copy def_hard:r4 use:v0
  call use_hard:r3 use_hard:r4 def_hard:r3 clobbers={r0,r3-r12}
  copy def:v1 use_hard:r3
  insn def:v2 use:v0 use:v1
  insn use:v2 term
)";

allocation
straight_alloc (const function &f)
{
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (30);
  a.operand_loc[0][1][1] = R (30);
  a.operand_loc[0][3][0] = R (31);
  a.operand_loc[0][4] = { R (3), R (30), R (31) };
  a.operand_loc[0][5][0] = R (3);
  return a;
}

const char *swap_loop = R"(
function swap_loop
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
block 0 succs=1
  insn def:v0 def:v1
block 1 preds=0,1 succs=1,2 depth=1
  phi v2 = v0 v3
  phi v3 = v1 v2
  insn use:v2 use:v3 term
block 2
  insn use:v2 term
)";

allocation
swap_loop_alloc (const function &f)
{
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3), R (4) };
  a.phi_loc[1] = { R (3), R (4) };
  a.operand_loc[1][0] = { R (3), R (4) };
  a.operand_loc[2][0] = { R (3) };
  return a;
}

} // namespace

TEST (Interp, SsaRunIsDeterministic)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (straight, t);
  run_trace a = run_ssa (f, t, 1), b = run_ssa (f, t, 1), c = run_ssa (f, t, 2);
  ASSERT_EQ (a.events.size (), 6u);
  EXPECT_FALSE (a.truncated);
  for (size_t k = 0; k < a.events.size (); ++k)
    {
      EXPECT_EQ (a.events[k].inputs, b.events[k].inputs);
      EXPECT_EQ (a.events[k].defs, b.events[k].defs);
    }
  // The call reads the entry value of r3: it depends on the seed.
  EXPECT_NE (a.events[2].inputs, c.events[2].inputs);
  // A copy passes its source through.
  EXPECT_EQ (a.events[1].defs, a.events[0].defs);
  EXPECT_EQ (a.events[3].defs, a.events[2].defs);
}

TEST (Interp, CorrectAllocationAgrees)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (straight, t);
  allocation a = straight_alloc (f);
  ASSERT_EQ (joined (check_allocation (f, t, a)), "");
  for (uint64_t seed = 0; seed < 5; ++seed)
    EXPECT_EQ (compare_runs (f, t, a, seed), "");
}

TEST (Interp, WrongRegisterDisagrees)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (straight, t);
  allocation a = straight_alloc (f);
  a.operand_loc[0][4][1] = R (31);
  std::string d = compare_runs (f, t, a, 0);
  EXPECT_NE (d.find ("step 4"), std::string::npos) << d;
  // A value left in a clobbered register.
  allocation b = straight_alloc (f);
  b.operand_loc[0][0][0] = R (5);
  b.operand_loc[0][1][1] = R (5);
  b.operand_loc[0][4][1] = R (5);
  EXPECT_NE (compare_runs (f, t, b, 0), "");
}

TEST (Interp, SwapLoop)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (swap_loop, t);
  allocation good = swap_loop_alloc (f);
  good.edits.push_back (mk (edit::kind::swap, on_edge (1, 1), 3, 4));
  ASSERT_EQ (joined (check_allocation (f, t, good)), "");
  allocation bad = swap_loop_alloc (f);
  bad.edits.push_back (mk (edit::kind::copy, on_edge (1, 1), 3, 4));
  unsigned caught = 0, looped = 0;
  for (uint64_t seed = 0; seed < 32; ++seed)
    {
      EXPECT_EQ (compare_runs (f, t, good, seed), "") << seed;
      caught += compare_runs (f, t, bad, seed) != "";
      unsigned header_runs = 0;
      for (const trace_event &e : run_ssa (f, t, seed).events)
        header_runs += e.k == trace_event::kind::insn && e.block == 1;
      looped += header_runs > 1;
    }
  EXPECT_GT (looped, 0u);
  EXPECT_EQ (caught, looped);
}

TEST (Interp, SlotsAndSwapTemporaries)
{
  target t = make_test_target (8, 4, 2);
  function f = parse (R"(
function f
value v0 cr
value v1 fpr
value v2 fpr
block 0
  insn def:v0 def:v1 def:v2
  call clobbers={r0,r3-r12,f0-f13,cr0,cr1,cr5-cr7}
  insn use:v0 use:v1 use:v2
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (cr (0)), R (fpr (1)), R (fpr (2)) };
  a.operand_loc[0][2] = { R (cr (1)), R (fpr (2)), R (fpr (1)) };
  a.slots = { { 4, 4 }, { 8, 8 }, { 8, 8 } };
  a.edits.push_back (mk (edit::kind::copy, after (0, 0), 3, cr (0)));
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, 3, 0));
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, fpr (1), 1));
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, fpr (2), 2));
  a.edits.push_back (mk (edit::kind::load, before (0, 2), 4, no_hreg, 0));
  a.edits.push_back (mk (edit::kind::copy, before (0, 2), cr (1), 4));
  a.edits.push_back (mk (edit::kind::load, before (0, 2), fpr (1), no_hreg, 1));
  a.edits.push_back (mk (edit::kind::load, before (0, 2), fpr (2), no_hreg, 2));
  a.edits.push_back (mk (edit::kind::swap, before (0, 2), fpr (1), fpr (2),
                         no_slot, fpr (30)));
  ASSERT_EQ (joined (check_allocation (f, t, a)), "");
  EXPECT_EQ (compare_runs (f, t, a, 7), "");
  allocation b = a;
  b.edits.back ().temp = fpr (1);
  EXPECT_NE (compare_runs (f, t, b, 7), "");
  EXPECT_FALSE (check_allocation (f, t, b).empty ());
  allocation c = a;
  c.edits[6].slot = 7;
  EXPECT_NE (compare_runs (f, t, c, 7).find ("does not exist"),
             std::string::npos);
}

TEST (Interp, StepLimit)
{
  target t = make_test_target (8, 0, 0);
  function f = parse (R"(
function f
value v0 gpr
value v1 gpr
block 0 succs=1
  insn def:v0
block 1 preds=0,1 succs=1 depth=1
  phi v1 = v0 v1
  insn use:v1
)", t);
  run_trace r = run_ssa (f, t, 0, 100);
  EXPECT_TRUE (r.truncated);
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (3);
  a.phi_loc[1][0] = R (3);
  a.operand_loc[1][0][0] = R (3);
  EXPECT_EQ (compare_runs (f, t, a, 0), "");
}
