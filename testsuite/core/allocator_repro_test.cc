// allocator_repro_test.cc -- reduced generated programs the allocator
// once failed on (found by the all-features fuzz tests and shrunk by
// reduce.cc).  Each is allocatable: the reference allocator passes it.
// A new failure goes in as DISABLED_ with a comment saying why it fails;
// run those with --gtest_also_run_disabled_tests
// --gtest_filter='AllocatorRepro.*' and drop the prefix once they pass.

#include "allocate.h"
#include "checker.h"
#include "interp.h"
#include "ir-text.h"
#include "reference_alloc.h"
#include "test-targets.h"
#include "test-util.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace ssara;
using namespace ssara::test;

namespace {

// Allocate TEXT for the fuzz target of SEED with spill mode MODE and
// policy POLICY; expect success, a clean checker and agreeing runs.
void
expect_allocates (const char *text, uint64_t seed,
                  spill_mode mode = spill_mode::normal,
                  spill_policy policy = spill_policy::cheaper)
{
  target t = make_test_target (unsigned (2 + seed % 31),
                               unsigned (2 + (7 * seed) % 31),
                               unsigned (1 + (3 * seed) % 8));
  function f = parse (text, t);
  allocation ref;
  ASSERT_EQ (reference_allocate (f, t, &ref), "");
  alloc_options o;
  o.check = check_mode::on;
  o.spill = mode;
  o.policy = policy;
  alloc_result r = allocate (f, t, o);
  ASSERT_EQ (r.error, "") << print_function (f, t);
  EXPECT_EQ (joined (check_allocation (f, t, r.alloc)), "");
  EXPECT_EQ (compare_runs (f, t, r.alloc, seed), "");
}

} // namespace

// Seed 0: no register for  at block 0 insn 1
TEST (AllocatorRepro, WideValueAndDeadDef)
{
  expect_allocates (R"(
function gen
value v0 gpr w=2 origin=104
value v1 gpr origin=106
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=3
  insn def:v1 origin=5
  insn use:v0 origin=6
block 1 preds=0,1 succs=1 depth=2 origin=1003
)", 0);
}

// Seed 7: checker: block 1 insn 0 (origin 44) operand 0 puts v0 in r4 which the value does not allow {r7,r30,r31}
TEST (AllocatorRepro, DefOutsideValueAllowed)
{
  expect_allocates (R"(
function gen
value v0 gpr allowed={r7,r30,r31} origin=127
block 0 preds= succs=1 depth=0 origin=1001
block 1 preds=0 succs=2 depth=0 origin=1013
  insn def:v0{r4,r5,r28,r29,r31} origin=44
block 2 preds=1 succs= depth=0 origin=1030
)", 7);
}

// Seed 101: no register for .r at block 2 insn 1
TEST (AllocatorRepro, PinnedWideUseAcrossAbnormalEdge)
{
  expect_allocates (R"(
function gen
value v0 gpr w=4 origin=102
value v1 gpr origin=103
value v2 gpr origin=107
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0{r3} def:v1 origin=2
  insn def:v2 origin=5
block 1 preds=0 succs=2 depth=0 origin=1003
  insn use:v1{r4} origin=15
block 2 preds=1 succs=3 depth=0 origin=1008
  insn use:v2{r3,r5,r28,r29} use:v0{r3,r5} origin=32
block 3 preds=2 succs=4 depth=0 origin=1013
  insn use:v2 origin=41
block 4 preds=3* succs= depth=0 origin=1014
)", 101);
}

// Seed 1: no free gpr register to move a ctr value to or from memory (edge 2->1)
TEST (AllocatorRepro, CtrSpillOnBackEdgeWithFewGprs)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=103
value v1 gpr origin=104
value v2 ctr origin=106
value v3 gpr origin=107
value v4 gpr origin=108
value v5 ctr mem origin=109
value v6 gpr w=2 origin=110
value v7 ctr origin=111
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 def:v1 origin=3
  copy def:v2 use:v0 origin=5
block 1 preds=0,1 succs=1 depth=1 origin=1002
  phi v3 = v1 v4
  phi v4 = v1 v3
  phi v5 = v2 v7
  insn def:v6 origin=6
  insn def:v7 term origin=7
)", 1);
}

// Seed 62: no register for  at block 2 insn 1
TEST (AllocatorRepro, FprPairLoopAndDef)
{
  expect_allocates (R"(
function gen
value v0 fpr w=2 origin=112
value v1 fpr w=2 origin=121
value v2 fpr origin=126
block 0 preds= succs=1 depth=0 origin=1001
block 1 preds=0 succs=2 depth=0 origin=1003
  insn def:v0 origin=17
block 2 preds=1,2 succs=2 depth=1 origin=1007
  phi v1 = v0 v1
  insn def:v2 origin=29
)", 62);
}

