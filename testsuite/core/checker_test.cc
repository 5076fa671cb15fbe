// checker_test.cc -- the checker accepts correct hand-built allocations
// and catches each kind of corruption.

#include "checker.h"
#include "interp.h"
#include "ir-text.h"
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
  insn def:v0 origin=10
  insn def:v1 origin=11
  call use_hard:r3 clobbers={r0,r3-r12} origin=12
  insn def:v2 use:v0 use:v1 origin=13
  insn use:v2 term origin=14
)";

} // namespace

TEST (Checker, StraightLineCorrect)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (straight, t);
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (30);
  a.operand_loc[0][1][0] = R (31);
  a.operand_loc[0][3] = { R (3), R (30), R (31) };
  a.operand_loc[0][4][0] = R (3);
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
}

TEST (Checker, WrongRegister)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (straight, t);
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (30);
  a.operand_loc[0][1][0] = R (31);
  a.operand_loc[0][3] = { R (3), R (31), R (31) };
  a.operand_loc[0][4][0] = R (3);
  auto errs = check_allocation (f, t, a);
  EXPECT_TRUE (has (errs, "block 0 insn 3 (origin 13) operand 1 reads r31 "
                          "which holds v1, expected v0"));
  EXPECT_EQ (errs.size (), 1u) << joined (errs);
}

TEST (Checker, ClobberedLiveValue)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (straight, t);
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (5);
  a.operand_loc[0][1][0] = R (31);
  a.operand_loc[0][3] = { R (3), R (5), R (31) };
  a.operand_loc[0][4][0] = R (3);
  auto errs = check_allocation (f, t, a);
  EXPECT_TRUE (has (errs, "operand 1 reads r5 which holds garbage "
                          "(clobbered by block 0 insn 2)"));
}

TEST (Checker, HardRegisterOverwritten)
{
  target t = make_test_target (32, 0, 0);
  // r3 is an incoming argument read by the call; v0 must not sit in r3
  // before that.
  function f = parse (straight, t);
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (3);
  a.operand_loc[0][1][0] = R (31);
  a.operand_loc[0][3] = { R (3), R (3), R (31) };
  a.operand_loc[0][4][0] = R (3);
  auto errs = check_allocation (f, t, a);
  EXPECT_TRUE (has (errs, "operand 0 reads hard register r3 which holds v0"));
}

TEST (Checker, AllowedSetsAndFiles)
{
  target t = make_test_target (32, 4, 2);
  function f = parse (R"(
function f
value v0 gpr allowed={r3-r12}
value v1 fpr
block 0
  insn def:v0{r0,r3-r4} def:v1
  insn use:v0{r4} use:v1
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (0), R (3) };
  a.operand_loc[0][1] = { R (0), R (3) };
  auto errs = check_allocation (f, t, a);
  EXPECT_TRUE (has (errs, "operand 0 puts v0 in r0 which the value does "
                          "not allow"));
  EXPECT_TRUE (has (errs, "insn 1 (origin 0) operand 0 puts v0 in r0 which "
                          "the operand does not allow {r4}"));
  EXPECT_TRUE (has (errs, "operand 1 puts v1 in r3 outside its file fpr"));
  a.operand_loc[0][0] = { R (4), R (fpr (1)) };
  a.operand_loc[0][1] = { R (4), R (fpr (1)) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
}

TEST (Checker, TieAndEarlyclobber)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (R"(
function f
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
block 0
  insn def:v0 def:v1
  insn def:v2,tied=1 use:v0 def:v3,ec use:v1
  insn use:v2 use:v3
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3), R (4) };
  a.operand_loc[0][1] = { R (3), R (3), R (5), R (4) };
  a.operand_loc[0][2] = { R (3), R (5) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");

  allocation b = a;
  b.operand_loc[0][1][0] = R (6);
  b.operand_loc[0][2][0] = R (6);
  EXPECT_TRUE (has (check_allocation (f, t, b),
                    "operand 0 is tied to operand 1 in r3 but is in r6"));

  allocation c = a;
  c.operand_loc[0][1][2] = R (4);
  c.operand_loc[0][2][1] = R (4);
  EXPECT_TRUE (has (check_allocation (f, t, c),
                    "operand 2 is earlyclobber but its r4 overlaps "
                    "operand 3 in r4"));

  allocation d = a;
  d.operand_loc[0][1][2] = R (3);
  d.operand_loc[0][2][1] = R (3);
  EXPECT_TRUE (has (check_allocation (f, t, d), "overlaps def operand 2"));
}

