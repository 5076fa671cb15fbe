// gen.h -- a random generator of valid SSA programs for the core's tests.
//
// generate () builds a structured CFG (sequences, if/else diamonds with
// and without an else block, multiway switches with critical edges, nested
// do-while loops with loop-carried phis including swaps and 3-cycles,
// CTR-counted loops whose terminator defines the counter, an occasional
// abnormal edge into a join) and fills it with instructions that keep many
// values live: plain instructions with uses and defs in several files,
// wide values, narrow values (a float: 4 bytes in an 8-byte FPR),
// narrowed and single-register operand sets, operands whose allowed set
// lies in another register file than their value (a float used in a GPR,
// a GPR pair used as one FPR, a GPR into CTR), ties, earlyclobbers,
// scratch defs and clobbers; calls with arguments and
// results in hard registers and the rs6000 call-clobbered set; incoming
// arguments and a return value; lone defs of a GPR or FPR value marked
// rematerializable (a constant).
//
// Every instruction is satisfiable on its own: while generating it, the
// generator picks a "witness" register for each operand (distinct where
// the operands must be distinct, equal for a tie, away from the hard
// registers that hold arguments still to be read) and makes every
// operand's allowed set contain its witness.  Everything else (pressure,
// calls, loops) the allocator must solve by spilling and splitting.
// Every generated function passes verify_function.

#ifndef SSARA_TEST_GEN_H
#define SSARA_TEST_GEN_H

#include "ir.h"

#include <cstdint>

namespace ssara::test {

enum class feature : uint32_t
{
  calls = 1u << 0,
  loops = 1u << 1,
  switches = 1u << 2,
  abnormal_edges = 1u << 3,
  wide_values = 1u << 4,
  ties = 1u << 5,
  earlyclobbers = 1u << 6,
  narrow_sets = 1u << 7,
  ctr_loops = 1u << 8,
  mem_across_calls = 1u << 9,
  memory_only_values = 1u << 10,
  clobbers = 1u << 11,
  other_files = 1u << 12,   // FPR, CR, CTR, LR values (else GPR only)
  cycles = 1u << 13,        // loop-carried phi permutations
  narrow_values = 1u << 14, // floats: 4-byte values in 8-byte FPRs
  cross_file_operands = 1u << 15, // operands in another file than their value
  remat = 1u << 16,         // constants: lone defs that may be recomputed
  all = (1u << 17) - 1
};

constexpr uint32_t
operator| (feature a, feature b)
{
  return uint32_t (a) | uint32_t (b);
}

constexpr uint32_t
operator| (uint32_t a, feature b)
{
  return a | uint32_t (b);
}

struct gen_options
{
  // Roughly the number of statements (instructions and control
  // structures) at the top level and below.
  unsigned size = 40;
  // A mask of `feature` bits.
  uint32_t features = uint32_t (feature::all);
};

// Return a random well-formed function for T (a target from
// make_test_target), determined by SEED and OPTS.
function generate (const target &t, uint64_t seed,
                   const gen_options &opts = gen_options ());

} // namespace ssara::test

#endif