// Seed 1432: parallel copy: no free register to break a cycle (edge 2->4)
TEST (AllocatorRepro, ParallelCopyCycleWideValues)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=101
value v1 gpr w=2 origin=151
value v2 gpr w=2 origin=155
value v3 gpr w=2 origin=157
value v4 gpr w=4 origin=158
value v5 gpr origin=159
value v6 gpr w=4 origin=160
value v7 gpr w=4 origin=161
value v8 gpr origin=162
value v9 gpr origin=163
block 0 preds= succs=1,3 depth=0 origin=1001
  insn def:v0 origin=1
block 1 preds=0 succs=2 depth=0 origin=1014
  insn def:v1 origin=43
block 2 preds=1 succs=4 depth=0 origin=1017
  phi v2 = v1
  phi v3 = v1
  insn def:v4 origin=47
  insn def:v5 use:v2 origin=48
block 3 preds=0 succs=4 depth=0 origin=1018
  insn def:v6 origin=49
block 4 preds=2,3 succs= depth=0 origin=1019
  phi v7 = v4 v6
  phi v8 = v5 v0
  phi v9 = v5 v0
  copy def_hard:r3 use:v0 origin=51
)", 1432);
}

// Seed 31: no register for  at block 0 insn 1
TEST (AllocatorRepro, WideCallResultThenDef)
{
  expect_allocates (R"(
function gen
value v0 gpr w=2 origin=106
value v1 gpr origin=107
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:r3,w=2 origin=7
  insn def:v1 origin=8
block 1 preds=0 succs=2 depth=0 origin=1003
  insn use:v0 origin=12
block 2 preds=1 succs= depth=0 origin=1010
)", 31);
}

// Seed 409: no free gpr register to move a cr value to or from memory (edge 6->2)
TEST (AllocatorRepro, CrSpillOnBackEdge)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=100
value v1 gpr origin=101
value v2 gpr origin=102
value v3 gpr origin=103
value v4 gpr origin=104
value v5 gpr origin=106
value v6 gpr origin=107
value v7 cr origin=126
value v8 cr origin=131
value v9 gpr origin=132
value v10 gpr origin=133
value v11 cr mem origin=136
value v12 gpr origin=137
value v13 gpr origin=163
value v14 gpr origin=165
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:r3 origin=1
  copy def:v1 use_hard:r4 origin=2
  copy def:v2 use_hard:r5 origin=3
  insn def:v3 def:v4 origin=4
  insn def:v5 def:v6 origin=6
block 1 preds=0 succs=2 depth=0 origin=1004
  insn use:v3 use:v2{r6} def:v7 origin=19
block 2 preds=1,2 succs=3,2 depth=1 origin=1007
  phi v8 = v7 v11
  phi v9 = v1 v12
  phi v10 = v6 v9
  insn def:v11 origin=26
  insn def:v12 use:v4 origin=27
block 3 preds=2 succs=4 depth=0 origin=1010
  insn use:v2 origin=38
block 4 preds=3 succs=5 depth=0 origin=1018
  phi v13 = v1
block 5 preds=4 succs= depth=0 origin=1019
  phi v14 = v0
  copy def_hard:r3 use:v5 origin=53
)", 409);
}

// Seed 982 (all features, 3 CR fields): no register for ' at block 0
// insn 12.  v1 is read twice, once through a copy into cr1; once v1 was
// spilled, its reload for that copy held cr0 while the other reload of v1
// (cr0 or cr1) had to be coloured, leaving cr1 taken.  The copy now
// reloads straight into the operand temp, and v0, which the instruction
// reads, may be spilled to make room for the group.
TEST (AllocatorRepro, ReloadIntoOperandTemp)
{
  expect_allocates (R"(
function gen
value v0 cr origin=102
value v1 cr origin=103
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=2
  insn def:v1{cr0,cr1} origin=3
  insn use:v0 use:v1{cr1} use:v1 origin=8
block 1 preds=0 succs= depth=0 origin=1021
)", 982);
}

// Seed 123 (all features, 2 CR fields): no register for ' at block 2
// insn 4.  The reload of v0 for the copy into cr1 and the reload of v2
// for the instruction both needed a CR field before the copy.
TEST (AllocatorRepro, TwoCrReloadsAndSingleRegisterCopy)
{
  expect_allocates (R"(
function gen
value v0 cr origin=101
value v1 cr origin=111
value v2 cr origin=115
value v3 cr origin=122
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=2
  insn def:v1 origin=17
  insn def:v2 origin=19
block 1 preds=0 succs=2 depth=1 origin=1002
  phi v3 = v1
block 2 preds=1 succs=3 depth=0 origin=1009
  insn use:v2 use:v0{cr1} origin=41
block 3 preds=2 succs= depth=0 origin=1027
)", 123);
}

// Seed 1798 (2 GPRs): no register for ' at block 0 insn 2.  The copy of
// the tied use took r4, which its def then kept, and the other def wants
// r4: the group of an instruction now includes its unspillable defs,
// which may reuse the registers of uses dying there but not those of
// tied uses.
TEST (AllocatorRepro, TiedDefAndSingleRegisterDef)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=102
value v1 gpr origin=105
value v2 gpr origin=106
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=3
  insn use:v0 def:v1{r4} def:v2,tied=0 origin=4
  insn use:v0 origin=5
