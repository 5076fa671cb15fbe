// copy_coalescing_test.cc -- copy coalescing after colour assignment
// (copy_coalescing.cc): a value moves to the register of its phi or
// copy partner where that register is free over its whole live range,
// and stays where it is not.

#include "allocate.h"
#include "checker.h"
#include "ra-test-util.h"

using namespace ssara;
using namespace ssara::test;

namespace {

// Two arms define the arguments of the join's phi; v0 lives throughout.
const char *join = R"(
function join
value v0 gpr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 gpr
value v5 cr
block 0 succs=1,2
  insn def:v0
  insn def:v5
  insn use:v5 term
block 1 preds=0 succs=3 freq=10
  insn def:v1
block 2 preds=0 succs=3 freq=90
  insn def:v4
  insn def:v2
  insn use:v4
block 3 preds=1,2
  phi v3 = v1 v2
  insn use:v3 use:v0 term
)";

// The phi of block 3 and the argument it takes from in-edge K.
struct phi_pair
{
  value_id def, arg;
};

phi_pair
join_phi (const ra::work &w, size_t k)
{
  const block &b = w.fn.blocks[3];
  EXPECT_EQ (b.phis.size (), 1u);
  return { b.phis[0].def, b.phis[0].args[k] };
}

// A register of the GPR file that none of VALUES holds.
hreg
other_gpr (const ra::work &w, std::initializer_list<value_id> values)
{
  for (hreg h : w.tgt.files[gpr_file].regs)
    {
      bool taken = false;
      for (value_id v : values)
        taken |= w.wv[v].reg == h;
      if (!taken && !w.tgt.call_saved.test (h))
        return h;
    }
  ADD_FAILURE () << "no free GPR";
  return no_hreg;
}

} // namespace

// Colour assignment left block 1's argument in another register than the
// phi's (here: put there by hand); that register is free in block 1, so
// the argument moves back, and the edge needs no copy.
TEST (CopyCoalescing, ArgumentMovesToPhiRegister)
{
  auto q = prepare (join, make_test_target (4, 2, 2), upto::colored);
  ra::work &w = *q->w;
  phi_pair p = join_phi (w, 0);
  ASSERT_NE (w.wv[p.def].reg, no_hreg);
  hreg elsewhere = other_gpr (w, { p.def, 0 });
  w.wv[p.arg].reg = elsewhere;
  ra::coalesce_copies (w);
  EXPECT_EQ (w.wv[p.arg].reg, w.wv[p.def].reg) << print_function (w.fn, w.tgt);
  EXPECT_GT (w.stats.coalesced, 0u);
}

// The other way round: v4 holds the phi's register in block 2 while the
// argument v2 is live, so v2 cannot move there; the phi moves to v2's
// register instead (its heavier edge, frequency 90, against 10), and then
// the light edge's argument follows it: no copy on either edge.
TEST (CopyCoalescing, PhiFollowsHeavierArgument)
{
  auto q = prepare (join, make_test_target (4, 2, 2), upto::colored);
  ra::work &w = *q->w;
  phi_pair light = join_phi (w, 0), heavy = join_phi (w, 1);
  ASSERT_NE (w.wv[heavy.arg].reg, no_hreg);
  // Put v4 in the phi's register and v2 elsewhere, as an unlucky
  // colouring of block 2 would.
  hreg phi_reg = w.wv[heavy.def].reg;
  hreg elsewhere = other_gpr (w, { heavy.def, 0 });
  w.wv[4].reg = phi_reg;
  w.wv[heavy.arg].reg = elsewhere;
  w.wv[light.arg].reg = phi_reg;
  ra::coalesce_copies (w);
  EXPECT_EQ (w.wv[4].reg, phi_reg);
  EXPECT_EQ (w.wv[heavy.def].reg, elsewhere) << print_function (w.fn, w.tgt);
  EXPECT_EQ (w.wv[heavy.arg].reg, elsewhere);
  EXPECT_EQ (w.wv[light.arg].reg, elsewhere);
}

// A register held by another value anywhere in the live range stops a
// move: v0 lives throughout, so no argument may take v0's register even
// though nothing else stands in the way.
TEST (CopyCoalescing, BusyRegisterStopsMove)
{
  auto q = prepare (join, make_test_target (4, 2, 2), upto::colored);
  ra::work &w = *q->w;
  phi_pair p = join_phi (w, 0);
  hreg v0_reg = w.wv[0].reg;
  ASSERT_NE (v0_reg, no_hreg);
  // The phi in v0's register is invalid; the argument must not follow.
  hreg arg_reg = w.wv[p.arg].reg;
  w.wv[p.def].reg = v0_reg;
  ra::coalesce_copies (w);
  EXPECT_EQ (w.wv[p.arg].reg == v0_reg, false) << print_function (w.fn, w.tgt);
  EXPECT_EQ (w.wv[p.arg].reg, arg_reg);
}

// Two phis whose arguments arrive crossed on the heavy edge: v3 sits in
// the register of v6 and v4 in that of v5, and each holds the other's
// register over the other's whole live range, so neither may move
// alone.  They swap (or the phis do, and then block 1's arguments): no
// edge needs a copy.
TEST (CopyCoalescing, CrossedArgumentsSwap)
{
  const char *crossed = R"(
function crossed
value v0 cr
value v1 gpr
value v2 gpr
value v3 gpr
value v4 gpr
value v5 gpr
value v6 gpr
block 0 succs=1,2
  insn def:v0
  insn use:v0 term
block 1 preds=0 succs=3 freq=10
  insn def:v1
  insn def:v2
block 2 preds=0 succs=3 freq=90
  insn def:v3
  insn def:v4
block 3 preds=1,2
  phi v5 = v1 v3
  phi v6 = v2 v4
  insn use:v5 use:v6 term
)";
  auto q = prepare (crossed, make_test_target (4, 2, 2), upto::colored);
  ra::work &w = *q->w;
  // Two call-clobbered GPRs.
  std::vector<hreg> regs;
  for (hreg h : w.tgt.files[gpr_file].regs)
    if (!w.tgt.call_saved.test (h))
      regs.push_back (h);
  ASSERT_GE (regs.size (), 2u);
  const hreg a = regs[0], b = regs[1];
  w.wv[1].reg = w.wv[5].reg = w.wv[4].reg = a;
  w.wv[2].reg = w.wv[6].reg = w.wv[3].reg = b;
  ra::coalesce_copies (w);
  EXPECT_EQ (w.wv[1].reg, w.wv[5].reg) << print_function (w.fn, w.tgt);
  EXPECT_EQ (w.wv[3].reg, w.wv[5].reg);
  EXPECT_EQ (w.wv[2].reg, w.wv[6].reg);
  EXPECT_EQ (w.wv[4].reg, w.wv[6].reg);
  EXPECT_NE (w.wv[5].reg, w.wv[6].reg);
  EXPECT_GT (w.stats.coalesced, 0u);
}
