// reload_elision_test.cc -- loads into a register that still holds the
// slot's contents go, and the stores nothing reads then (reload_elision.cc);
// a register written in between keeps them.

#include "checker.h"
#include "ir-text.h"
#include "test-targets.h"
#include "test-util.h"
#include "work.h"

#include <gtest/gtest.h>

using namespace ssara;
using namespace ssara::test;

namespace {

// v0 lives across a call in r14 (call-saved), stored before the call in
// block 0 and loaded after it in block 1, as the splitting spiller does
// for a value that leaves its register at a call and colour assignment
// then gives the value and its reload one call-saved register.  Block 1
// defines v1 before the reload.
const char *across = R"(
function across
value v0 gpr
value v1 gpr
block 0 succs=1
  insn def:v0 origin=10
  call clobbers={r0,r3-r12} origin=11
block 1 preds=0
  insn def:v1 origin=12
  insn use:v1 origin=13
  insn use:v0 term origin=14
)";

// The allocation of `across` with v1 in V1_REG.
allocation
across_allocation (const function &f, hreg v1_reg)
{
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (14);
  a.operand_loc[1][0][0] = R (v1_reg);
  a.operand_loc[1][1][0] = R (v1_reg);
  a.operand_loc[1][2][0] = R (14);
  a.slots.push_back ({ 4, 4 });
  a.value_loc = { R (14), R (v1_reg) };
  a.edits.push_back (mk (edit::kind::store, before (0, 1), no_hreg, 14, 0));
  a.edits.push_back (mk (edit::kind::load, before (1, 2), 14, no_hreg, 0));
  a.stats.loads = a.stats.stores = 1;
  return a;
}

// `across` with v1 in V1_REG (HOME: v0's home is the slot), checked,
// then with the reloads elided.
struct elided
{
  target t = make_test_target (32, 0, 0);
  function f = parse (across, t);
  allocation a;

  elided (hreg v1_reg, bool home = false)
    : a (across_allocation (f, v1_reg))
  {
    if (home)
      a.value_loc[0] = S (0);
    EXPECT_EQ (joined (check_allocation (f, t, a)), "");
    ra::elide_reloads (f, t, a, cost_goal::speed);
  }
  std::string dump () const { return print_allocation (f, t, a); }
  std::string check () const { return joined (check_allocation (f, t, a)); }
};

} // namespace

// r14 holds the slot's contents from the store on, over the call and
// into block 1: the load goes, and with it the store.
TEST (ReloadElision, LoadAfterCallIntoSameRegisterGoes)
{
  elided e (3);
  const allocation &a = e.a;
  EXPECT_TRUE (a.edits.empty ()) << e.dump ();
  EXPECT_EQ (a.stats.elided_loads, 1u);
  EXPECT_EQ (a.stats.elided_stores, 1u);
  EXPECT_EQ (a.stats.loads + a.stats.stores, 0u);
  EXPECT_EQ (e.check (), "");
}

// v1 takes r14 in between: the load is needed, and so is the store.
TEST (ReloadElision, RegisterWrittenBetweenKeepsLoad)
{
  elided e (14);
  EXPECT_EQ (e.a.edits.size (), 2u) << e.dump ();
  EXPECT_EQ (e.a.stats.elided_loads, 0u);
  EXPECT_EQ (e.check (), "");
}

// The reload goes into r15 while r14 still holds the slot's contents
// (sqlite3BtreeInsert at -O2: values stored from r23-r25 before a call
// and loaded into r9 and r10 after it): a copy from r14 serves it, and
// the store nothing reads then goes.  With v1 in r14 in between, r14
// holds nothing and the load stays.
TEST (ReloadElision, LoadServedByAnotherRegisterBecomesCopy)
{
  for (hreg v1_reg : { hreg (3), hreg (14) })
    {
      target t = make_test_target (32, 0, 0);
      function f = parse (across, t);
      allocation a = across_allocation (f, v1_reg);
      a.operand_loc[1][2][0] = R (15);
      a.edits[1].dst_reg = 15;
      ASSERT_EQ (joined (check_allocation (f, t, a)), "");
      ra::elide_reloads (f, t, a, cost_goal::speed);
      EXPECT_EQ (joined (check_allocation (f, t, a)), "");
      if (v1_reg == 14)
        {
          EXPECT_EQ (a.stats.copied_loads, 0u);
          ASSERT_EQ (a.edits.size (), 2u) << print_allocation (f, t, a);
          EXPECT_EQ (a.edits[1].k, edit::kind::load);
          continue;
        }
      EXPECT_EQ (a.stats.copied_loads, 1u);
      EXPECT_EQ (a.stats.elided_stores, 1u);
      EXPECT_EQ (a.stats.loads + a.stats.stores, 0u);
      EXPECT_EQ (a.stats.copies, 1u);
      ASSERT_EQ (a.edits.size (), 1u) << print_allocation (f, t, a);
      EXPECT_EQ (a.edits[0].k, edit::kind::copy);
      EXPECT_EQ (a.edits[0].dst_reg, 15u);
      EXPECT_EQ (a.edits[0].src_reg, 14u);
    }
}

