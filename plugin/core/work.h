// work.h -- the allocator's working copy of a function and its
// per-allocation context.
//
// allocate () copies the input function into a `work` and every phase
// reads and writes its decisions here; nothing edits the input.  The
// working copy is itself a `function` (ir.h), so the dominator tree,
// liveness and the verifier apply to it unchanged.  What the working
// copy adds to ir.h sits in side tables parallel to it:
//
//   * wblock: which input block (or input edge, for a block created by
//     splitting an edge) a working block stands for;
//   * winsn: whether a working instruction is an input instruction
//     (operand K of the working instruction is operand K of the input
//     instruction, possibly renamed to a fresh value) or one the allocator
//     inserted (a copy, a load from or a store to a memory cell);
//   * wvalue: where a working value comes from, whether it may be
//     spilled, and the decisions about it (register, spilled, cell).
//
// The context is built afresh for every function (no state survives
// between calls to allocate).

#ifndef SSARA_CORE_WORK_H
#define SSARA_CORE_WORK_H

#include "allocate.h"
#include "allocation.h"
#include "dominators.h"
#include "ir.h"

#include <string>
#include <utility>
#include <vector>

namespace ssara::ra {

// A linear position in the working function (interval_analysis.cc).
// Every block has a start position S (phi defs), three positions per
// instruction (U: its uses are read, C: its clobbers strike, D: its defs
// are written) and an end position E (phi arguments are read, the block's
// live-out values are live).
using pos_t = uint32_t;

// A memory cell: a stack location before stack_slots.cc maps cells to the
// allocation's slots.  Cells are: one per phi class that has a spilled
// member, and one scratch cell (cross-file conversions, swaps through
// memory).
using cell_id = uint32_t;
constexpr cell_id no_cell = ~0u;

// What a working instruction stands for.
enum class wrole : uint8_t
{
  // Input instruction `winsn::in_insn` of the block's input block.
  input,
  // An inserted copy: ops[0] is the def, ops[1] the use.
  copy,
  // An inserted load: ops[0] (a def) <- cell.
  load,
  // An inserted store: cell <- ops[0] (a use).
  store,
  // Nothing (a copy whose both sides live in the same cell, a load made
  // redundant by an earlier one).  Has no operands.
  nop,
  // Input instruction `winsn::in_insn`, a copy that the allocation
  // deletes: its def's reads read its source (copy_folding.cc).  Has no
  // operands.
  folded,
  // An inserted copy between a pre-coloured register and the value that
  // carries it (hard_range_splitting.cc): ops[0] is the destination (a
  // def, or a def_hard), ops[1] the source (a use_hard, or a use).
  hard_copy,
  // An inserted recomputation into ops[0], a def, of the rematerializable
  // input value ops[0] carries (work::remat_at): a reload without a cell.
  remat
};

struct winsn
{
  wrole role = wrole::input;
  // For input: the index of the instruction in its input block.
  uint32_t in_insn = 0;
  // For load and store: the cell.
  cell_id cell = no_cell;
  // For load: input instruction `in_insn`, which zero-extends a narrow
  // value (insn::extends_narrow) that is in memory there, loads its def
  // straight from the value's cell (edit::extends); the record deletes
  // the instruction.  Such a load is never dropped for a register that
  // holds the cell (reuse_loads): that register's other bits may not be
  // zero.  `from` is that value (stack_slots.cc: the load reads its
  // cell).
  bool extends = false;
  value_id from = no_value;
};

struct wblock
{
  // The input block this block is, or no_block for a block that splits
  // the input edge EDGE_FROM -> EDGE_TO (its code goes on that edge).
  block_id in_block = no_block;
  block_id edge_from = no_block;
  block_id edge_to = no_block;

  // Parallel to fn.blocks[b].insns.
  vec<winsn> insns;

  // The parallel-copy edits that SSA deconstruction placed at the end of
  // this block (before a terminator, which is then plain).  `slot` holds
  // a cell_id until the record is built.
  vec<edit> end_edits;

