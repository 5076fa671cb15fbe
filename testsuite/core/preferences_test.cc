// preferences_test.cc -- preference-guided register assignment
// (preferences.cc, color_assignment.cc): a loop-header phi and its
// back-edge argument share a register, so the back edge carries no copy;
// a value passed in a fixed register is computed into it.

#include "allocate.h"
#include "ra-test-util.h"

using namespace ssara;
using namespace ssara::test;

// A counter carried around a loop through a join: the header's phi v1
// is coloured before the join's phi v3 and before v2, defined in one arm
// of the join, exist.  v2 and v3 must follow v1's register, or the back
// edge (and the arm) carry copies every iteration.  v4 keeps a register
// busy in the loop, and v8 one before it, so that the first free register
// at v2's def is not v1's.
TEST (Preferences, LoopPhiSharesBackEdgeRegister)
{
  const char *text = R"(
function loop
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 gpr
value v5 cr
value v6 cr
value v7 gpr
value v8 gpr
block 0 succs=1
  insn def:v4
  insn def:v8
  insn def:v0
  insn use:v8
block 1 preds=0,4 succs=2,3 depth=1
  phi v1 = v0 v3
  insn def:v5 use:v1
  insn use:v5 term
block 2 preds=1 succs=4 depth=1
  insn def:v7 use:v4
  insn def:v2 use:v1 use:v7
block 3 preds=1 succs=4 depth=1
block 4 preds=2,3 succs=1,5 depth=1
  phi v3 = v2 v1
  insn def:v6 use:v3 use:v4
  insn use:v6 term
block 5 preds=4
  insn use:v3 use:v4 term
)";
  function f;
  target t = make_test_target (8, 2, 2);
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  EXPECT_TRUE (r.alloc.edits.empty ()) << print_allocation (f, t, r.alloc);
}

// The back-edge argument v2 is a copy of v7, computed in the loop body:
// v7 must be computed into the header phi's register, which the copy
// and the phi then share.
TEST (Preferences, BackEdgeThroughCopy)
{
  const char *text = R"(
function chain
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 cr
value v5 gpr
value v6 gpr
value v7 gpr
block 0 succs=1
  insn def:v3
  insn def:v6
  insn def:v0
  insn use:v6
block 1 preds=0,1 succs=1,2 depth=1
  phi v1 = v0 v2
  insn def:v5 use:v3
  insn def:v7 use:v1 use:v5
  copy def:v2 use:v7
  insn def:v4 use:v2
  insn use:v4 term
block 2 preds=1
  insn use:v2 use:v3 term
)";
  function f;
  target t = make_test_target (8, 2, 2);
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  EXPECT_TRUE (r.alloc.edits.empty ()) << print_allocation (f, t, r.alloc);
}

// v0 is computed and passed in r3; the call's result v1, defined after
// v0 died, wants r3 too.  Colour assignment's look-ahead counts the
// preferences of the defs made while v0 is live against its register:
// v0 dies at the copy, so v1 does not count.  Before 2026-11-29 a block
// longer than the look-ahead window counted v0 live to the window's end,
// v1's claim on r3 cancelled v0's preference, and v0 took another
// register and a move into r3 (tree-sitter's driver `walk`: a frame
// address for each call, 1.5 M moves).
TEST (Preferences, LookAheadEndsWhereTheValueDies)
{
  const char *text = R"(
function ahead
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 gpr
value v5 gpr
block 0
  insn def:v0
  copy def_hard:r3 use:v0
  call use_hard:r3 def_hard:r3 clobbers={r0,r3-r12,lr,ctr,cr0,cr1,cr5-cr7}
  copy def:v1 use_hard:r3
  insn def:v2
  insn use:v2
  insn def:v3
  insn use:v3
  insn def:v4
  insn use:v4
  insn def:v5
  insn use:v5
  insn use:v1 term
)";
  function f;
  target t = rs6000_target ();
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  EXPECT_TRUE (r.alloc.edits.empty ()) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (r.alloc.value_loc[0], location::in_reg (gpr (3)))
    << print_allocation (f, t, r.alloc);
}

