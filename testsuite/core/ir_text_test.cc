// ir_text_test.cc -- the textual IR: parse, print, round trip.

#include "ir-text.h"
#include "test-targets.h"

#include <gtest/gtest.h>

using namespace ssara;
using namespace ssara::test;

namespace {

const char *example = R"(
function f
value v0 gpr
value v1 gpr w=2 allowed={r3,r5} name=r120 origin=120
value v2 fpr mem
value v3 cr allowed={cr0}
value v4 gpr
value v5 gpr
value v6 gpr
block 0 succs=1,2 origin=4
  insn def:v0{r3-r10} def:v1 origin=7   ; a comment
  copy def_hard:r3 use:v0
  call use_hard:r3 def_hard:r3 clobbers={r0,r3-r12,lr,ctr,cr0,cr1,cr5-cr7}
  insn def:v2 def:v3 use:v1{r3} use_hard:f1,w=2 mem_across
  insn def:v4,tied=1 use:v0 def:v5,ec term
block 1 depth=1
  insn use:v4
block 2 preds=0* depth=0
block 3 preds=1,2 succs=
  phi v6 = v4 v5
  insn use:v6 use:v2 use:v3 use:v1 term
)";

} // namespace

TEST (IrText, ParseExample)
{
  target t = make_test_target (16, 8, 4);
  function f;
  ASSERT_EQ (parse_function (example, t, &f), "");
  // Block 1 and 2 have no succs: wire 1->3 and 2->3 now.
  f.blocks[1].succs = { 3 };
  f.blocks[2].succs = { 3 };
  EXPECT_EQ (verify_function (f, t), "");
  EXPECT_EQ (f.name, "f");
  ASSERT_EQ (f.values.size (), 7u);
  EXPECT_EQ (f.values[1].width, 2);
  EXPECT_EQ (f.values[1].name, "r120");
  EXPECT_EQ (f.values[1].origin, 120u);
  EXPECT_TRUE (f.values[1].allowed.test (gpr (3)));
  EXPECT_TRUE (f.values[1].allowed.test (gpr (5)));
  EXPECT_EQ (f.values[1].allowed.count (), 2u);
  EXPECT_TRUE (f.values[2].memory_only);
  EXPECT_EQ (f.values[2].file, fpr_file);
  EXPECT_EQ (f.values[2].allowed, file_regs (t, fpr_file));
  EXPECT_EQ (f.blocks[0].origin, 4u);
  EXPECT_EQ (f.blocks[1].preds, (vec<block_id>{ 0 }));
  EXPECT_EQ (f.blocks[2].pred_abnormal, (vec<bool>{ true }));
  EXPECT_EQ (f.blocks[1].loop_depth, 1u);
  const insn &i0 = f.blocks[0].insns[0];
  EXPECT_EQ (i0.origin, 7u);
  EXPECT_EQ (i0.ops[0].allowed.count (), 8u);
  EXPECT_EQ (i0.ops[1].allowed, f.values[1].allowed);
  EXPECT_EQ (f.blocks[0].insns[1].kind, insn_kind::copy);
  EXPECT_EQ (f.blocks[0].insns[1].ops[0].kind, operand_kind::def_hard);
  const insn &call = f.blocks[0].insns[2];
  EXPECT_EQ (call.kind, insn_kind::call);
  EXPECT_EQ (call.clobbers, rs6000_call_clobbered () & ~[] {
               hreg_set f;
               for (unsigned n = 0; n < 14; ++n)
                 f.set (fpr (n));
               return f;
             }());
  const insn &i3 = f.blocks[0].insns[3];
  EXPECT_TRUE (i3.values_across_in_memory);
  EXPECT_EQ (i3.ops[3].reg, fpr (1));
  EXPECT_EQ (i3.ops[3].width, 2);
  const insn &i4 = f.blocks[0].insns[4];
  EXPECT_EQ (i4.ops[0].tied_to, 1);
  EXPECT_TRUE (i4.ops[2].earlyclobber);
  EXPECT_TRUE (i4.terminator);
  EXPECT_EQ (f.blocks[3].phis[0].args, (vec<value_id>{ 4, 5 }));
}

TEST (IrText, RoundTrip)
{
  target t = make_test_target (16, 8, 4);
  function f;
  ASSERT_EQ (parse_function (example, t, &f), "");
  std::string once = print_function (f, t);
  function g;
  ASSERT_EQ (parse_function (once, t, &g), "") << once;
  EXPECT_EQ (print_function (g, t), once);
}