  // For a block that splits an edge: its code runs at the end of
  // EDGE_FROM, before the terminator, on every out-edge (edge_code.cc:
  // it writes no register live on the others, nor one the terminator
  // reads).
  bool at_pred_end = false;

  // First linear position (S) of this block; set by interval analysis.
  pos_t start = 0;
};

// Where a working value comes from.
enum class vorigin : uint8_t
{
  // An input value (same id as in the input function).
  input,
  // Created by PhiLifting (a lifted phi def or argument).
  phi_lift,
  // Created by constraint lifting for one operand of one instruction.
  constraint_temp,
  // Created by spill placement: a reload of a spilled value, or a value
  // carrying a spilled value through another file.
  reload_temp,
  // Created by hard-range splitting: carries a pre-coloured register's
  // content from its def to its reads.
  hard_split,
  // No longer defined or used (PhiMemCoalesce removed its copy).
  dead
};

enum class spillability : uint8_t { spillable, unspillable };

struct wvalue
{
  vorigin origin = vorigin::input;

  // Temporaries are unspillable: their live range is already as short as
  // a spilled value's (one instruction), so spilling them gains nothing.
  spillability spill = spillability::spillable;

  // The register the value has (its first register), or no_hreg.
  hreg reg = no_hreg;

  // True if the value lives in memory (cell `cell`): spill placement has
  // given each of its uses a reload and its def a store.
  bool spilled = false;
  cell_id cell = no_cell;

  // For reload temps, and operand temps loaded straight from memory: the
  // spilled value they carry (stack slot sharing finds a cell's reloads
  // through it and follows them back to that value's def; dumps).  A
  // reload of a shared reload carries the value the cell holds, never
  // the shared reload.  For an operand temp a spilled value is copied
  // out of and that is stored straight into the value's cell, and for
  // the via-file temps of stores: the value whose cell the store writes
  // (the temp's store then stands for that value's def).
  value_id carries = no_value;
  // A shared reload (spill_placement.cc): a spillable reload temp that
  // serves the reads of its spilled value by instructions of one block
  // that lie close together.  Spilling it costs no store (the cell
  // already holds the value): its load or copy becomes a nop and its
  // reads get reloads of their own.
  bool shared_reload = false;

  // A phi def in a register whose cell holds it too from its block's
  // start (spilling.cc, decisions::phi_in_cell): it is never stored;
  // SSA deconstruction passes it to a memory phi in that cell with no
  // move, and the record gives the cell's slot as the phi's phi_also.
  bool lands_in_cell = false;

  // For the fresh copy of a tied use (constraint lifting): the def that
  // must reuse its register.  Colour assignment gives the copy a
  // register the def can keep over its whole live range.
  value_id tie_def = no_value;

  // For the def of an input copy that copy folding deleted
  // (copy_folding.cc; origin dead): the value whose reads its reads
  // became, and whose location is its location.
  value_id folded_into = no_value;
};

struct cell
{
  uint32_t size = 0;
  uint32_t align = 0;
  // The allocation slot it maps to (stack_slots.cc).
  slot_id slot = no_slot;
};

// Per-round results of interval analysis.  Recomputed after every change
// to the working function.
struct liveness
{
  // live_in[b]: values live at the start of block b, phi defs of b
  // excluded.  live_out[b]: values live at the end of b, including the
  // arguments b passes to its successors' phis.  Each list sorted.
  vec<vec<value_id>> live_in;
  vec<vec<value_id>> live_out;

  // intervals[v]: the positions where v is live, as sorted disjoint
  // closed intervals.
  vec<vec<std::pair<pos_t, pos_t>>> intervals;
  // Whether the intervals of A and B share a position.
  bool meet (value_id a, value_id b) const;

  // forbidden[v]: hard registers occupied (pre-coloured ranges, clobbers)
  // somewhere in v's live range.
  vec<hreg_set> forbidden;

