// interp.h -- a reference interpreter for functions and their allocations.
//
// Instructions have no opcodes, so the interpreter gives them a
// deterministic meaning of its own: every definition computes a hash of
// the instruction's position, the operand index, the unit index and the
// concrete units the instruction reads (its uses and use_hard registers).
// Values and registers are made of 4-byte units (bytes_per_reg / 4 per
// register), so a value may be copied into another file for one operand
// (a GPR pair reloaded as one FPR) and still read the same.
// A copy passes its source through; a clobbered register receives a
// poison pattern; a block with several successors picks one from a hash of
// what its terminator reads, how often the block has run, and the seed.
//
// Run mode A interprets the SSA input (phis copy in parallel on edges,
// hard registers are a separate array).  Run mode B interprets the
// allocated program: a register file and stack slots, the allocation's
// edits, operands read from and written to their allocated registers, no
// phis.  If the allocation is correct, both runs produce the same trace:
// the same instructions, reading the same words, defining the same words,
// taking the same branches.  compare_runs reports the first difference.

#ifndef SSARA_CORE_INTERP_H
#define SSARA_CORE_INTERP_H

#include "allocation.h"
#include "ir.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ssara {

// One executed instruction, or one branch decision.
struct trace_event
{
  enum class kind : uint8_t { insn, branch };
  kind k = kind::insn;
  block_id block = 0;
  // For insn: the instruction index.  For branch: the successor index
  // taken.
  uint32_t index = 0;
  // For insn: a hash of every 4-byte unit the instruction read.
  uint64_t inputs = 0;
  // For insn: the units of its defs and def_hards, in operand order.
  std::vector<uint64_t> defs;
};

struct run_trace
{
  std::vector<trace_event> events;
  // True if the run stopped at the step limit rather than at a block
  // without successors.
  bool truncated = false;
  // Non-empty if the run could not continue (e.g. an edit names a slot
  // that does not exist).
  std::string error;
};

// Instructions plus branches a run may execute.
constexpr unsigned default_max_steps = 10000;

// Run F in SSA form (mode A).  T gives the register sizes.
run_trace run_ssa (const function &f, const target &t, uint64_t seed,
                   unsigned max_steps = default_max_steps);

// Run the allocated program A of F for T (mode B).
run_trace run_allocated (const function &f, const target &t,
                         const allocation &a, uint64_t seed,
                         unsigned max_steps = default_max_steps);

// Return "" if both runs agree up to the step limit, otherwise a
// description of the first difference.
std::string compare_runs (const function &f, const target &t,
                          const allocation &a, uint64_t seed);

} // namespace ssara

#endif