// An earlyclobber def tied to a use ("+&r") shares that use's register
// by definition; it may still share none with the other uses.
TEST (Checker, TiedEarlyclobber)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (R"(
function f
value v0 gpr
value v1 gpr
value v2 gpr
block 0
  insn def:v0 def:v1
  insn use:v0 use:v1 def:v2,tied=0,ec
  insn use:v2
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3), R (4) };
  a.operand_loc[0][1] = { R (3), R (4), R (3) };
  a.operand_loc[0][2] = { R (3) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");

  allocation b = a;
  b.operand_loc[0][0] = { R (4), R (4) };
  b.operand_loc[0][1] = { R (4), R (4), R (4) };
  b.operand_loc[0][2] = { R (4) };
  EXPECT_TRUE (has (check_allocation (f, t, b),
                    "operand 2 is earlyclobber but its r4 overlaps "
                    "operand 1 in r4"));
}

// An earlyclobber def may be written before the clobbers strike: it may
// not sit in a register its instruction clobbers; a plain def may.
TEST (Checker, EarlyclobberInClobber)
{
  target t = make_test_target (32, 0, 0);
  function f = parse (R"(
function f
value v0 gpr
value v1 gpr
block 0
  insn def:v0,ec clobbers={r5,r6}
  insn def:v1 clobbers={r5,r6}
  insn use:v0 use:v1
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3) };
  a.operand_loc[0][1] = { R (5) };
  a.operand_loc[0][2] = { R (3), R (5) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");

  allocation b = a;
  b.operand_loc[0][0] = { R (6) };
  b.operand_loc[0][1] = { R (4) };
  b.operand_loc[0][2] = { R (6), R (4) };
  EXPECT_TRUE (has (check_allocation (f, t, b),
                    "operand 0 is earlyclobber but its r6 overlaps the "
                    "clobbered r6"));
}

namespace {

// A loop whose header swaps two values each iteration: (p, q) = (q, p).
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
  insn use:v2 use:v3 term
)";

allocation
swap_loop_alloc (const function &f)
{
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3), R (4) };
  a.phi_loc[1] = { R (3), R (4) };
  a.operand_loc[1][0] = { R (3), R (4) };
  a.operand_loc[2][0] = { R (3), R (4) };
  return a;
}

} // namespace

TEST (Checker, PhiSwap)
{
  target t = make_test_target (32, 4, 2);
  function f = parse (swap_loop, t);
  allocation a = swap_loop_alloc (f);
  auto errs = check_allocation (f, t, a);
  EXPECT_TRUE (has (errs, "edge 1->1 phi 0 expects v3 in r3 which holds v2"));

  a.edits.push_back (mk (edit::kind::swap, on_edge (1, 1), 3, 4));
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");

  // A copy instead of a swap loses one value.
  allocation b = swap_loop_alloc (f);
  b.edits.push_back (mk (edit::kind::copy, on_edge (1, 1), 3, 4));
  EXPECT_TRUE (has (check_allocation (f, t, b), "edge 1->1 phi 1 expects v2 "
                                                "in r4 which holds v3"));

  // Copies through a free register work.
  allocation c = swap_loop_alloc (f);
  c.edits.push_back (mk (edit::kind::copy, on_edge (1, 1), 5, 3));
  c.edits.push_back (mk (edit::kind::copy, on_edge (1, 1), 3, 4));
  c.edits.push_back (mk (edit::kind::copy, on_edge (1, 1), 4, 5));
  EXPECT_EQ (joined (check_allocation (f, t, c)), "");

  // The same edits on the exit edge break the uses in block 2.
  allocation d = swap_loop_alloc (f);
  d.edits.push_back (mk (edit::kind::swap, on_edge (1, 1), 3, 4));
  d.edits.push_back (mk (edit::kind::swap, on_edge (1, 2), 3, 4));
  EXPECT_TRUE (has (check_allocation (f, t, d),
                    "block 2 insn 0 (origin 0) operand 0 reads r3 which "
                    "holds v3, expected v2"));
}