block 1 preds=0 succs= depth=0 origin=1023
)", 1798);
}

// Seed 992 (2 GPRs): no register for ' at block 1 insn 0.  The
// earlyclobber def took r3, which the other def needs at D_j; v0's
// reload dies at the instruction, so r3 is free for the def there.
TEST (AllocatorRepro, EarlyclobberAndSingleRegisterDef)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=103
value v1 gpr origin=151
value v2 gpr origin=153
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=3
block 1 preds=0,1 succs=1 depth=1 origin=1017
  insn use:v0 def:v1,ec def:v2{r3} origin=45
)", 992);
}

// Seed 1240 (2 GPRs, 1 CR field): no register for .sv at block 1 insn 1.
// The store of the spilled CR def needs a GPR, and both were held by the
// instruction's other defs until the copy out of its operand temp: such
// stores now follow the copies out.
TEST (AllocatorRepro, CrStoreAfterOperandCopyOut)
{
  expect_allocates (R"(
function gen
value v0 cr origin=100
value v1 cr origin=107
value v2 gpr origin=108
value v3 gpr origin=109
value v4 gpr w=2 origin=111
value v5 gpr origin=115
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=1
block 1 preds=0 succs=2 depth=1 origin=1004
  insn def:v1 def:v2 def:v3{r4} origin=8
block 2 preds=1 succs=3 depth=1 origin=1005
  insn use:v0 def:v4 origin=11
block 3 preds=2 succs=4 depth=1 origin=1006
  phi v5 = v2
block 4 preds=3 succs=5 depth=1 origin=1007
  insn use:v1 origin=17
block 5 preds=4 succs= depth=0 origin=1016
)", 1240);
}

// Seed 407 (6 GPRs): no register for .r at block 3 insn 1.  Constraint
// lifting narrowed the pair v0 to r4:r5 or r5:r6 for other uses; here it
// is read together with a use in r5.  A reload temp now takes the sets of
// the instruction's own operands.
TEST (AllocatorRepro, ReloadWiderThanNarrowedValue)
{
  expect_allocates (R"(
function gen
value v0 gpr w=2 origin=100
value v1 gpr origin=101
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=1
  insn def:v1 origin=2
  insn use:v0{r3-r5} origin=3
block 1 preds=0 succs=2,3 depth=0 origin=1009
block 2 preds=1 succs=4 depth=0 origin=1010
  insn use:v0{r4,r5,r30} origin=30
block 3 preds=1 succs=4 depth=0 origin=1015
  insn use:v0 use:v1{r5} origin=50
block 4 preds=2,3 succs=5 depth=0 origin=1020
block 5 preds=4 succs= depth=0 origin=1027
)", 407);
}

// Seed 3103 (5 GPRs): no register for  at block 0 insn 0.  Its two uses
// narrowed v0 to r4 or r5, which hold incoming arguments at its def;
// once spilled, v0 needs a register only at its def, and gets the def
// operand's set back.
TEST (AllocatorRepro, SpilledValueDefNextToArguments)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=100
value v1 gpr origin=101
value v2 gpr origin=102
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:r3 origin=1
  copy def:v1 use_hard:r4 origin=2
  copy def:v2 use_hard:r5 origin=3
  insn use:v0{r3-r5} origin=6
block 1 preds=0,2 succs=2 depth=1 origin=1004
block 2 preds=1 succs=1 depth=3 origin=1009
  insn use:v0{r4,r5,r30,r31} origin=43
)", 3103);
}

// Seed 837 (2 GPRs): no register for .rv at block 0 insn 5.  The CR
// reload of v0 for the use at origin 9 went before the copy of v1's
// shared reload out of v1's register (r3:r4, just after v1's store),
// where v1 still held both GPRs and the via-file temp had none; after
// the copy, the shared reload is spillable and can make room.
TEST (AllocatorRepro, CrReloadAfterSharedReloadCopy)
{
  expect_allocates (R"(
function gen
value v0 cr allowed={cr0-cr2,cr6} origin=104
value v1 gpr w=2 origin=105
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=6
  insn def:v1 origin=8
  insn use:v0 use:v1 origin=9
block 1 preds=0 succs=2 depth=0 origin=1002
  call clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=13
block 2 preds=1 succs=3 depth=0 origin=1008
  insn use:v1 origin=30
block 3 preds=2 succs=4 depth=1 origin=1013
  insn use:v0{cr2} term origin=45
block 4 preds=3 succs=5 depth=1 origin=1016
  insn use:v0 origin=48
block 5 preds=4 succs= depth=0 origin=1027
)", 837);
}