// A slot that is a value's home keeps its store (the adapter's debug
// binds point there), though its load goes.
TEST (ReloadElision, HomeSlotKeepsStore)
{
  elided e (3, true);
  ASSERT_EQ (e.a.edits.size (), 1u) << e.dump ();
  EXPECT_EQ (e.a.edits[0].k, edit::kind::store);
  EXPECT_EQ (e.check (), "");
}

// SSA deconstruction moves a memory phi's argument through a register
// (a load and a store), and stack slots give the argument's and the
// phi's cells one slot: the store writes what the slot holds already,
// and goes, and then the load, whose register nothing reads
// (sqlite3VdbeExec at -O0: 3 M such pairs).  Here v0 is stored at its
// def (its home: the dead-store scan keeps stores there), loaded into r4
// after the call and stored back from r4.  With an instruction that
// writes r4 between the load and the store, both stay (the store stores
// v1; dead loads are looked for only where a store went).
TEST (ReloadElision, StoreOfWhatTheSlotHoldsGoes)
{
  const target t = make_test_target (32, 0, 0);
  const function f = parse (R"(
function store_back
value v0 gpr
value v1 gpr
block 0 returns
  insn def:v0 origin=10
  call clobbers={r0,r3-r12} origin=11
  insn def:v1 origin=12
  insn use:v1 origin=13
)", t);
  for (hreg v1_reg : { 5, 4 })
    {
      allocation a = blank (f);
      a.operand_loc[0][0][0] = R (3);
      a.operand_loc[0][2][0] = R (v1_reg);
      a.operand_loc[0][3][0] = R (v1_reg);
      a.slots.push_back ({ 4, 4 });
      a.value_loc = { S (0), R (v1_reg) };
      a.edits.push_back (mk (edit::kind::store, before (0, 1), no_hreg, 3, 0));
      a.edits.push_back (mk (edit::kind::load, before (0, 2), 4, no_hreg, 0));
      a.edits.push_back (mk (edit::kind::store, after (0, 2), no_hreg, 4, 0));
      a.stats.loads = 1;
      a.stats.stores = 2;
      ASSERT_EQ (joined (check_allocation (f, t, a)), "");
      ra::elide_reloads (f, t, a, cost_goal::speed);
      const unsigned gone = v1_reg == 5 ? 1 : 0;
      EXPECT_EQ (a.edits.size (), 3u - 2 * gone)
        << print_allocation (f, t, a);
      EXPECT_EQ (a.stats.elided_stores, gone);
      EXPECT_EQ (a.stats.stores, 2u - gone);
      EXPECT_EQ (a.stats.elided_loads, gone);
      EXPECT_EQ (a.stats.loads, 1u - gone);
      EXPECT_EQ (joined (check_allocation (f, t, a)), "");
    }
}

namespace {

// A loop whose latch (block 2, which also leaves the loop) calls a
// function that clobbers r3, where v0 lives: v0 is reloaded on the back
// edge 2 -> 1, a critical edge that needs a block and a jump of its own.
const char *loop = R"(
function loop
value v0 gpr
block 0 succs=1 freq=1
  insn def:v0 origin=10
block 1 preds=0,2 succs=2 depth=1 freq=10
  insn use:v0 origin=11
block 2 preds=1 succs=1,3 depth=1 freq=10
  call clobbers={r0,r3-r12} origin=12
  insn term origin=13
block 3 preds=2 returns freq=1
  insn origin=14
)";

// The first load of A, or null.
const edit *
first_load (const allocation &a)
{
  for (const edit &e : a.edits)
    if (e.k == edit::kind::load)
      return &e;
  return nullptr;
}

