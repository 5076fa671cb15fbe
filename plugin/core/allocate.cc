// allocate.cc -- the table of contents of the allocator (seed 001,
// Figure 4).  Each phase lives in the file named after it; they share the
// working copy described in work.h.

#include "allocate.h"

#include "checker.h"
#include "work.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <sys/resource.h>

namespace ssara {

namespace {

// Appends the processor time since the previous lap to
// alloc_options::times, if the caller asked for them.
class phase_clock
{
public:
  explicit phase_clock (std::vector<phase_time> *out)
    : out_ (out), last_ (out ? user_ms () : 0)
  {}

  void lap (const char *phase)
  {
    if (!out_)
      return;
    double t = user_ms ();
    out_->push_back ({ phase, t - last_ });
    last_ = t;
  }

private:
  std::vector<phase_time> *out_;
  double last_;
};

} // namespace

namespace {

// Record in R a phase's failure of kind KIND with message E (none if E
// is empty); return whether it failed.
bool
record_failure (alloc_result &r, alloc_failure kind, const std::string &e)
{
  if (e.empty ())
    return false;
  r.failure = kind;
  r.error = e;
  return true;
}

// The working function after the phases up to PhiMemCoalesce.  They
// depend neither on relief nor on the values allocate () spills whole
// (work::relief, ::whole, ::unshared), nor on the policy or spill mode;
// they read the input, the target and work::spiller (PhiLifting), so
// allocate () prepares once per function (and once for its last
// resort, spiller_use::skip), and the runs of the rest start from that.
// The first run takes the prepared work itself: most functions run
// once, and a copy costs a fifth of the phases it saves (SQLite's
// replay with all registers: 40 ms against 200).  A second run finds
// the phases made again, and keeps that work, which it and every later
// run copy: SQLite with 5 GPRs runs 195 times again with relief, and
// sqlite3VdbeExec a dozen times spilling whole.
class prepared
{
public:
  prepared (const function &f, const target &t, const alloc_options &opts,
            ra::work::spiller_use spiller, phase_clock &clock)
    : f_ (f), t_ (t), opts_ (opts), spiller_ (spiller), clock_ (clock)
  {
    prepare (first_);
  }

  // How the phases failed, if they did (failed ().failure is none if
  // not).  They fail alike every time.
  const alloc_result &failed () const { return failed_; }

  // The work a run starts from: the first time, the prepared work
  // itself; later, COPY made from the kept one.
  ra::work &start (std::optional<ra::work> &copy)
  {
    if (!first_taken_)
      {
        first_taken_ = true;
        return *first_;
      }
    // The first run's work is spent: give its memory back before
    // making the kept one (runs are sequential; no result refers to a
    // work).
    first_.reset ();
    if (!kept_)
      prepare (kept_);
    copy.emplace (*kept_);
    return *copy;
  }

private:
  // Run the phases up to PhiMemCoalesce on a fresh work in W.
  void prepare (std::optional<ra::work> &w_out)
  {
    w_out.emplace (f_, t_, opts_);
    ra::work &w = *w_out;
    w.spiller = spiller_;
    phase_clock &clock = clock_;
    alloc_result &r = failed_;
    auto fail_as = [&r] (alloc_failure kind, const std::string &e) {
      return record_failure (r, kind, e);
    };
    auto fail = [&r] (const std::string &e) {
      return record_failure (r, alloc_failure::internal, e);
    };
    clock.lap ("work");

    // Copies whose def can share its source's register: the def's reads
    // read the source (copy_folding.cc).
    ra::fold_copies (w);
    clock.lap ("fold_copies");
    // Then: operands whose constraints the value cannot meet
    // get a short-lived copy (constraint_lifting.cc).
    if (fail_as (alloc_failure::unmet_constraint, ra::lift_constraints (w)))
      return;
    clock.lap ("lift_constraints");
    // Pre-coloured ranges that leave an instruction too few registers
    // become values the spiller may evict (hard_range_splitting.cc).
    ra::split_hard_ranges (w);
    clock.lap ("split_hard_ranges");
    // 4.1 PhiLifting, after splitting critical edges (phi_lifting.cc).
    if (fail (ra::lift_phis (w)))
      return;
    clock.lap ("lift_phis");
    // Live ranges as intervals on the linearised CFG, with the hard
    // registers they cross (interval_analysis.cc): PhiMemCoalesce needs
    // the ranges, the spilling everything.
    ra::analyse_intervals (w);
    clock.lap ("analyse_intervals");
    // 4.2 phi analysis: one class per phi (phi_analysis.cc).
    if (fail (ra::analyse_phis (w)))
      return;
    clock.lap ("analyse_phis");
    // 4.3 PhiMemCoalesce: merge classes that do not interfere and drop
    // their copies (phi_mem_coalesce.cc), bringing the liveness up to
    // date as it goes: the spilling starts from it unless
    // spill_required changes the function, and a run of the phases
    // again copies it with the work instead of analysing (SQLite's
    // replay with 5 GPRs: 195 runs again).  With the checker on, an
    // analysis checks it.
    ra::phi_mem_coalesce (w);
    clock.lap ("phi_mem_coalesce");
    if (!w.live_current)
      {
        ra::analyse_intervals (w);
        w.live_current = true;
        clock.lap ("analyse_intervals");
      }
    else if (opts_.check == check_mode::on)
      {
        const ra::liveness kept = w.live;
        ra::analyse_intervals (w);
        if (fail (ra::compare_liveness (kept, w.live)))
          return;
        clock.lap ("analyse_intervals");
      }
  }

