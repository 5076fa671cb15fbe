// ir_test.cc -- verify_function, target queries and dominators.

#include "dominators.h"
#include "ir.h"
#include "test-targets.h"

#include <gtest/gtest.h>

using namespace ssara;
using namespace ssara::test;

namespace {

hreg_set
regs (std::initializer_list<hreg> l)
{
  hreg_set s;
  for (hreg h : l)
    s.set (h);
  return s;
}

operand
use (value_id v, hreg_set allowed)
{
  operand o;
  o.kind = operand_kind::use;
  o.value = v;
  o.allowed = allowed;
  return o;
}

operand
def (value_id v, hreg_set allowed)
{
  operand o = use (v, allowed);
  o.kind = operand_kind::def;
  return o;
}

void
add_edge (function &f, block_id a, block_id b)
{
  f.blocks[a].succs.push_back (b);
  f.blocks[b].preds.push_back (a);
  f.blocks[b].pred_abnormal.push_back (false);
}

// Build a diamond 0 -> {1, 2} -> 3 with a phi in 3.
function
diamond (const target &t)
{
  function f;
  f.name = "diamond";
  f.blocks.resize (4);
  add_edge (f, 0, 1);
  add_edge (f, 0, 2);
  add_edge (f, 1, 3);
  add_edge (f, 2, 3);
  hreg_set g = file_regs (t, gpr_file);
  value v;
  v.allowed = g;
  value_id a = f.add_value (v), b = f.add_value (v), c = f.add_value (v),
           d = f.add_value (v);
  insn i;
  i.ops = { def (a, g) };
  f.blocks[0].insns.push_back (i);
  i.ops = { use (a, g) };
  i.terminator = true;
  f.blocks[0].insns.push_back (i);
  i.terminator = false;
  i.ops = { def (b, g), use (a, g) };
  f.blocks[1].insns.push_back (i);
  i.ops = { def (c, g), use (a, g) };
  f.blocks[2].insns.push_back (i);
  f.blocks[3].phis.push_back ({ d, { b, c } });
  i.ops = { use (d, g) };
  f.blocks[3].insns.push_back (i);
  return f;
}

} // namespace

TEST (Target, FileOfAndAllocatable)
{
  target t = make_test_target (4, 2, 1);
  EXPECT_EQ (t.file_of (gpr (3)), gpr_file);
  EXPECT_EQ (t.file_of (gpr (31)), gpr_file);
  EXPECT_EQ (t.file_of (gpr (12)), no_file);
  EXPECT_EQ (t.file_of (fpr (1)), fpr_file);
  EXPECT_EQ (t.file_of (cr (0)), cr_file);
  EXPECT_EQ (t.file_of (ctr_reg), ctr_file);
  EXPECT_EQ (t.file_of (lr_reg), lr_file);
  EXPECT_EQ (t.allocatable ().count (), 4u + 2 + 1 + 2);
  EXPECT_EQ (start_regs (t, gpr_file, 2), regs ({ gpr (3), gpr (30) }));
  target r = rs6000_target ();
  EXPECT_EQ (r.file_of (gpr (1)), no_file);
  EXPECT_EQ (r.allocatable ().count (), 29u + 32 + 8 + 2);
  EXPECT_EQ (rs6000_call_clobbered ().count (), 11u + 14 + 2 + 5);
}

TEST (Verify, AcceptsDiamond)
{
  target t = make_test_target (4, 0, 0);
  function f = diamond (t);
  EXPECT_EQ (verify_function (f, t), "");
}

// keep_values drops values and renames the rest in phis and operands.
TEST (KeepValues, RenamesPhisAndOperands)
{
  target t = make_test_target (4, 0, 0);
  function f = diamond (t);
  // Values a b c d; an unused fifth one goes, and c is renamed.
  value v;
  v.allowed = file_regs (t, gpr_file);
  f.add_value (v);
  f.values[2].name = "c";
  f.values[3].name = "d";
  std::vector<bool> keep = { true, true, true, true, false };
  std::vector<value_id> ids = keep_values (f, keep);
  EXPECT_EQ (ids, (std::vector<value_id>{ 0, 1, 2, 3, no_value }));
  EXPECT_EQ (f.values.size (), 4u);
  EXPECT_EQ (verify_function (f, t), "");
  // Drop the phi d and its use; c's arm stays, and d's number goes.
  f.blocks[3].phis.clear ();
  f.blocks[3].insns.clear ();
  keep = { true, true, true, false };
  ids = keep_values (f, keep);
  EXPECT_EQ (ids[3], no_value);
  EXPECT_EQ (f.values.size (), 3u);
  EXPECT_EQ (f.values[2].name, "c");
  EXPECT_EQ (f.blocks[2].insns[0].ops[0].value, 2u);
  EXPECT_EQ (verify_function (f, t), "");
  // Drop b (the def in block 1 goes with it): c becomes 1 everywhere.
  f.blocks[1].insns.clear ();
  keep = { true, false, true };
  ids = keep_values (f, keep);
  EXPECT_EQ (ids, (std::vector<value_id>{ 0, no_value, 1 }));
  EXPECT_EQ (f.blocks[2].insns[0].ops[0].value, 1u);
  EXPECT_EQ (f.blocks[2].insns[0].ops[1].value, 0u);
  EXPECT_EQ (f.values[1].name, "c");
  EXPECT_EQ (verify_function (f, t), "");
}