TEST (Checker, BadEdits)
{
  target t = make_test_target (8, 4, 2);
  function f = parse (swap_loop, t);
  auto with = [&] (edit e) {
    allocation a = swap_loop_alloc (f);
    a.edits.push_back (mk (edit::kind::swap, on_edge (1, 1), 3, 4));
    a.edits.push_back (e);
    return check_allocation (f, t, a);
  };
  EXPECT_TRUE (has (with (mk (edit::kind::copy, on_edge (0, 2), 5, 3)),
                    "on an edge that does not exist"));
  EXPECT_TRUE (has (with (mk (edit::kind::copy, after (1, 0), 5, 3)),
                    "after the terminator"));
  EXPECT_TRUE (has (with (mk (edit::kind::copy, before (1, 1), 5, 3)),
                    "after the terminator"));
  EXPECT_TRUE (has (with (mk (edit::kind::copy, before (0, 0), fpr (1), 3)),
                    "no direct copy"));
  EXPECT_TRUE (has (with (mk (edit::kind::copy, before (0, 0), 13, 3)),
                    "not a range of allocatable registers"));
  EXPECT_TRUE (has (with (mk (edit::kind::load, before (0, 0), cr (0), 0, 0)),
                    "names slot 0 which does not exist"));
  EXPECT_TRUE (has (with (mk (edit::kind::swap, before (0, 0), 5, 6, no_slot,
                              7)),
                    "has a temporary but file gpr swaps by xor"));
  EXPECT_TRUE (has (with (mk (edit::kind::swap, before (0, 0), cr (0), cr (1))),
                    "needs a temporary of file gpr"));
  EXPECT_TRUE (has (with (mk (edit::kind::swap, before (0, 0), fpr (1),
                              fpr (2))),
                    "needs exactly one of a temporary register and a slot"));
  // Clobbering a live value with a copy before its use.
  EXPECT_TRUE (has (with (mk (edit::kind::copy, before (2, 0), 4, 5)),
                    "block 2 insn 0 (origin 0) operand 1 reads r4"));
  // Edits on abnormal edges.
  function g = f;
  g.blocks[1].pred_abnormal[1] = true;
  allocation a = swap_loop_alloc (g);
  a.edits.push_back (mk (edit::kind::swap, on_edge (1, 1), 3, 4));
  EXPECT_TRUE (has (check_allocation (g, t, a), "on an abnormal edge"));
}

TEST (Checker, SlotsAndNonDirectFiles)
{
  target t = make_test_target (8, 4, 2);
  function f = parse (R"(
function f
value v0 cr
value v1 fpr
block 0
  insn def:v0 def:v1
  call clobbers={r0,r3-r12,f0-f13,cr0,cr1,cr5-cr7}
  insn use:v0 use:v1
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (cr (0)), R (fpr (1)) };
  a.operand_loc[0][2] = { R (cr (1)), R (fpr (2)) };
  a.slots = { { 4, 4 }, { 8, 8 } };
  // Spill the CR field through a GPR, the FPR directly.
  a.edits.push_back (mk (edit::kind::copy, after (0, 0), 3, cr (0)));
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, 3, 0));
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, fpr (1), 1));
  a.edits.push_back (mk (edit::kind::load, before (0, 2), 4, no_hreg, 0));
  a.edits.push_back (mk (edit::kind::copy, before (0, 2), cr (1), 4));
  a.edits.push_back (mk (edit::kind::load, before (0, 2), fpr (2), no_hreg, 1));
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");

  allocation b = a;
  b.edits[5].slot = 0;
  EXPECT_TRUE (has (check_allocation (f, t, b),
                    "moves 8 bytes through slot 0 of 4 bytes"));
  EXPECT_TRUE (has (check_allocation (f, t, b),
                    "moves 8 bytes through slot 0 of 4 bytes"));

  allocation c = a;
  c.edits[1] = mk (edit::kind::store, after (0, 0), no_hreg, cr (0), 0);
  EXPECT_TRUE (has (check_allocation (f, t, c), "is not memory_direct"));

  allocation d = a;
  d.used_regs.reset (4);
  EXPECT_TRUE (has (check_allocation (f, t, d), "writes r4 which is missing "
                                                "from used_regs"));
}

TEST (Checker, ValuesAcrossInMemory)
{
  target t = make_test_target (8, 0, 0);
  function f = parse (R"(
function f
value v0 gpr
block 0
  insn def:v0
  call mem_across
  insn use:v0
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (31) };
  a.operand_loc[0][2] = { R (31) };
  EXPECT_TRUE (has (check_allocation (f, t, a),
                    "reads r31 which holds garbage (clobbered by block 0 "
                    "insn 1)"));
  a.slots = { { 4, 4 } };
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, 31, 0));
  a.edits.push_back (mk (edit::kind::load, before (0, 2), 31, no_hreg, 0));
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
}