// Seed 1000 (10 GPRs): checker: block 2 insn 0 (origin 11) reads r3
// which holds nothing known, expected v0.  v0's shared reload in block 2
// was spilled and its reads got reloads of their own, which recorded the
// shared reload rather than v0 as the value they carry.  Stack slot
// sharing then saw v0's cell live only from the shared reload's block
// to block 2, not from v0's store around the loop, and gave it the slot
// of v8's cell, which block 3 writes.
TEST (AllocatorRepro, ReloadOfSpilledSharedReloadKeepsCellLive)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=100
value v1 gpr origin=102
value v2 gpr origin=103
value v3 gpr origin=105
value v4 gpr allowed={r3-r5,r7,r28} mem origin=106
value v5 gpr origin=107
value v6 gpr origin=108
value v7 gpr origin=109
value v8 gpr origin=118
value v9 gpr origin=119
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:r3 origin=1
  insn def:v1 origin=4
  insn def:v2 origin=5
  insn def:v3 origin=6
  insn def:v4 origin=7
block 1 preds=0,5 succs=2,3 depth=1 origin=1002
  phi v5 = v1 v6
  phi v6 = v3 v7
  phi v7 = v2 v5
block 2 preds=1 succs=5 depth=1 origin=1003
  insn use:v0 origin=11
  copy def_hard:r4 use:v4 origin=13
  call clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=14
  copy def_hard:r3 use:v4 origin=16
  copy def_hard:r4 use:v0 origin=17
block 3 preds=1 succs=4 depth=1 origin=1005
  insn def:v8 origin=24
block 4 preds=3* succs=5 depth=1 origin=1007
  phi v9 = v8
block 5 preds=2,4 succs=1 depth=1 origin=1008
)", 1000);
}

// Seed 3323 (2 CR fields): no register for ' at block 3 insn 2.  The
// reload of v0 took cr0, leaving the spillable earlyclobber def v1 only
// cr1, which the def temp of v2 (cr1 only) needs at D_j.  A def of the
// instruction needs its register there even when spillable, so the
// reload's group includes it: v0's reload takes cr1, v1 cr0.
TEST (AllocatorRepro, ReloadLeavesRoomForSpillableEarlyclobberDef)
{
  expect_allocates (R"(
function gen
value v0 cr origin=124
value v1 cr origin=163
value v2 cr origin=165
block 0 preds= succs=1 depth=0 origin=1001
block 1 preds=0 succs=2 depth=0 origin=1005
  insn def:v0 origin=35
block 2 preds=1,3 succs=3 depth=2 origin=1017
block 3 preds=2 succs=2 depth=2 origin=1018
  insn use:v0 def:v1,ec def:v2{cr1} origin=87
)", 3323);
}

// Seed 2387 (2 GPRs): no register for .rv at block 2 insn 2.  The
// operand copies of the instruction at origin 68 became loads straight
// into their temps (r3, r4); the copy of CR v1 into its operand temp
// became a load through a GPR placed after them, when both GPRs were
// taken.  It goes before the run of the instruction's operand loads.
TEST (AllocatorRepro, CrReloadIntoOperandTempBeforeGprLoads)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=100
value v1 cr origin=102
value v2 cr origin=104
value v3 gpr origin=151
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:r3 origin=1
  insn def:v1 origin=3
  insn def:v2{cr1} origin=4
block 1 preds=0 succs=2 depth=0 origin=1013
  insn def:v3 origin=51
block 2 preds=1,2 succs=2 depth=2 origin=1018
  insn use:v3{r3} use:v0{r4} use:v1{cr0} origin=68
)", 2387);
}

// Seed 3694 (7 GPRs): no register for ' at block 0 insn 0.  v1, an
// earlyclobber def live across a call, may only have r28 there, the one
// register v0's def temp needs.  v1 is spilled instead of breaking the
// group: then it needs a register only at its def, any of r4-r6, r28.
TEST (AllocatorRepro, EarlyclobberAcrossCallAndSingleRegisterDef)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=105
value v1 gpr allowed={r4-r6,r28} origin=106
value v2 gpr origin=162
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0{r28} def:v1,ec origin=5
block 1 preds=0 succs=2 depth=0 origin=1008
  call clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=33
block 2 preds=1 succs=3 depth=0 origin=1016
  phi v2 = v1
block 3 preds=2 succs= depth=0 origin=1022
)", 3694);
}

// Seed 8402 (3 GPRs), once reduced to: no register for ' at block 1
// insn 1.  v6, a def of the instruction at origin 9, lives across a call,
// so its live range forbids r3 and r4; counted with that set in the
// operand group, it made the group unsatisfiable and the tie copy of v3
// took r4, the one register v4's operand temp may have.  Spilled, v6
// needs a register only at the instruction: a spillable def member
// counts only the registers the instruction itself occupies.
TEST (AllocatorRepro, SpillableDefMemberCountsItsInstructionOnly)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=100
value v1 gpr w=2 origin=104
value v2 gpr origin=105
value v3 gpr origin=106
value v4 gpr origin=107
value v5 gpr origin=109
value v6 gpr origin=110
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:r3 origin=1
  insn def:v1 origin=4
  insn def:v2{r30} origin=5
  insn def:v3 def:v4 origin=6
block 1 preds=0 succs=2 depth=0 origin=1002
  insn use:v4{r4} use:v3 def:v5{r4,r30},tied=1 def:v6 origin=9
block 2 preds=1 succs=3 depth=0 origin=1004
  insn use:v0 origin=12
