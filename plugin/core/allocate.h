// allocate.h -- the allocator core's entry point.
//
// allocate () runs Pereira's phases (seed 001, section 4) on a copy of the
// input: interval analysis, PhiLifting, phi analysis, PhiMemCoalesce,
// colour assignment on the dominator tree with spilling, SSA
// deconstruction, spill code placement and stack-slot sharing.  Each phase
// lives in a file named after it; allocate.cc is their table of contents.

#ifndef SSARA_CORE_ALLOCATE_H
#define SSARA_CORE_ALLOCATE_H

#include "allocation.h"
#include "ir.h"

#include <string>
#include <vector>

namespace ssara {

// How much checking allocate () does on its own result.
enum class check_mode : uint8_t { off, on };

// Spill everything that can be spilled (stress mode for tests).
enum class spill_mode : uint8_t { normal, everything };

// How register demand is brought down to the registers there are.  The
// core's default is `cheaper`, so that the unit and fuzz tests run both
// spillers; the plugin's default (spill=auto) is `split` where GCC
// optimizes for speed, `cheaper` where for size (docs/core.md, phase
// 5c, "Which policy by default").
enum class spill_policy : uint8_t
{
  // Before colour assignment, per block, by next-use distance, with
  // live-range splitting: a value is in memory only where it must be
  // (spilling.cc).
  split,
  // Only during colour assignment, whole values by the paper's spill
  // weights (seed 001, section 4.4: color_assignment.cc).
  pereira,
  // split; where it changed the function, pereira too, kept only where
  // its estimated_cost is lower by more than a margin (allocate.cc,
  // pereira_margin).
  cheaper
};

// The user time one phase of allocate () took (user_ms).
struct phase_time
{
  // The phase's function, e.g. "assign_colors".
  const char *phase;
  double ms;
};

// The process's user time so far, in ms: phase_time's clock.  Not
// processor time: the kernel's share is page faults, which on a virtual
// machine that backs guest memory lazily cost some 11 us each where
// the page has been free a while (tools/pass_times.cc), and so grew a
// phase's time with what the machine ran before (the work copy of a
// function of 201568 values: 144 ms the first time, 23 ms right after).
// A system call (getrusage): read only where times are asked for.
double user_ms ();

// What spill_policy::cheaper's estimate stands for: running time, or
// the size of the code (a function GCC optimizes for size, -Os).
enum class cost_goal : uint8_t { speed, size };

struct alloc_options
{
  check_mode check = check_mode::off;
  cost_goal goal = cost_goal::speed;
  spill_mode spill = spill_mode::normal;
  spill_policy policy = spill_policy::cheaper;
  // When not null, allocate () appends the time of each phase it runs,
  // in order (the scaling benchmark reads them).  Costs one clock read
  // per phase.
  std::vector<phase_time> *times = nullptr;
  // The caller has already checked F with verify_function (the plugin
  // does, right after the import): allocate () does not check it again.
  bool verified = false;
};

struct alloc_result
{
  // none on success; otherwise what kind of failure (the plugin reports
  // every kind alike: the function is declined).
  alloc_failure failure = alloc_failure::none;
  // Empty on success; otherwise why the function cannot be allocated,
  // in words for the user (the plugin reports it as "sorry,
  // unimplemented" or falls back).
  std::string error;
  allocation alloc;
};

// Return an estimate of what allocation A adds to running F: each
// edit (a swap as three), one jump per edge that gets code, and a save
// and a restore per call-saved register A writes, each weighed by the
// frequency of where it runs (block::frequency, or 1 + 10^loop_depth
// where unknown).  spill_policy::cheaper compares allocations with it.
double estimated_cost (const function &f, const target &t,
                       const allocation &a);

// Allocate F for target T.  Never modifies F.  With check_mode::on, the
// independent checker (checker.h) validates the result and any complaint
// becomes the error.
alloc_result allocate (const function &f, const target &t,
                       const alloc_options &opts);

} // namespace ssara

#endif
