// allocate.cc -- the table of contents of the allocator (seed 001,
// Figure 4).  Each phase lives in the file named after it; they share the
// working copy described in work.h.

#include "allocate.h"

#include "checker.h"
#include "work.h"

namespace ssara {

alloc_result
allocate (const function &f, const target &t, const alloc_options &opts)
{
  alloc_result r;
  r.error = verify_function (f, t);
  if (!r.error.empty ())
    return r;

  ra::work w (f, t, opts);
  auto fail = [&r] (const std::string &e) { r.error = e; return !e.empty (); };

  // Before everything: operands whose constraints the value cannot meet
  // get a short-lived copy (constraint_lifting.cc).
  if (fail (ra::lift_constraints (w)))
    return r;
  // 4.1 PhiLifting, after splitting critical edges (phi_lifting.cc).
  if (fail (ra::lift_phis (w)))
    return r;
  // Live ranges as intervals on the linearised CFG (interval_analysis.cc).
  ra::analyse_intervals (w);
  // 4.2 phi analysis: one class per phi (phi_analysis.cc).
  if (fail (ra::analyse_phis (w)))
    return r;
  // 4.3 PhiMemCoalesce: merge classes that do not interfere and drop
  // their copies (phi_mem_coalesce.cc).
  ra::phi_mem_coalesce (w);
  // 4.4 colour assignment on the dominator tree, with spilling; spill
  // code (4.6) is placed between rounds (color_assignment.cc,
  // spill_placement.cc).
  if (fail (ra::assign_colors (w)))
    return r;
  // 4.6 reuse a loaded value within a block (spill_placement.cc).
  ra::reuse_loads (w);
  // 4.5 SSA deconstruction: phi matrices to copies, loads, stores and
  // swaps (ssa_deconstruction.cc).
  if (fail (ra::deconstruct_ssa (w)))
    return r;
  // Stack slots: cells that never hold live data at once share memory
  // (stack_slots.cc).
  ra::assign_stack_slots (w);
  // The allocation record (allocation_record.cc).
  if (fail (ra::build_record (w, r.alloc)))
    return r;

  if (opts.check == check_mode::on)
    {
      std::vector<std::string> problems = check_allocation (f, t, r.alloc);
      if (!problems.empty ())
        {
          r.error = "checker: " + problems[0];
          if (problems.size () > 1)
            r.error += " (and " + std::to_string (problems.size () - 1)
                       + " more)";
        }
    }
  return r;
}

} // namespace ssara