block 3 preds=2 succs=4 depth=1 origin=1011
  call clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=28
block 4 preds=3 succs=5 depth=1 origin=1012
  insn use:v6 origin=36
block 5 preds=4 succs= depth=0 origin=1024
  insn use:v1 use:v2 origin=70
)", 8402);
}

// Seed 5244 (7 GPRs): no register for  at block 3 insn 3.  The
// four-register def v7 can only start at r3 (r3-r6); the copy of the tied
// use v3 took one of r3-r6 because the group test counted those as
// blocked by v2, which the instruction reads, though v2 can be spilled
// (its reload dies at the instruction).  Then v8, tied, sat in v7's way.
TEST (AllocatorRepro, TieCopyLeavesRoomForWideDef)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=104
value v1 gpr origin=111
value v2 gpr origin=115
value v3 gpr origin=118
value v4 gpr origin=122
value v5 gpr origin=123
value v6 gpr origin=124
value v7 gpr w=4 origin=125
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=5
block 1 preds=0 succs=2 depth=0 origin=1002
  insn def:v1 origin=12
block 2 preds=1 succs=3 depth=1 origin=1004
  phi v2 = v0
  insn def:v3 origin=16
block 3 preds=2,3 succs=3 depth=1 origin=1006
  phi v4 = v1 v5
  phi v5 = v2 v4
  insn use:v2 use:v5 use:v3 def:v6,tied=2 def:v7 origin=20
)", 5244);
}

// Seed 8402 (3 GPRs): no register for ' at block 3 insn 2.  At origin
// 41, the reload of v5, v2's shared reload (r3 or r4) and the
// earlyclobber def v6 need three registers, and v7's def temp needs r30
// next to v6: only the reload of v5 may have r30.  The shared reload,
// spillable, was left out of the reload's group, which then took r3.
TEST (AllocatorRepro, ReloadLeavesRoomForSharedReload)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=105
value v1 gpr origin=107
value v2 gpr origin=109
value v3 gpr origin=129
value v4 gpr origin=130
value v5 gpr origin=135
value v6 gpr origin=141
value v7 gpr origin=142
value v8 gpr origin=144
value v9 gpr origin=158
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=5
  insn def:v1 origin=6
block 1 preds=0 succs=2 depth=0 origin=1002
  insn def:v2 origin=9
block 2 preds=1,5 succs=3 depth=1 origin=1011
  phi v3 = v1 v5
  phi v4 = v0 v9
  insn def:v5 origin=32
block 3 preds=2 succs=4 depth=1 origin=1014
  insn use:v5 use:v2{r3,r4} def:v6,ec def:v7{r30} origin=41
  insn use:v2{r30} def:v8,ec origin=43
block 4 preds=3 succs=5 depth=1 origin=1016
  insn use:v4 origin=50
block 5 preds=4 succs=2 depth=1 origin=1017
  phi v9 = v0
)", 8402);
}

// Seed 19592 (2 GPRs): no register for .sv at block 2 insn 3.  The store
// of memory-only v3, defined by the copy out of its tied def's temp, went
// through a GPR right after that copy, while the temps of the GPR defs v4
// (r4) and v5 (r3) still held both GPRs until their own copies out.
TEST (AllocatorRepro, CrStoreAfterTiedCopyOutWaitsForOtherCopyOuts)
{
  expect_allocates (R"(
function gen
value v0 cr origin=104
value v1 cr origin=106
value v2 cr origin=111
value v3 cr mem origin=113
value v4 gpr origin=114
value v5 gpr origin=115
value v6 cr origin=128
value v7 cr origin=146
value v8 cr origin=154
value v9 cr origin=155
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=5
  insn def:v1 origin=6
block 1 preds=0 succs=2 depth=1 origin=1003
  insn def:v2 origin=8
block 2 preds=1 succs=3 depth=1 origin=1004
  insn use:v0 def:v3,tied=0 def:v4{r4} def:v5{r3} origin=11
block 3 preds=2 succs=4 depth=2 origin=1010
  phi v6 = v1
block 4 preds=3 succs=5 depth=2 origin=1016
  phi v7 = v6
block 5 preds=4,5 succs=5 depth=1 origin=1019
  phi v8 = v2 v9
  phi v9 = v7 v8
)", 19592);
}

// Seed 792 (1 CR field), spilling everything: no register for .r at
// block 2 insn 3.  Spilled CR v0 is read as a GPR: its operand temp's
// copy reloaded v0 into a CR field first, while v1 held the only one.
// The operand temp now loads v0's cell itself.
TEST (AllocatorRepro, SpilledCrReadAsGprLoadsIntoOperandTemp)
{
  const char *text = R"(
function gen
value v0 cr origin=102
value v1 cr origin=107
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=4
block 1 preds=0 succs=2 depth=0 origin=1004
  insn def:v1 origin=8
block 2 preds=1 succs=3 depth=0 origin=1005
  insn use:v1 use:v0{r3,r5,r7,r8,r10,r12,r22,r26-r28,r30,r31} origin=10
block 3 preds=2,3 succs=3 depth=1 origin=1009
)";
  expect_allocates (text, 792, spill_mode::everything);
  expect_allocates (text, 792);
}