// The back-edge argument v2, a char, is the low part of v7 (insn
// moves_low_part: (set (reg:QI) (subreg:QI (reg:SI) 3))), computed in
// the loop body: v7 must be computed into the header phi's register,
// where the move becomes a no-op the rewrite deletes.  Without the
// affinity, v7 took the first free register and the move stayed, one
// `mr` per iteration (tree-sitter's ts_node_is_named, where such a move
// fed a join's phi).
TEST (Preferences, BackEdgeThroughLowPartMove)
{
  const char *text = R"(
function chain
value v0 gpr bytes=1
value v1 gpr bytes=1
value v2 gpr bytes=1
value v3 gpr
value v4 cr
value v5 gpr
value v6 gpr
value v7 gpr
block 0 succs=1
  insn def:v3
  insn def:v6
  insn def:v0
  insn use:v6
block 1 preds=0,1 succs=1,2 depth=1
  phi v1 = v0 v2
  insn def:v5 use:v3
  insn def:v7 use:v1 use:v5
  insn def:v2 use:v7 lowpart
  insn def:v4 use:v2
  insn use:v4 term
block 2 preds=1
  insn use:v2 use:v3 term
)";
  function f;
  target t = make_test_target (8, 2, 2);
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  EXPECT_TRUE (r.alloc.edits.empty ()) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (r.alloc.value_loc[7], r.alloc.value_loc[2])
    << print_allocation (f, t, r.alloc);
}

// A value computed and then passed in r3, directly (v1, through the
// operand's constraint) and through a copy (v3 := v2, then r3 := v3):
// both are computed into r3.
TEST (Preferences, CallArgumentComputedIntoR3)
{
  const char *text = R"(
function args
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
block 0 succs=1
  insn def:v0
  insn def:v1 use:v0
  call use:v1{r3} clobbers={r0,r3-r12,lr,ctr,cr0,cr1,cr5-cr7}
block 1 preds=0
  insn def:v2 use:v0
  copy def:v3 use:v2
  copy def_hard:r3 use:v3
  call use_hard:r3 clobbers={r0,r3-r12,lr,ctr,cr0,cr1,cr5-cr7}
  insn term
)";
  function f;
  target t = rs6000_target ();
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  EXPECT_TRUE (r.alloc.edits.empty ()) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (r.alloc.value_loc[1], location::in_reg (gpr (3)));
  EXPECT_EQ (r.alloc.value_loc[2], location::in_reg (gpr (3)));
  EXPECT_EQ (r.alloc.value_loc[3], location::in_reg (gpr (3)));
}

// A value passed in r7 through a copy written source first, as the
// importer keeps the RTL's operand order (zlib's deflateEnd: each
// argument was loaded into r10, compared with zero, then moved into r4
// before its call): the copy seeds the preference all the same, so v1
// is loaded into r7, not into the first free register (r4).
TEST (Preferences, SourceFirstCopySeedsPreference)
{
  const char *text = R"(
function arg_source_first
value v0 gpr
value v1 gpr
value v2 cr
block 0 succs=1,2
  insn def:v0
  insn def:v1 use:v0
  insn def:v2 use:v1
  insn use:v2 term
block 1 preds=0 succs=2
  insn def_hard:r3 use:v0
  copy use:v1 def_hard:r7
  call use_hard:r3 use_hard:r7 clobbers={r0,r3-r12,lr,ctr,cr0,cr1,cr5-cr7}
block 2 preds=0,1
  insn term
)";
  function f;
  target t = rs6000_target ();
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  EXPECT_TRUE (r.alloc.edits.empty ()) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (r.alloc.value_loc[1], location::in_reg (gpr (7)));
}