// The receiver model's attributes (checker.md) survive printing.
TEST (IrText, RoundTripReceivers)
{
  target t = make_test_target (4, 0, 0);
  const char *text = R"(function f frame_saved={f14-f31}
value v0 gpr
block 0 preds= succs=1 depth=0
  insn def:v0
  insn use:v0 saves=r31,0
  insn saves=r31
  call clobbers={r3}
block 1 preds=0* succs=2 depth=0 receiver
block 2 preds=1 succs= depth=0 returns
)";
  function f;
  ASSERT_EQ (parse_function (text, t, &f), "");
  EXPECT_EQ (verify_function (f, t), "");
  EXPECT_TRUE (f.blocks[1].receiver && f.blocks[2].returns);
  EXPECT_EQ (f.blocks[0].insns[1].saves_for_receiver, gpr (31));
  EXPECT_EQ (f.blocks[0].insns[1].saved_operand, 0);
  EXPECT_EQ (f.blocks[0].insns[2].saved_operand, no_operand);
  EXPECT_EQ (print_function (f, t), text);
  // A saved operand must be a use of the instruction.
  function g;
  ASSERT_EQ (parse_function ("function g\nvalue v0 gpr\nblock 0\n"
                             "  insn def:v0 saves=r31,0\n", t, &g), "");
  EXPECT_NE (verify_function (g, t), "");
}

// Block frequencies (GCC's profile estimate) print and parse exactly;
// absent, they are unknown (negative).
TEST (IrText, Frequencies)
{
  target t = make_test_target (4, 0, 0);
  const char *text = R"(function f
value v0 gpr
block 0 preds= succs=1 depth=0 freq=1
  insn def:v0
block 1 preds=0 succs=2 depth=1 freq=9.1234567890123461
  insn use:v0
block 2 preds=1 succs= depth=0 returns
)";
  function f;
  ASSERT_EQ (parse_function (text, t, &f), "");
  EXPECT_EQ (f.blocks[0].frequency, 1.0);
  EXPECT_EQ (f.blocks[1].frequency, 9.1234567890123461);
  EXPECT_LT (f.blocks[2].frequency, 0.0);
  EXPECT_EQ (print_function (f, t), text);
  function g;
  EXPECT_NE (parse_function ("function g\nblock 0 freq=-2\n", t, &g), "");
  EXPECT_NE (parse_function ("function g\nblock 0 freq=x\n", t, &g), "");
}

TEST (IrText, RegisterNamesAndSets)
{
  EXPECT_EQ (reg_name (0), "r0");
  EXPECT_EQ (reg_name (fpr (31)), "f31");
  EXPECT_EQ (reg_name (cr (7)), "cr7");
  EXPECT_EQ (reg_name (96), "lr");
  EXPECT_EQ (reg_name (97), "ctr");
  EXPECT_EQ (reg_name (70), "h70");
  for (hreg h = 0; h < max_hard_regs; ++h)
    EXPECT_EQ (parse_reg_name (reg_name (h)), h);
  EXPECT_EQ (parse_reg_name ("r32"), no_hreg);
  EXPECT_EQ (parse_reg_name ("x1"), no_hreg);
  hreg_set s = rs6000_call_clobbered ();
  EXPECT_EQ (print_reg_set (s), "{r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7}");
  EXPECT_EQ (print_reg_set (hreg_set ()), "{}");
}

TEST (IrText, Errors)
{
  target t = make_test_target (4, 0, 0);
  function f;
  EXPECT_NE (parse_function ("value v0 foo\nblock 0\n", t, &f), "");
  EXPECT_NE (parse_function ("block 0\n  insn use:v9\n", t, &f), "");
  EXPECT_NE (parse_function ("insn\n", t, &f), "");
  EXPECT_NE (parse_function ("block 1\n", t, &f), "");
  EXPECT_NE (parse_function ("value v0 gpr\nblock 0\n insn def:v0{r99}\n",
                             t, &f), "");
  EXPECT_NE (parse_function ("value v0 gpr\nblock 0\n insn def:v0,bad\n",
                             t, &f), "");
  EXPECT_EQ (parse_function ("value v0 gpr\nblock 0\n insn def:v0\n",
                             t, &f), "");
  std::string e = parse_function ("value v0 gpr\nblock 0\n zap\n", t, &f);
  EXPECT_EQ (e.substr (0, 7), "line 3:");
}