// Seed 157 (one CTR), spilling everything: no register for v0 at block 0
// insn 1.  CTR v0 is written in a GPR and copied out into CTR, whose
// store went through a GPR after the instruction's other stores; CTR v1's
// store waited for the copy out (`late`) and held CTR meanwhile.  The
// spilled value is now stored straight from its operand temp.
TEST (AllocatorRepro, SpilledCtrWrittenAsGprStoresFromOperandTemp)
{
  const char *text = R"(
function gen
value v0 ctr origin=105
value v1 ctr origin=106
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0{r30,r31} def:v1 origin=5
block 1 preds=0 succs= depth=0 origin=1027
)";
  expect_allocates (text, 157, spill_mode::everything);
  expect_allocates (text, 157);
}

// Seed 625 (7 GPRs): no register for ' at block 1 insn 2.  Insn 62 reads
// pair v0 three times: as itself, as a temp in r3:r4 or r30:r31 and as a
// temp in r30:r31.  Insn 61 had narrowed v0 to r3:r4 or r4:r5, so the
// temps needed v0 out of the way; evicting it was tested with its reload
// limited to v0's narrowed set, which the first temp overlaps, whereas
// the reload takes any pair insn 62's operand accepts (r5:r6).
TEST (AllocatorRepro, EvictionTestsReloadWithItsOwnSet)
{
  expect_allocates (R"(
function gen
value v0 gpr w=2 origin=104
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=4
block 1 preds=0 succs= depth=0 origin=1021
  insn use:v0{r3,r4} origin=61
  insn use:v0 use:v0{r3,r30} use:v0{r30} origin=62
)", 625);
}

// Seed 12060 of the untargeted range (3 GPRs): no register for ' at block
// 0 insn 14.  The temps of insn 6 (the tied copy of v0, v2's copy in r3)
// and its def v4 in r4 needed v0 out of r30; evicting v0 was tested with
// its reload forbidden r4, where the argument r4 is live during v0's
// range but not at insn 6, where the reload lives.
TEST (AllocatorRepro, EvictionTestsReloadWithItsOwnForbiddenSet)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=100
value v1 gpr origin=101
value v2 gpr origin=103
value v3 gpr origin=106
value v4 gpr allowed={r4} origin=107
value v5 gpr origin=109
value v6 gpr origin=111
value v7 gpr origin=112
value v8 gpr origin=113
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:r3 origin=1
  copy def:v1 use_hard:r4 origin=2
  insn def:v2 origin=4
  insn use:v0 use:v0 use:v2{r3} def:v3,tied=0 def:v4 origin=6
  insn def:v5 origin=8
block 1 preds=0,1 succs=1 depth=1 origin=1003
  phi v6 = v1 v7
  phi v7 = v3 v8
  phi v8 = v5 v6
)", 12060);
}

// Seed 1454: no register for ' at block 0 insn 1.  Insn 6 defines LR v0,
// spilled (it lives into a loop), and GPR v1, which insn 7 reads in LR.
// The store of v0 through a GPR waited for every copy reading a def of
// insn 6, so also for the copy of v1 into its LR operand temp, which
// needed the LR v0 still held.  Only copies out of operand temps wait.
TEST (AllocatorRepro, ViaFileStoreDoesNotWaitForOperandCopyOfDef)
{
  expect_allocates (R"(
function gen
value v0 lr origin=104
value v1 gpr origin=105
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 def:v1 origin=6
  insn use:v1{lr} origin=7
block 1 preds=0,1 succs=1 depth=2 origin=1005
  insn use:v0 origin=18
)", 1454);
}

// Seed 15472 of the untargeted range (5 GPRs): no register for ' at block
// 18 insn 5.  Insn 45 reads v5 in r31 and in r3, a tied copy of v4 and v4
// itself, which held r3.  Members of a group evict only values their
// instruction does not read, and the eviction tested for the tied copy
// freed only its own register: now one more value the instruction reads
// (v4) may go with it, its reload joining the group.
TEST (AllocatorRepro, EvictionMayAlsoSpillAnotherValueTheInsnReads)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=100
value v1 gpr origin=101
value v2 gpr origin=102
value v3 gpr origin=103
value v4 gpr origin=115
value v5 gpr origin=116
value v6 gpr origin=148
value v7 gpr origin=150
value v8 gpr origin=152
value v9 gpr origin=154
value v10 gpr origin=180
block 0 preds= succs=1,4 depth=0 origin=1001
  copy def:v0 use_hard:r3 origin=1
  copy def:v1 use_hard:r4 origin=2
  copy def:v2 use_hard:r5 origin=3
  insn def:v3 origin=4
block 1 preds=0 succs=2 depth=0 origin=1007
  insn use:v1 def:v4,tied=0 def:v5 origin=13
block 2 preds=1 succs=3 depth=0 origin=1019
  phi v6 = v2
  phi v7 = v1
  insn use:v5{r31} use:v4 use:v5{r3} use:v4 def:v8,tied=1 origin=45