TEST (Checker, JoinKeepsOnlyAgreement)
{
  target t = make_test_target (8, 0, 0);
  function f = parse (R"(
function f
value v0 gpr
value v1 gpr
block 0 succs=1,2
  insn def:v0 term
block 1 succs=3
  insn def:v1 use:v0
block 2 succs=3
block 3
  insn use:v0
)", t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3) };
  a.operand_loc[1][0] = { R (4), R (3) };
  a.operand_loc[3][0] = { R (3) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
  // v0 moves to r5 on one path only.
  a.edits.push_back (mk (edit::kind::copy, after (1, 0), 5, 3));
  a.operand_loc[3][0] = { R (5) };
  EXPECT_TRUE (has (check_allocation (f, t, a),
                    "reads r5 which holds nothing known"));
  // Both paths agree again.
  a.edits.push_back (mk (edit::kind::copy, before (2, 0), 5, 3));
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
}

TEST (Checker, ShapeAndInputErrors)
{
  target t = make_test_target (8, 0, 0);
  function f = parse (straight, t);
  allocation a;
  EXPECT_TRUE (has (check_allocation (f, t, a), "one entry per block"));
  function g = f;
  g.blocks[0].insns[3].ops[1].value = 2;
  EXPECT_TRUE (has (check_allocation (g, t, blank (g)), "input:"));
}

// A float in an FPR (4 bytes of an 8-byte register) reaches a GPR only
// through a narrow store (stfs); a whole-register store (stfd) followed by
// a word load reads the high word of a double.
TEST (Checker, NarrowValuesCrossFiles)
{
  target t = make_test_target (8, 4, 2);
  function f = parse (R"(
function f
value v0 fpr bytes=4
value v1 gpr
block 0
  insn def:v0 def:v1
  insn use:v0{r3-r4} use:v1{f1-f2}
  insn use:v0 use:v1
)", t);
  ASSERT_EQ (verify_function (f, t), "");
  allocation a = blank (f);
  a.slots = { { 8, 8 }, { 8, 8 } };
  a.operand_loc[0][0] = { R (fpr (1)), R (3) };
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, fpr (1),
                         0));
  a.edits.back ().bytes = 4;
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, 3, 1));
  a.edits.push_back (mk (edit::kind::load, before (0, 1), 4, no_hreg, 0));
  a.edits.push_back (mk (edit::kind::load, before (0, 1), fpr (2), no_hreg,
                         1));
  a.edits.back ().bytes = 4;
  a.operand_loc[0][1] = { R (4), R (fpr (2)) };
  a.operand_loc[0][2] = { R (fpr (1)), R (3) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
  EXPECT_EQ (compare_runs (f, t, a, 1), "");

  // stfd, then lwz: the checker and the interpreter both see it.
  allocation b = a;
  b.edits[0].bytes = 0;
  EXPECT_TRUE (has (check_allocation (f, t, b),
                    "operand 0 reads r4 which holds v0 in the format of a "
                    "whole register of file"));
  EXPECT_NE (compare_runs (f, t, b, 1), "");
  // stw, then lfd: the low half of the FPR is whatever the slot held.
  allocation c = a;
  c.edits[3].bytes = 0;
  EXPECT_TRUE (has (check_allocation (f, t, c),
                    "operand 1 reads f2 which holds nothing known"));
  // stfd and lfd of the float within the FPR file are exact.
  allocation d = a;
  d.edits[0].bytes = 0;
  d.edits[2] = mk (edit::kind::load, before (0, 1), fpr (30), no_hreg, 0);
  d.operand_loc[0][1][0] = R (4);
  d.operand_loc[0][2][0] = R (fpr (30));
  EXPECT_TRUE (has (check_allocation (f, t, d), "operand 0 reads r4"));
  // A narrow edit of a width-2 register range is malformed.
  allocation e = a;
  e.edits[1].bytes = 4;
  EXPECT_TRUE (has (check_allocation (f, t, e), "moves 4 bytes of a width-1 "));
}