  const function &f_;
  const target &t_;
  const alloc_options opts_;
  const ra::work::spiller_use spiller_;
  phase_clock &clock_;
  alloc_result failed_;
  // The work the first run takes, and the one later runs copy.
  std::optional<ra::work> first_, kept_;
  bool first_taken_ = false;
};

// What run_phases takes besides the prepared function and the options,
// and hands back besides its result.
struct relief_state
{
  // In: the points to relieve (work::relief).
  vec<ra::work::shortfall> relief;
  // In: the values to spill whole (work::whole), and those whose reads
  // do not share reloads (work::unshared).
  vec<value_id> whole, unshared;
  // Out: colour assignment's shortfalls, where it had any.
  vec<ra::work::shortfall> shortfalls;
  // Out: whether the spiller brought the files down (work::split_done):
  // relief helps only then.
  bool split_done = false;
};

// Run the phases from spill_required on, on the work P starts a run
// from (prepared::start), with OPTS: P's own but for the policy and
// spill mode, which no phase before spill_required reads.
alloc_result
run_phases (prepared &p, const alloc_options &opts, phase_clock &clock,
            relief_state &rs)
{
  if (p.failed ().failure != alloc_failure::none)
    return p.failed ();
  alloc_result r;

  std::optional<ra::work> copy;
  ra::work &w = p.start (copy);
  w.opts = opts;
  w.relief = rs.relief;
  w.whole = rs.whole;
  w.unshared = rs.unshared;
  const target &t = w.tgt;
  const function &f = w.in;
  auto fail_as = [&r] (alloc_failure kind, const std::string &e) {
    return record_failure (r, kind, e);
  };
  auto fail = [&r] (const std::string &e) {
    return record_failure (r, alloc_failure::internal, e);
  };
  clock.lap ("work");

  // Values that must live in memory: memory_only, across abnormal edges
  // or a setjmp call; every value in the last resort (spill_required.cc).
  if (fail_as (alloc_failure::unmet_constraint, ra::spill_required (w)))
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
  // 4.4 colour assignment on the dominator tree (color_assignment.cc),
  // one walk that spills nothing.  Where it still runs out of registers,
  // the points go back to the spiller (run_relieved), or allocate ()
  // takes its last resort.
  rs.split_done = w.split_done;
  if (ra::failure e = ra::assign_colors (w); e.failed ())
    {
      if (e.kind == alloc_failure::short_of_registers)
        rs.shortfalls = std::move (w.shortfalls);
      fail_as (e.kind, e.detail);
      return r;
    }
  clock.lap ("assign_colors");
  // Values move to the register of a copy's or phi's other side where
  // it is free over their live range (copy_coalescing.cc).
  ra::coalesce_copies (w);
  clock.lap ("coalesce_copies");
  // 4.6 reuse a loaded value within a block (spill_placement.cc).
  ra::reuse_loads (w);
  clock.lap ("reuse_loads");
  // 4.5 SSA deconstruction: phi matrices to copies, loads, stores and
  // swaps (ssa_deconstruction.cc).
  if (fail (ra::deconstruct_ssa (w)))
    return r;
  clock.lap ("deconstruct_ssa");
  // The code of a split edge runs before its predecessor's branch where
  // it destroys nothing the other out-edges need (edge_code.cc).
  ra::place_edge_code (w);
  clock.lap ("place_edge_code");
  // Stack slots: cells that never hold live data at once share memory
  // (stack_slots.cc).
  ra::assign_stack_slots (w);
  clock.lap ("assign_stack_slots");
  // The allocation record (allocation_record.cc).
  if (fail (ra::build_record (w, r.alloc)))
    return r;
  clock.lap ("build_record");
  // Loads into registers that still hold their slot's contents, after
  // calls and across blocks, go, and stores of what the slot holds; a
  // critical edge's loads move into its successor where the other
  // in-edges hold them already; a phi's store moves to the in-edges that
  // do not bring its argument in the slot (reload_elision.cc).
  ra::elide_reloads (w.in, w.tgt, r.alloc, opts.goal);
  clock.lap ("elide_reloads");

  if (opts.check == check_mode::on)
    {
      std::vector<std::string> problems = check_allocation (f, t, r.alloc);
      if (!problems.empty ())
        {
          r.failure = alloc_failure::checker;
          r.error = "checker: " + problems[0];
          if (problems.size () > 1)
            r.error += " (and " + std::to_string (problems.size () - 1)
                       + " more)";
        }
      clock.lap ("check_allocation");
    }
  return r;
}

// How many runs of the phases with relief there are at most before
// allocate () takes its last resort.  SQLite's replay with 5 GPRs: of
// the 113 functions colour assignment spilled in before relief, 96 need
// at most 4 runs, 2 need 5, and the rest do not converge or have a
// shortfall no relief can help (docs/core.md, phase 5d).
const unsigned max_relief_runs = 4;

// Run the phases on P with OPTS.  Where the spiller brought the files
// down and colour assignment still finds a value no register, the
// spiller is told (work::relief: one more register of the value's file
// and allowed set taken at that point) and the phases from
// spill_required on run again (prepared): spill decisions are made in
// one place, before colouring.
// Termination: a run that fails is followed by another only if every
// shortfall is relievable and fewer than max_relief_runs have run; the
// runs are counted.  What relief does not help is returned as it
// failed, with the first run's shortfalls in FIRST and the relief of the
// last run in RELIEF (allocate () then spills values whole, run_whole).
alloc_result
run_relieved (prepared &p, const alloc_options &opts,
              phase_clock &clock, vec<ra::work::shortfall> &first,
              vec<ra::work::shortfall> &relief)
{
  relief_state rs;
  for (unsigned run = 0;; ++run)
    {
      rs.shortfalls.clear ();
      alloc_result r = run_phases (p, opts, clock, rs);
      r.alloc.stats.relief_runs = run;
      if (run == 0)
        first = rs.shortfalls;
      if (r.failure != alloc_failure::short_of_registers || !rs.split_done
          || !ra::work::all_relievable (rs.shortfalls)
          || run + 1 == max_relief_runs)
        {
          relief = std::move (rs.relief);
          return r;
        }
      rs.relief.insert (rs.relief.end (), rs.shortfalls.begin (),
                        rs.shortfalls.end ());
    }
}

// How many runs at most run_whole makes.  SQLite compiled with 8 and
// with 5 GPRs (the replay of dumps made with those registers): of 1532
// functions, 5 and 17 need any, and at most 8 (sqlite3VdbeExec with 8
// GPRs: 30 values whole, 8 unshared).
const unsigned max_whole_runs = 32;

// Where relief did not help (RELIEVED, a failed result, whose first run
// was short of registers at SHORT_OF): run the phases again, with the
// points of RELIEF relieved, and with the values the shortfalls name
// (shortfall::whole, the paper's choice by weight among a value and the
// occupants of a register it could take) sent to memory whole before
// the spiller (work::whole, spill_required), and again with more while
// colour assignment is still short; a value in memory whose shared
// reload holds the register a shortfall needs gets reloads of its own
// at its reads instead (shortfall::unshare, work::unshared).  Decided before
// colouring and applied by spill_required's one rewrite; until
// 2026-12-01 colour assignment spilled the same values itself in later
// rounds.  Termination: every run adds a value to one of the two sets,
// or none runs (the shortfalls name none, or only values already in
// them: the last resort follows); max_whole_runs bounds the runs.
// Return the last run's result.
alloc_result
run_whole (prepared &p, const alloc_options &opts, phase_clock &clock,
            vec<ra::work::shortfall> short_of,
           alloc_result relieved,
           const vec<ra::work::shortfall> &relief)
{
  relief_state rs;
  rs.relief = relief;
  alloc_result r = std::move (relieved);
  auto add = [] (vec<value_id> &to, value_id v) {
    if (v != no_value && std::find (to.begin (), to.end (), v) == to.end ())
      to.push_back (v);
  };
  for (unsigned run = 0; run < max_whole_runs; ++run)
    {
      const size_t before = rs.whole.size () + rs.unshared.size ();
      for (const ra::work::shortfall &s : short_of)
        {
          add (rs.whole, s.whole);
          add (rs.unshared, s.unshare);
        }
      if (rs.whole.size () + rs.unshared.size () == before)
        break;
      rs.shortfalls.clear ();
      r = run_phases (p, opts, clock, rs);
      r.alloc.stats.whole_runs = run + 1;
      r.alloc.stats.unshared = unsigned (rs.unshared.size ());
      if (r.failure != alloc_failure::short_of_registers)
        return r;
      short_of = std::move (rs.shortfalls);
    }
  return r;
}

// run_whole with the relief that did not converge (RELIEF), and where
// that fails, without it, from the same first shortfalls (FIRST).
// SQLite with 8 GPRs, make bench: with the relief kept 0.962x -> 0.943x
// of stock's instructions, but with 5 GPRs 8 functions did not converge
// and went to the last resort (1.279x); without it (as colour
// assignment's rounds dropped it), 0.944x.
alloc_result
whole_after_relief (prepared &p, const alloc_options &opts,
                    phase_clock &clock,
                    const vec<ra::work::shortfall> &first,
                    const vec<ra::work::shortfall> &relief,
                    alloc_result relieved)
{
  alloc_result r = run_whole (p, opts, clock, first, std::move (relieved),
                              relief);
  if (r.failure != alloc_failure::short_of_registers || relief.empty ())
    return r;
  return run_whole (p, opts, clock, first, std::move (r), {});
}

// spill=cheaper keeps the paper's whole-value spilling only where its
// estimated_cost times this is below the splitting spiller's.  The
// estimate undercounts the paper's reloads in loops, whose GCC-guessed
// frequencies are low (brotli's CreateBackwardReferencesNH5 at 12 GPRs:
// estimates 2778 against 2859, but 6.9 M more instructions run); by
// make bench with each policy alone (docs/core.md, phase 5c), 1.3
// keeps nearly every function where the paper's is really cheaper and
// takes the splitting spiller's nearly everywhere else.
const double pereira_margin = 1.3;

} // namespace

alloc_result
allocate (const function &f, const target &t, const alloc_options &opts)
{
  // Declared first, so run last: after every work is gone.
  struct release_at_return
  {
    ~release_at_return ()
    {
      ra::release_kept_lists ();
      ra::release_spiller_lists ();
    }
  } release;
  alloc_result r;
  phase_clock clock (opts.times);
  if (!opts.verified)
    r.error = verify_function (f, t);
  if (!r.error.empty ())
    {
      r.failure = alloc_failure::invalid_input;
      return r;
    }
  clock.lap ("verify_function");
  prepared p (f, t, opts, ra::work::spiller_use::run, clock);
  vec<ra::work::shortfall> first, relief;
  r = run_relieved (p, opts, clock, first, relief);
  if (r.failure == alloc_failure::short_of_registers)
    r = whole_after_relief (p, opts, clock, first, relief, std::move (r));
  // The last resort.  The spiller leaves colour assignment values it
  // could not account for (register pairs fragmented by pre-coloured
  // registers, operand constraints, CR values reloaded through GPRs of
  // a file of two or three, a function with a receiver, which it leaves
  // alone), relief does not always converge, and values spilled whole
  // may not help either; where colour assignment then finds a value no
  // register, the function is allocated again with every value that may
  // be spilled in memory, each read reloaded on its own
  // (spill_mode::everything; no spiller): what is left in registers
  // lives at one instruction, or cannot be spilled.  One retry, which
  // has none.  Not after a checker complaint: that is a bug to see, not
  // to hide.
  if (r.failure != alloc_failure::none && r.failure != alloc_failure::checker)
    {
      alloc_options everything = opts;
      everything.spill = spill_mode::everything;
      relief_state rs;
      prepared all_in_memory (f, t, everything, ra::work::spiller_use::skip,
                              clock);
      alloc_result r2 = run_phases (all_in_memory, everything, clock, rs);
      if (r2.failure == alloc_failure::none)
        {
          r2.alloc.stats.last_resort = 1;
          return r2;
        }
      return r;
    }
  alloc_options again = opts;
  again.policy = spill_policy::pereira;
  if (opts.policy == spill_policy::pereira)
    return r;
  // spill=cheaper: where the splitting spiller changed the function, the
  // paper's spilling too, and the cheaper of the two by estimate (both
  // checked when check=on), the paper's only where it is cheaper by
  // more than pereira_margin.
  if (opts.policy == spill_policy::cheaper && r.failure == alloc_failure::none
      && r.alloc.stats.split_edits > 0)
    {
      vec<ra::work::shortfall> first2, relief2;
      alloc_result r2 = run_relieved (p, again, clock, first2, relief2);
      if (r2.failure == alloc_failure::short_of_registers)
        r2 = whole_after_relief (p, again, clock, first2, relief2,
                                 std::move (r2));
      if (r2.failure != alloc_failure::none)
        {
          r.alloc.stats.split_kept = 1;
          return r;
        }
      // The margin corrects GCC's guessed frequencies; without them
      // (-O0: every block counts alike) the estimates compare as they
      // are, pereira on a tie (SQLite -O0 with the margin: 1.115x ->
      // 1.241x).  Nor where the goal is size: the splitting spiller's
      // code is larger (-Os static instructions 1.050x -> 1.083x with
      // the margin).
      const double cost_split = estimated_cost (f, t, r.alloc);
      const double cost_pereira = estimated_cost (f, t, r2.alloc);
      const bool with_margin = f.blocks[0].frequency >= 0
                               && opts.goal == cost_goal::speed;
      if (cost_split < cost_pereira
          || (with_margin && cost_split <= pereira_margin * cost_pereira))
        {
          r.alloc.stats.split_kept = 1;
          return r;
        }
      return r2;
    }
  return r;
}

double
user_ms ()
{
  struct rusage u;
  getrusage (RUSAGE_SELF, &u);
  return 1e3 * double (u.ru_utime.tv_sec) + 1e-3 * double (u.ru_utime.tv_usec);
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
  vec<std::pair<block_id, block_id>> edges;
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