block 3 preds=2 succs=5 depth=1 origin=1020
  phi v9 = v6
block 4 preds=0 succs=5 depth=0 origin=1025
  copy def_hard:r3 use:v2 origin=61
  copy def_hard:r4 use:v0 origin=62
block 5 preds=3,4 succs=6 depth=0 origin=1030
  phi v10 = v3 v1
block 6 preds=5,6 succs=6 depth=1 origin=1031
)", 15472);
}

// Seed 13857 (2 GPRs): no register for .r.rv at block 2 insn 2.  Insn 56
// reads spilled CR v1, GPR v3 as a float in f1 (loaded from v3's cell,
// its store into the scratch cell now a nop) and pair v2 tied.  The
// reload of v1 through a GPR goes before the run of loads into the
// instruction's temps, but the nop ended the run, so it came after the
// pair's load, which held both GPRs.
TEST (AllocatorRepro, ViaFileReloadHoistsOverNop)
{
  expect_allocates (R"(
function gen
value v0 cr origin=102
value v1 cr origin=109
value v2 gpr w=2 origin=117
value v3 gpr origin=118
value v4 gpr w=2 origin=150
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=5
block 1 preds=0 succs=2 depth=0 origin=1004
  phi v1 = v0
  call clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=15
  insn def:v2 origin=21
  insn def:v3 origin=22
block 2 preds=1 succs=3 depth=0 origin=1013
  insn use:v1 use:v3{f1} use:v2 def:v4,tied=2 origin=56
block 3 preds=2 succs= depth=0 origin=1024
)", 13857);
}

// Seed 18511 (6 GPRs), spilling everything: no register for v0 at block 1
// insn 4.  GPR quad v0 is written as an FPR pair and copied out through
// the scratch cell; the stores owed for CR v1 were flushed before the
// load from the scratch cell, so the check that turns the temp's store
// into v0's own (dropping the load) no longer saw it, and the quad's
// load needed r3-r6 while v2's temp held r3.
TEST (AllocatorRepro, SpilledQuadWrittenAsFprPairBeforeOwedStores)
{
  const char *text = R"(
function gen
value v0 gpr w=4 origin=127
value v1 cr origin=128
value v2 gpr origin=129
block 0 preds= succs=1 depth=0 origin=1001
block 1 preds=0 succs=2 depth=0 origin=1004
  insn def:v0{f0-f12,f16-f30} def:v1 def:v2{r3} origin=28
block 2 preds=1 succs= depth=0 origin=1025
)";
  expect_allocates (text, 18511, spill_mode::everything);
  expect_allocates (text, 18511);
}

// Seed 31465 (2 GPRs): no register for '.sv at block 1 insn 1.  GPR v0
// is written as a CR field and FPR v1 as the pair r3:r4.  v0's copy out
// came first and needed a GPR while v1's temp held both; now the copy
// out that frees the GPRs (v1's, through memory) goes first.
TEST (AllocatorRepro, CopyOutFreeingAFileGoesFirst)
{
  expect_allocates (R"(
function gen
value v0 gpr origin=132
value v1 fpr origin=133
block 0 preds= succs=1 depth=0 origin=1001
block 1 preds=0 succs=2 depth=0 origin=1010
  insn def:v0{cr0,cr1,cr5,cr6} def:v1{r3} origin=38
block 2 preds=1 succs= depth=0 origin=1031
)", 31465);
}

// Seed 36983 (2 GPRs): no register for '.rv at block 3 insn 3.  Insn 56
// reads FPR v0 as the pair r3:r4 and GPR v3 as a float, both through the
// scratch cell, and v1, in memory (it lives over an abnormal edge), as a
// CR field, reloaded through a GPR.  That reload goes before the run of
// loads into the instruction's temps, but the store into the scratch
// cell ended the run, leaving the reload after the pair's load.
TEST (AllocatorRepro, ViaFileReloadHoistsOverScratchStores)
{
  expect_allocates (R"(
function gen
value v0 fpr origin=100
value v1 gpr origin=104
value v2 gpr origin=128
value v3 gpr origin=130
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=1
  insn def:v1 origin=4
block 1 preds=0 succs=2 depth=0 origin=1012
  insn def:v2 origin=45
block 2 preds=1 succs=3 depth=0 origin=1013
  phi v3 = v2
block 3 preds=2 succs=4 depth=0 origin=1016
  insn use:v0{r3} use:v3{f1,f2} use:v1{cr0-cr2,cr5-cr7} origin=56
block 4 preds=3* succs=5 depth=0 origin=1026
block 5 preds=4 succs= depth=0 origin=1030
  insn use:v1 origin=79
)", 36983);
}