// Operands in another file than their value (the allocator copies the
// value over for the instruction): contents are tracked in 4-byte units,
// so a GPR pair stored and reloaded as one FPR is still the same value.
TEST (Checker, CrossFileOperands)
{
  target t = make_test_target (8, 4, 2);
  function f = parse (R"(
function f
value v0 gpr w=2
value v1 fpr
value v2 gpr
value v3 gpr w=2
block 0
  insn def:v0 def:v1 def:v2
  insn use:v0{f1-f2} use:v1{r3,r5,r30} use:v2{f1-f2}
  insn def:v3{f1-f2}
  insn use:v3
)", t);
  allocation a = blank (f);
  a.slots = { { 8, 8 }, { 8, 8 }, { 8, 8 }, { 8, 8 } };
  a.operand_loc[0][0] = { R (3), R (fpr (1)), R (5) };
  // v0 (r3:r4) to f2, v1 (f1) to r30:r31, v2 (r5) to f1.
  a.edits.push_back (mk (edit::kind::store, before (0, 1), no_hreg, 3, 0,
                         no_hreg, 2));
  a.edits.push_back (mk (edit::kind::store, before (0, 1), no_hreg, fpr (1),
                         1));
  a.edits.push_back (mk (edit::kind::store, before (0, 1), no_hreg, 5, 2));
  a.edits.push_back (mk (edit::kind::load, before (0, 1), fpr (2), no_hreg,
                         0));
  a.edits.push_back (mk (edit::kind::load, before (0, 1), 30, no_hreg, 1,
                         no_hreg, 2));
  // v2 is 4 bytes: into an 8-byte FPR with a narrow load (lfs).
  a.edits.push_back (mk (edit::kind::load, before (0, 1), fpr (1), no_hreg,
                         2));
  a.edits.back ().bytes = 4;
  a.operand_loc[0][1] = { R (fpr (2)), R (30), R (fpr (1)) };
  // v3 defined in f1, moved to r3:r4 through memory.
  a.operand_loc[0][2] = { R (fpr (1)) };
  a.edits.push_back (mk (edit::kind::store, after (0, 2), no_hreg, fpr (1),
                         3));
  a.edits.push_back (mk (edit::kind::load, after (0, 2), 3, no_hreg, 3,
                         no_hreg, 2));
  a.operand_loc[0][3] = { R (3) };
  EXPECT_EQ (verify_function (f, t), "");
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
  // The interpreter agrees (it counts 4-byte units too).
  EXPECT_EQ (compare_runs (f, t, a, 1), "");

  // Reloading only half of v3 leaves r4 wrong.
  allocation b = a;
  b.edits.back ().width = 1;
  EXPECT_NE (compare_runs (f, t, b, 1), "");
  EXPECT_TRUE (has (check_allocation (f, t, b),
                    "block 0 insn 3 (origin 0) operand 0 reads r4 which "
                    "holds v0 from byte 4, expected v3 from byte 4"));
  // An FPR operand in a register outside the operand's set.
  allocation c = a;
  c.operand_loc[0][1][1] = R (31);
  c.edits[4].dst_reg = 31;
  EXPECT_TRUE (has (check_allocation (f, t, c), "outside its file"));
}

namespace {

// gcc.c-torture pr84521's `test', with r31 fixed and no frame pointer:
// the setup of __builtin_setjmp stores the frame value (insn 8) that
// the longjmp restores into r31; the call longjmps back to the receiver,
// which returns.  FRAME is how insn 8 saves it: "saves=r31" (r31 itself)
// or "saves=r31,0" (v0, what insn 57 computed: the stack pointer, when
// the hard frame pointer was wrongly eliminated).
std::string
setjmp_frame (const std::string &frame)
{
  return R"(
function test
value v0 gpr
block 0 succs=1
  insn def:v0 origin=57
  insn use:v0 )" + frame + R"( origin=8
  call clobbers={r0,r3-r12} origin=36
block 1 preds=0* succs=2 receiver
  insn origin=18
block 2 returns
)";
}

} // namespace

// The checker knows what a receiver gets back: what the setup saved.  A
// fixed call-saved r31 restored from anything but its own value is the
// caller's frame pointer lost (a segfault in pr84521 at -O2 with r3-r10).
TEST (Checker, ReceiverRestoresSavedFrame)
{
  target t = make_test_target (2, 0, 0);
  t.call_saved = rs6000_call_saved ();
  function wrong = parse (setjmp_frame ("saves=r31,0"), t);
  allocation a = blank (wrong);
  a.used_regs = hreg_set ().set (gpr (3));
  a.operand_loc[0][0][0] = R (3);
  a.operand_loc[0][1][0] = R (3);
  auto errs = check_allocation (wrong, t, a);
  EXPECT_TRUE (has (errs, "block 2 returns with call-saved r31 holding v0 "
                          "instead of the caller's value"));
  EXPECT_EQ (errs.size (), 1u) << joined (errs);

  function right = parse (setjmp_frame ("saves=r31"), t);
  EXPECT_EQ (joined (check_allocation (right, t, a)), "");
}