// `loop` with v0 in r3, stored at STORED (after its def, or in the
// latch before the call), reloaded on the back edge; checked, then
// with the reloads elided and sunk.
struct looped
{
  target t = make_test_target (32, 0, 0);
  function f = parse (loop, t);
  allocation a = blank (f);

  explicit looped (program_point stored)
  {
    a.operand_loc[0][0][0] = R (3);
    a.operand_loc[1][0][0] = R (3);
    a.slots.push_back ({ 4, 4 });
    a.value_loc = { R (3) };
    a.edits.push_back (mk (edit::kind::store, stored, no_hreg, 3, 0));
    a.edits.push_back (mk (edit::kind::load, on_edge (2, 1), 3, no_hreg, 0));
    a.stats.loads = a.stats.stores = 1;
    EXPECT_EQ (joined (check_allocation (f, t, a)), "");
    ra::elide_reloads (f, t, a, cost_goal::speed);
  }
  std::string dump () const { return print_allocation (f, t, a); }
  std::string check () const { return joined (check_allocation (f, t, a)); }
  const edit *load () const { return first_load (a); }
};

} // namespace

// Stored right after its def, v0's slot holds what r3 holds on the
// entry edge too: the load moves to the start of the loop's header, and
// the back edge needs no block.
TEST (ReloadElision, BackEdgeLoadSinksIntoHeader)
{
  looped l (before (0, 1));
  const edit *e = l.load ();
  ASSERT_NE (e, nullptr) << l.dump ();
  EXPECT_EQ (e->at.k, program_point::kind::before_insn) << l.dump ();
  EXPECT_EQ (e->at.block, 1u);
  EXPECT_EQ (e->at.insn, 0u);
  EXPECT_EQ (l.a.stats.sunk_edge_loads, 1u);
  EXPECT_EQ (l.check (), "");
}

// Stored in the latch, before the call: on the entry edge the slot does
// not hold v0 yet, and the load stays on the back edge.
TEST (ReloadElision, SlotNotFilledOnEntryKeepsEdgeLoad)
{
  looped l (before (2, 0));
  const edit *e = l.load ();
  ASSERT_NE (e, nullptr) << l.dump ();
  EXPECT_EQ (e->at.k, program_point::kind::on_edge) << l.dump ();
  EXPECT_EQ (l.a.stats.sunk_edge_loads, 0u);
  EXPECT_EQ (l.check (), "");
}

namespace {

// A loop whose header's phi v1 takes v0 on entry and v2, defined in the
// latch before a call, on the back edge.
const char *loop_phi = R"(
function loop_phi
value v0 gpr
value v1 gpr
value v2 gpr
block 0 succs=1 freq=1
  insn def:v0 origin=10
block 1 preds=0,2 succs=2 depth=1 freq=10
  phi v1 = v0 v2
  insn use:v1 origin=11
block 2 preds=1 succs=1,3 depth=1 freq=10
  insn def:v2 origin=12
  call clobbers={r0,r3-r12} origin=13
  insn term origin=14
block 3 preds=2 returns freq=1
  insn origin=15
)";

// An allocation of loop_phi: v0 and the phi v1 in r3, v2 in V2_REG, one
// 4-byte slot, no edits yet.
allocation
loop_phi_allocation (const function &f, hreg v2_reg)
{
  allocation a = blank (f);
  a.operand_loc[0][0][0] = R (3);
  a.operand_loc[1][0][0] = R (3);
  a.operand_loc[2][0][0] = R (v2_reg);
  a.phi_loc[1][0] = R (3);
  a.slots.push_back ({ 4, 4 });
  a.value_loc = { R (3), R (3), R (v2_reg) };
  return a;
}

} // namespace