  // avoid[v]: registers of values with a single allowed register that
  // overlap v (a preference to stay clear, not a constraint).  Empty
  // after analyse_intervals: only colour assignment reads it, and it
  // makes it (compute_avoid) from the intervals and forbidden sets of the
  // analysis it colours with, so that an analysis the spiller's lowering
  // replaces does not make it for nothing.
  vec<hreg_set> avoid;

  // across_in_memory[v]: v is live across an instruction with
  // values_across_in_memory.
  vec<bool> across_in_memory;

  // hard_at_end[b]: hard registers occupied at the end position of b.
  vec<hreg_set> hard_at_end;

  // hard_at_use[b][j]: hard registers occupied where instruction j of
  // block b reads its uses (U_j), its own use_hards included.
  vec<vec<hreg_set>> hard_at_use;

  // Number of positions.
  pos_t npos = 0;
};

// The per-allocation context.
struct work
{
  work (const function &f, const target &t, const alloc_options &o);
  // Lends the live lists' storage to the next analysis
  // (recycle_liveness).
  ~work ();
  // A copy (allocate () starts each run of the phases from spill_required
  // on from a copy of the work they left) has live lists of its own, and
  // gives them back in turn.  Not assigned.
  work (const work &) = default;
  work &operator= (const work &) = delete;

  const function &in;
  const target &tgt;
  alloc_options opts;

  // The working copy.  Invariant: verify_function (fn, tgt) holds after
  // every phase, except that values of origin `dead` and spilled values'
  // removed uses leave no trace.
  function fn;
  vec<wblock> wb;
  vec<wvalue> wv;

  // An instruction of the input function.
  struct insn_ref
  {
    block_id block = no_block;
    uint32_t insn = 0;
  };
  // remat_at[v]: for an input value V defined by a rematerializable
  // input instruction (ir.h), that instruction; otherwise no_block.  A
  // reload of V may recompute it there instead of loading it, and V then
  // needs no store and no cell (spilling.cc, spill_placement.cc).  One
  // entry per input value.
  vec<insn_ref> remat_at;

  // Return true if V, or the value a reload V carries, is recomputed
  // rather than reloaded.
  bool rematerializable (value_id v) const
  {
    return v < remat_at.size () && remat_at[v].block != no_block;
  }

  // Phi classes (phi_analysis.cc, phi_mem_coalesce.cc): union-find over
  // working values.  Members of one class never interfere, so they may
  // share one memory cell.
  vec<value_id> phi_parent;

  vec<cell> cells;
  cell_id scratch = no_cell;

  // The allocation's slots, built by stack_slots.cc.
  vec<stack_slot> slots;

  dominator_tree dom;
  liveness live;

  // Set by spill_before_coloring when it leaves `live` describing the
  // working function as it hands it on; assign_colors then uses it
  // instead of analysing again (only compute_preferences,
  // which changes neither the function nor the spill decisions, runs
  // between them).  assign_colors clears it.
  bool live_current = false;