// A longjmp into a receiver leaves garbage in every allocatable register:
// a value live into the receiver must come from a slot, and call-saved
// registers must be saved by the frame (a nonlocal label that reaches
// the return: GCC's saves_all_registers).
TEST (Checker, ReceiverLosesRegisters)
{
  target t = make_test_target (2, 4, 0);  // f1 f2 f30 f31
  t.call_saved = rs6000_call_saved ();
  const char *text = R"(
function catcher
value v0 gpr
block 0 succs=1
  insn def:v0
  call clobbers={r0,r3-r12,f0-f13}
block 1 preds=0* succs=2 receiver
  insn use:v0
block 2 returns
)";
  function f = parse (text, t);
  allocation a = blank (f);
  a.used_regs = hreg_set ().set (gpr (3));
  a.operand_loc[0][0][0] = R (3);
  a.operand_loc[1][0][0] = R (3);
  auto errs = check_allocation (f, t, a);
  EXPECT_TRUE (has (errs, "reads r3 which holds garbage (a longjmp into "
                          "receiver block 1)"));
  EXPECT_TRUE (has (errs, "block 2 returns with call-saved f30 holding "
                          "garbage (a longjmp into receiver block 1)"));
  EXPECT_TRUE (has (errs, "call-saved f31"));
  EXPECT_EQ (errs.size (), 3u) << joined (errs);

  // v0 from a slot, f30 and f31 saved by the frame: correct.
  f.frame_saved = hreg_set ().set (fpr (30)).set (fpr (31));
  a.slots = { { 4, 4 } };
  a.edits.push_back (mk (edit::kind::store, after (0, 0), no_hreg, 3, 0));
  a.edits.push_back (mk (edit::kind::load, before (1, 0), 3, no_hreg, 0));
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
}

// A call to setjmp (mem_across) does not lose the caller's values of
// the call-saved registers: longjmp restores what they held.
TEST (Checker, SetjmpKeepsCallerRegisters)
{
  target t = make_test_target (2, 4, 0);
  t.call_saved = rs6000_call_saved ();
  function f = parse (R"(
function f
block 0 succs=1
  call mem_across clobbers={r0,r3-r12,f0-f13}
block 1 returns
)", t);
  allocation a = blank (f);
  a.used_regs = hreg_set ();
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
}

// A copy's def is its source's value: an allocation may delete the copy
// (allocation::removed) and read the def where the source is, even
// where both stay live; it may not delete anything else, nor read the
// def where another value is.
TEST (Checker, RemovedCopyReadsItsSource)
{
  const char *text = R"(
function folded
value v0 gpr
value v1 gpr
value v2 gpr
block 0
  insn def:v0 origin=10
  copy def:v1 use:v0 origin=11
  insn def:v2 use:v0 origin=12
  insn use:v1 use:v2 use:v0 term origin=13
)";
  target t = make_test_target (32, 0, 0);
  function f = parse (text, t);
  allocation a = blank (f);
  a.removed.assign (1, vec<bool> (4, false));
  a.removed[0][1] = true;
  a.operand_loc[0][0][0] = R (30);
  a.operand_loc[0][2] = { R (29), R (30) };
  a.operand_loc[0][3] = { R (30), R (29), R (30) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
  EXPECT_EQ (compare_runs (f, t, a, 1), "");

  // The def read where another value is.
  allocation b = a;
  b.operand_loc[0][3] = { R (29), R (29), R (30) };
  auto errs = check_allocation (f, t, b);
  EXPECT_TRUE (has (errs, "block 0 insn 3 (origin 13) operand 0 reads r29"))
    << joined (errs);

  // A deleted instruction that is not a copy.
  allocation c = a;
  c.removed[0][1] = false;
  c.removed[0][2] = true;
  c.operand_loc[0][1] = { R (30), R (30) };
  c.operand_loc[0][2] = { location (), location () };
  errs = check_allocation (f, t, c);
  EXPECT_TRUE (has (errs, "block 0 insn 2 (origin 12) is deleted but is not "
                          "a copy")) << joined (errs);
}