// Seed 68051 (8 GPRs), spilling everything: no register for .r at block 2
// insn 1.  Insn 29 reads quad v3, v1 in r3 or r4, and v0, whose shared
// reload also serves a copy after the call, so it must sit in r28-r31,
// where the quad must go too.  The group of insn 29 could not be kept
// satisfiable while the shared reload stayed; now it is spilled (its
// reads get reloads of their own), and the round that spilled it tries
// again rather than fail on v1's reload.
TEST (AllocatorRepro, UnsatisfiableGroupSpillsItsSharedReload)
{
  const char *text = R"(
function gen
value v0 gpr origin=101
value v1 gpr allowed={r3,r4} origin=106
value v2 gpr w=4 origin=108
value v3 gpr w=4 origin=129
value v4 gpr origin=136
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=2
  insn def:v1 origin=6
  insn def:v2 origin=8
block 1 preds=0 succs=2 depth=0 origin=1008
  phi v3 = v2
block 2 preds=1 succs=3 depth=0 origin=1010
  insn use:v3 use:v1 use:v0 origin=29
  call clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=30
block 3 preds=2 succs=4 depth=0 origin=1012
  phi v4 = v0
block 4 preds=3 succs= depth=0 origin=1021
  copy def_hard:r3 use:v0 origin=47
)";
  expect_allocates (text, 68051, spill_mode::everything);
  expect_allocates (text, 68051);
}

// Seed 8875 (3 FPRs: f1, f2, f30): no register for  at block 0 insn 6.
// v0 is read twice through tied uses and lives on, so the paper's
// spilling spills it; the tied def v1's copy out then needed f1 or f2
// (its use's set) while the other defs held both.  A spilled value's def
// now takes any register its copy out accepts.
TEST (AllocatorRepro, TiedDefCopyOutAmongFixedDefs)
{
  const char *text = R"(
function gen
value v0 fpr origin=100
value v1 fpr origin=104
value v2 fpr origin=105
value v3 fpr origin=106
block 0 preds= succs=1 depth=0 origin=1001
  copy def:v0 use_hard:f1 origin=1
  insn use:v0 use:v0 def:v1,tied=0 def:v2,tied=1 def:v3{f1} origin=6
block 1 preds=0 succs=2 depth=0 origin=1002
  insn use:v1{f1,f2} use:v0 origin=22
block 2 preds=1,2 succs=2 depth=1 origin=1008
)";
  for (spill_policy p : { spill_policy::pereira, spill_policy::split,
                          spill_policy::cheaper })
    {
      expect_allocates (text, 8875, spill_mode::normal, p);
      expect_allocates (text, 8875, spill_mode::everything, p);
    }
}

// Seed 20653 (spill=pereira, found with SSARA_FUZZ_COUNT=20000
// SSARA_FUZZ_SEED_BASE=2000): phi v6's register is stored at its
// block's start into its own cell (s1, reloaded after the call in block
// 5) and into the cell of the memory phi v7 it is passed to (s3).
// Reload elision sank both stores to the in-edges that lack them and
// named the second slot as the phi's phi_also: the checker then held s1
// unknown at the reload.  Now one store per phi sinks.
TEST (AllocatorRepro, PhiStoredIntoTwoCellsSinksOneStore)
{
  const char *text = R"(
function gen
value v0 gpr origin=103
value v1 gpr origin=105
value v2 gpr origin=106
value v3 gpr origin=139
value v4 gpr origin=141
value v5 gpr origin=148
value v6 gpr origin=155
value v7 gpr origin=157
value v8 gpr origin=161
block 0 preds= succs=1 depth=0 origin=1001
  insn def:v0 origin=4
  insn def:v1 origin=6
  insn def:v2 origin=7
block 1 preds=0 succs=2 depth=0 origin=1011
  phi v3 = v2
  insn def:v4 origin=43
block 2 preds=1 succs=3 depth=0 origin=1014
  call def_hard:r3 clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=56
  copy def:v5 use_hard:r3 origin=57
block 3 preds=2,5 succs=4 depth=1 origin=1018
  phi v6 = v1 v7
block 4 preds=3,4 succs=4,5 depth=2 origin=1019
  phi v7 = v6 v8
  insn use:v5 use:v0 origin=65
  insn use:v4 origin=67
  insn use:v3 def:v8 origin=68
block 5 preds=4 succs=3 depth=1 origin=1020
  call clobbers={r0,r3-r12,f0-f13,lr,ctr,cr0,cr1,cr5-cr7} origin=71
  insn use:v6 origin=72
)";
  expect_allocates (text, 20653, spill_mode::normal, spill_policy::pereira);
}

// A repro from a file, for debugging: SSARA_REPRO_FILE names a function
// in the text format (a fuzz failure's "reduced" listing), SSARA_REPRO_SEED
// the fuzz seed whose target it was generated for.  Run with
// --gtest_also_run_disabled_tests --gtest_filter='*FromFile'.
TEST (AllocatorRepro, DISABLED_FromFile)
{
  const char *file = std::getenv ("SSARA_REPRO_FILE");
  const char *seed = std::getenv ("SSARA_REPRO_SEED");
  ASSERT_TRUE (file && seed) << "set SSARA_REPRO_FILE and SSARA_REPRO_SEED";
  std::ifstream in (file);
  std::stringstream text;
  text << in.rdbuf ();
  expect_allocates (text.str ().c_str (), std::strtoull (seed, nullptr, 10));
}