  // Register shortfalls and their relief (allocate.cc, colour
  // assignment's shortfalls fed back to the spiller).  A point of the
  // working function is named so that it survives the spiller's
  // lowering, which inserts instructions: block B (blocks exist before
  // spilling and keep their numbers) and the input instruction at or
  // after it (winsn::in_insn of the first instruction of role input at
  // or after the point; relief_end after the last, relief_entry for the
  // block's phis).
  static constexpr uint32_t relief_end = ~0u;
  static constexpr uint32_t relief_entry = ~0u - 1;
  struct point_key
  {
    block_id b = no_block;
    uint32_t at = relief_end;
    bool operator== (const point_key &o) const
    {
      return b == o.b && at == o.at;
    }
  };
  // A value of file FILE that colour assignment found no register for at
  // point WHERE: one that may start in ALLOWED (its allowed starts whose
  // registers are not forbidden over its life), else in ANY (its allowed
  // starts), and is WIDTH registers wide.
  struct shortfall
  {
    point_key where;
    file_id file = no_file;
    hreg_set allowed;
    hreg_set any;
    unsigned width = 1;
    // The value to spill whole where relief does not help: the value
    // itself, or the lightest occupants (compute_weights) of a register
    // it could take, named by a stable id (work::stable_count), or
    // no_value if none may go (colour assignment, walker::victim).
    value_id whole = no_value;
    // Or, where the register is held by a shared reload of a value in
    // memory already (stable id), that value, whose reads then get
    // reloads of their own (work::unshared).
    value_id unshare = no_value;
    // Whether relief can help: some register the value may hold over
    // its life (else the spiller's phantoms free none it could take).
    bool relievable () const { return allowed.any (); }
  };
  // Whether relief can help every one of SHORT_OF.
  static bool all_relievable (const vec<shortfall> &short_of);
  // Set by allocate () before the phases run: each entry stands for one
  // more register of its file taken at every instruction of its point
  // (a phantom value with the shortfall's allowed set and width), so the
  // spiller leaves colour assignment the register it lacked there
  // (spilling.cc, spiller::phantoms_at).
  vec<shortfall> relief;
  // Set by allocate () before the phases run: values spill_required
  // sends to memory whole (stable ids), where relief did not help.
  vec<value_id> whole;
  // Values in memory whose reads do not share reloads
  // (place_spill_code), where relief did not help (stable ids).
  vec<value_id> unshared;
  // The values the working function has when spill_required starts:
  // the phases before it do not depend on relief or `whole`, so ids
  // below this name the same values in every run of one function.
  size_t stable_count = 0;
  // Return the stable id of V: V, or the value a reload carries
  // (wvalue::carries, followed through a shared reload's reload), or
  // no_value.
  value_id stable_of (value_id v) const;
  // What assign_colors found no register for (it does not spill), for
  // allocate () to relieve, or to name the values it spills whole.
  vec<shortfall> shortfalls;
  // Whether spill_before_coloring runs its spiller (every run but
  // allocate ()'s last resort, which has every value in memory).
  enum class spiller_use : uint8_t { run, skip };
  spiller_use spiller = spiller_use::run;
  // Set when spill_before_coloring brought the register files down:
  // not with spiller_use::skip, nor in a function it leaves alone (a
  // receiver, a decision spiller::run could not carry out for some
  // file): relief helps only where it is set.
  bool split_done = false;
  // The point key of instruction J of block B.
  point_key key_of (block_id b, size_t j) const;

  // A copy PhiLifting inserted: instruction INSN of block BLOCK, which
  // copies the def of phi PHI of block PHI_BLOCK (COLUMN < 0) or its
  // argument COLUMN.
  struct lifted_copy
  {
    block_id block;
    uint32_t insn;
    block_id phi_block;
    uint32_t phi;
    int32_t column;
  };
  // In the order PhiLifting inserted them (PhiMemCoalesce visits them in
  // this order).  Instruction indices stay valid: later phases never
  // remove instructions (they turn them into nops) and insert only in
  // blocks' rebuilt vectors after PhiMemCoalesce has run.
  vec<lifted_copy> lifted_copies;

  // Preferences (preferences.cc).  affinities[v]: the values V would
  // rather share a register with (a copy, a phi, a tie between them),
  // with the frequency of the copy saved; symmetric.  pref[v]: registers
  // V would rather have (fixed registers of the copies and operands it
  // takes part in, propagated along affinities), each with a weight.
  // Rebuilt by compute_preferences whenever the working function
  // changes; one entry per working value.
  struct affinity
  {
    value_id other;
    double weight;
  };
  vec<vec<affinity>> affinities;
  vec<vec<std::pair<hreg, double>>> pref;

  // class_cell[r]: the memory cell of the phi class whose representative
  // is r, or no_cell.
  vec<cell_id> class_cell;

  alloc_stats stats;

  // file_of[h]: the file of hard register h, or no_file.
  vec<file_id> file_of;

