// allocate.cc -- the table of contents of the allocator (seed 001,
// Figure 4).  Each phase lives in the file named after it; they share the
// working copy described in work.h.

#include "allocate.h"

#include "checker.h"
#include "work.h"

#include <algorithm>
#include <cmath>
#include <ctime>

namespace ssara {

namespace {

// Appends the processor time since the previous lap to
// alloc_options::times, if the caller asked for them.
class phase_clock
{
public:
  explicit phase_clock (std::vector<phase_time> *out)
    : out_ (out), last_ (out ? std::clock () : 0)
  {}

  void lap (const char *phase)
  {
    if (!out_)
      return;
    std::clock_t t = std::clock ();
    out_->push_back ({ phase, 1000.0 * double (t - last_) / CLOCKS_PER_SEC });
    last_ = t;
  }

private:
  std::vector<phase_time> *out_;
  std::clock_t last_;
};

} // namespace

namespace {

// Where run_phases failed.
enum class failure_stage { none, allocation, checker };

// Run the phases on F with OPTS; set *STAGE to where they failed.
alloc_result
run_phases (const function &f, const target &t, const alloc_options &opts,
            phase_clock &clock, failure_stage *stage)
{
  alloc_result r;
  *stage = failure_stage::allocation;

  ra::work w (f, t, opts);
  auto fail = [&r] (const std::string &e) { r.error = e; return !e.empty (); };
  clock.lap ("work");

  // Copies whose def can share its source's register: the def's reads
  // read the source (copy_folding.cc).
  ra::fold_copies (w);
  clock.lap ("fold_copies");
  // Then: operands whose constraints the value cannot meet
  // get a short-lived copy (constraint_lifting.cc).
  if (fail (ra::lift_constraints (w)))
    return r;
  clock.lap ("lift_constraints");
  // 4.1 PhiLifting, after splitting critical edges (phi_lifting.cc).
  if (fail (ra::lift_phis (w)))
    return r;
  clock.lap ("lift_phis");
  // Live ranges as intervals on the linearised CFG (interval_analysis.cc).
  ra::analyse_intervals (w);
  clock.lap ("analyse_intervals");
  // 4.2 phi analysis: one class per phi (phi_analysis.cc).
  if (fail (ra::analyse_phis (w)))
    return r;
  clock.lap ("analyse_phis");
  // 4.3 PhiMemCoalesce: merge classes that do not interfere and drop
  // their copies (phi_mem_coalesce.cc).
  ra::phi_mem_coalesce (w);
  clock.lap ("phi_mem_coalesce");
  // Values that must live in memory: memory_only, across abnormal edges
  // (color_assignment.cc).
  if (fail (ra::spill_required (w)))
    return r;
  clock.lap ("spill_required");
  // Spilling with live-range splitting: register demand down to the
  // registers there are at every instruction (spilling.cc).
  if (fail (ra::spill_before_coloring (w)))
    return r;
  clock.lap ("spill_before_coloring");
  // Register preferences and affinities from copies, phis, ties and
  // fixed registers, for colour assignment (preferences.cc).
  ra::compute_preferences (w);
  clock.lap ("compute_preferences");
  // 4.4 colour assignment on the dominator tree; where it still runs
  // out of registers, the paper's whole-value spilling, with spill code
  // (4.6) placed between rounds (color_assignment.cc,
  // spill_placement.cc).
  if (fail (ra::assign_colors (w)))
    return r;
  clock.lap ("assign_colors");
  // 4.6 reuse a loaded value within a block (spill_placement.cc).
  ra::reuse_loads (w);
  clock.lap ("reuse_loads");
  // 4.5 SSA deconstruction: phi matrices to copies, loads, stores and
  // swaps (ssa_deconstruction.cc).
  if (fail (ra::deconstruct_ssa (w)))
    return r;
  clock.lap ("deconstruct_ssa");
  // Stack slots: cells that never hold live data at once share memory
  // (stack_slots.cc).
  ra::assign_stack_slots (w);
  clock.lap ("assign_stack_slots");
  // The allocation record (allocation_record.cc).
  if (fail (ra::build_record (w, r.alloc)))
    return r;
  clock.lap ("build_record");

  *stage = failure_stage::none;
  if (opts.check == check_mode::on)
    {
      std::vector<std::string> problems = check_allocation (f, t, r.alloc);
      if (!problems.empty ())
        *stage = failure_stage::checker;
      if (!problems.empty ())
        {
          r.error = "checker: " + problems[0];
          if (problems.size () > 1)
            r.error += " (and " + std::to_string (problems.size () - 1)
                       + " more)";
        }
      clock.lap ("check_allocation");
    }
  return r;
}

} // namespace

alloc_result
allocate (const function &f, const target &t, const alloc_options &opts)
{
  alloc_result r;
  phase_clock clock (opts.times);
  if (!opts.verified)
    r.error = verify_function (f, t);
  if (!r.error.empty ())
    return r;
  clock.lap ("verify_function");
  failure_stage stage;
  r = run_phases (f, t, opts, clock, &stage);
  // The splitting spiller leaves colour assignment values it could not
  // account for (register pairs fragmented by pre-coloured registers,
  // operand constraints); where colour assignment's own spilling then
  // fails, the function is allocated again with the paper's whole-value
  // spilling alone, which has always handled it.  One retry: the second
  // run's policy has no retry.  Not after a checker complaint: that is a
  // bug to see, not to hide.
  if (opts.policy == spill_policy::pereira)
    return r;
  alloc_options again = opts;
  again.policy = spill_policy::pereira;
  if (stage == failure_stage::allocation)
    {
      alloc_result r2 = run_phases (f, t, again, clock, &stage);
      if (r2.error.empty ())
        {
          r2.alloc.stats.policy_retries = 1;
          return r2;
        }
      return r;
    }
  // spill=cheaper: where the splitting spiller changed the function, the
  // paper's spilling too, and the cheaper of the two by estimate (both
  // checked when check=on; pereira on a tie).
  if (opts.policy == spill_policy::cheaper && r.error.empty ()
      && r.alloc.stats.split_edits > 0)
    {
      alloc_result r2 = run_phases (f, t, again, clock, &stage);
      if (!r2.error.empty ())
        {
          r.alloc.stats.split_kept = 1;
          return r;
        }
      if (estimated_cost (f, t, r.alloc) < estimated_cost (f, t, r2.alloc))
        {
          r.alloc.stats.split_kept = 1;
          return r;
        }
      return r2;
    }
  return r;
}

double
estimated_cost (const function &f, const target &t, const allocation &a)
{
  auto freq = [&] (block_id b) {
    const block &blk = f.blocks[b];
    if (blk.frequency >= 0)
      return blk.frequency;
    return 1.0 + std::pow (10.0, double (std::min (blk.loop_depth, 30u)));
  };
  double cost = 0;
  std::vector<std::pair<block_id, block_id>> edges;
  for (const edit &e : a.edits)
    {
      double at = freq (e.at.block);
      if (e.at.k == program_point::kind::on_edge && e.at.succ != no_block)
        {
          at = std::min (at, freq (e.at.succ));
          std::pair<block_id, block_id> x { e.at.block, e.at.succ };
          if (std::find (edges.begin (), edges.end (), x) == edges.end ())
            {
              edges.push_back (x);
              cost += at;
            }
        }
      cost += at * (e.k == edit::kind::swap ? 3 : 1);
    }
  unsigned saved = unsigned ((a.used_regs & t.call_saved).count ());
  cost += 2.0 * saved * freq (0);
  return cost;
}

} // namespace ssara