// The back edge loads the loop-carried v2 from its slot into r3, where
// the header's phi v1 lands.  The entry edge brings r3 holding the same
// slot (v0 was stored there), but what it holds is v0, the phi's other
// argument: loaded at the header's start, the slot would give the entry
// path v0 where the phi's def must be.  A load into a phi's register
// stays on its edge.
TEST (ReloadElision, LoadIntoPhiRegisterStaysOnEdge)
{
  const target t = make_test_target (32, 0, 0);
  const function f = parse (loop_phi, t);
  allocation a = loop_phi_allocation (f, 4);
  a.edits.push_back (mk (edit::kind::store, before (0, 1), no_hreg, 3, 0));
  a.edits.push_back (mk (edit::kind::store, before (2, 1), no_hreg, 4, 0));
  a.edits.push_back (mk (edit::kind::load, on_edge (2, 1), 3, no_hreg, 0));
  a.stats.loads = 1;
  a.stats.stores = 2;
  ASSERT_EQ (joined (check_allocation (f, t, a)), "");
  ra::elide_reloads (f, t, a, cost_goal::speed);
  EXPECT_EQ (a.stats.sunk_edge_loads, 0u) << print_allocation (f, t, a);
  const edit *e = first_load (a);
  ASSERT_NE (e, nullptr) << print_allocation (f, t, a);
  EXPECT_EQ (e->at.k, program_point::kind::on_edge)
    << print_allocation (f, t, a);
  EXPECT_EQ (joined (check_allocation (f, t, a)), "");
}

// loop_phi with the header's phi v1 in r3, stored to its slot at the
// header's start on every iteration.  Where the latch stores v2 (in r3)
// to that slot before its call and reloads it after (RELOADED), the back
// edge brings r3 holding the slot, and the store moves to the entry edge
// (with GOAL size too: one edge needs it).  Where v2 is in r14 instead,
// copied into r3 on the back edge, both edges would need the store, and
// it stays.  The store may be at the header's start or after its
// instruction, which reads r3 and writes nothing (AT: sqlite3VdbeExec's
// dispatch latch with 8 GPRs stores its phis at its end, after an
// instruction that leaves their registers alone).
TEST (ReloadElision, PhiStoreMovesToEdgesWhoseSlotLacksTheArgument)
{
  for (int reloaded : { 1, 0 })
    for (cost_goal goal : { cost_goal::speed, cost_goal::size })
      for (uint32_t at : { 0u, 1u })
        {
          const target t = make_test_target (32, 0, 0);
          const function f = parse (loop_phi, t);
          allocation a = loop_phi_allocation (f, reloaded ? 3 : 14);
          // The slot is v1's home: the dead-store scan keeps its stores.
          a.value_loc[1] = S (0);
          a.edits.push_back (
            mk (edit::kind::store, before (1, at), no_hreg, 3, 0));
          if (reloaded)
            {
              a.edits.push_back (
                mk (edit::kind::store, before (2, 1), no_hreg, 3, 0));
              a.edits.push_back (
                mk (edit::kind::load, before (2, 2), 3, no_hreg, 0));
              a.stats.loads = 1;
            }
          else
            a.edits.push_back (mk (edit::kind::copy, on_edge (2, 1), 3, 14));
          a.stats.stores = 1 + reloaded;
          ASSERT_EQ (joined (check_allocation (f, t, a)), "");
          ra::elide_reloads (f, t, a, goal);
          const bool moves = reloaded;
          EXPECT_EQ (a.stats.phi_stores, moves ? 1u : 0u)
            << print_allocation (f, t, a);
          EXPECT_EQ (a.phi_also_at (1, 0), moves ? slot_id (0) : no_slot);
          ASSERT_EQ (a.edits.size (), 2u + reloaded)
            << print_allocation (f, t, a);
          EXPECT_EQ (a.edits[0].k, edit::kind::store);
          EXPECT_EQ (a.edits[0].at.k, moves ? program_point::kind::on_edge
                                            : program_point::kind::before_insn)
            << print_allocation (f, t, a);
          EXPECT_EQ (a.edits[0].at.block, moves ? 0u : 1u);
          EXPECT_EQ (a.stats.stores, 1u + reloaded);
          EXPECT_EQ (joined (check_allocation (f, t, a)), "")
            << print_allocation (f, t, a);
        }
}

// The checker follows the slot a phi also lands in: an in-edge that
// does not bring the argument there is an error.
TEST (ReloadElision, CheckerWantsArgumentInPhiAlsoSlot)
{
  const target t = make_test_target (32, 0, 0);
  const function f = parse (loop_phi, t);
  allocation a = loop_phi_allocation (f, 3);
  a.phi_also.assign (f.blocks.size (), {});
  a.phi_also[1] = { 0 };
  a.edits.push_back (mk (edit::kind::store, before (2, 1), no_hreg, 3, 0));
  a.edits.push_back (mk (edit::kind::load, before (2, 2), 3, no_hreg, 0));
  EXPECT_TRUE (has (check_allocation (f, t, a),
                    "edge 0->1 phi 0 expects v0 in slot s0 too"));
}