  // Add a working value like V with origin O; return its id.
  value_id add_value (const value &v, vorigin o, spillability s);

  // Add an unspillable reload temp like value V in file F (V's own file,
  // or its via_file: then it takes any start register of F), named V's
  // name plus SUFFIX, carrying CARRIES (wvalue::carries); return its id.
  value_id add_temp_like (value_id v, file_id f, const char *suffix,
                          value_id carries);

  // Return the class representative of V (path halving).
  value_id phi_class (value_id v);

  // Return a fresh cell of SIZE bytes.
  cell_id add_cell (uint32_t size);

  // Return the registers a value of file F and width W at register H
  // covers.  Inline: asked per operand in the hottest loops.
  static hreg_set span (hreg h, unsigned w)
  {
    hreg_set s;
    // Width 1, nearly every value: one bit (the loop was 1% of the
    // core's instructions on SQLite's replay).
    if (w == 1 && h < max_hard_regs)
      return s.set (h);
    for (unsigned k = 0; k < w && h + k < max_hard_regs; ++k)
      s.set (h + k);
    return s;
  }

  // Return the valid start registers of width W in file F.
  hreg_set starts (file_id f, unsigned w) const;

  // Return the registers a reload of spilled V for instruction CUR (the
  // current form of instruction J of work block B) may take: what the
  // input operands of that instruction reading V accept, within the
  // input value's `allowed`, not only V's `allowed`, which constraint
  // lifting may have narrowed for other instructions (a pair narrowed to
  // r4:r5 or r5:r6 read here together with a use in r5).  V's `allowed`
  // when that leaves nothing.
  hreg_set reload_set (value_id v, block_id b, size_t j,
                       const insn &cur) const;

  // Return operand K of the input instruction that instruction J of
  // work block B is, or nullptr (an inserted instruction, a block that
  // splits an edge, no such operand).  Phases keep an input
  // instruction's operands at their input positions.
  const operand *input_operand (block_id b, size_t j, size_t k) const;

  // Return the bytes a value V needs in memory.
  uint32_t mem_size (value_id v) const;