// Two phis of a block that read the same values on every edge are one
// value (copy folding merges them, copy_folding.cc): one register may hold
// both.  Phis that differ on one edge may not share it.
TEST (Checker, MergedPhisShareARegister)
{
  const char *text = R"(
function merged
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 gpr
block 0 succs=2,1
  insn def:v0 origin=10
  insn def:v1 use:v0 origin=11
  insn use:v1 term origin=12
block 1 preds=0 succs=2
  insn def:v4 origin=13
block 2 preds=0,1
  phi v2 = v0 v4
  phi v3 = v0 v4
  insn use:v3 use:v2 term origin=14
)";
  target t = make_test_target (32, 0, 0);
  function f = parse (text, t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3) };
  a.operand_loc[0][1] = { R (4), R (3) };
  a.operand_loc[0][2] = { R (4) };
  a.operand_loc[1][0] = { R (3) };
  a.phi_loc[2] = { R (3), R (3) };
  a.operand_loc[2][0] = { R (3), R (3) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
  EXPECT_EQ (compare_runs (f, t, a, 1), "");

  // v3 reads v1 over the first edge: no longer v2's value.
  function g = f;
  g.blocks[2].phis[1].args[0] = 1;
  auto errs = check_allocation (g, t, a);
  EXPECT_TRUE (has (errs, "edge 0->2 phi 1 expects v1 in r3 which holds v0"))
    << joined (errs);
}

// A phi whose arguments are one value or the phi itself is that value
// (SSA construction removes it; the allocator may read the value's
// location for it): the loop's v1 read where v0 still is.  Made
// non-trivial, the phi is a value of its own.  (Fuzz seeds 8561, 10824
// and 17672 of 20000 with spill=split: the checker complained.)
TEST (Checker, TrivialPhiIsItsArgument)
{
  const char *text = R"(
function trivial
value v0 gpr
value v1 gpr
value v2 gpr
block 0 succs=1
  insn def:v0 origin=10
block 1 preds=0,1 succs=1,2
  phi v1 = v0 v1
  insn def:v2 use:v1 origin=11
  insn use:v2 term origin=12
block 2 preds=1
  insn use:v1 origin=13
)";
  target t = make_test_target (32, 0, 0);
  function f = parse (text, t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3) };
  a.edits.push_back (mk (edit::kind::copy, on_edge (0, 1), 4, 3));
  a.phi_loc[1] = { R (4) };
  a.operand_loc[1][0] = { R (5), R (4) };
  a.operand_loc[1][1] = { R (5) };
  a.operand_loc[2][0] = { R (3) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
  EXPECT_EQ (compare_runs (f, t, a, 1), "");

  // v1 takes v2 over the back edge: r3 no longer holds it.
  function g = f;
  g.blocks[1].phis[0].args[1] = 2;
  auto errs = check_allocation (g, t, a);
  EXPECT_TRUE (has (errs, "block 2 insn 0 (origin 13) operand 0 reads r3 "
                          "which holds v0")) << joined (errs);
}

// A trivial phi needs no location of its own (copy folding folds a
// one-input phi into its argument): its reads find the argument where it
// is, and only there.
TEST (Checker, TrivialPhiWithoutLocation)
{
  const char *text = R"(
function lone
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
block 0 succs=1
  insn def:v0 origin=10
  insn def:v2 origin=11
block 1 preds=0
  phi v1 = v0
  phi v3 = v2
  insn use:v1 use:v0 use:v3 term origin=12
)";
  target t = make_test_target (32, 0, 0);
  function f = parse (text, t);
  allocation a = blank (f);
  a.operand_loc[0][0] = { R (3) };
  a.operand_loc[0][1] = { R (4) };
  a.phi_loc[1] = { location (), R (4) };
  a.operand_loc[1][0] = { R (3), R (3), R (4) };
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
  EXPECT_EQ (compare_runs (f, t, a, 1), "");

  // v1 reads v2 instead: it is v2, which r3 does not hold.
  function g = f;
  g.blocks[1].phis[0].args[0] = 2;
  auto errs = check_allocation (g, t, a);
  EXPECT_TRUE (has (errs, "block 1 insn 0 (origin 12) operand 0 reads r3 "
                          "which holds v0, expected v2")) << joined (errs);
}
