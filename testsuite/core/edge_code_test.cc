// edge_code_test.cc -- the copies of a split edge run before the
// predecessor's branch where they destroy nothing the other out-edges
// read (edge_code.cc).

#include "allocate.h"
#include "ra-test-util.h"

using namespace ssara;
using namespace ssara::test;

namespace {

// The one copy edit of the allocation, or nullptr.
const edit *
only_copy (const allocation &a)
{
  const edit *found = nullptr;
  for (const edit &e : a.edits)
    if (e.k == edit::kind::copy)
      {
        if (found)
          return nullptr;
        found = &e;
      }
  return found;
}

// A latch that also leaves the loop: v1 is read after v2's def, so the
// two differ in register and the back edge carries the copy v1 <- v2.
// The exit reads v2 only, so v1's register is dead there, and the copy
// runs before the latch's branch (tree-sitter's ts_language_table_entry:
// a copy and a jump on every iteration before).  EXIT_READS is the exit
// block's last instruction.
std::string
latch_function (const char *exit_reads)
{
  return std::string (R"(
function latch
value v0 gpr
value v1 gpr
value v2 gpr
value v3 cr
block 0 succs=1
  insn def:v0
block 1 preds=0,1 succs=1,2 depth=1
  phi v1 = v0 v2
  insn def:v2 use:v1
  insn def:v3 use:v1 use:v2
  insn use:v3 term
block 2 preds=1
  )") + exit_reads + "\n";
}

} // namespace

TEST (EdgeCode, BackEdgeCopyBeforeLatchBranch)
{
  function f;
  target t = make_test_target (8, 2, 2);
  std::string text = latch_function ("insn use:v2 term");
  alloc_result r = parse_and_allocate (text.c_str (), f, t);
  ASSERT_EQ (r.error, "");
  const edit *c = only_copy (r.alloc);
  ASSERT_NE (c, nullptr) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (c->at.k, program_point::kind::before_insn)
    << print_allocation (f, t, r.alloc);
  EXPECT_EQ (c->at.block, 1u);
  EXPECT_EQ (c->at.insn, 2u);
  EXPECT_EQ (r.alloc.stats.edge_code_hoisted, 1u);
}

// The exit reads v1 as well: its register is live on the other out-edge,
// and the copy stays on the back edge.
TEST (EdgeCode, CopyStaysOnEdgeWhereItsRegisterIsLiveOnTheOther)
{
  function f;
  target t = make_test_target (8, 2, 2);
  std::string text = latch_function ("insn use:v1 use:v2 term");
  alloc_result r = parse_and_allocate (text.c_str (), f, t);
  ASSERT_EQ (r.error, "");
  const edit *c = only_copy (r.alloc);
  ASSERT_NE (c, nullptr) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (c->at.k, program_point::kind::on_edge)
    << print_allocation (f, t, r.alloc);
  EXPECT_EQ (r.alloc.stats.edge_code_hoisted, 0u);
}

// The branch itself reads the register the copy writes (a compare and
// branch of v1 in one instruction): the copy stays on the edge.
TEST (EdgeCode, CopyStaysOnEdgeWhereTheBranchReadsItsRegister)
{
  const char *text = R"(
function latch
value v0 gpr
value v1 gpr
value v2 gpr
block 0 succs=1
  insn def:v0
block 1 preds=0,1 succs=1,2 depth=1
  phi v1 = v0 v2
  insn def:v2 use:v1
  insn use:v1 use:v2 term
block 2 preds=1
  insn use:v2 term
)";
  function f;
  target t = make_test_target (8, 2, 2);
  alloc_result r = parse_and_allocate (text, f, t);
  ASSERT_EQ (r.error, "");
  const edit *c = only_copy (r.alloc);
  ASSERT_NE (c, nullptr) << print_allocation (f, t, r.alloc);
  EXPECT_EQ (c->at.k, program_point::kind::on_edge)
    << print_allocation (f, t, r.alloc);
}