TEST (Verify, RejectsBrokenInvariants)
{
  target t = make_test_target (4, 0, 0);
  hreg_set g = file_regs (t, gpr_file);
  {
    function f = diamond (t);
    f.blocks[3].insns[0].ops[0].value = 1;  // b does not dominate block 3
    EXPECT_NE (verify_function (f, t).find ("does not dominate"),
               std::string::npos) << verify_function (f, t);
  }
  {
    function f = diamond (t);
    f.blocks[1].succs.push_back (3);  // 1->3 twice in succs, once in preds
    EXPECT_NE (verify_function (f, t).find (
                 "edge 1->3 appears more often in succs than in preds"),
               std::string::npos) << verify_function (f, t);
  }
  {
    function f = diamond (t);
    f.blocks[0].succs = { 1 };  // 0->2 only in preds
    EXPECT_NE (verify_function (f, t).find (
                 "edge 0->2 appears less often in succs than in preds"),
               std::string::npos) << verify_function (f, t);
  }
  {
    function f = diamond (t);
    f.blocks[3].phis[0].args = { 2, 1 };  // c on the path from block 1
    EXPECT_NE (verify_function (f, t).find ("not defined on every path"),
               std::string::npos) << verify_function (f, t);
  }
  {
    function f = diamond (t);
    f.blocks[2].insns[0].ops[0].value = 1;  // b defined twice, c never
    EXPECT_NE (verify_function (f, t).find ("definitions"),
               std::string::npos);
  }
  {
    function f = diamond (t);
    f.blocks[1].insns[0].ops[1].value = 1;  // uses its own def
    EXPECT_NE (verify_function (f, t), "");
  }
  {
    function f = diamond (t);
    f.blocks[3].preds.pop_back ();
    f.blocks[3].pred_abnormal.pop_back ();
    EXPECT_NE (verify_function (f, t), "");
  }
  {
    function f = diamond (t);
    f.blocks[0].insns[0].terminator = true;
    EXPECT_NE (verify_function (f, t).find ("terminator"),
               std::string::npos);
  }
  {
    function f = diamond (t);
    f.values[0].allowed = regs ({ gpr (3), fpr (1) });
    EXPECT_NE (verify_function (f, t).find ("outside file"),
               std::string::npos);
  }
  {
    function f = diamond (t);
    f.values[0].width = 2;
    f.values[0].allowed = regs ({ gpr (4) });  // r5 is not in the file
    EXPECT_NE (verify_function (f, t).find ("width"), std::string::npos);
  }
  {
    function f = diamond (t);
    f.blocks[1].insns[0].ops[0].tied_to = 0;  // tied to a def
    EXPECT_NE (verify_function (f, t).find ("tied"), std::string::npos);
  }
  {
    function f = diamond (t);
    f.blocks[1].insns[0].ops[1].allowed = regs ({ fpr (1) });
    EXPECT_NE (verify_function (f, t).find ("allows no register"),
               std::string::npos);
  }
  {
    function f = diamond (t);
    f.blocks.emplace_back ();  // unreachable
    EXPECT_NE (verify_function (f, t).find ("unreachable"),
               std::string::npos);
  }
  {
    function f = diamond (t);
    f.blocks[1].insns[0].kind = insn_kind::copy;
    EXPECT_EQ (verify_function (f, t), "");
    f.blocks[1].insns[0].ops.push_back (use (0, g));
    EXPECT_NE (verify_function (f, t).find ("copy"), std::string::npos);
  }
}

TEST (Dominators, DiamondAndLoop)
{
  target t = make_test_target (4, 0, 0);
  function f = diamond (t);
  // Add a loop 3 -> 4 -> 3 and an exit 4 -> 5.
  f.blocks.resize (6);
  add_edge (f, 3, 4);
  add_edge (f, 4, 3);
  add_edge (f, 4, 5);
  dominator_tree d (f);
  EXPECT_EQ (d.idom (0), no_block);
  EXPECT_EQ (d.idom (1), 0u);
  EXPECT_EQ (d.idom (2), 0u);
  EXPECT_EQ (d.idom (3), 0u);
  EXPECT_EQ (d.idom (4), 3u);
  EXPECT_EQ (d.idom (5), 4u);
  EXPECT_TRUE (d.dominates (0, 5));
  EXPECT_TRUE (d.dominates (3, 5));
  EXPECT_TRUE (d.dominates (3, 3));
  EXPECT_FALSE (d.strictly_dominates (3, 3));
  EXPECT_FALSE (d.dominates (1, 3));
  EXPECT_FALSE (d.dominates (5, 4));
  EXPECT_EQ (std::vector<block_id> (d.children (0).begin (),
                                    d.children (0).end ()),
             (std::vector<block_id>{ 1, 2, 3 }));
  EXPECT_EQ (d.preorder (), (vec<block_id>{ 0, 1, 2, 3, 4, 5 }));
  EXPECT_EQ (d.depth (5), 3u);
  f.blocks.emplace_back ();
  dominator_tree d2 (f);
  EXPECT_FALSE (d2.reachable (6));
  EXPECT_FALSE (d2.dominates (0, 6));
}