// A counter carried around a loop through a join (v1 -> v2 | v1 -> v3
// -> v1), where v3 lives across a call on a rarely taken path: v3 needs
// a call-saved register.  The header phi v1, coloured first, is not
// live across the call itself, but takes a call-saved register too
// (colour assignment counts its uncoloured neighbours' barred registers
// against it), so that the chain shares one register and no copy runs
// in the loop.
TEST (Preferences, LoopPhiAvoidsRegisterBarredToItsChain)
{
  const char *text = R"(
function chain_across_call
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 cr
value v5 cr
value v6 cr
block 0 succs=1
  insn def:v0
block 1 preds=0,6 succs=2,3 depth=1 freq=10
  phi v1 = v0 v3
  insn def:v4 use:v1
  insn use:v4 term
block 2 preds=1 succs=4 depth=1 freq=5
  insn def:v2 use:v1
block 3 preds=1 succs=4 depth=1 freq=5
block 4 preds=2,3 succs=5,6 depth=1 freq=10
  phi v3 = v2 v1
  insn def:v5 use:v3
  insn use:v5 term
block 5 preds=4 succs=6 depth=1 freq=0.1
  call clobbers={r0,r3-r12,lr,ctr,cr0,cr1,cr5-cr7}
block 6 preds=4,5 succs=1,7 depth=1 freq=10
  insn def:v6 use:v3
  insn use:v6 term
block 7 preds=6 freq=1
  insn use:v3 term
)";
  function f;
  target t = rs6000_target ();
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  for (const edit &e : r.alloc.edits)
    EXPECT_NE (e.k, edit::kind::copy) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (r.alloc.value_loc[1], r.alloc.value_loc[3]);
  EXPECT_EQ (r.alloc.value_loc[2], r.alloc.value_loc[3]);
  EXPECT_FALSE (rs6000_call_clobbered ().test (r.alloc.value_loc[1].reg));
}

// block_frequency is GCC's estimate where the block has one (a loop
// body that runs once in a hundred entries weighs 0.01, not 11), else
// 1 + 10^depth.
TEST (Preferences, BlockFrequencyFromProfile)
{
  const char *text = R"(
function f
value v0 gpr
block 0 preds= succs=1 depth=0 freq=1
  insn def:v0
block 1 preds=0 succs=2 depth=1 freq=0.01
  insn use:v0
block 2 preds=1 succs= depth=0
  insn use:v0 term
)";
  auto p = prepare (text, make_test_target (2, 2, 2), upto::copy);
  const ra::work &w = *p->w;
  EXPECT_EQ (ra::block_frequency (w, 0), 1.0);
  EXPECT_EQ (ra::block_frequency (w, 1), 0.01);
  EXPECT_EQ (ra::block_frequency (w, 2), 2.0);
}

namespace {

// Allocate TEXT for four GPRs listed in the order ORDER, r31 the one
// call-saved register; expect the allocation to write no r31.
void
expect_no_fresh_call_saved (const char *text, std::vector<hreg> order)
{
  function f;
  target t = make_test_target (4, 2, 2);
  t.files[gpr_file].regs = std::move (order);
  t.call_saved.set (gpr (31));
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  EXPECT_FALSE (r.alloc.used_regs.test (gpr (31)))
    << print_allocation (f, t, r.alloc);
}

} // namespace

// A leaf function: with r3 and r4 taken, the third value takes r5, not
// r31, which comes before it in the target's order (as r31-r14 come
// before r12 in GCC's) but is call-saved and unused: writing it would
// cost a save and a restore.
TEST (Preferences, LeafAvoidsFreshCallSavedRegister)
{
  expect_no_fresh_call_saved (R"(
function leaf
value v0 gpr
value v1 gpr
value v2 gpr
block 0
  insn def:v0
  insn def:v1
  insn def:v2 use:v0
  insn use:v0 use:v1 use:v2 term
)", { gpr (3), gpr (4), gpr (31), gpr (5) });
}

// A function with a call: colour assignment counts its call-saved
// registers as saved already, so first_use_cost no longer steers a value
// that no call crosses.  Such a value still takes r3-r5 before r31,
// first in the target's order (GCC's lists r31-r14 before r12): r31,
// written by nothing else, would cost a save and a restore of its own
// (btreeParseCellPtr got a frame on its hot path for a scratch in r31).
TEST (Preferences, ValueAcrossNoCallAvoidsFreshCallSavedRegister)
{
  expect_no_fresh_call_saved (R"(
function caller
value v0 gpr
value v1 gpr
block 0
  call clobbers={r3-r5}
  insn def:v0
  insn def:v1 use:v0
  insn use:v1 term
)", { gpr (31), gpr (3), gpr (4), gpr (5) });
}