  // Return the position of the start, end, and of instruction J's use,
  // clobber and def points in block B.
  pos_t pos_start (block_id b) const { return wb[b].start; }
  pos_t pos_use (block_id b, uint32_t j) const { return wb[b].start + 1 + 3 * j; }
  pos_t pos_clobber (block_id b, uint32_t j) const { return wb[b].start + 2 + 3 * j; }
  pos_t pos_def (block_id b, uint32_t j) const { return wb[b].start + 3 + 3 * j; }
  pos_t pos_end (block_id b) const
  { return wb[b].start + 1 + 3 * uint32_t (fn.blocks[b].insns.size ()); }
};

// A failed phase: what kind of failure (the plugin acts on it) and
// why, for the user.  kind none and an empty detail on success.
struct failure
{
  alloc_failure kind = alloc_failure::none;
  std::string detail;
  bool failed () const { return kind != alloc_failure::none; }
};

// The phases, in the order allocate () runs them.  Each returns an
// empty string on success, otherwise why the function cannot be
// allocated; assign_colors, whose failures differ in kind, a failure.
// See the comment at the top of each file.
void fold_copies (work &w);
std::string lift_constraints (work &w);
void split_hard_ranges (work &w);
std::string lift_phis (work &w);
void analyse_intervals (work &w);
// "" if KEPT (a liveness kept up to date) describes what FRESH (a full
// analysis of the same function) does, else the first difference
// (interval_analysis.cc).
std::string compare_liveness (const liveness &kept, const liveness &fresh);
// Fill w.live.avoid from the full analysis in w.live, unless it holds
// it already (interval_analysis.cc).
void compute_avoid (work &w);

// Keep the storage of L's live lists and intervals, emptied, for the
// next analyse_intervals (interval_analysis.cc) until allocate ()
// returns (release_kept_lists), and leave them empty.  Called when a
// work ends.
void recycle_liveness (liveness &L);

// Give back the storage the phases keep from run to run of a function
// (recycle_liveness's lists, interval analysis's hard-register tree,
// the spiller's per-block lists): allocate ()
// calls them as it returns, so that between functions no pool block is
// in use (pool::reset_if_unused).
void release_kept_lists ();
void release_spiller_lists ();

std::string analyse_phis (work &w);
void phi_mem_coalesce (work &w);
void compute_preferences (work &w);
std::string spill_required (work &w);
std::string spill_before_coloring (work &w);
failure assign_colors (work &w);
std::string place_spill_code (work &w, const vec<value_id> &newly);
void coalesce_copies (work &w);
void reuse_loads (work &w);
std::string deconstruct_ssa (work &w);
void place_edge_code (work &w);
void assign_stack_slots (work &w);
std::string build_record (work &w, allocation &out);
// Drop the loads of A into registers that hold their slot's contents
// already, and the stores of what a slot holds; sink edge loads and phi
// stores (reload_elision.cc).
void elide_reloads (const function &f, const target &t, allocation &a,
                    cost_goal goal);

// Delete the rematerializable input instructions whose value nothing
// reads any more: every read recomputes it (spilling.cc,
// spill_placement.cc), or nothing ever read it.  Left in, each would take
// a register at its def for nothing; and its dead def would be identical
// to a later recomputation, which GCC's post-reload CSE would delete as
// redundant, reviving the dead def behind a stale REG_UNUSED note that
// later passes trust.  The instruction becomes wrole::folded (the record
// deletes it); its value is dead and has no live range.  work.cc.
void drop_dead_remats (work &w);

// Return true if block B ends without a terminator or with one that
// reads, writes and clobbers nothing: code placed before it is as good as
// code after it (phi_lifting.cc).
bool ends_plainly (const block &b);

// Return true if code at the end of block B runs on its one out-edge
// only: one successor, a plain end (the place for an edge's code).
bool takes_end_code (const block &b);

// Building blocks exposed for tests.

// Set IN[b] and OUT[b] to the hard registers live at the start and the
// end of each block b of F (pre-coloured ranges: from a def_hard, or the
// function's entry, to a use_hard).  interval_analysis.cc.
void hard_liveness (const function &f, vec<hreg_set> &in,
                    vec<hreg_set> &out);

// Return the execution frequency estimate of block B: block::frequency
// (GCC's profile estimate) when known, else 1 + 10^loop_depth.
double block_frequency (const work &w, block_id b);

// Add WT to the weight of H in the preference list P.
void add_preference (vec<std::pair<hreg, double>> &p, hreg h,
                     double wt);

// Return the spill weight of every working value (ComputeWeight, seed 001
// section 4.4), given the current liveness and spill decisions
// (spill_weights.cc).
vec<double> compute_weights (work &w);

// Return true if V may still go to memory: spillable, not in memory
// already, and not dead (work.cc).
bool can_spill (const work &w, value_id v);

// One transfer of a parallel copy: the value in SRC goes to DST.
struct transfer
{
  location dst;
  location src;
  file_id file = 0;
  uint8_t width = 1;
  uint8_t bytes = 0;            // value::bytes of the moved value
  std::string what;
};

// Sequentialise the parallel copy MOVES (destinations distinct) for target
// T into edits at AT, appended to OUT.  FREE is the set of registers that
// may serve as temporaries (neither source nor destination, not live).
// NEEDS_SAVE: the call-saved registers the function writes nowhere else;
// a GPR cycle is broken through a free register only outside it (the
// xors need none), other temporaries may use it.  SCRATCH is a cell for
// swaps through memory (as a slot id in the edits).  Return "" or an
// error.
std::string sequentialize (const target &t, vec<transfer> moves,
                           const hreg_set &free, const hreg_set &needs_save,
                           slot_id scratch, const program_point &at,
                           vec<edit> &out);

} // namespace ssara::ra

#endif
