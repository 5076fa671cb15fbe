// spilling.cc -- spilling before colour assignment, with live-range
// splitting (M. Braun and S. Hack, "Register Spilling and Live-Range
// Splitting for SSA-Form Programs", CC 2009).
//
// Colour assignment on the dominator tree of an SSA program never runs
// out of registers where at most k values are live (seed 001, section 2):
// this phase brings the register demand of each memory-direct file (GPRs,
// FPRs) down to the registers available at every instruction before any
// value gets a register, by deciding where each value is in a register
// and where only in memory.  Unlike the paper's whole-value spilling
// (color_assignment.cc), a value evicted somewhere keeps its register
// everywhere else, and a reload serves every later use until the value
// is evicted again.
//
// Decide:
//   1. Next-use distances (in instructions) from each block's start and
//      end, by a backward fixed point over the CFG; an edge that leaves a
//      loop adds loop_exit_penalty, so that a use after a loop is far
//      from anything inside it, and an edge into a block that runs a
//      fraction of its predecessor's times (GCC's block frequencies)
//      multiplies the distance by the inverse (scale_dist).  A phi
//      argument read at a block's end is as far from its next use as its
//      phi is from the successor's start (phi_arg_next).
//   2. Blocks in reverse post-order.  The register set at a block's start
//      is, at a loop header, the values used in the loop (nearest first),
//      then the values live through the loop that an entry edge brings in
//      a register, as far as the loop's pressure (at its calls that are
//      not cold: the registers they leave) leaves room for them
//      everywhere in it, so that a value unused in a loop is not reloaded
//      in it; elsewhere, the values in a register at the end of every
//      processed predecessor, then of some, nearest first; as many as
//      the registers free there hold, class by class too (the values
//      whose reach lies within a restricted one, such as the
//      call-saved registers, at most its free registers).  A value a
//      header held unread whose latches reloaded it more than
//      idle_margin times as often as the loop read it from a register is
//      idle there: the blocks are walked again with the header leaving
//      it out (find_idle, max_walk_passes).
//   3. Within a block, Belady's MIN: a use not in a register is reloaded
//      before its instruction; where the demand at an instruction's uses,
//      across its clobbers (a call) or at its defs exceeds the registers
//      left by pre-coloured hard registers and clobbers, the values not
//      read there whose next use is furthest leave their registers (one
//      whose leaving needs a store counts as nearer: dirty_discount,
//      and more so as its store outweighs its reload by frequency;
//      in a loop, a clean one whose next use is in a block that runs
//      less often counts as that much further).  The demand is counted
//      class by class too (fit_classes): a value restricted to some
//      registers (no r0, pair starts, none that a call it keeps its
//      register across clobbers: compute_reach) counts against those.
//      At a cold call (cold_call_share) the values live across it leave
//      their registers, so that they need no call-saved ones for it;
//      only as many stay as the function saves call-saved registers
//      anyway (free_saved_), none of them live where the values across
//      calls are crowded (crowded_life_).  At any call, the values
//      compute_reach foresaw keeping their registers there stay before
//      others; one that stays unforeseen counts against the registers
//      the call leaves from there on, and the file's blocks are walked
//      again with it restricted from its def (max_walk_passes).  A
//      start value that leaves before it is read starts in memory
//      instead, and the block is walked again (max_start_trials).
//   4. At each edge, a value in a register at the successor's start but
//      not at the predecessor's end is reloaded on the edge (at the end of
//      a predecessor with one successor, else once at the start of the
//      successor); a phi whose def starts out of a register lives in
//      memory (its arguments are stored there by SSA deconstruction).
//      Where the reloads at a predecessor's end make more values than
//      registers there (every value kept over the edge and every phi
//      argument still holds its register, memory phis' arguments
//      included), or the edge is a loop's back edge, the block is marked
//      (decisions::edge_move_files).
//   5. A value that leaves its register while it still has a use is
//      stored right after its def (single assignment: one store serves
//      every reload), or, where that costs less by frequency, at each
//      point where it leaves (every path to a reload passes one): in a
//      block, at a predecessor's end, or at the start of a successor
//      with no other in-edge (a branch's cold side).
//   A value defined by a rematerializable instruction (work::remat_at)
//   is never stored: leaving its register is free, and its reloads
//   recompute it.
// Nothing is changed until every decision can be carried out; then:
// Lower:
//   6. Where the reloads of a value join (decide_joins): phis at the
//      iterated dominance frontier of the reloads where the value is in
//      a register at the block's start (a reload at the block's start
//      where an in-edge cannot carry a phi's copy).  Then, at the end of
//      a marked block (step 4), each reload that only the successor's
//      phis read becomes a move of the edge (decide_edge_moves): a
//      reload value in its value's cell, which SSA deconstruction loads
//      into the phi's register after the edge's moves that free
//      registers, or finds in a memory phi's own cell.
//   7. Stores and reloads become instructions of the working function;
//      each reload defines a fresh value that carries the evicted one.
//   8. SSA reconstruction: every use of an evicted value is renamed to the
//      reload or def that reaches it, through the phis of step 6.
//
// The reload values are shared reloads (work.h): if colour assignment
// still cannot colour (operand constraints, register pairs, values
// across calls that need call-saved registers), its own spilling sends
// them back to memory at the cost of their loads, and recolours.
//
// Two rounds of the above (spill_round): first the files that reach
// memory only through a via_file (CR fields, CTR, LR through a GPR),
// whose stores and reloads go through one-instruction temps of the
// via_file; then the memory-direct files (GPRs, FPRs), whose round
// counts those temps in its demand.
//
// What this phase leaves alone: values already spilled (memory_only,
// abnormal edges, live across an instruction that wants every value in
// memory: spill_required), unspillable temps (they count towards the
// demand, but stay), values defined by a terminator, and functions with
// a nonlocal goto or setjmp receiver.

#include "work.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace ssara::ra {

namespace {

// A next-use distance: instructions from a point to the next use.
using dist_t = uint32_t;
// No next use.
constexpr dist_t no_use = ~dist_t (0);
// Added to a distance for each loop level an edge leaves: uses after a
// loop are far from every point inside it (loops longer than this many
// instructions would blur the line; none are).
constexpr dist_t loop_exit_penalty = dist_t (1) << 20;
// Passes of the next-use fixed point before it stops: distances only
// decrease from no_use and are bounded below, so it converges; in
// reducible CFGs within loop depth + 2 passes.  A function that has not
// converged by then keeps its current (larger, still safe) distances:
// they steer heuristics only.
constexpr unsigned max_next_use_passes = 64;
// Walks of one block to drop start values that leave their register
// unread (spiller::walk); each removes one at least, so this bounds only
// the time on blocks with very many live-in values.
constexpr unsigned max_start_trials = 8;

// The walks of a file are made again, from the same decisions, when one
// kept a value across a call that compute_reach had not restricted to
// the registers the call leaves (spiller::narrowed_late_): the second
// time that value counts against those registers from its def on.  At
// most this many times in all.  Termination: a reach only narrows, and
// the cap bounds the passes.
// The walks are also made again when a loop header's start set held an
// idle value (find_idle, idle_margin): the next time the header leaves
// it out.  Termination: idle values
// only accumulate, at most one entry per header and value, and the cap
// bounds the passes.
constexpr unsigned max_walk_passes = 3;
// With spill=pereira, a value the walk evicts is spilled whole
// (spiller::whole_), and the walks are made again with it in memory
// from its def on, until a pass spills no new value whole.  Termination:
// the values spilled whole only accumulate, and this cap bounds the
// passes; a walk cut short by it is still a valid splitting of the
// values it chose last (colour-time spilling needed 1-3 rounds on
// real functions, the fuzz tests fewer than 10).
constexpr unsigned max_whole_passes = 16;
// A value spilled whole keeps the register of a reload while its next
// read in the block is at most this many instructions on, as colour
// assignment's shared reloads did (spill_placement.cc, share_window).
constexpr uint32_t whole_share_window = 60;
// A value is idle at a loop header (find_idle) where the latches'
// reloads of it run more than idle_margin times as often as the reads
// its register serves in the loop.  Measured with make bench's sources:
// at 1, lz4 with 5 GPRs ran 3.5% more instructions (in LZ4HC's chain
// loops, values left out were reloaded where the pressure is highest,
// and the reload phis' registers rotated on the back edge), for 0.1%
// fewer with 12 GPRs; at 2 neither.  With the eviction's cost of a
// store (walk_with), 1.5 with 12 GPRs (lz4 1.036x -> 1.013x of stock's
// instructions: LZ4HC's chain loop reloaded on every iteration two
// invariants read only on a path GCC guesses half as frequent as its
// header, and evicted them unread on the other path), but 2 still in
// files of at most few_regs registers (lz4 with 5 GPRs 0.960x -> 0.986x
// at 1.5: the rotating reload phis above).
constexpr double idle_margin = 1.5;
constexpr double idle_margin_few = 2;
// Eviction (spiller::walk_with): a value whose eviction needs a store
// defined in a block that runs at least dirty_share as often as the
// evicting one counts its next use as dirty_discount times as far (in
// a file of at most few_regs registers, dirty_discount_few times).
// A store and a reload against a reload alone would say 0.5; in a loop
// the loop-carried value then left its register for invariants read a
// little nearer, and was stored and reloaded on every iteration (LZ4HC's
// chain loop with 12 GPRs: nbAttempts).  Measured with make bench's
// programs at 0.5, 0.35 and 0.25 (-O2 with all, 12, 8 and 5 GPRs):
// 0.35 is best with all and 12 GPRs, 0.5 with 8 and 5 (lz4 with 5 GPRs
// 0.991x -> 0.965x of stock's instructions; docs/core.md, phase 5c).
constexpr double dirty_share = 0.5;
constexpr double dirty_discount = 0.35;
constexpr double dirty_discount_few = 0.5;
constexpr unsigned few_regs = 11;
// ... and by as much more as its store, which runs as often as its def,
// outweighs a reload that runs less often than the evicting block
// (walk_with).  Counted as rare as its reader, a value defined in a loop
// and read on a rare path was evicted at once and stored on every
// iteration (brotli's CreateBackwardReferencesNH5 with 12 GPRs: two
// stores per iteration of its hash-chain loop, 7 M in all).
// A call in a block that runs at most cold_call_share times as often as
// the function's hottest block is cold: the values live across it leave
// their registers there.  At 1 every call is: whether a value keeps a
// call-saved register across calls is decided by what those calls cost
// together (cold_cross_budget), not by how hot one call's block is.
// GCC's guess makes a call in a loop look hot and one in an
// interpreter's opcode look cold whatever they run (sqlite3VdbeExec's
// hottest block: 9.4 runs per call).  With 0.1, until 2026-12-02,
// SQLite -O2 ran 0.972x of stock's instructions and 1.004x of its loads
// and stores, now 0.955x and 0.973x; tree-sitter with 12 GPRs 0.985x ->
// 0.977x; nothing else at -O2 moved by more than 0.003 (bench-quick
// over make bench's programs); 0.03 and 0 were worse (SQLite -O2 0.974x
// and 0.981x).  The code grows (SQLite's static instructions 1.028x ->
// 1.035x of stock's).  Where GCC optimizes for size no call is cold at
// all (run: cold_limit_): a store and a reload around a call are two
// instructions, a call-saved register none, since GCC saves and
// restores them with one stmw and one lmw (or a branch to _restgpr_N_x)
// whatever their number.  make bench's programs at -Os, plugin / stock
// static instructions, geomean 1.0073x -> 1.0000x (SQLite 1.029x ->
// 1.012x, brotli 1.007x -> 0.992x, lz4 1.000x -> 0.987x), and they run
// faster too: SQLite's instructions 1.019x -> 0.998x, its loads+stores
// 1.076x -> 1.011x.  (0.1 there until 2026-12-02; at 1 zlib's read_buf
// took 8 loads and 3 stores for none, ssara.dg/cheaper-margin-Os.c.)
// Where the function has no frequencies (-O0: 1 + 10^depth,
// block_frequency) the split stays at cold_call_share_fallback: every
// block outside loops weighs as one run per call of the function (lz4
// -O0 at 1: loads+stores 1.000x -> 1.030x of stock's).
constexpr double cold_call_share = 1;
constexpr double cold_call_share_fallback = 0.1;
// ... unless the value lives across calls that together run more than
// cold_cross_budget times as often as the function is called: storing
// and reloading it around all of them costs more than a call-saved
// register's save and restore (SQLite's interpreter loop, whose opcodes
// each run rarely and call often).  One store and one reload per call
// against one save and one restore per run of the function: 1, the
// break-even, where calls leave more than scarce_saved registers of the
// file.  (4 everywhere until 2026-11-30: zlib's deflate_slow stored and
// reloaded a loop-carried value around a call that ran three times per
// call of the function; make bench's -O2 stack-pointer loads+stores:
// zlib 1.017x -> 0.972x, brotli 0.639x -> 0.537x, lz4 0.860x -> 0.838x.)
constexpr double cold_cross_budget = 1;
// Where calls leave at most this many registers of the file, a value
// kept across a cold call takes one that the values across the hot
// calls need: cold_cross_budget_scarce instead (with 12 GPRs, r31 the
// one call-saved register, the break-even cost lz4 0.5% more loads and
// stores and SQLite 0.2%).  Not so in a file whose call-saved registers
// are saved as one (reg_file::saved_as_one: the CR fields, three of
// them): a value kept in one costs the others nothing once the function
// saves any (compute_pressure frees them all then), and a CR value's
// store and reload around a call cost five instructions (mfcr, a shift,
// stw; lwz, mtcrf) against four for the CR save word in the prologue
// and epilogue.  With the scarce budget SQLite at -O2 stored CR fields
// around calls through a GPR 550 times more than stock's code (845
// mfcr against 295), and stock's kept them in cr2-cr4 (exprDup); with
// the break-even budget and the fields freed together, 531 mfcr, static
// instructions 1.035x -> 1.028x of stock's, dynamic instructions
// 0.955x -> 0.953x (bench-quick; nothing else moved by more than 0.001;
// docs/core.md, phase 5c).
constexpr unsigned scarce_saved = 4;
constexpr double cold_cross_budget_scarce = 4;
// A rematerializable value kept across a call needs a call-saved register
// for its whole life: a save and a restore per run of the function.
// Recomputed after the call instead, it costs one instruction where it
// is read next, as often as that block runs, and nothing where that
// read copies it into a hard register (an argument of the next call:
// the recomputation writes that register instead).  It leaves its
// register at a call where the recomputation costs at most this much,
// in runs per run of the function, or costs nothing: its next read
// in the block copies it into a hard register, or every read of it
// does.
constexpr double remat_keep_cost = 2;

// Whether I copies its source into a hard register (an argument, the
// return value): a recomputation of the source can write it there.
bool
copies_to_hard (const insn &i)
{
  return (i.kind == insn_kind::copy
          && std::any_of (i.ops.begin (), i.ops.end (),
                          [] (const operand &o) {
                            return o.kind == operand_kind::def_hard;
                          }));
}

dist_t
add_dist (dist_t a, dist_t b)
{
  if (a == no_use || b == no_use)
    return no_use;
  uint64_t s = uint64_t (a) + b;
  return s >= no_use ? no_use - 1 : dist_t (s);
}

// A use reached over an edge into a block that runs a fraction of the
// times its predecessor does is that much further away: DIST times
// FROM / TO (at most max_rarity).  A use on a path that never runs is
// as good as none.
constexpr double max_rarity = 1e4;

dist_t
scale_dist (dist_t dist, double from, double to)
{
  if (dist == no_use || to >= from)
    return dist;
  double f = to > 0 ? std::min (from / to, max_rarity) : max_rarity;
  double x = double (dist) * f + f;
  return x >= double (no_use - 1) ? no_use - 1 : dist_t (x);
}

// DIST, a distance from the start of a block at loop depth TO_DEPTH that
// runs TO_FREQ times, seen from the end of a predecessor at FROM_DEPTH
// that runs FROM_FREQ times: further by loop_exit_penalty for each loop
// level the edge leaves, and as the successor runs a fraction of the
// predecessor's times (scale_dist).
dist_t
over_edge (dist_t dist, unsigned from_depth, unsigned to_depth,
           double from_freq, double to_freq)
{
  if (from_depth > to_depth)
    dist = add_dist (dist, loop_exit_penalty * (from_depth - to_depth));
  return scale_dist (dist, from_freq, to_freq);
}

// The slot of code at the end of block B: after its last instruction,
// or before its terminator.
uint32_t
end_slot (const block &b)
{
  size_t n = b.insns.size ();
  return uint32_t (n == 0 || !b.insns.back ().terminator ? n : n - 1);
}

// A sorted (value, distance) map.
using dist_map = vec<std::pair<value_id, dist_t>>;

constexpr size_t no_index = ~size_t (0);

// The index of V's entry in M, or no_index.
size_t
index_of (const dist_map &m, value_id v)
{
  auto it = std::lower_bound (m.begin (), m.end (),
                              std::make_pair (v, dist_t (0)));
  return it != m.end () && it->first == v ? size_t (it - m.begin ())
                                          : no_index;
}

dist_t
lookup (const dist_map &m, value_id v)
{
  size_t at = index_of (m, v);
  return at == no_index ? no_use : m[at].second;
}

// The registers of file F (REGS, its register set) that value V may
// occupy without touching BAR: its allowed starts' spans.  A value whose
// reach is not the whole file is restricted (a GPR used as a base
// address cannot be r0; a pair starts at an even register).
hreg_set
reach_in_file (const work &w, file_id f, const hreg_set &regs, value_id v,
               const hreg_set &bar)
{
  const value &x = w.fn.values[v];
  if (x.width == 1)
    return x.allowed & regs & ~bar;
  hreg_set r;
  for (hreg h : w.tgt.files[f].regs)
    if (x.allowed.test (h) && (work::span (h, x.width) & bar).none ())
      r |= work::span (h, x.width) & regs;
  return r;
}

// Lists of values at the slots of each block of a function: slot j of
// block b is before its instruction j, or, for j == its number of
// instructions, at its end (after the last instruction, or before a
// terminator).  A block's lists are made with its first value (slots),
// from its instruction count then: so before the lowering rebuilds the
// block.  Most blocks have none, and making them for every block was a
// tenth of the spilling phase's allocations (SQLite -O2).
class slot_lists
{
public:
  explicit slot_lists (const function &fn) : fn_ (fn), at_ (fn.blocks.size ())
  {}
  // The lists of block B's slots, made if need be.
  vec<vec<value_id>> &slots (block_id b)
  {
    if (at_[b].empty ())
      at_[b].resize (fn_.blocks[b].insns.size () + 1);
    return at_[b];
  }
  // The lists of block B's slots so far (none if none was made).
  vec<vec<value_id>> &made (block_id b) { return at_[b]; }
  // The values at slot J of block B.
  const vec<value_id> &at (block_id b, size_t j) const
  {
    static const vec<value_id> none;
    return at_[b].empty () ? none : at_[b][j];
  }

private:
  const function &fn_;
  vec<vec<vec<value_id>>> at_;
};

// The decisions of one function (all files).
struct decisions
{
  explicit decisions (const function &fn) : reload_before (fn) {}
  // reload_before: values reloaded at each slot of each block.
  slot_lists reload_before;
  // start_reload[b]: values reloaded at the start of block b for all its
  // in-edges.
  vec<vec<value_id>> start_reload;
  // Values that leave their register while they still have a use: they
  // are stored, after their def or where they leave (evictions).
  vec<bool> stored;
  // Where each value leaves its register: (block, slot) with the slot
  // numbered as in reload_before (a store there goes before the slot's
  // reloads).  A value that leaves on an edge with no place for code
  // (`evict_anywhere` false) is stored after its def.
  struct eviction
  {
    block_id b;
    uint32_t slot;
  };
  vec<vec<eviction>> evictions;
  vec<bool> evict_anywhere;
  // Phi defs that live in memory.
  vec<bool> memory_phi;
  // Phi defs in a register whose cell holds them too from their block's
  // start: every argument but the phi itself is a memory phi of the
  // phi's class, so each in-edge loads the phi from that cell.  Such a
  // phi needs no store, and passes to a memory phi of its class cell to
  // cell, as a memory phi does (LZ4HC's chain loop with 5 GPRs: the
  // header phi of a counter read after the loop only left its register
  // on every iteration and was stored into the cell it had been loaded
  // from).  Set by fix_edges once memory_phi is.
  vec<bool> phi_in_cell;
  // Values with at least one reload.
  vec<bool> reloaded;
  // entry[b]: the values (of every file) in a register at the start of
  // block b, sorted.
  vec<vec<value_id>> entry;
  // end_blocks[v], for a value with reloads: the blocks at whose end V
  // is in a register (the walk left it there, or fix_edges reloads it
  // there for an out-edge), sorted.  Where the lowering reloaded V in a
  // block not among them, V left its register after that reload (at a
  // call), and is in memory at the end (lowering::rename).
  vec<vec<block_id>> end_blocks;
  // The block defining each value of the input to this phase.
  vec<block_id> def_block;
  // Values defined by a terminator: nothing can follow their def.
  vec<bool> terminator_def;
  // edge_move_files[b]: the memory-direct files whose reloads at the end
  // of block B (one successor) the lowering makes moves of B's out-edge
  // (decide_edge_moves).  Either the file's values in a register there
  // outnumber its registers once fix_edges' reloads are counted (every
  // value kept over the edge and every phi argument still holds its
  // register there, the arguments of memory phis included: SSA
  // deconstruction stores them into the phi's cell only on the edge),
  // so those reloads need one register each beyond the successor's
  // start set; or the edge is a back edge (the successor dominates B):
  // the successor's start, coloured before B, already fixes where each
  // such reload goes, and a reload holding a register of its own at B's
  // end may hold the one another value must move into (LZ4HC's chain
  // loop with 5 GPRs: the counter's reload in r5, an invariant's
  // header register, and the invariant's reload in r4, the counter's
  // phi register: a swap on every iteration).
  vec<vec<file_id>> edge_move_files;
  // edge_moves[b]: values whose reload at the end of block B is a move of
  // B's out-edge, made by SSA deconstruction (decide_edge_moves): each
  // is a reload value in its value's cell, defined by no instruction.
  vec<vec<value_id>> edge_moves;
  // Phi arguments passed cell to cell (cell_to_cell) over an edge at
  // whose start the walk has them out of a register: the lowering makes
  // each such argument a value in its cell, defined by no instruction,
  // so that the argument's register range ends where the walk evicted it
  // (renameEditSql with 8 GPRs, no call-saved one: a phi kept in its
  // cell was evicted at a call, and its name as a later phi's argument
  // carried its register range across the call, where no register
  // survives).  Each (predecessor, successor, index of the in-edge,
  // argument).
  struct cell_arg
  {
    block_id p, s;
    uint32_t k;
    value_id a;
  };
  vec<cell_arg> cell_args;

  // Reload V before slot SLOT of block B.
  void reload (block_id b, uint32_t slot, value_id v)
  {
    reload_before.slots (b)[slot].push_back (v);
    reloaded[v] = true;
  }
  // folds[b]: the instructions of block b that extend a narrow value
  // (insn::extends_narrow) not in a register there: each becomes a load
  // of its def from the value's cell (lbz, lhz), in place of a reload
  // and the extension.  The value counts as reloaded (it has a cell and
  // is stored), but enters no register.  Each (j, value).
  vec<vec<std::pair<uint32_t, value_id>>> folds;
  void fold (block_id b, uint32_t j, value_id v)
  {
    folds[b].push_back ({ j, v });
    reloaded[v] = true;
  }

  bool in_entry (block_id b, value_id v) const
  {
    return std::binary_search (entry[b].begin (), entry[b].end (), v);
  }

  // Whether phi argument A passes to the phi DEF (an input value) cell to
  // cell: DEF lives in memory (a memory phi, or spilled before this
  // phase), and A is a memory phi, or a phi in a register that its cell
  // holds too, of DEF's class.
  bool cell_to_cell (work &w, value_id a, value_id def) const
  {
    return (memory_phi[def] || w.wv[def].spilled)
           && (memory_phi[a]
               || (phi_in_cell[a] && w.phi_class (a) == w.phi_class (def)));
  }
};

// The storage of the spiller's per-block lists (its next-use maps and
// the walks' start and end sets: spiller::dist_in_ and the others),
// shared by every spiller: one runs at a time.  The lists keep it from
// pass to pass, file to file and run to run of a function, and give it
// back when allocate () returns (release_spiller_lists:
// between functions no pool block may be in use, pool.h): per-block
// lists made anew for every pass were five of the phase's allocations
// per block (SQLite -O2: 0.8 M).
// Each holds at least as many blocks as the function has: only the
// function's are read, each cleared before it is filled.
struct spiller_lists
{
  vec<dist_map> in, out;
  vec<vec<double>> freq_in, freq_out;
  vec<vec<value_id>> entry, end;
  vec<vec<hreg_set>> end_free;
  // Hold at least NB blocks' lists (never fewer: the lists keep their
  // storage).
  void fit (size_t nb)
  {
    if (in.size () >= nb)
      return;
    in.resize (nb);
    out.resize (nb);
    freq_in.resize (nb);
    freq_out.resize (nb);
    entry.resize (nb);
    end.resize (nb);
    end_free.resize (nb);
  }
};

spiller_lists &
shared_lists ()
{
  static spiller_lists m;
  return m;
}

} // namespace

void
release_spiller_lists ()
{
  shared_lists () = spiller_lists ();
}

namespace {

class spiller
{
public:
  spiller (work &w, const dominator_tree &dom, decisions &d)
    : w_ (w), dom_ (dom), d_ (d)
  {
    compute_order ();
  }

  // Decide for file F.  Return false if some decision cannot be carried
  // out (then relief does not apply, work::split_done, and what colour
  // assignment cannot place goes to allocate ()'s whole-value runs).
  bool run (file_id f);

private:
  work &w_;
  // How the walk chooses the values that leave their registers: by
  // furthest next use, and a value left is reloaded where it is needed
  // and stays until it leaves again (spill=split); or by the paper's
  // spill weight, lowest first, and a value left once is spilled whole
  // (spill=pereira: seed 001, section 4.4, here before colour
  // assignment rather than during it).
  enum class victim_choice : uint8_t { next_use, paper_weight };
  victim_choice choice_ = victim_choice::next_use;
  // Values spilled whole (paper_weight): in a register only from their
  // def or a reload to the instruction after, or to a read within
  // whole_share_window instructions in the block; in no start set.
  // Once chosen, in every later walk of the file (max_whole_passes).
  vec<uint8_t> whole_;
  // Whether this pass spilled a value whole that earlier ones had not.
  bool whole_grew_ = false;
  // The paper's spill weights (compute_weights), with paper_weight.
  vec<double> weights_;
  const dominator_tree &dom_;
  decisions &d_;
  file_id f_ = 0;
  hreg_set regs_;
  // dirty_discount, or dirty_discount_few where regs_ is small.
  double discount_ = dirty_discount;
  // idle_margin, or idle_margin_few where regs_ is small.
  double idle_margin_ = idle_margin;

  // Relief (work::relief) of file f_: relieved_[b] for a block with some,
  // and, for the block being walked, the point key of each instruction.
  vec<uint8_t> relieved_;
  vec<uint32_t> keys_;
  // The registers of the phantom values relieving point AT of block B
  // where OCCUPIED is taken (pre-coloured registers, earlier phantoms).
  hreg_set phantoms_at (block_id b, uint32_t at, hreg_set occupied) const;

  vec<block_id> rpo_;
  vec<uint32_t> rpo_index_;
  // dist_in[b]: next-use distance of each value live into b (phi defs of
  // b included) from b's start; dist_out[b]: from b's end.  In the
  // shared storage (shared_lists), which may hold more blocks than the
  // function: only the function's are read.
  vec<dist_map> &dist_in_ = shared_lists ().in;
  vec<dist_map> &dist_out_ = shared_lists ().out;
  // Parallel to dist_in_ and dist_out_: the frequency of the block of
  // that next use.
  vec<vec<double>> &use_freq_in_ = shared_lists ().freq_in;
  vec<vec<double>> &use_freq_out_ = shared_lists ().freq_out;
  // compute_next_uses's first reads of each block (a flat array).
  dist_map first_use_;
  vec<uint32_t> first_use_lo_;
  // The phi arguments each block passes on its out-edges, sorted by
  // argument: phi_arg_[phi_arg_lo_[b] .. phi_arg_lo_[b + 1]) (a flat
  // array, as first_use_).  A phi argument's next use is its phi's
  // (phi_arg_next).
  struct phi_arg_ref
  {
    value_id a;
    block_id s;
    value_id def;
    bool operator< (const phi_arg_ref &o) const
    {
      return std::tie (a, s, def) < std::tie (o.a, o.s, o.def);
    }
  };
  vec<phi_arg_ref> phi_arg_;
  vec<uint32_t> phi_arg_lo_;
  // w_entry_[b], w_end_[b]: the values in a register at the start and
  // at the end of block B as its walk left them; end_free_[b]: parallel
  // to w_end_[b], the registers each value there may still hold (free_
  // at the block's end).  In the shared storage, as the maps above.
  vec<vec<value_id>> &w_entry_ = shared_lists ().entry;
  vec<vec<value_id>> &w_end_ = shared_lists ().end;
  vec<vec<hreg_set>> &end_free_ = shared_lists ().end_free;
  // free_[v], for a value V in the walk's working set: the registers of
  // its reach that no hard register occupies anywhere since V entered a
  // register (its def, its reload, or its entry into the block with the
  // registers its predecessors left it).  Colour assignment gives a
  // value one register from its def to where it leaves: a value whose
  // free_ runs out leaves its register there (walk_with), and a reload
  // after that point is a value of its own.
  vec<hreg_set> free_;
  vec<bool> done_;
  // Scratch of loop_blocks, all false between calls.
  vec<bool> loop_mark_;
  vec<block_id> loop_stack_;
  // Set OUT to the blocks of loop header H's natural loop (those that
  // reach a latch without passing H), H first.
  void loop_blocks (block_id h, vec<block_id> &out);
  // Whether B is a loop header: it dominates one of its predecessors.
  bool is_header (block_id b) const
  {
    for (block_id p : w_.fn.blocks[b].preds)
      if (dom_.dominates (b, p))
        return true;
    return false;
  }
  // Whether V is the def of a phi of block B.
  // The phi of block B that defines V, or nullptr.
  const phi *phi_of (block_id b, value_id v) const
  {
    for (const phi &ph : w_.fn.blocks[b].phis)
      if (ph.def == v)
        return &ph;
    return nullptr;
  }
  bool is_phi_def (block_id b, value_id v) const
  {
    return phi_of (b, v) != nullptr;
  }
  // How often a store of V runs if V is stored once for all its reloads:
  // after its def; for a phi, its arguments on the in-edges where they
  // are not the phi itself (a loop that carries it unchanged stores it
  // before the loop only).
  double store_frequency (value_id v) const
  {
    const block_id b = d_.def_block[v];
    const phi *ph = phi_of (b, v);
    if (!ph)
      return block_frequency (w_, b);
    const block &blk = w_.fn.blocks[b];
    double f = 0;
    for (size_t k = 0; k < blk.preds.size (); ++k)
      if (ph->args[k] != v)
        f += block_frequency (w_, blk.preds[k]);
    return f;
  }
  // Per-block maximum pressure of the file (values' registers plus
  // occupied hard registers), for loop headers.
  vec<unsigned> max_pressure_;
  // Per-block maximum, over its calls that are not cold, of the values
  // live across the call plus the registers it clobbers or finds
  // occupied: what the values across need if the registers the call
  // destroys were taken.  For loop headers too: a value live through a
  // loop keeps its register only where it fits at every such call in
  // it (sqlite3RunParser: its tokenizer loop's hot call left no room for
  // a live-through value taken at the header, and the latch reloaded it
  // on every iteration).
  vec<unsigned> call_pressure_;
  // The frequency up to which a block is cold (cold_block), set per
  // run: a share of the function's hottest block's, or below every
  // frequency where the goal is size.
  double cold_limit_ = 0;
  // The fewest registers of the file that a call leaves (compute_pressure).
  unsigned call_room_ = ~0u;
  // How many values a cold call keeps in call-saved registers at most:
  // as many as the function needs call-saved registers anyway, for the
  // values a hot call keeps or for pressure beyond the registers calls
  // clobber (compute_pressure).  Those registers are saved and restored
  // whether or not a value crosses the cold call in one of them; beyond
  // them a value crossing it would cost a save and restore of its own,
  // so it leaves its register there instead (SQLite's record compare
  // saves more registers if it keeps them; zlib's inflate, whose calls
  // are all cold, stored and reloaded 15 values around each of them,
  // with nine call-saved registers saved anyway).  Only values not live
  // where the values that cross calls are crowded (crowded_life_).
  unsigned free_saved_ = 0;
  // crowded_life_[v]: V is live in a block where more values that cross
  // some call are live at once than a call leaves registers
  // (compute_crowding): it leaves its register at every cold call, as
  // keeping it there would crowd the call-saved registers.
  vec<uint8_t> crowded_life_;
  // The cold calls, each with the values live across it that it leaves
  // room for, nearest next use first (compute_pressure).
  struct cold_call
  {
    hreg_set clob;
    vec<value_id> nearest;
  };
  vec<cold_call> cold_calls_;
  // crossed_[v]: the summed frequencies of the calls V lives across (of
  // the blocks of instructions that clobber registers of the file).
  vec<double> crossed_;
  // clobbered_all_[v]: the registers clobbered by the calls V lives
  // across and keeps its register across (where more values live across
  // a call than it leaves registers, those with the furthest next uses
  // leave theirs); clobbered_hot_[v]: by those of them that are not cold.
  vec<hreg_set> clobbered_all_, clobbered_hot_;
  // Whether a block running FREQ times is cold (cold_call_share): the
  // values live across its calls leave their registers there.
  bool cold_block (double freq) const
  {
    return freq <= cold_limit_;
  }
  // The crossed_ above which a value keeps its register across cold
  // calls too (cold_cross_budget).
  double cold_budget () const
  {
    const double budget = call_room_ > scarce_saved
                              || w_.tgt.files[f_].saved_as_one
                            ? cold_cross_budget : cold_cross_budget_scarce;
    return budget * block_frequency (w_, 0);
  }
  // Whether V's calls cost more than cold_budget: it keeps a call-saved
  // register across the cold calls too.
  bool keeps_across_cold (value_id v) const
  {
    return crossed_[v] > cold_budget ();
  }

  // The reads of the block walk_with walks, grouped by value: the
  // instructions reading V (ascending, n for a phi argument at the end)
  // are reads_[read_lo_[V] .. read_hi_[V]) when read_gen_[V] is
  // reads_gen_.  Dense and kept from walk to walk: walk_with asks for
  // the next read of every value in its set at every instruction.
  vec<std::pair<value_id, uint32_t>> reads_;
  vec<uint32_t> read_lo_, read_hi_, read_gen_;
  uint32_t reads_gen_ = 0;
  // V's entry in dist_out_ of the block walk_with walks is
  // out_at_[V] when out_gen_[V] is reads_gen_ (else it has none): the
  // walk looks up the distance past the block's end of every value in
  // its set at every eviction.
  vec<uint32_t> out_at_, out_gen_;
  // phi_arg_next (B, V) for each phi argument V of the block walk_with
  // walks, when phi_gen_[V] is reads_gen_: the walk asks for it at every
  // eviction that considers V, as for out_at_.
  vec<std::pair<dist_t, double>> phi_next_;
  vec<uint32_t> phi_gen_;

  // in_file_[v]: V is a value of the file being decided, in a register
  // somewhere (not spilled already, not dead).  Set by run () for the
  // file; nothing during a run changes it (the spiller only records
  // decisions, the lowering applies them after every file's run).
  vec<uint8_t> in_file_;
  bool in_file (value_id v) const { return in_file_[v]; }
  // only_copied_[v]: V is rematerializable and every read of it copies
  // it into a hard register (an argument): recomputed at each read, it
  // costs nothing (remat_keep_cost).  Set by run () for the file.
  vec<uint8_t> only_copied_;
  // only_extended_[v]: V is a char or short (value::bytes) whose every
  // read is an extension (insn::extends_narrow), which where V is in
  // memory loads from its cell instead (walk_with's folds), or an
  // argument of a phi that is only_extended_ itself: in memory it costs
  // nothing more where it is read, so the walk evicts it first, unless
  // leaving needs a store about as often as the evicting block runs
  // (walk_with's dirty values).
  vec<uint8_t> only_extended_;
  // Set only_copied_ and only_extended_, in one pass over the reads.
  void compute_read_kinds ();
  // widths_[v]: value V's width, compact (the walk asks at every
  // instruction, for every value in a register); unit_widths_: every
  // value of the file has width 1, so a set weighs its size.  Set by
  // run () for the file.
  vec<uint8_t> widths_;
  bool unit_widths_ = true;
  // walk_with's per-block lists, kept here so that each walk reuses
  // their storage (cleared by walk_with before use, read by nothing
  // else).
  struct walk_scratch
  {
    vec<value_id> U, D, ec, entering;
    vec<hreg_set> classes;
    // Parallel to classes: the total width of the values whose reach
    // it is (fit_classes).
    vec<unsigned> class_width;
  } scratch_;
  // walk_with's marks per value, valid where equal to walk_stamp_ (one
  // per call): in_w_, in its working set; unread_, in its start set and
  // not read yet; clean_, reloaded (or folded) in the walk, so that its
  // cell holds it.
  uint32_t walk_stamp_ = 0;
  vec<uint32_t> in_w_, unread_, clean_;
  // entry_frees's per value, valid where ef_stamp_ equals walk_stamp_:
  // in how many processed predecessors' end sets it is (ef_count_, the
  // last one counted ef_last_, an in-edge index plus one) and the
  // registers free for it at all of their ends (ef_free_).
  vec<uint32_t> ef_stamp_, ef_count_, ef_last_;
  vec<hreg_set> ef_free_;
  unsigned ef_done_preds_ = 0;
  void entry_frees (block_id b);
  unsigned width (value_id v) const { return widths_[v]; }
  unsigned weight (const vec<value_id> &s) const
  {
    if (unit_widths_)
      return unsigned (s.size ());
    unsigned n = 0;
    for (value_id v : s)
      n += width (v);
    return n;
  }
  unsigned avail (const hreg_set &occupied) const
  {
    return unsigned ((regs_ & ~occupied).count ());
  }
  // reach_[v]: the registers of the file value V may occupy, its
  // allowed starts' spans (run () fills it for the file's values).  A
  // value whose reach is not the whole file is restricted (a GPR used
  // as a base address cannot be r0).
  vec<hreg_set> reach_;
  void compute_reach ();
  // A walk kept a value across a call that its reach did not keep from
  // the call's clobbers (max_walk_passes).
  bool narrowed_late_ = false;
  // idle_[h]: values that loop header H leaves out of its start set
  // (sorted): in an earlier pass H held them unread, and its latches
  // reloaded them more often than the loop read them from a register
  // (find_idle).
  vec<vec<value_id>> idle_;
  bool find_idle ();
  // The registers of the file value V may occupy, avoiding BAR: its
  // allowed starts' spans.
  hreg_set reach_avoiding (value_id v, const hreg_set &bar) const;

  // Call F (V, J) for each read of a value of the file in block B, in
  // order: J is the reading instruction, or the number of instructions
  // for a phi argument read at the end.  A phi's argument that is the
  // phi's own def (a value a loop carries unchanged) is no read: it
  // needs the value wherever the phi is, register or memory, and its
  // next use is the phi's.
  template <typename F> void for_each_read (block_id b, F f) const
  {
    const block &blk = w_.fn.blocks[b];
    uint32_t n = uint32_t (blk.insns.size ());
    for (uint32_t j = 0; j < n; ++j)
      for (const operand &o : blk.insns[j].ops)
        if (o.kind == operand_kind::use && in_file (o.value))
          f (o.value, j);
    for_each_phi_arg (b, [&] (value_id a, block_id, value_id) {
      f (a, n);
    });
  }
  // Call F (A, S, DEF) for each of those reads at B's end: A is the
  // argument, on the edge to successor S, of phi DEF.
  template <typename F> void for_each_phi_arg (block_id b, F f) const
  {
    for (block_id s : w_.fn.blocks[b].succs)
      {
        const block &sb = w_.fn.blocks[s];
        for (size_t k = 0; k < sb.preds.size (); ++k)
          if (sb.preds[k] == b)
            for (const phi &ph : sb.phis)
              if (in_file (ph.args[k]) && ph.args[k] != ph.def)
                f (ph.args[k], s, ph.def);
      }
  }

  void compute_order ();
  void compute_next_uses ();
  // The distance from the end of block B to the next use of A as an
  // argument of phis of B's successors, and the frequency of that use's
  // block: its phi's next use over the edge (a value that a loop passes
  // from phi to phi and reads only where it is rarely updated, or after
  // the loop, is as far from a use as those phis are), or, where the phi
  // has none, the largest distance short of no_use; no_use if A is no
  // such argument.
  std::pair<dist_t, double> phi_arg_next (block_id b, value_id a) const;
  void compute_pressure ();
  void compute_crowding ();
  // Whether V may leave its register (spillable, not spilled already,
  // not dead, not bound to memory, not defined by a terminator): what
  // compute_evictable found at the start of run, which nothing during
  // the run changes.
  bool evictable (value_id v) const;
  void compute_evictable ();
  vec<uint8_t> evictable_;
  // Set OUT to the start set of block B.
  void entry_set (block_id b, vec<value_id> &out);
  // entry_set's candidates (value, next-use distance, rank: the lower
  // taken first) and register classes (a restricted reach, its free
  // registers, those the values taken need), and a loop's blocks; kept
  // here so that each call reuses their storage.
  struct cand
  {
    value_id v;
    dist_t d;
    unsigned rank;
  };
  struct klass
  {
    hreg_set regs;
    unsigned room, used;
  };
  struct entry_scratch
  {
    vec<cand> cands;
    vec<klass> klasses;
    // The class reach of each value entry_set has taken, in order.
    vec<hreg_set> taken;
    vec<block_id> loop;
  } entry_scratch_;
  // entry_set's marks, valid where their stamp is entry_stamp_ (one per
  // call): phi_at_[v], the index of the phi of the block defining V;
  // end_bits_[v], the in-edges whose predecessor has V at its end.
  // pred_freq_: the frequency of each predecessor.
  uint32_t entry_stamp_ = 0;
  vec<uint32_t> phi_at_, phi_stamp_, end_stamp_;
  vec<uint64_t> end_bits_;
  vec<double> pred_freq_;
  // What one walk of a block with a start set decided, kept apart until
  // walk () takes it (only the walk whose start set wastes nothing).
  struct walk_result
  {
    // Values of the start set that left their register before any use.
    vec<value_id> wasted;
    // (slot, value): a reload before instruction SLOT.
    vec<std::pair<uint32_t, value_id>> reloads;
    // (j, value): instruction J, which extends the narrow value
    // (insn::extends_narrow), becomes its reload (decisions::folds).
    vec<std::pair<uint32_t, value_id>> folds;
    // (value, slot): the value leaves its register there and is stored.
    vec<std::pair<value_id, uint32_t>> evictions;
    // The values in a register at the block's end.
    vec<value_id> end;
    // Parallel to end: free_ of each at the block's end.
    vec<hreg_set> end_free;
  };
  void walk (block_id b);
  void walk_with (block_id b, const vec<value_id> &W0,
                  walk_result &r);
  // walk's result, kept so that its lists keep their storage from block
  // to block (walk_with clears them; walk moves end and end_free out).
  walk_result walk_r_;
  // free_ of V as it enters block B in a register: what the processed
  // predecessors that have it at their ends left it, or its whole reach
  // where one lacks it (SSA reconstruction then joins it with a reload
  // in a phi, a value of its own) or it is a phi of B.
  hreg_set entry_free (block_id b, value_id v) const;
  // Whether free_[v] still holds a register V may start in.
  bool has_room (value_id v) const;
  bool fix_edges ();
  // Undo what the walks of the file decided (walk records only reloads,
  // stores and evictions, of the file's own values; the decisions of the
  // files before it are of other values), for another pass.
  void forget_walks ();
  // The registers of the file occupied at the end of the K-th
  // predecessor of block S once fix_edges has placed its reloads there
  // (d_.entry must hold S's start set).
  unsigned end_demand (block_id s, size_t k) const;
  // end_demand's list, cleared, not reallocated, per call.
  mutable vec<value_id> end_demand_held_;
};

bool
spiller::evictable (value_id v) const
{
  return evictable_[v];
}

void
spiller::compute_evictable ()
{
  evictable_.resize (w_.fn.values.size ());
  for (value_id v = 0; v < w_.fn.values.size (); ++v)
    {
      const wvalue &x = w_.wv[v];
      evictable_[v] = x.spill == spillability::spillable && !x.spilled
                      && x.origin != vorigin::dead
                      && !w_.fn.values[v].memory_only
                      && !w_.live.across_in_memory[v]
                      && !d_.terminator_def[v];
    }
}

void
spiller::compute_order ()
{
  size_t nb = w_.fn.blocks.size ();
  rpo_.clear ();
  vec<uint8_t> state (nb, 0);
  vec<std::pair<block_id, size_t>> stack { { 0, 0 } };
  state[0] = 1;
  vec<block_id> post;
  while (!stack.empty ())
    {
      auto &[b, k] = stack.back ();
      const block &blk = w_.fn.blocks[b];
      if (k < blk.succs.size ())
        {
          block_id s = blk.succs[k++];
          if (state[s] == 0)
            {
              state[s] = 1;
              stack.push_back ({ s, 0 });
            }
          continue;
        }
      post.push_back (b);
      stack.pop_back ();
    }
  rpo_.assign (post.rbegin (), post.rend ());
  rpo_index_.assign (nb, ~0u);
  for (uint32_t i = 0; i < rpo_.size (); ++i)
    rpo_index_[rpo_[i]] = i;
}

std::pair<dist_t, double>
spiller::phi_arg_next (block_id b, value_id a) const
{
  auto lo = phi_arg_.begin () + phi_arg_lo_[b];
  auto hi = phi_arg_.begin () + phi_arg_lo_[b + 1];
  auto it = std::lower_bound (lo, hi, phi_arg_ref { a, 0, 0 });
  dist_t best = no_use;
  double f = 0.0;
  for (; it != hi && it->a == a; ++it)
    {
      const dist_map &in = dist_in_[it->s];
      const size_t at = index_of (in, it->def);
      // A phi with no use (yet: the fixed point descends from no_use)
      // still reads A at B's end, as far as a use can be.
      dist_t x = no_use - 1;
      double fx = 0.0;
      if (at != no_index && in[at].second != no_use)
        {
          x = std::min (over_edge (in[at].second,
                                   w_.fn.blocks[b].loop_depth,
                                   w_.fn.blocks[it->s].loop_depth,
                                   block_frequency (w_, b),
                                   block_frequency (w_, it->s)),
                        dist_t (no_use - 1));
          fx = use_freq_in_[it->s][at];
        }
      if (x < best)
        {
          best = x;
          f = fx;
        }
    }
  return { best, f };
}

void
spiller::compute_next_uses ()
{
  size_t nb = w_.fn.blocks.size ();
  // The first instruction of block b reading each value of the file (the
  // number of instructions for a phi argument read at the end), sorted
  // by value: first_use_[first_use_lo_[b] .. first_use_lo_[b + 1]).  One
  // array for all blocks, kept from file to file.
  first_use_.clear ();
  first_use_lo_.assign (nb + 1, 0);
  for (block_id b = 0; b < nb; ++b)
    {
      // Reads come in ascending order of instruction: sorted by value
      // and then instruction, the first of each value's run is its
      // first read.
      const size_t lo = first_use_.size ();
      for_each_read (b, [&] (value_id v, uint32_t j) {
        first_use_.push_back ({ v, dist_t (j) });
      });
      std::sort (first_use_.begin () + lo, first_use_.end ());
      first_use_.erase (std::unique (first_use_.begin () + lo,
                                     first_use_.end (),
                                     [] (const auto &x, const auto &y) {
                                       return x.first == y.first;
                                     }),
                        first_use_.end ());
      first_use_lo_[b + 1] = uint32_t (first_use_.size ());
    }
  // The phi arguments of each block's out-edges (for_each_read's reads
  // at the end), by argument.
  phi_arg_.clear ();
  phi_arg_lo_.assign (nb + 1, 0);
  for (block_id b = 0; b < nb; ++b)
    {
      const size_t lo = phi_arg_.size ();
      for_each_phi_arg (b, [&] (value_id a, block_id s, value_id def) {
        phi_arg_.push_back ({ a, s, def });
      });
      std::sort (phi_arg_.begin () + lo, phi_arg_.end ());
      phi_arg_lo_[b + 1] = uint32_t (phi_arg_.size ());
    }
  // The maps keep their storage (cleared, not reallocated; run () has
  // made them hold the function's blocks).
  for (block_id b = 0; b < nb; ++b)
    {
      const block &blk = w_.fn.blocks[b];
      dist_map &out = dist_out_[b], &in = dist_in_[b];
      out.clear ();
      in.clear ();
      out.reserve (w_.live.live_out[b].size ());
      in.reserve (w_.live.live_in[b].size () + blk.phis.size ());
      for (value_id v : w_.live.live_out[b])
        if (in_file (v))
          out.push_back ({ v, no_use });
      for (value_id v : w_.live.live_in[b])
        if (in_file (v))
          in.push_back ({ v, no_use });
      bool phi_defs = false;
      for (const phi &ph : blk.phis)
        if (in_file (ph.def))
          {
            in.push_back ({ ph.def, no_use });
            phi_defs = true;
          }
      // live_in is sorted; the phi defs join it.
      if (phi_defs)
        std::sort (in.begin (), in.end ());
      use_freq_in_[b].assign (in.size (), 0.0);
      use_freq_out_[b].assign (out.size (), 0.0);
    }
  // Backward fixed point (see max_next_use_passes for why it ends).
  // A block is computed again only when the in-map of one of its
  // successors changed since it was last computed (stale[b]): from the
  // same inputs the computation changes nothing, so skipping it leaves
  // every pass, and the result, as they were when each pass computed
  // every block.
  vec<dist_t> best;
  vec<double> best_f;
  vec<uint8_t> stale (nb, 1);
  for (unsigned pass = 0; pass < max_next_use_passes; ++pass)
    {
      bool changed = false;
      for (size_t i = rpo_.size (); i-- > 0;)
        {
          block_id b = rpo_[i];
          if (!stale[b])
            continue;
          stale[b] = 0;
          const block &blk = w_.fn.blocks[b];
          dist_t n = dist_t (blk.insns.size ());
          // Each successor's in-map against b's out-map, both sorted by
          // value: a merge, not a search per value.  best[k] and
          // best_f[k] are the least distance over the successors seen so
          // far for dist_out_[b][k] (the first successor wins a tie, as
          // it did in successor order).
          const size_t nout = dist_out_[b].size ();
          best.assign (nout, no_use);
          best_f.assign (nout, 0.0);
          const double fb = block_frequency (w_, b);
          for (block_id s : blk.succs)
            {
              const dist_map &in = dist_in_[s];
              const unsigned bd = blk.loop_depth;
              const unsigned sd = w_.fn.blocks[s].loop_depth;
              const double fs = block_frequency (w_, s);
              size_t at = 0;
              for (size_t k = 0; k < nout; ++k)
                {
                  const value_id v = dist_out_[b][k].first;
                  while (at < in.size () && in[at].first < v)
                    ++at;
                  if (at == in.size () || in[at].first != v)
                    continue;  // No use through s: no_use, never below.
                  const dist_t x = over_edge (in[at].second, bd, sd, fb, fs);
                  if (x < best[k])
                    {
                      best[k] = x;
                      best_f[k] = use_freq_in_[s][at];
                    }
                }
            }
          for (size_t k = 0; k < nout; ++k)
            if (best[k] < dist_out_[b][k].second)
              {
                dist_out_[b][k].second = best[k];
                use_freq_out_[b][k] = best_f[k];
                changed = true;
              }
          // Likewise b's in-map against its first uses and its out-map.
          const auto fu = first_use_.begin () + first_use_lo_[b];
          const size_t nfu = first_use_lo_[b + 1] - first_use_lo_[b];
          const dist_map &out = dist_out_[b];
          size_t at_fu = 0, at_out = 0;
          bool in_changed = false;
          for (size_t k = 0; k < dist_in_[b].size (); ++k)
            {
              auto &[v, d] = dist_in_[b][k];
              while (at_fu < nfu && fu[at_fu].first < v)
                ++at_fu;
              while (at_out < out.size () && out[at_out].first < v)
                ++at_out;
              dist_t x = no_use;
              double f = fb;
              // A read at the end is a phi argument's (phi_arg_next):
              // as far as the phi's next use, or V's own beyond B.
              const bool read = at_fu < nfu && fu[at_fu].first == v;
              if (read && fu[at_fu].second < n)
                x = fu[at_fu].second;
              else
                {
                  if (at_out < out.size () && out[at_out].first == v)
                    {
                      x = add_dist (n, out[at_out].second);
                      f = use_freq_out_[b][at_out];
                    }
                  else
                    f = 0.0;
                  if (read)
                    {
                      auto [y, fy] = phi_arg_next (b, v);
                      y = add_dist (n, y);
                      if (y < x)
                        {
                          x = y;
                          f = fy;
                        }
                    }
                }
              if (x < d)
                {
                  d = x;
                  use_freq_in_[b][k] = f;
                  changed = true;
                  in_changed = true;
                }
            }
          if (in_changed)
            for (block_id p : blk.preds)
              stale[p] = 1;
        }
      if (!changed)
        break;
    }
}

void
spiller::compute_pressure ()
{
  size_t nb = w_.fn.blocks.size ();
  max_pressure_.assign (nb, 0);
  call_pressure_.assign (nb, 0);
  const unsigned nregs = unsigned (regs_.count ());
  crossed_.assign (w_.fn.values.size (), 0.0);
  clobbered_hot_.assign (w_.fn.values.size (), hreg_set ());
  clobbered_all_.assign (w_.fn.values.size (), hreg_set ());
  // read_at[v]: the next instruction of the block walked (backwards)
  // that reads V, or no_use; reset for the values in TOUCHED after each.
  vec<dist_t> read_at (w_.fn.values.size (), no_use);
  vec<value_id> touched;
  vec<std::pair<dist_t, value_id>> order;
  cold_calls_.clear ();
  call_room_ = ~0u;
  unsigned hot_saved = 0;
  // The values live at the scan's point, in no order (cleared, not
  // reallocated, per block), each one's index in it (at[v], or no_index
  // where it is not live) and their total width: a set that a def
  // leaves and a use joins in constant time, where a search and an
  // erase of the list, and its weight summed anew at every instruction,
  // cost in proportion to the values live (hundreds in sqlite3VdbeExec).
  // Nothing below depends on the list's order.
  vec<value_id> live;
  constexpr uint32_t no_index = ~uint32_t (0);
  vec<uint32_t> at (w_.fn.values.size (), no_index);
  unsigned live_width = 0;
  auto join = [&] (value_id v) {
    if (at[v] != no_index)
      return;
    at[v] = uint32_t (live.size ());
    live.push_back (v);
    live_width += width (v);
  };
  auto leave = [&] (value_id v) {
    if (at[v] == no_index)
      return;
    const value_id last = live.back ();
    live[at[v]] = last;
    at[last] = at[v];
    live.pop_back ();
    at[v] = no_index;
    live_width -= width (v);
  };
  for (block_id b = 0; b < nb; ++b)
    {
      const block &blk = w_.fn.blocks[b];
      const double freq = block_frequency (w_, b);
      const bool cold = cold_block (freq);
      for (value_id v : live)
        at[v] = no_index;
      live.clear ();
      live_width = 0;
      for (value_id v : w_.live.live_out[b])
        if (in_file (v))
          join (v);
      unsigned best = live_width
                      + unsigned ((w_.live.hard_at_end[b] & regs_).count ());
      for (size_t j = blk.insns.size (); j-- > 0;)
        {
          for (const operand &o : blk.insns[j].ops)
            if (o.kind == operand_kind::def)
              leave (o.value);
          const hreg_set &clob = blk.insns[j].clobbers;
          if ((clob & regs_).any ())
            {
              for (value_id v : live)
                crossed_[v] += freq;
              // The values that keep their registers across the call: all,
              // or where more live across it than it leaves registers,
              // those with the nearest next uses (walk_with evicts the
              // others there).  At a cold call, walk_with keeps at most
              // free_saved_ of them, which is known only at the end.
              const unsigned room = avail (w_.live.hard_at_use[b][j] | clob);
              call_room_ = std::min (call_room_, room);
              auto dist = [&] (value_id v) -> dist_t {
                if (!evictable (v))
                  return 0;
                if (read_at[v] != no_use)
                  return read_at[v] - dist_t (j);
                return add_dist (dist_t (blk.insns.size () - j),
                                 lookup (dist_out_[b], v));
              };
              order.clear ();
              for (value_id v : live)
                order.push_back ({ dist (v), v });
              std::sort (order.begin (), order.end ());
              cold_call kept_at { clob, {} };
              unsigned kept = 0;
              for (auto [d, v] : order)
                {
                  if (kept + width (v) > room)
                    break;
                  kept += width (v);
                  clobbered_all_[v] |= clob;
                  if (cold)
                    kept_at.nearest.push_back (v);
                  else
                    clobbered_hot_[v] |= clob;
                }
              if (cold)
                cold_calls_.push_back (std::move (kept_at));
              else
                {
                  hot_saved = std::max (hot_saved, kept);
                  call_pressure_[b]
                    = std::max (call_pressure_[b],
                                live_width + nregs - std::min (nregs, room));
                }
            }
          for (const operand &o : blk.insns[j].ops)
            if (o.kind == operand_kind::use && in_file (o.value))
              {
                if (read_at[o.value] == no_use)
                  touched.push_back (o.value);
                read_at[o.value] = dist_t (j);
                join (o.value);
              }
          unsigned p = live_width
                       + unsigned ((w_.live.hard_at_use[b][j] & regs_)
                                     .count ());
          best = std::max (best, p);
        }
      max_pressure_[b] = best;
      for (value_id v : touched)
        read_at[v] = no_use;
      touched.clear ();
    }
  // The call-saved registers the function needs anyway: those of the
  // values a hot call keeps, and those that the pressure needs beyond
  // the registers calls clobber.
  free_saved_ = 0;
  if (cold_calls_.empty ())
    return;
  const unsigned k = unsigned (regs_.count ());
  const unsigned clobbered = k - std::min (k, call_room_);
  unsigned top = 0;
  for (unsigned p : max_pressure_)
    top = std::max (top, p);
  free_saved_ = std::min (call_room_,
                          std::max (hot_saved,
                                    top > clobbered ? top - clobbered : 0));
  // A file whose call-saved registers are saved as one: once a value
  // keeps one of them across the calls (its calls cost more than the
  // budget), the function saves them all, and the others are free too.
  if (w_.tgt.files[f_].saved_as_one && free_saved_ < call_room_)
    {
      for (value_id v = 0; v < w_.fn.values.size (); ++v)
        if (in_file (v) && keeps_across_cold (v))
          {
            free_saved_ = call_room_;
            break;
          }
    }
}

void
spiller::compute_read_kinds ()
{
  const size_t nv = w_.fn.values.size ();
  // (only_extended_ only in a file of at most few_regs registers: with
  // more, trading an extension in a register for a load from the cell
  // saved no instruction and added loads: zlib with 12 GPRs -2.8 M
  // instructions, +29 M loads.)
  const bool extended = regs_.count () <= few_regs
                        && !w_.tgt.files[f_].narrow_converts;
  only_copied_.assign (nv, 0);
  only_extended_.assign (nv, 0);
  for (value_id v = 0; v < nv; ++v)
    {
      only_copied_[v] = in_file (v) && w_.rematerializable (v);
      only_extended_[v] = extended && in_file (v)
                          && w_.fn.values[v].bytes != 0;
    }
  for (const block &blk : w_.fn.blocks)
    {
      for (const phi &ph : blk.phis)
        for (value_id a : ph.args)
          only_copied_[a] = 0;
      for (const insn &i : blk.insns)
        {
          const bool copies = copies_to_hard (i);
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::use)
              {
                only_copied_[o.value] &= copies;
                only_extended_[o.value] &= i.extends_narrow;
              }
        }
    }
  // A phi argument keeps the mark while its phi does.  Termination:
  // every pass but the last clears a mark, and marks are never set.
  for (bool changed = true; changed;)
    {
      changed = false;
      for (const block &blk : w_.fn.blocks)
        for (const phi &ph : blk.phis)
          if (!only_extended_[ph.def])
            for (value_id a : ph.args)
              if (only_extended_[a])
                {
                  only_extended_[a] = 0;
                  changed = true;
                }
    }
}

// A value kept across a cold call needs a call-saved register for its
// whole life, in the hot code too.  Where more values that cross some
// call are live at once than a call leaves registers, keeping them
// would crowd the call-saved registers there (LZ4HC's chain loop: lz4
// -O2 1.001x -> 1.056x of stock's instructions, stack loads and stores
// 1.01x -> 4.09x, without this check): then free_saved_ is zero and
// every value leaves its register at a cold call as before.  Otherwise
// the free_saved_ nearest values at each cold call keep theirs and are
// restricted to the registers it leaves (clobbered_hot_).
void
spiller::compute_crowding ()
{
  crowded_life_.assign (w_.fn.values.size (), 0);
  if (free_saved_ == 0)
    return;
  auto crosses = [&] (value_id v) { return crossed_[v] > 0; };
  auto crowded = [&] (const vec<value_id> &live) {
    return weight (live) > call_room_;
  };
  vec<value_id> live;
  for (block_id b = 0; b < w_.fn.blocks.size (); ++b)
    {
      const block &blk = w_.fn.blocks[b];
      live.clear ();
      for (value_id v : w_.live.live_out[b])
        if (in_file (v) && crosses (v))
          live.push_back (v);
      bool full = crowded (live);
      for (size_t j = blk.insns.size (); j-- > 0 && !full;)
        {
          for (const operand &o : blk.insns[j].ops)
            if (o.kind == operand_kind::def)
              live.erase (std::remove (live.begin (), live.end (), o.value),
                          live.end ());
          for (const operand &o : blk.insns[j].ops)
            if (o.kind == operand_kind::use && in_file (o.value)
                && crosses (o.value)
                && std::find (live.begin (), live.end (), o.value)
                     == live.end ())
              live.push_back (o.value);
          full = crowded (live);
        }
      if (!full)
        continue;
      // Every value live in B, or read or defined there.
      for (value_id v : w_.live.live_in[b])
        crowded_life_[v] = 1;
      for (value_id v : w_.live.live_out[b])
        crowded_life_[v] = 1;
      for (const phi &ph : blk.phis)
        crowded_life_[ph.def] = 1;
      for (const insn &i : blk.insns)
        for (const operand &o : i.ops)
          if (o.kind == operand_kind::use || o.kind == operand_kind::def)
            crowded_life_[o.value] = 1;
    }
  // Kept at a cold call, a value is restricted to the call-saved
  // registers for its whole life; one whose life stays out of the
  // crowded blocks meets at most call_room_ values that cross calls
  // anywhere, so the restricted ones fit.
  for (const cold_call &c : cold_calls_)
    {
      unsigned kept = 0;
      for (value_id v : c.nearest)
        {
          if (crowded_life_[v])
            continue;
          if (kept + width (v) > free_saved_)
            break;
          kept += width (v);
          clobbered_hot_[v] |= c.clob;
        }
    }
}

void
spiller::entry_set (block_id b, vec<value_id> &out)
{
  const block &blk = w_.fn.blocks[b];
  hreg_set occupied = blk.insns.empty () ? w_.live.hard_at_end[b]
                                         : w_.live.hard_at_use[b][0];
  if (relieved_[b])
    occupied |= phantoms_at (b, work::relief_entry, occupied);
  // A predecessor short at its end: the reloads fix_edges places there
  // for this block's start set (a split edge's block has no instruction
  // of its own to relieve).
  for (block_id p : blk.preds)
    if (relieved_[p])
      occupied |= phantoms_at (p, work::relief_end, occupied);
  unsigned room = avail (occupied);
  vec<cand> &cands = entry_scratch_.cands;
  cands.clear ();
  const bool header = is_header (b);
  // Stamps for this block: the phi of b defining a value, and in which
  // processed predecessors' end sets a value is (a bit per in-edge, for
  // the first 64; the others are searched).  One pass over each end set
  // instead of a search of it per value live into b (SQLite's
  // sqlite3VdbeExec: hundreds of values live into each block).
  ++entry_stamp_;
  if (phi_at_.size () < w_.fn.values.size ())
    {
      phi_at_.resize (w_.fn.values.size ());
      phi_stamp_.resize (w_.fn.values.size (), 0);
      end_bits_.resize (w_.fn.values.size ());
      end_stamp_.resize (w_.fn.values.size (), 0);
    }
  for (uint32_t i = 0; i < blk.phis.size (); ++i)
    {
      phi_at_[blk.phis[i].def] = i;
      phi_stamp_[blk.phis[i].def] = entry_stamp_;
    }
  const size_t npreds = blk.preds.size ();
  constexpr size_t marked_preds = 64;
  for (size_t k = 0; k < std::min (npreds, marked_preds); ++k)
    if (done_[blk.preds[k]])
      for (value_id x : w_end_[blk.preds[k]])
        {
          if (end_stamp_[x] != entry_stamp_)
            {
              end_stamp_[x] = entry_stamp_;
              end_bits_[x] = 0;
            }
          end_bits_[x] |= uint64_t (1) << k;
        }
  // The argument of each phi of b over in-edge K.
  auto arg_of = [&] (value_id v, size_t k) {
    return phi_stamp_[v] == entry_stamp_ ? blk.phis[phi_at_[v]].args[k] : v;
  };
  // Whether value X is in the end set of B's K-th predecessor.
  auto in_end = [&] (size_t k, value_id x) {
    if (k < marked_preds)
      return end_stamp_[x] == entry_stamp_ && (end_bits_[x] >> k & 1) != 0;
    const auto &e = w_end_[blk.preds[k]];
    return std::find (e.begin (), e.end (), x) != e.end ();
  };
  pred_freq_.resize (npreds);
  for (size_t k = 0; k < npreds; ++k)
    pred_freq_[k] = block_frequency (w_, blk.preds[k]);
  unsigned live_through = 0;
  const vec<value_id> &idle = idle_[b];
  for (auto [v, d] : dist_in_[b])
    {
      if (d == no_use
          || (!idle.empty ()
              && std::binary_search (idle.begin (), idle.end (), v)))
        continue;
      unsigned rank;
      if (!evictable (v))
        rank = 0;
      else if (header)
        {
          rank = d < loop_exit_penalty ? 1 : 2;
          if (rank == 2)
            live_through += width (v);
          // A value live through the loop that no entry edge brings in a
          // register would be reloaded before the loop only to sit there
          // unread: it stays in memory until its use after the loop.
          // (An inner loop's header took such values where its outer
          // loop had left them out for a hot call, and each iteration of
          // the outer loop reloaded them: sqlite3RunParser.)
          if (rank == 2)
            {
              bool brought = false;
              for (size_t k = 0; k < blk.preds.size (); ++k)
                if (done_[blk.preds[k]] && !dom_.dominates (b, blk.preds[k])
                    && in_end (k, arg_of (v, k)))
                  brought = true;
              if (!brought)
                continue;
            }
          // A phi of the header left out costs a store of its back-edge
          // argument on every iteration besides the reload: it counts as
          // nearer, as an eviction does (walk_with).
          else if (phi_stamp_[v] == entry_stamp_)
            d = dist_t (double (d) * discount_);
        }
      else
        {
          // A value in a register at the end of some predecessors only
          // costs a reload on each edge from the others.  Where it is not
          // read in this block and the edges that lack it run more often
          // than those that have it, it starts in memory instead: those
          // that have it drop it (for free, or a store), and it is
          // reloaded where it is next read, if it still is by then.  (A
          // value read in the block would only move its reload from the
          // edges that lack it to the block.)
          unsigned seen = 0, have = 0;
          double have_freq = 0, lack_freq = 0;
          for (size_t k = 0; k < blk.preds.size (); ++k)
            if (done_[blk.preds[k]])
              {
                ++seen;
                bool in = in_end (k, arg_of (v, k));
                have += in;
                (in ? have_freq : lack_freq) += pred_freq_[k];
              }
          if (have == 0)
            continue;
          if (have != seen && lack_freq > have_freq
              && d >= dist_t (blk.insns.size ()))
            continue;
          rank = have == seen ? 1 : 2;
        }
      // A value read only by extensions, each of which loads it from its
      // cell where it is not in a register (walk_with's folds), takes
      // what room the others leave, at a loop header as if it were live
      // through the loop (zlib's longest_match with 5 GPRs: scan_end
      // and scan_end1 in memory, cur_match in a register).
      if (only_extended_[v] && evictable (v) && rank != 0)
        {
          if (header && rank == 1)
            live_through += width (v);
          rank = 3;
        }
      cands.push_back ({ v, d, rank });
    }
  std::sort (cands.begin (), cands.end (), [] (const cand &x, const cand &y) {
    return x.rank != y.rank ? x.rank < y.rank
           : x.d != y.d   ? x.d < y.d
                          : x.v < y.v;
  });
  // At a loop header, the values live through the loop take the room the
  // loop's pressure leaves them everywhere in it.
  unsigned through_room = ~0u;
  if (header)
    {
      vec<block_id> &loop = entry_scratch_.loop;
      loop_blocks (b, loop);
      unsigned loop_pressure = 0;
      for (block_id x : loop)
        loop_pressure = std::max ({ loop_pressure, max_pressure_[x],
                                    call_pressure_[x] });
      unsigned k = unsigned (regs_.count ());
      unsigned others = loop_pressure > live_through
                          ? loop_pressure - live_through : 0;
      through_room = k > others ? k - others : 0;
    }
  out.clear ();
  out.reserve (cands.size ());
  unsigned used = 0, through = 0;
  // Class by class too: the values taken whose reach lies within a
  // restricted reach T need at most the registers of T free here
  // (Hall's condition over the candidates' own reaches, as fit_classes
  // at an instruction).  Without it a loop header took more values kept
  // across the loop's call than there are call-saved registers, its
  // start reloads found none, and colour assignment spilled in a second
  // round (SQLite's analyzeOneTable at -O2; test
  // ColorAssignment.SplitHeaderSetFitsRegisterClasses).
  // A phi of the block counts in the classes of its arguments too: at
  // the end of each predecessor, where the edge's reloads of the start
  // set are made, its argument holds a register of its own reach (a phi
  // whose argument crosses a call elsewhere holds a call-saved register
  // there, while the phi may take any: SQLite's sqlite3Insert at -O2, a
  // header's start reload found the call-saved registers full of
  // arguments and values live through, and colour assignment spilled in
  // a second round).  An argument whose reach shares nothing with the
  // phi's leaves the phi's own.
  vec<klass> &klasses = entry_scratch_.klasses;
  klasses.clear ();
  vec<hreg_set> &taken = entry_scratch_.taken;
  taken.clear ();
  auto class_reach = [&] (value_id v) {
    hreg_set r = reach_[v];
    if (phi_stamp_[v] != entry_stamp_)
      return r;
    for (value_id a : blk.phis[phi_at_[v]].args)
      if ((r & reach_[a] & regs_).any ())
        r &= reach_[a];
    return r;
  };
  auto fits_classes = [&] (const hreg_set &rv, unsigned wd) {
    if ((rv & regs_) == regs_)
      return true;
    bool have = false;
    for (const klass &k : klasses)
      have |= k.regs == rv;
    if (!have)
      {
        unsigned u = 0;
        for (size_t k = 0; k < out.size (); ++k)
          if ((taken[k] & ~rv).none ())
            u += width (out[k]);
        klasses.push_back ({ rv, unsigned ((rv & regs_ & ~occupied).count ()),
                             u });
      }
    for (const klass &k : klasses)
      if ((rv & ~k.regs).none () && k.used + wd > k.room)
        return false;
    return true;
  };
  auto take_class = [&] (const hreg_set &rv, unsigned wd) {
    for (klass &k : klasses)
      if ((rv & ~k.regs).none ())
        k.used += wd;
  };
  for (const cand &c : cands)
    {
      unsigned wd = width (c.v);
      if (used + wd > room && c.rank != 0)
        continue;
      const hreg_set rv = class_reach (c.v);
      if (c.rank != 0 && !fits_classes (rv, wd))
        continue;
      if (header && c.rank >= 2)
        {
          if (through + wd > through_room)
            continue;
          through += wd;
        }
      used += wd;
      take_class (rv, wd);
      out.push_back (c.v);
      taken.push_back (rv);
    }
}

hreg_set
spiller::phantoms_at (block_id b, uint32_t at, hreg_set occupied) const
{
  // Each phantom takes the last start of its allowed set, in the file's
  // order, whose registers are free (else of the value's allowed starts,
  // forbidden ones included): the register colour assignment lacked
  // there, or one that leaves the others to values that want them.  A
  // phantom finding none adds nothing.
  hreg_set taken;
  const work::point_key here { b, at };
  const std::vector<hreg> &order = w_.tgt.files[f_].regs;
  auto take = [&] (const hreg_set &starts, unsigned width) {
    for (size_t k = order.size (); k-- > 0;)
      {
        const hreg h = order[k];
        if (!starts.test (h))
          continue;
        const hreg_set span = work::span (h, width);
        if ((span & ~regs_).none () && (span & occupied).none ())
          {
            taken |= span;
            occupied |= span;
            return true;
          }
      }
    return false;
  };
  for (const work::shortfall &r : w_.relief)
    if (r.file == f_ && r.where == here && !take (r.allowed, r.width))
      take (r.any, r.width);
  return taken;
}

void
spiller::walk (block_id b)
{
  // A value of the start set that leaves its register before its first
  // use in the block held it for nothing, and costs an edge reload where
  // a predecessor lacks it (at a loop header: on the back edge, every
  // iteration) and, for a phi, a store: it starts in memory instead,
  // and the block is walked again.  Each trial that finds such values
  // removes at least one from the start set, so there are at most as
  // many trials as values in it (and max_start_trials).
  // The walk that wastes nothing (or the last one allowed) is the one
  // taken: its decisions are recorded.
  vec<value_id> &W0 = w_entry_[b];
  entry_set (b, W0);
  if (choice_ == victim_choice::paper_weight)
    W0.erase (std::remove_if (W0.begin (), W0.end (),
                              [&] (value_id v) { return whole_[v] != 0; }),
              W0.end ());
  walk_result &r = walk_r_;
  for (unsigned trial = 0;; ++trial)
    {
      walk_with (b, W0, r);
      if (r.wasted.empty () || trial == max_start_trials)
        break;
      for (value_id v : r.wasted)
        W0.erase (std::remove (W0.begin (), W0.end (), v), W0.end ());
    }
  for (auto [slot, v] : r.reloads)
    d_.reload (b, slot, v);
  for (auto [j, v] : r.folds)
    d_.fold (b, j, v);
  for (auto [v, slot] : r.evictions)
    {
      d_.stored[v] = true;
      d_.evictions[v].push_back ({ b, slot });
    }
  w_end_[b].assign (r.end.begin (), r.end.end ());
  end_free_[b].assign (r.end_free.begin (), r.end_free.end ());
}

// Gather what entry_free needs for every value at once: one pass over
// each processed predecessor's end set, where a search of it per value
// of the start set cost O(start set x predecessors x end set) per walk
// (the blocks of sqlite3VdbeExec's switch have hundreds of in-edges).
void
spiller::entry_frees (block_id b)
{
  const size_t nv = w_.fn.values.size ();
  if (ef_stamp_.size () < nv)
    {
      ef_stamp_.resize (nv, 0);
      ef_count_.resize (nv);
      ef_last_.resize (nv);
      ef_free_.resize (nv);
    }
  const vec<block_id> &preds = w_.fn.blocks[b].preds;
  ef_done_preds_ = 0;
  for (uint32_t k = 0; k < preds.size (); ++k)
    {
      const block_id p = preds[k];
      if (!done_[p])
        continue;
      ++ef_done_preds_;
      const auto &end = w_end_[p];
      for (size_t i = 0; i < end.size (); ++i)
        {
          const value_id x = end[i];
          if (ef_stamp_[x] != walk_stamp_)
            {
              ef_stamp_[x] = walk_stamp_;
              ef_count_[x] = 0;
              ef_last_[x] = 0;
              ef_free_[x].set ();
            }
          // (The first entry of X in this end set, as a search finds.)
          if (ef_last_[x] == k + 1)
            continue;
          ef_last_[x] = k + 1;
          ++ef_count_[x];
          ef_free_[x] &= end_free_[p][i];
        }
    }
}

// The registers free for V at B's start (after entry_frees (B)): its
// reach, within those free for it at the end of every processed
// predecessor if it is in all of their end sets.
hreg_set
spiller::entry_free (block_id b, value_id v) const
{
  if (is_phi_def (b, v) || ef_done_preds_ == 0 || ef_stamp_[v] != walk_stamp_
      || ef_count_[v] != ef_done_preds_)
    return reach_[v];
  return reach_[v] & ef_free_[v];
}

bool
spiller::has_room (value_id v) const
{
  const value &x = w_.fn.values[v];
  if (x.width == 1)
    return free_[v].any ();
  for (hreg h : w_.tgt.files[f_].regs)
    if (x.allowed.test (h) && (work::span (h, x.width) & ~free_[v]).none ())
      return true;
  return false;
}

void
spiller::walk_with (block_id b, const vec<value_id> &W0,
                    walk_result &r)
{
  const block &blk = w_.fn.blocks[b];
  size_t n = blk.insns.size ();
  // W, the values in a register at this point of the walk, with marks:
  // in_w_[v] == walk_stamp_ for its members, its total width in
  // w_weight, and the registers all its members' reaches share in
  // w_common unless a member left since it was made (common_stale).
  // Every change of W goes through w_add and w_erase_at.
  vec<value_id> &W = r.end;
  const size_t nv = w_.fn.values.size ();
  ++walk_stamp_;
  if (in_w_.size () < nv)
    {
      in_w_.resize (nv, 0);
      unread_.resize (nv, 0);
      clean_.resize (nv, 0);
    }
  W = W0;
  unsigned w_weight = 0;
  hreg_set w_common;
  bool common_stale = true;
  for (value_id v : W)
    {
      in_w_[v] = walk_stamp_;
      w_weight += width (v);
    }
  auto w_has = [&] (value_id v) { return in_w_[v] == walk_stamp_; };
  auto w_add = [&] (value_id v) {
    W.push_back (v);
    in_w_[v] = walk_stamp_;
    w_weight += width (v);
    if (!common_stale)
      w_common &= reach_[v];
  };
  auto w_erase_at = [&] (size_t k) {
    in_w_[W[k]] = 0;
    w_weight -= width (W[k]);
    W.erase (W.begin () + k);
    common_stale = true;
  };
  r.reloads.clear ();
  r.folds.clear ();
  r.evictions.clear ();
  const bool relieved = relieved_[b];
  if (relieved)
    {
      keys_.resize (n);
      uint32_t at = work::relief_end;
      for (size_t j = n; j-- > 0;)
        {
          const winsn &wi = w_.wb[b].insns[j];
          if (wi.role == wrole::input)
            at = wi.in_insn;
          keys_[j] = at;
        }
    }
  if (free_.size () < w_.fn.values.size ())
    free_.resize (w_.fn.values.size ());
  entry_frees (b);
  for (value_id v : W0)
    free_[v] = entry_free (b, v);
  // Values of W0 not yet read in the block (unread_[v] == walk_stamp_),
  // and those of them that left their register before being read.
  for (value_id v : W0)
    unread_[v] = walk_stamp_;
  vec<value_id> &wasted = r.wasted;
  wasted.clear ();
  // Stored: decided before this walk, or evicted in it.
  auto stored = [&] (value_id v) {
    if (d_.stored[v])
      return true;
    for (auto [x, slot] : r.evictions)
      if (x == v)
        return true;
    return false;
  };
  // Whether V leaving its register needs a store (not stored yet, not
  // rematerializable).
  auto needs_store_here = [&] (value_id v) {
    return !stored (v) && !w_.rematerializable (v);
  };

  // The instructions of b reading each value (reads_).
  reads_.clear ();
  for_each_read (b, [&] (value_id v, uint32_t j) {
    reads_.push_back ({ v, j });
  });
  std::sort (reads_.begin (), reads_.end ());
  reads_.erase (std::unique (reads_.begin (), reads_.end ()), reads_.end ());
  if (read_gen_.size () < w_.fn.values.size ())
    {
      read_gen_.resize (w_.fn.values.size (), 0);
      read_lo_.resize (w_.fn.values.size ());
      read_hi_.resize (w_.fn.values.size ());
    }
  ++reads_gen_;
  for (uint32_t k = 0; k < reads_.size (); ++k)
    {
      value_id v = reads_[k].first;
      if (read_gen_[v] != reads_gen_)
        {
          read_gen_[v] = reads_gen_;
          read_lo_[v] = k;
        }
      read_hi_[v] = k + 1;
    }
  if (out_gen_.size () < w_.fn.values.size ())
    {
      out_gen_.resize (w_.fn.values.size (), 0);
      out_at_.resize (w_.fn.values.size ());
    }
  for (uint32_t k = 0; k < dist_out_[b].size (); ++k)
    {
      out_gen_[dist_out_[b][k].first] = reads_gen_;
      out_at_[dist_out_[b][k].first] = k;
    }
  if (phi_gen_.size () < w_.fn.values.size ())
    {
      phi_gen_.resize (w_.fn.values.size (), 0);
      phi_next_.resize (w_.fn.values.size ());
    }
  for (uint32_t k = phi_arg_lo_[b]; k < phi_arg_lo_[b + 1]; ++k)
    {
      const value_id v = phi_arg_[k].a;
      if (phi_gen_[v] != reads_gen_)
        {
          phi_gen_[v] = reads_gen_;
          phi_next_[v] = phi_arg_next (b, v);
        }
    }
  // The index of V's entry in dist_out_[b], or no_index.
  auto out_index = [&] (value_id v) -> size_t {
    return out_gen_[v] == reads_gen_ ? size_t (out_at_[v]) : no_index;
  };
  // Values whose register holds what a reload of this block loaded:
  // the cell holds them already, so leaving the register needs no store.
  // A rematerializable value needs no store either: it is recomputed.
  // (clean_[v] == walk_stamp_.)
  auto is_clean = [&] (value_id v) {
    return w_.rematerializable (v) || clean_[v] == walk_stamp_;
  };
  // The first read of V in this block after instruction J (n: as a phi
  // argument at the end), or no_index.
  auto next_read = [&] (value_id v, size_t j) -> size_t {
    if (read_gen_[v] != reads_gen_)
      return no_index;
    auto hi = reads_.begin () + read_hi_[v];
    auto p = std::upper_bound (reads_.begin () + read_lo_[v], hi,
                               std::make_pair (v, uint32_t (j)));
    return p == hi ? no_index : size_t (p->second);
  };
  // The distance from after instruction J to V's next use.
  // A read at the end is a phi argument's: as far as its phi's next use
  // (phi_arg_next), or V's own beyond B.
  auto next_use = [&] (value_id v, size_t j) -> dist_t {
    size_t r = next_read (v, j);
    if (r != no_index && r < n)
      return dist_t (r - j);
    const size_t at = out_index (v);
    dist_t out = at == no_index ? no_use : dist_out_[b][at].second;
    if (r != no_index)
      out = std::min (out, phi_next_[v].first);
    return add_dist (dist_t (n - j), out);
  };
  // The frequency of the block of V's next use after instruction J.
  const double here = block_frequency (w_, b);
  auto next_use_freq = [&] (value_id v, size_t j) -> double {
    size_t r = next_read (v, j);
    if (r != no_index && r < n)
      return here;
    const size_t at = out_index (v);
    const dist_t out = at == no_index ? no_use : dist_out_[b][at].second;
    const double f = at == no_index ? 0.0 : use_freq_out_[b][at];
    if (r == no_index)
      return f;
    auto [y, fy] = phi_next_[v];
    return y < out ? fy : f;
  };
  // Whether V's next read after instruction J is in this block and
  // copies it into a hard register (an argument, the return value).
  auto read_copies_to_hard = [&] (value_id v, size_t j) {
    size_t r = next_read (v, j);
    return r != no_index && r < n && copies_to_hard (blk.insns[r]);
  };
  // W[K] leaves its register before instruction J.  If it is NEEDED (a
  // use ahead), it is stored there unless its cell holds it already, and
  // a start value that leaves unread was wasted.
  auto leave = [&] (size_t k, bool needed, size_t j) {
    const value_id v = W[k];
    if (needed && unread_[v] == walk_stamp_ && evictable (v))
      wasted.push_back (v);
    if (needed && !is_clean (v))
      r.evictions.push_back ({ v, uint32_t (j) });
    if (needed && choice_ == victim_choice::paper_weight && !whole_[v]
        && evictable (v))
      {
        whole_[v] = 1;
        whole_grew_ = true;
      }
    w_erase_at (k);
  };
  // Evict from W values not in KEEP for which ELIGIBLE holds, furthest
  // next use first (values already stored before others at equal
  // distance), until FITS holds or nothing more may go.  Termination:
  // each round removes a value from W.
  auto evict_until = [&] (auto fits, auto eligible,
                          const vec<value_id> &keep, size_t j) {
    while (!fits ())
      {
        size_t best = W.size ();
        dist_t best_d = 0;
        double best_score = 0;
        for (size_t i = 0; i < W.size (); ++i)
          {
            value_id v = W[i];
            if (!evictable (v) || !eligible (v)
                || std::find (keep.begin (), keep.end (), v) != keep.end ())
              continue;
            dist_t d = next_use (v, j);
            // Evicting a value that is not in memory yet, defined about as
            // often as this block runs (a loop-carried value), costs a
            // store besides the reload: it counts as nearer by
            // dirty_discount.  A value read only by extensions goes
            // before any other that is still read; dirty, its store is
            // all its leaving costs (the extension is its reload), as a
            // clean value's reload is, so it counts by its distance
            // alone (LZ4HC's chain loop with 5 GPRs: a short stored and
            // reloaded at once on each iteration, 15 M instructions).
            const bool dirty = d != no_use && !is_clean (v) && !stored (v)
                               && block_frequency (w_, d_.def_block[v])
                                    >= dirty_share * here;
            double score = d == no_use ? 1e300
                           : only_extended_[v] && !dirty ? 1e299
                                                        : double (d);
            // In a loop, a next use in a block that runs less often than
            // this one is needed on fewer iterations: further still.
            // Not so a value whose leaving needs a store: its distance
            // counts the rarity of its reload already (scale_dist), but
            // its store runs as often as its def, however rarely it is
            // read.  Its eviction costs the reload (F) and the store
            // (S); it counts as nearer by dirty_discount where the
            // reload runs as often as this block, and by as much more as
            // the reload's share of the cost, F / (F + S), is smaller
            // than there (LZ4HC's chain loop with 12 GPRs: matchPtr,
            // read on a path run 0.95 times per 9.18 of its block, was
            // stored on every iteration where an invariant read at 3.12
            // could be reloaded).
            double f = here;
            if (d != no_use && d < loop_exit_penalty && blk.loop_depth > 0)
              {
                const double u = next_use_freq (v, j);
                if (u > 0 && u < here)
                  f = u;
              }
            if (!dirty && f < here)
              score *= std::min (here / f, max_rarity);
            if (dirty && !only_extended_[v])
              {
                // (In a block that never runs, F = here = 0: the
                // discount alone.)
                const double s = std::min (store_frequency (v), here);
                score *= here > 0 ? discount_ * (f / here) * (here + s)
                                      / (f + s)
                                  : discount_;
              }
            // The paper's choice: a value spilled whole first (its cell
            // holds it), then the lowest spill weight.
            if (choice_ == victim_choice::paper_weight && d != no_use)
              score = whole_[v] ? 1e299 : -weights_[v];
            if (best == W.size () || score > best_score
                || (score == best_score && !needs_store_here (v)
                    && needs_store_here (W[best])))
              {
                best = i;
                best_d = d;
                best_score = score;
              }
          }
        if (best == W.size ())
          return;
        leave (best, best_d != no_use, j);
      }
  };
  // Evict until W's weight plus EXTRA fits LIMIT.
  auto make_room = [&] (unsigned limit, unsigned extra,
                        const vec<value_id> &keep, size_t j) {
    evict_until ([&] { return w_weight + extra <= limit; },
                 [] (value_id) { return true; }, keep, j);
  };
  // Evict until the values of W and EXTRA fit the registers FREE class
  // by class: for each restricted reach T among them, those whose reach
  // lies within T need at most the registers of T that are free (Hall's
  // condition; exact for nested classes such as GPRs and GPRs without
  // r0).  Counting registers alone left colour assignment values it
  // could not colour (zlib's longest_match with five GPRs, r0 among
  // them), and its own spilling then stored and reloaded them whole.
  // One pass over the classes: evicting for one class only lowers the
  // need of the others.
  // The restricted reaches fit_classes finds (few: GPRs without r0, the
  // starts of register pairs); cleared, not reallocated, per call.
  vec<hreg_set> &classes = scratch_.classes;
  vec<unsigned> &class_width = scratch_.class_width;
  auto fit_classes = [&] (const hreg_set &free,
                          const vec<value_id> &extra,
                          const vec<value_id> &keep, size_t j) {
    // Every class T below contains the reach of some value of W or
    // EXTRA, so the registers all their reaches share, where free, are
    // a lower bound of T's room; and their total width (EXTRA's members
    // also in W counted twice) an upper bound of T's need.  Where the
    // bound already fits, no class evicts anything: the classes need
    // not be found (most points of most functions: the Hall check cost
    // 5.5% of the core's instructions on SQLite's replay).
    if (common_stale)
      {
        w_common = regs_;
        for (value_id x : W)
          w_common &= reach_[x];
        common_stale = false;
      }
    hreg_set common = free & w_common;
    unsigned total = w_weight;
    for (value_id x : extra)
      {
        common &= reach_[x];
        total += width (x);
      }
    if (total <= common.count ())
      return;
    // The distinct restricted reaches, each with the width of the values
    // of W, and of EXTRA not in W, whose reach it is: a class's need is
    // the sum over the reaches within it while nothing has left W, so
    // that a class that fits costs no walk over W (the reaches are few,
    // W is not).
    classes.clear ();
    class_width.clear ();
    unsigned full_width = 0;
    auto note = [&] (value_id x, unsigned wd) {
      const hreg_set &t = reach_[x];
      if (t == regs_)
        {
          full_width += wd;
          return;
        }
      for (size_t c = 0; c < classes.size (); ++c)
        if (classes[c] == t)
          {
            class_width[c] += wd;
            return;
          }
      classes.push_back (t);
      class_width.push_back (wd);
    };
    for (value_id x : W)
      note (x, width (x));
    for (value_id x : extra)
      note (x, w_has (x) ? 0 : width (x));
    const size_t w_size = W.size ();
    for (const hreg_set &t : classes)
      {
        const unsigned room = unsigned ((t & free).count ());
        if (W.size () == w_size)
          {
            unsigned n = (regs_ & ~t).none () ? full_width : 0;
            for (size_t c = 0; c < classes.size (); ++c)
              if ((classes[c] & ~t).none ())
                n += class_width[c];
            if (n <= room)
              continue;
          }
        auto within = [&] (value_id u) { return (reach_[u] & ~t).none (); };
        auto need = [&] {
          unsigned n = 0;
          for (value_id u : W)
            n += within (u) ? width (u) : 0;
          for (value_id u : extra)
            if (!w_has (u))
              n += within (u) ? width (u) : 0;
          return n;
        };
        evict_until ([&] { return need () <= room; }, within, keep, j);
      }
  };
  // Values of W with no use after instruction J leave it.  A value
  // that J does not read has the same next use after J as after J - 1,
  // where it was checked: past the first instruction only those J
  // touches (TOUCHED: its uses, then its defs) need a look.
  auto drop_dead = [&] (size_t j, const vec<value_id> &touched) {
    auto dead = [&] (value_id v) { return next_use (v, j) == no_use; };
    if (j == 0)
      {
        for (size_t k = 0; k < W.size ();)
          if (dead (W[k]))
            w_erase_at (k);
          else
            ++k;
        return;
      }
    for (value_id v : touched)
      if (w_has (v) && dead (v))
        w_erase_at (size_t (std::find (W.begin (), W.end (), v)
                            - W.begin ()));
  };

  // Per instruction: its uses, defs and earlyclobber defs in the file,
  // and the values entering registers at its uses (cleared, not
  // reallocated, for each).
  vec<value_id> &U = scratch_.U, &D = scratch_.D, &ec = scratch_.ec,
                        &entering = scratch_.entering;
  for (size_t j = 0; j < n; ++j)
    {
      const insn &i = blk.insns[j];
      U.clear ();
      D.clear ();
      ec.clear ();
      for (const operand &o : i.ops)
        if (o.kind == operand_kind::use && in_file (o.value)
            && std::find (U.begin (), U.end (), o.value) == U.end ())
          U.push_back (o.value);
        else if (o.kind == operand_kind::def
                 && w_.fn.values[o.value].file == f_)
          {
            D.push_back (o.value);
            if (o.earlyclobber)
              ec.push_back (o.value);
          }
      // Values spilled whole leave their registers after the
      // instruction that defined or read them, unless read again within
      // whole_share_window instructions in the block.
      if (choice_ == victim_choice::paper_weight && j > 0)
        for (size_t k = 0; k < W.size ();)
          {
            const value_id v = W[k];
            const size_t r = whole_[v] ? next_read (v, j - 1) : no_index;
            if (!whole_[v] || std::find (U.begin (), U.end (), v) != U.end ()
                || (r != no_index && r < n
                    && r - (j - 1) <= whole_share_window))
              {
                ++k;
                continue;
              }
            leave (k, next_use (v, j - 1) != no_use, j);
          }
      // The hard registers occupied at J's uses: pre-coloured ones and
      // the phantoms relieving J's point.
      hreg_set occ_relieved;
      const hreg_set *occ_at = &w_.live.hard_at_use[b][j];
      if (relieved)
        {
          occ_relieved = *occ_at | phantoms_at (b, keys_[j], *occ_at);
          occ_at = &occ_relieved;
        }
      const hreg_set &occ = *occ_at;
      // The hard registers occupied at J's defs.
      hreg_set at_def = occ;
      for (const operand &o : i.ops)
        if (o.kind == operand_kind::def_hard)
          at_def |= work::span (o.reg, o.width);
      // A value whose registers the hard registers here would leave
      // none of since it entered one leaves before J (free_): those
      // live at J's uses, and for a value live after J, those J defines
      // or clobbers.
      const hreg_set across = at_def | (i.clobbers & regs_);
      // (Nothing to do where no hard register is taken here: most
      // instructions.)
      for (size_t k = 0; across.any () && k < W.size ();)
        {
          const value_id v = W[k];
          if ((free_[v] & across).none ())
            {
              ++k;
              continue;
            }
          const bool live_after = next_use (v, j) != no_use;
          free_[v] &= live_after ? ~across : ~occ;
          if (has_room (v) || !evictable (v))
            ++k;
          else
            leave (k, live_after
                        || std::find (U.begin (), U.end (), v) != U.end (),
                   j);
        }
      // An extension of a narrow value that is in memory here loads its
      // def from the value's cell instead: the value takes no register.
      value_id folded = no_value;
      if (i.extends_narrow && U.size () == 1
          && !w_has (U[0]) && !w_.rematerializable (U[0]))
        {
          folded = U[0];
          r.folds.push_back ({ uint32_t (j), folded });
          clean_[folded] = walk_stamp_;
        }
      unsigned missing = 0;
      for (value_id u : U)
        if (u != folded && !w_has (u))
          {
            r.reloads.push_back ({ uint32_t (j), u });
            missing += width (u);
            clean_[u] = walk_stamp_;
          }
      for (value_id u : U)
        unread_[u] = 0;
      make_room (avail (occ), missing + weight (ec), U, j);
      entering.assign (ec.begin (), ec.end ());
      for (value_id u : U)
        if (u != folded)
          entering.push_back (u);
      fit_classes (regs_ & ~occ, entering, U, j);
      for (value_id u : U)
        if (u != folded && !w_has (u))
          {
            w_add (u);
            free_[u] = reach_[u] & ~occ;
          }
      drop_dead (j, U);
      if ((i.clobbers & regs_).any ())
        {
          // The values that keep their registers across the call are
          // those compute_reach foresaw (restricted to the registers the
          // call leaves) as far as they are still here: the others
          // leave first.  Belady's choice alone broke ties the other way
          // (ColorAssignment.SplitLeavesUnrestrictedWhatLeavesAtCall).
          auto unforeseen = [&] (value_id v) {
            return (reach_[v] & i.clobbers).any ();
          };
          // Evict until W's weight fits LIMIT: the unforeseen first.
          auto make_room_across = [&] (unsigned limit,
                                       const vec<value_id> &keep) {
            evict_until ([&] { return w_weight <= limit; }, unforeseen,
                         keep, j);
            make_room (limit, 0, keep, j);
          };
          make_room_across (avail (occ | i.clobbers), {});
          fit_classes (regs_ & ~(occ | i.clobbers), {}, {}, j);
          // Rematerializable values where recomputing them after the
          // call costs less than a call-saved register (remat_keep_cost).
          evict_until ([] { return false; },
                       [&] (value_id v) {
                         return (w_.rematerializable (v)
                                 && (only_copied_[v]
                                     || read_copies_to_hard (v, j)
                                     || next_use_freq (v, j)
                                          <= remat_keep_cost));
                       },
                       {}, j);
          // A call on a cold path: every value live across it leaves
          // its register there, so that none needs a call-saved register
          // for its whole life (and crowds the few of them where it is
          // hot) for the sake of a call that hardly runs.
          if (cold_block (here) && choice_ == victim_choice::next_use)
            {
              vec<value_id> keep;
              for (value_id v : W)
                if (keeps_across_cold (v))
                  keep.push_back (v);
              // Those live where the values across calls are crowded
              // leave first, all of them.
              evict_until ([] { return false; },
                           [&] (value_id v) { return crowded_life_[v] != 0; },
                           keep, j);
              make_room_across (std::max (weight (keep), free_saved_), keep);
            }
          // The values still in a register keep it across the call: a
          // register the call leaves alone, for their whole lives (colour
          // assignment gives a value one register).  compute_reach
          // foresaw most of them, but not every choice the walk makes
          // (ts_stack_pop_pending with 12 GPRs, one of them call-saved:
          // the walk kept a different value across a call than the one
          // compute_pressure foresaw, which later met a value restricted
          // to the same register, and colour assignment spilled it
          // whole).  From here on they count against those registers.
          // The points walked before are left as counted.  Termination:
          // a reach only narrows.
          for (value_id v : W)
            if (unforeseen (v))
              {
                hreg_set narrowed = reach_avoiding (v, i.clobbers);
                if (narrowed.any ())
                  {
                    reach_[v] = narrowed;
                    free_[v] &= narrowed;
                    narrowed_late_ = true;
                    // A reach only narrows: so does W's common part.
                    w_common &= narrowed;
                  }
              }
        }
      make_room (avail (at_def), weight (D), {}, j);
      fit_classes (regs_ & ~at_def, D, {}, j);
      for (value_id v : D)
        {
          w_add (v);
          free_[v] = reach_[v];
        }
      drop_dead (j, D);
    }
  r.end_free.clear ();
  r.end_free.reserve (W.size ());
  for (value_id v : W)
    {
      free_[v] &= ~w_.live.hard_at_end[b];
      r.end_free.push_back (free_[v]);
    }
}

bool
spiller::fix_edges ()
{
  // Phi defs that start out of a register, and are read, live in memory.
  for (block_id s : rpo_)
    for (const phi &ph : w_.fn.blocks[s].phis)
      if (in_file (ph.def)
          && std::find (w_entry_[s].begin (), w_entry_[s].end (), ph.def)
               == w_entry_[s].end ()
          && lookup (dist_in_[s], ph.def) != no_use)
        {
          if (!evictable (ph.def))
            return false;
          d_.memory_phi[ph.def] = true;
        }
  // Phis in a register that their cell holds too.  Cells are given by
  // class in the lowering (cell_for): the phi and its arguments must
  // have none yet.
  for (block_id s : rpo_)
    for (const phi &ph : w_.fn.blocks[s].phis)
      {
        const value_id v = ph.def;
        if (!in_file (v) || d_.memory_phi[v] || w_.wv[v].spilled
            || w_.wv[v].cell != no_cell)
          continue;
        bool held = false;
        for (value_id a : ph.args)
          {
            if (a == v)
              continue;
            held = a < d_.memory_phi.size () && d_.memory_phi[a]
                   && !w_.wv[a].spilled && w_.wv[a].cell == no_cell
                   && w_.phi_class (a) == w_.phi_class (v);
            if (!held)
              break;
          }
        d_.phi_in_cell[v] = held;
      }
  // The values each edge must reload (cleared, not reallocated, per edge).
  vec<value_id> need;
  // Membership in S's start set and in P's end set, as stamps per value
  // (S, and a number per edge), not a search of the set for each value
  // live into S (make bench's generated function of 50000 statements:
  // fix_edges 7.9% of the spilling's instructions with the searches).
  const size_t nv = w_.fn.values.size ();
  vec<block_id> entry_mark (nv, no_block);
  vec<uint32_t> end_mark (nv, 0);
  uint32_t edge_stamp = 0;
  for (block_id s : rpo_)
    {
      const block &sb = w_.fn.blocks[s];
      for (value_id v : w_entry_[s])
        entry_mark[v] = s;
      auto in_entry = [&] (value_id v) { return entry_mark[v] == s; };
      for (size_t k = 0; k < sb.preds.size (); ++k)
        {
          block_id p = sb.preds[k];
          const block &pb = w_.fn.blocks[p];
          ++edge_stamp;
          for (value_id v : w_end_[p])
            end_mark[v] = edge_stamp;
          auto in_end = [&] (value_id v) { return end_mark[v] == edge_stamp; };
          bool at_p_end = takes_end_code (pb);
          need.clear ();
          for (value_id v : w_.live.live_in[s])
            {
              if (!in_file (v))
                continue;
              bool there = in_end (v), wanted = in_entry (v);
              if (there && !wanted)
                {
                  if (!evictable (v))
                    return false;
                  // Recomputed where it is read again: no store.
                  if (w_.rematerializable (v))
                    continue;
                  d_.stored[v] = true;
                  // Where it leaves: at P's end, or at the start of S
                  // when S has no other way in (and no phi whose def
                  // would need a register beside V's there): a store
                  // there still reads V in the register it had at P's end.
                  if (at_p_end)
                    d_.evictions[v].push_back ({ p, end_slot (pb) });
                  else if (sb.preds.size () == 1 && sb.phis.empty ()
                           && !sb.receiver)
                    d_.evictions[v].push_back ({ s, 0 });
                  else
                    d_.evict_anywhere[v] = false;
                }
              if (wanted && !there)
                need.push_back (v);
            }
          for (const phi &ph : sb.phis)
            {
              value_id a = ph.args[k];
              if (w_.fn.values[ph.def].file != f_ || !in_file (a)
                  || in_end (a))
                continue;
              if (d_.cell_to_cell (w_, a, ph.def))
                {
                  if (!d_.memory_phi[a])
                    d_.cell_args.push_back ({ p, s, uint32_t (k), a });
                  continue;
                }
              // A phi argument must be in a register on the edge: the
              // edge has a place for code (phi_lifting.cc split it).
              if (!at_p_end || !evictable (a))
                return false;
              d_.reload (p, end_slot (pb), a);
              d_.end_blocks[a].push_back (p);
            }
          for (value_id v : need)
            {
              if (!evictable (v))
                return false;
              auto &at_start = d_.start_reload[s];
              if (at_p_end)
                {
                  d_.reload (p, end_slot (pb), v);
                  d_.end_blocks[v].push_back (p);
                }
              else if (std::find (at_start.begin (), at_start.end (), v)
                       == at_start.end ())
                {
                  at_start.push_back (v);
                  d_.reloaded[v] = true;
                }
            }
          if (at_p_end && w_.tgt.files[f_].memory_direct
              && (end_demand (s, k) > regs_.count ()
                  || dom_.dominates (s, p)))
            d_.edge_move_files[p].push_back (f_);
        }
    }
  return true;
}

// A loop header's start set holds the values used in the loop, nearest
// first, as far as there is room at the header.  Where the loop's body
// needs that room, a value not read in the header may leave its register
// again before it is read: the back edges then reload it on every
// iteration for little (LZ4HC's chain loop with 12 GPRs reloaded an
// invariant at the latch that the next instruction overwrote; it was
// read only on the branch for an external dictionary;
// wherePathSolver's loop reloaded a value at its latch that a call
// evicted, read on a path a tenth as frequent).  Such a value V, in the
// start set of header H and at its end but not read in H, is idle there
// when the latches that lack it at their ends (each reloads it) run
// more than idle_margin times as often as the blocks of the loop that
// read it while it is in a register from their start (the most its
// register can serve); the next pass leaves it out of H's start set,
// and it is reloaded where it is read.  Whether any new idle value was
// found.
bool
spiller::find_idle ()
{
  bool found = false;
  vec<value_id> read, cands;
  vec<double> served;
  vec<block_id> loop;
  auto has = [] (const vec<value_id> &s, value_id v) {
    return std::find (s.begin (), s.end (), v) != s.end ();
  };
  for (block_id h : rpo_)
    {
      const block &hb = w_.fn.blocks[h];
      if (w_entry_[h].empty () || !is_header (h))
        continue;
      read.clear ();
      for_each_read (h, [&] (value_id v, uint32_t) { read.push_back (v); });
      cands.clear ();
      for (value_id v : w_entry_[h])
        if (evictable (v) && !is_phi_def (h, v) && !has (read, v)
            && has (w_end_[h], v))
          cands.push_back (v);
      if (cands.empty ())
        continue;
      loop_blocks (h, loop);
      served.assign (cands.size (), 0.0);
      for (block_id x : loop)
        {
          if (x == h)
            continue;
          read.clear ();
          for_each_read (x, [&] (value_id v, uint32_t) { read.push_back (v); });
          for (size_t i = 0; i < cands.size (); ++i)
            if (has (read, cands[i]) && has (w_entry_[x], cands[i]))
              served[i] += block_frequency (w_, x);
        }
      for (size_t i = 0; i < cands.size (); ++i)
        {
          const value_id v = cands[i];
          double reloads = 0;
          for (block_id p : hb.preds)
            if (dom_.dominates (h, p) && !has (w_end_[p], v))
              reloads += block_frequency (w_, p);
          if (reloads <= idle_margin_ * served[i])
            continue;
          auto &idle = idle_[h];
          auto at = std::lower_bound (idle.begin (), idle.end (), v);
          if (at == idle.end () || *at != v)
            {
              idle.insert (at, v);
              found = true;
            }
        }
    }
  return found;
}

void
spiller::loop_blocks (block_id h, vec<block_id> &out)
{
  loop_mark_.resize (w_.fn.blocks.size (), false);
  out.assign (1, h);
  loop_mark_[h] = true;
  loop_stack_.clear ();
  for (block_id p : w_.fn.blocks[h].preds)
    if (dom_.dominates (h, p))
      loop_stack_.push_back (p);
  while (!loop_stack_.empty ())
    {
      block_id x = loop_stack_.back ();
      loop_stack_.pop_back ();
      if (loop_mark_[x])
        continue;
      loop_mark_[x] = true;
      out.push_back (x);
      for (block_id q : w_.fn.blocks[x].preds)
        if (!loop_mark_[q])
          loop_stack_.push_back (q);
    }
  for (block_id x : out)
    loop_mark_[x] = false;
}

void
spiller::forget_walks ()
{
  auto ours = [&] (value_id v) { return w_.fn.values[v].file == f_; };
  for (block_id b = 0; b < w_.fn.blocks.size (); ++b)
    for (auto &at : d_.reload_before.made (b))
      at.erase (std::remove_if (at.begin (), at.end (), ours), at.end ());
  for (auto &at : d_.folds)
    at.erase (std::remove_if (at.begin (), at.end (),
                              [&] (const std::pair<uint32_t, value_id> &x) {
                                return ours (x.second);
                              }),
              at.end ());
  for (value_id v = 0; v < d_.stored.size (); ++v)
    if (ours (v))
      {
        d_.reloaded[v] = false;
        d_.stored[v] = false;
        d_.evictions[v].clear ();
      }
}

unsigned
spiller::end_demand (block_id s, size_t k) const
{
  const block &sb = w_.fn.blocks[s];
  const block_id p = sb.preds[k];
  const auto &end = w_end_[p];
  auto in_end = [&] (value_id v) {
    return std::find (end.begin (), end.end (), v) != end.end ();
  };
  // The values of the file in a register at P's end that live on over
  // the edge: those kept or reloaded for S's start set, and the phi
  // arguments, except a memory phi's argument that is itself a memory
  // phi out of a register (passed cell to cell).
  vec<value_id> &held = end_demand_held_;
  held.clear ();
  for (value_id v : w_.live.live_in[s])
    if (in_file (v) && d_.in_entry (s, v))
      held.push_back (v);
  for (const phi &ph : sb.phis)
    {
      value_id a = ph.args[k];
      if (w_.fn.values[ph.def].file != f_ || !in_file (a))
        continue;
      if (in_end (a) || !d_.cell_to_cell (w_, a, ph.def))
        held.push_back (a);
    }
  std::sort (held.begin (), held.end ());
  held.erase (std::unique (held.begin (), held.end ()), held.end ());
  return unsigned ((w_.live.hard_at_end[p] & regs_).count ()) + weight (held);
}

hreg_set
spiller::reach_avoiding (value_id v, const hreg_set &bar) const
{
  return reach_in_file (w_, f_, regs_, v, bar);
}

void
spiller::compute_reach ()
{
  reach_.assign (w_.fn.values.size (), hreg_set ());
  for (value_id v = 0; v < w_.fn.values.size (); ++v)
    {
      const value &x = w_.fn.values[v];
      if (x.file != f_)
        continue;
      auto reach = [&] (const hreg_set &bar) { return reach_avoiding (v, bar); };
      // Where V keeps its register across a call, it needs one the call
      // leaves alone for its whole life: colour assignment gives a value
      // one register.  Calls where V leaves its register do not restrict
      // it: cold ones (unless V crosses too many), and those where it
      // leaves for want of room; a reload after the call is a value of
      // its own (tree-sitter's stack_node_new with 12 GPRs, one of them
      // call-saved: five values across memset, each reloaded at every
      // use after it when all five were restricted).  Nor do calls that
      // leave it no register at all.
      reach_[v] = reach (keeps_across_cold (v) ? clobbered_all_[v]
                                               : clobbered_hot_[v]);
      if (reach_[v].none ())
        reach_[v] = reach (hreg_set ());
    }
}

bool
spiller::run (file_id f)
{
  f_ = f;
  regs_.reset ();
  for (hreg h : w_.tgt.files[f].regs)
    regs_.set (h);
  discount_ = regs_.count () <= few_regs ? dirty_discount_few : dirty_discount;
  idle_margin_ = regs_.count () <= few_regs ? idle_margin_few : idle_margin;
  widths_.resize (w_.fn.values.size ());
  in_file_.resize (w_.fn.values.size ());
  unit_widths_ = true;
  for (value_id v = 0; v < w_.fn.values.size (); ++v)
    {
      const value &x = w_.fn.values[v];
      widths_[v] = uint8_t (x.width);
      in_file_[v] = x.file == f && !w_.wv[v].spilled
                    && w_.wv[v].origin != vorigin::dead;
      if (x.file == f && x.width != 1)
        unit_widths_ = false;
    }
  size_t nb = w_.fn.blocks.size ();
  shared_lists ().fit (nb);
  // Where GCC optimizes for size, no call is cold (block frequencies
  // are never negative); for speed, a share of the hottest block's
  // frequency: see cold_call_share.
  cold_limit_ = -1.0;
  if (w_.opts.goal == cost_goal::speed)
    {
      double hottest = 0;
      for (block_id b = 0; b < nb; ++b)
        hottest = std::max (hottest, block_frequency (w_, b));
      const bool by_profile = w_.fn.blocks[0].frequency >= 0;
      cold_limit_ = hottest * (by_profile ? cold_call_share
                                          : cold_call_share_fallback);
    }
  relieved_.assign (nb, 0);
  for (const work::shortfall &r : w_.relief)
    if (r.file == f)
      relieved_[r.where.b] = 1;
  compute_evictable ();
  compute_next_uses ();
  compute_pressure ();
  compute_crowding ();
  compute_reach ();
  compute_read_kinds ();
  idle_.assign (nb, {});
  choice_ = w_.opts.policy == spill_policy::pereira
              ? victim_choice::paper_weight : victim_choice::next_use;
  whole_.assign (w_.fn.values.size (), 0);
  if (choice_ == victim_choice::paper_weight && weights_.empty ())
    weights_ = compute_weights (w_);
  const unsigned max_passes = choice_ == victim_choice::paper_weight
                                ? max_whole_passes : max_walk_passes;
  for (unsigned pass = 1;; ++pass)
    {
      narrowed_late_ = false;
      whole_grew_ = false;
      for (block_id b = 0; b < nb; ++b)
        {
          w_entry_[b].clear ();
          w_end_[b].clear ();
          end_free_[b].clear ();
        }
      done_.assign (nb, false);
      for (block_id b : rpo_)
        {
          walk (b);
          done_[b] = true;
        }
      if (pass == max_passes)
        break;
      bool again = narrowed_late_ || whole_grew_;
      again |= find_idle ();
      if (!again)
        break;
      forget_walks ();
    }
  for (block_id b : rpo_)
    {
      auto &e = d_.entry[b];
      e.insert (e.end (), w_entry_[b].begin (), w_entry_[b].end ());
      std::sort (e.begin (), e.end ());
    }
  const bool ok = fix_edges ();
  for (block_id b = 0; b < nb; ++b)
    for (value_id v : w_end_[b])
      if (d_.reloaded[v])
        d_.end_blocks[v].push_back (b);
  for (value_id v = 0; v < w_.fn.values.size (); ++v)
    if (in_file_[v] && d_.end_blocks[v].size () > 1)
      {
        auto &e = d_.end_blocks[v];
        std::sort (e.begin (), e.end ());
        e.erase (std::unique (e.begin (), e.end ()), e.end ());
      }
  return ok;
}

// Where a store of V that the walk placed at SLOT of block B (V leaves
// its register there: see decisions::evictions) goes instead: right
// after the last instruction before SLOT that mentions V (its def or a
// read), or at the start of B if none does.  V is read nowhere in
// between, so the cell is as good there, and V's register is free from
// there on instead of only from SLOT: its range no longer spans the
// hard registers set up in between (the arguments of the call that
// evicts it), which it could not have taken (sqlite3AuthReadCol with 8
// GPRs: two values passed to a call and live across it were stored
// just before the call, after the argument registers were set, and
// took the registers the call's other arguments' sources needed; four
// rounds of colour-time spilling).
// Items grouped by key, in one array: the items of key K are
// begin (K) .. end (K), in the order they were given.
template <typename T>
struct grouped
{
  vec<uint32_t> lo;
  vec<T> items;
  const T *begin (size_t k) const { return items.data () + lo[k]; }
  const T *end (size_t k) const { return items.data () + lo[k + 1]; }
};

// Group by key, below NKEYS, the items EACH gives: EACH (F) calls
// F (key, item) for each item, alike both times it is called (to count,
// then to fill).  One array for all keys, where a list per key cost
// an allocation per key.
template <typename T, typename Each>
grouped<T>
group_by (size_t nkeys, Each each)
{
  grouped<T> g;
  g.lo.assign (nkeys + 1, 0);
  each ([&] (size_t k, const T &) { ++g.lo[k + 1]; });
  for (size_t k = 0; k < nkeys; ++k)
    g.lo[k + 1] += g.lo[k];
  g.items.resize (g.lo[nkeys]);
  vec<uint32_t> fill (g.lo.begin (), g.lo.end () - 1);
  each ([&] (size_t k, const T &x) { g.items[fill[k]++] = x; });
  return g;
}

uint32_t
after_last_mention (const work &w, block_id b, uint32_t slot, value_id v)
{
  const vec<insn> &insns = w.fn.blocks[b].insns;
  const uint32_t n = uint32_t (insns.size ());
  for (uint32_t k = std::min (slot, n); k-- > 0;)
    for (const operand &o : insns[k].ops)
      if (o.value == v
          && (o.kind == operand_kind::use || o.kind == operand_kind::def))
        return k + 1;
  return 0;
}

// Lowering (steps 6 to 8).
struct lowering
{
  work &w;
  const dominator_tree &dom;
  decisions &d;
  // leading_stores[b]: the instructions at the start of block b that
  // store (with their copies into via_file temps), before any reload or
  // instruction of the input; set by lower, read by rename.
  vec<size_t> leading_stores;

  // A shared reload whose carried value has a cell: that cell already
  // holds it (work.h), so it needs no store and no cell of its own.
  // (Given one, colour-time spilling of the reload, since gone, pointed
  // it at the carried value's cell, and the stores and loads here at a
  // cell no value named, which stack_slots.cc then shared with a live
  // one: seed 3388 of Fuzz.AllocateSplit.)
  bool in_carried_cell (value_id v) const
  {
    const value_id c = w.wv[v].carries;
    return w.wv[v].shared_reload && c != no_value && w.wv[c].cell != no_cell;
  }

  // Where each value's memory copy lives.
  cell_id cell_for (value_id v)
  {
    if (w.wv[v].cell != no_cell)
      return w.wv[v].cell;
    if (in_carried_cell (v))
      return w.wv[v].cell = w.wv[w.wv[v].carries].cell;
    if (w.class_cell.size () < w.fn.values.size ())
      w.class_cell.resize (w.fn.values.size (), no_cell);
    value_id r = w.phi_class (v);
    if (w.class_cell[r] == no_cell)
      w.class_cell[r] = w.add_cell (w.mem_size (v));
    cell &c = w.cells[w.class_cell[r]];
    const value &x = w.fn.values[v];
    const reg_file &rf = w.tgt.files[x.file];
    c.size = std::max ({ c.size, w.mem_size (v), rf.bytes_per_reg * x.width });
    c.align = std::max (c.align, std::min (c.size, 8u));
    w.wv[v].cell = w.class_cell[r];
    return w.wv[v].cell;
  }

  value_id new_reload (value_id v)
  {
    value x = w.fn.values[v];
    x.memory_only = false;
    x.name += ".s";
    value_id t = w.add_value (x, vorigin::reload_temp,
                              spillability::spillable);
    w.wv[t].shared_reload = true;
    w.wv[t].carries = v;
    return t;
  }

  // A reload value of V that lives in V's cell, defined by no
  // instruction: SSA deconstruction moves it from there (an edge move, a
  // phi argument passed cell to cell).
  value_id in_cell (value_id v)
  {
    value_id t = new_reload (v);
    w.wv[t].spilled = true;
    w.wv[t].spill = spillability::unspillable;
    w.wv[t].cell = w.wv[v].cell;
    return t;
  }

  bool direct (value_id v) const
  {
    return w.tgt.files[w.fn.values[v].file].memory_direct;
  }

  // A temp of V's via_file that carries V's bytes to or from its cell
  // (SUFFIX names it in dumps): one instruction long, unspillable.
  value_id via_temp (value_id v, const char *suffix)
  {
    const file_id f = w.tgt.files[w.fn.values[v].file].via_file;
    return w.add_temp_like (v, f, suffix, v);
  }

  static operand op (const work &w, operand_kind k, value_id v)
  {
    operand o;
    o.kind = k;
    o.value = v;
    o.allowed = w.fn.values[v].allowed;
    return o;
  }

  // edge_reload[b]: per value of d.edge_moves[b], the reload value that
  // the move of B's out-edge fills (set by lower, read by rename).
  vec<vec<std::pair<value_id, value_id>>> edge_reload;

  std::string lower ();
  void decide_joins (size_t nv0,
                     vec<vec<block_id>> &phi_blocks);
  void decide_edge_moves (
    const vec<vec<block_id>> &phi_blocks);
  std::string rename (size_t nv0,
                      const vec<vec<block_id>> &phi_blocks);
};

std::string
lowering::lower ()
{
  const size_t nb = w.fn.blocks.size ();
  const size_t nv0 = w.fn.values.size ();
  leading_stores.assign (nb, 0);
  // Cells first (a memory phi's too).
  for (value_id v = 0; v < nv0; ++v)
    if (d.stored[v] || (d.reloaded[v] && !w.rematerializable (v))
        || d.memory_phi[v] || d.phi_in_cell[v])
      cell_for (v);
  for (value_id v = 0; v < nv0; ++v)
    if (d.memory_phi[v])
      {
        w.wv[v].spilled = true;
        w.wv[v].spill = spillability::unspillable;
        if (w.wv[v].origin == vorigin::input)
          ++w.stats.spilled;
        d.stored[v] = false;
      }

  // Where the reloads of a value join: phis, or reloads at the start.
  vec<vec<block_id>> phi_blocks;
  decide_joins (nv0, phi_blocks);
  decide_edge_moves (phi_blocks);

  // A value reloaded somewhere is in memory there: it is stored (a
  // memory phi's arguments are stored by SSA deconstruction).  Every
  // path from its def to a reload leaves the register somewhere, so a
  // store at each eviction serves as well as one after the def: the
  // cheaper by block frequency is taken (a loop-carried value evicted
  // only on a cold path inside the loop is stored there, not at every
  // iteration).  Not for a value reloaded at the start of a block: there
  // the cell must hold it whichever way control came.
  // store_before: values stored before the reloads of each slot.
  slot_lists store_before (w.fn);
  for (block_id b = 0; b < nb; ++b)
    for (value_id v : d.start_reload[b])
      d.evict_anywhere[v] = false;
  for (value_id v = 0; v < nv0; ++v)
    {
      if (d.reloaded[v] && !d.memory_phi[v] && !w.rematerializable (v))
        d.stored[v] = true;
      if ((in_carried_cell (v) && !d.memory_phi[v]) || d.phi_in_cell[v])
        d.stored[v] = false;
      if (d.phi_in_cell[v])
        w.wv[v].lands_in_cell = true;
      if (!d.stored[v] || !d.evict_anywhere[v] || d.evictions[v].empty ())
        continue;
      double at_evictions = 0;
      for (const decisions::eviction &e : d.evictions[v])
        at_evictions += block_frequency (w, e.b);
      if (at_evictions >= block_frequency (w, d.def_block[v]))
        continue;
      d.stored[v] = false;
      for (const decisions::eviction &e : d.evictions[v])
        {
          const uint32_t slot = after_last_mention (w, e.b, e.slot, v);
          auto &at = store_before.slots (e.b)[slot];
          if (std::find (at.begin (), at.end (), v) == at.end ())
            at.push_back (v);
        }
    }

  // Step 7: new instruction lists.
  vec<vec<value_id>> store_at;
  for (block_id b = 0; b < nb; ++b)
    {
      block &blk = w.fn.blocks[b];
      size_t n = blk.insns.size ();
      // store_at[j + 1]: values defined by instruction j to store;
      // store_at[0]: phi defs.
      // (Kept from block to block: cleared, not made anew.)
      if (store_at.size () < n + 1)
        store_at.resize (n + 1);
      for (size_t j = 0; j <= n; ++j)
        store_at[j].clear ();
      for (const phi &ph : blk.phis)
        if (ph.def < nv0 && d.stored[ph.def])
          store_at[0].push_back (ph.def);
      for (size_t j = 0; j < n; ++j)
        for (const operand &o : blk.insns[j].ops)
          if (o.kind == operand_kind::def && o.value < nv0
              && d.stored[o.value])
            store_at[j + 1].push_back (o.value);
      bool any = !d.start_reload[b].empty () || !d.folds[b].empty ();
      for (size_t j = 0; j <= n && !any; ++j)
        any = !store_at[j].empty () || !d.reload_before.at (b, j).empty ()
              || !store_before.at (b, j).empty ();
      if (!any)
        continue;
      vec<insn> out;
      vec<winsn> out_w;
      // Append a store of V (reading V) or a load of V's cell into
      // REG, a fresh reload.
      auto add_access = [&] (wrole role, value_id v, operand_kind k,
                             value_id reg) {
        ++w.stats.split_edits;
        insn i;
        i.ops.push_back (op (w, k, reg));
        out.push_back (std::move (i));
        winsn x;
        x.role = role;
        x.cell = w.wv[v].cell;
        out_w.push_back (x);
      };
      // Append the copy DST <- SRC between files.
      auto add_copy = [&] (value_id dst, value_id src) {
        insn i;
        i.kind = insn_kind::copy;
        i.ops.push_back (op (w, operand_kind::def, dst));
        i.ops.push_back (op (w, operand_kind::use, src));
        out.push_back (std::move (i));
        winsn x;
        x.role = wrole::copy;
        out_w.push_back (x);
      };
      // A value of a file that reaches memory only through its via_file
      // (a CR field through a GPR) is stored from, and reloaded into, a
      // one-instruction temp of that file; the spilling of the via_file
      // (the next round) counts the temp's register.
      auto add_store = [&] (value_id v) {
        if (!direct (v))
          {
            value_id g = via_temp (v, ".sv");
            add_copy (g, v);
            add_access (wrole::store, v, operand_kind::use, g);
            return;
          }
        add_access (wrole::store, v, operand_kind::use, v);
      };
      // A rematerializable value (it has no cell) is recomputed by its
      // def instead.
      auto add_reload = [&] (value_id v) {
        if (w.rematerializable (v))
          {
            add_access (wrole::remat, v, operand_kind::def, new_reload (v));
            return;
          }
        if (!direct (v))
          {
            value_id g = via_temp (v, ".rv");
            add_access (wrole::load, v, operand_kind::def, g);
            add_copy (new_reload (v), g);
            return;
          }
        add_access (wrole::load, v, operand_kind::def, new_reload (v));
      };
      for (size_t j = 0; j <= n; ++j)
        {
          for (value_id v : store_at[j])
            add_store (v);
          for (value_id v : store_before.at (b, j))
            add_store (v);
          if (j == 0)
            {
              leading_stores[b] = out.size ();
              for (value_id v : d.start_reload[b])
                add_reload (v);
            }
          for (value_id v : d.reload_before.at (b, j))
            add_reload (v);
          if (j < n)
            {
              insn in = std::move (blk.insns[j]);
              winsn x = w.wb[b].insns[j];
              auto fold = std::find_if (
                d.folds[b].begin (), d.folds[b].end (),
                [&] (const std::pair<uint32_t, value_id> &f) {
                  return f.first == j;
                });
              if (fold != d.folds[b].end ())
                {
                  // The extension loads its def from the value's cell.
                  const value_id v = fold->second;
                  value_id def = no_value;
                  for (const operand &o : in.ops)
                    if (o.kind == operand_kind::def)
                      def = o.value;
                  in.ops.assign (1, op (w, operand_kind::def, def));
                  x.role = wrole::load;
                  x.cell = w.wv[v].cell;
                  x.extends = true;
                  x.from = v;
                  ++w.stats.split_edits;
                }
              out.push_back (std::move (in));
              out_w.push_back (x);
            }
        }
      blk.insns = std::move (out);
      w.wb[b].insns = std::move (out_w);
    }
  // The edges' moves: reload values in their values' cells, which SSA
  // deconstruction moves into the phis' registers (as it does any
  // value in a cell).
  edge_reload.assign (nb, {});
  for (block_id b = 0; b < nb; ++b)
    for (value_id v : d.edge_moves[b])
      {
        ++w.stats.split_edits;
        edge_reload[b].push_back ({ v, in_cell (v) });
      }

  // Step 8: SSA reconstruction per reloaded value.
  if (std::string e = rename (nv0, phi_blocks); !e.empty ())
    return e;
  // Arguments passed cell to cell where the walk has them out of a
  // register: the value in its cell (renaming left them their names).
  for (const decisions::cell_arg &c : d.cell_args)
    {
      value_id t = no_value;
      for (phi &ph : w.fn.blocks[c.s].phis)
        if (ph.args[c.k] == c.a && d.cell_to_cell (w, c.a, ph.def))
          {
            if (t == no_value)
              t = in_cell (c.a);
            ph.args[c.k] = t;
          }
    }
  return "";
}

void
lowering::decide_joins (size_t nv0,
                        vec<vec<block_id>> &phi_blocks)
{
  const size_t nb = w.fn.blocks.size ();
  phi_blocks.assign (nv0, {});
  bool any_reloaded = false;
  for (value_id v = 0; v < nv0 && !any_reloaded; ++v)
    any_reloaded = d.reloaded[v];
  if (!any_reloaded)
    return;
  // Dominance frontiers (Cooper, Harvey and Kennedy), in one array: a
  // list per block cost an allocation per block with a frontier.  The
  // frontier of R lists B once, when B's first in-edge that reaches R
  // is walked (last_join[R] == B after it), in ascending order of B.
  vec<block_id> last_join;
  const auto df = group_by<block_id> (nb, [&] (auto f) {
    last_join.assign (nb, no_block);
    for (block_id b = 0; b < nb; ++b)
      {
        const block &blk = w.fn.blocks[b];
        if (blk.preds.size () < 2)
          continue;
        for (block_id p : blk.preds)
          for (block_id r = p; r != no_block && r != dom.idom (b);
               r = dom.idom (r))
            if (last_join[r] != b)
              {
                last_join[r] = b;
                f (r, b);
              }
      }
  });
  // A phi can go at the start of B if every in-edge has a place for its
  // copies at the end of its predecessor.
  auto phi_ok = [&] (block_id b) {
    const block &blk = w.fn.blocks[b];
    for (size_t k = 0; k < blk.preds.size (); ++k)
      {
        const block &p = w.fn.blocks[blk.preds[k]];
        if ((k < blk.pred_abnormal.size () && blk.pred_abnormal[k])
            || !takes_end_code (p))
          return false;
      }
    return true;
  };
  // The blocks that reload each value, each once (last_reload[V] is
  // the last block listed for V).
  vec<block_id> last_reload;
  const auto reload_blocks = group_by<block_id> (nv0, [&] (auto f) {
    last_reload.assign (nv0, no_block);
    auto add = [&] (value_id v, block_id b) {
      if (last_reload[v] != b)
        {
          last_reload[v] = b;
          f (v, b);
        }
    };
    for (block_id b = 0; b < nb; ++b)
      {
        for (value_id v : d.start_reload[b])
          add (v, b);
        for (const auto &at : d.reload_before.made (b))
          for (value_id v : at)
            add (v, b);
      }
  });
  vec<uint32_t> mark (nb, 0), seen (nb, 0);
  uint32_t stamp = 0;
  vec<block_id> list;
  for (value_id v = 0; v < nv0; ++v)
    {
      if (!d.reloaded[v])
        continue;
      ++stamp;
      // The iterated dominance frontier of the reload blocks, where V is
      // live in and in a register at the start: a phi of the reaching
      // defs, or, where an in-edge has no place for the phi's copies, a
      // reload at the start.
      list.clear ();
      for (const block_id *it = reload_blocks.begin (v);
           it != reload_blocks.end (v); ++it)
        if (block_id b = *it; seen[b] != stamp)
        if (seen[b] != stamp)
          {
            seen[b] = stamp;
            list.push_back (b);
          }
      while (!list.empty ())
        {
          block_id x = list.back ();
          list.pop_back ();
          for (const block_id *it = df.begin (x); it != df.end (x); ++it)
            {
              const block_id y = *it;
              if (mark[y] == stamp)
                continue;
              mark[y] = stamp;
              if (seen[y] != stamp)
                {
                  seen[y] = stamp;
                  list.push_back (y);
                }
              if (!std::binary_search (w.live.live_in[y].begin (),
                                       w.live.live_in[y].end (), v)
                  || !d.in_entry (y, v))
                continue;
              auto &sr = d.start_reload[y];
              if (std::find (sr.begin (), sr.end (), v) != sr.end ())
                continue;
              if (phi_ok (y))
                phi_blocks[v].push_back (y);
              else
                sr.push_back (v);
            }
        }
    }
}

void
lowering::decide_edge_moves (
  const vec<vec<block_id>> &phi_blocks)
{
  const size_t nb = w.fn.blocks.size ();
  d.edge_moves.assign (nb, {});
  for (block_id p = 0; p < nb; ++p)
    {
      const auto &files = d.edge_move_files[p];
      if (files.empty ())
        continue;
      // fix_edges marks only blocks with one successor.
      const block &pb = w.fn.blocks[p];
      const block_id s = pb.succs[0];
      const block &sb = w.fn.blocks[s];
      const size_t k = size_t (std::find (sb.preds.begin (), sb.preds.end (),
                                          p) - sb.preds.begin ());
      auto &at = d.reload_before.slots (p)[end_slot (pb)];
      vec<value_id> keep;
      for (value_id v : at)
        {
          auto &moves = d.edge_moves[p];
          if (std::find (moves.begin (), moves.end (), v) != moves.end ())
            continue;
          // What reads the reload: S's instructions where V is in a
          // register at S's start without a phi of its own there; else
          // only S's phis over this edge (V's argument, or V's phi).
          const bool in_start
            = std::binary_search (w.live.live_in[s].begin (),
                                  w.live.live_in[s].end (), v)
              && d.in_entry (s, v);
          const bool own_phi
            = in_start && std::find (phi_blocks[v].begin (),
                                     phi_blocks[v].end (), s)
                            != phi_blocks[v].end ();
          bool phi_arg = false;
          for (const phi &ph : sb.phis)
            phi_arg = phi_arg || ph.args[k] == v;
          const bool only_phis = in_start ? own_phi : phi_arg;
          // Not a rematerializable value: it has no cell, and is
          // recomputed.
          if (!only_phis || w.rematerializable (v)
              || std::find (files.begin (), files.end (),
                            w.fn.values[v].file) == files.end ())
            keep.push_back (v);
          else
            moves.push_back (v);
        }
      at = std::move (keep);
    }
}

std::string
lowering::rename (size_t nv0,
                  const vec<vec<block_id>> &phi_blocks)
{
  const size_t nb = w.fn.blocks.size ();
  vec<value_id> phi_at (nb, no_value), outgoing (nb, no_value);
  // "Not in a register here": the value lives in its cell only.
  const value_id in_memory = no_value - 1;
  // The value a def of the working function gives V a new name by: V
  // itself, or a reload carrying it (not a via_file temp that carries it
  // to or from its cell); no_value for any other def.
  auto renames = [&] (value_id x) -> value_id {
    if (x < nv0)
      return x;
    value_id c = w.wv[x].carries;
    return c < nv0 && w.fn.values[x].file == w.fn.values[c].file
           ? c : no_value;
  };
  // The mentions of V: the instructions that read V or rename it, as
  // (block, index) in program order; the walk below looks at only those
  // (a value live through a thousand blocks and read in three costs
  // three instructions, not a thousand blocks, and a block's other
  // instructions are not scanned for it).  Renaming inserts no
  // instruction, so the indices hold throughout.
  using mention = std::pair<block_id, uint32_t>;
  const auto mentions = group_by<mention> (nv0, [&] (auto f) {
    // last[x]: the instruction (a count over the function, plus one)
    // that last mentioned X, so that one instruction counts once.
    vec<uint32_t> last (nv0, 0);
    uint32_t at = 0;
    for (block_id y = 0; y < nb; ++y)
      {
        const vec<insn> &insns = w.fn.blocks[y].insns;
        for (uint32_t j = 0; j < insns.size (); ++j)
          {
            ++at;
            for (const operand &o : insns[j].ops)
              {
                value_id x = no_value;
                if (o.kind == operand_kind::use && o.value < nv0)
                  x = o.value;
                else if (o.kind == operand_kind::def)
                  x = renames (o.value);
                if (x == no_value || !d.reloaded[x] || last[x] == at)
                  continue;
                last[x] = at;
                f (x, mention { y, j });
              }
          }
      }
  });
  // The blocks V is live into (w.live.live_in transposed), marked per
  // value in live_mark: one test per block of the walk instead of a
  // search of the block's live-in list.
  const auto live_in_blocks = group_by<block_id> (nv0, [&] (auto f) {
    for (block_id y = 0; y < nb && y < w.live.live_in.size (); ++y)
      for (value_id x : w.live.live_in[y])
        if (x < nv0 && d.reloaded[x])
          f (x, y);
  });
  vec<value_id> live_mark (nb, no_value);
  // end_mark[y] == v: V is in a register at Y's end (decisions::end_blocks).
  vec<value_id> end_mark (nb, no_value);
  // The phis V is an argument of, as (block, in-edge, phi index) in
  // that order: the walk below looks up the phis of a successor that
  // take V over an edge instead of scanning all of them (a join gathers
  // the reloads' phis of every value renamed through it).  Phis are
  // only appended, and only the arguments that are V change (to V's new
  // names), so the indices, and which phis may take V, hold throughout;
  // the phis this walk adds are the current value's own (phi_index).
  struct arg_use
  {
    block_id s;
    uint32_t k;
    uint32_t phi;
    bool operator< (const arg_use &o) const
    {
      return s != o.s ? s < o.s : k != o.k ? k < o.k : phi < o.phi;
    }
  };
  const auto arg_at = group_by<arg_use> (nv0, [&] (auto f) {
    for (block_id s = 0; s < nb; ++s)
      {
        const vec<phi> &phis = w.fn.blocks[s].phis;
        for (uint32_t k = 0; k < w.fn.blocks[s].preds.size (); ++k)
          for (uint32_t q = 0; q < phis.size (); ++q)
            {
              if (k >= phis[q].args.size ())
                continue;
              value_id a = phis[q].args[k];
              if (a < nv0 && d.reloaded[a])
                f (a, arg_use { s, k, q });
            }
      }
  });
  vec<uint32_t> phi_index (nb, 0);
  for (value_id v = 0; v < nv0; ++v)
    {
      if (!d.reloaded[v])
        continue;
      const mention *const m_first = mentions.begin (v);
      const mention *const m_last = mentions.end (v);
      for (const block_id *y = live_in_blocks.begin (v);
           y != live_in_blocks.end (v); ++y)
        live_mark[*y] = v;
      for (block_id y : d.end_blocks[v])
        end_mark[y] = v;
      vec<block_id> phis_here = phi_blocks[v];
      for (block_id y : phis_here)
        {
          value_id t = new_reload (v);
          phi ph;
          ph.def = t;
          ph.args.assign (w.fn.blocks[y].preds.size (), no_value);
          w.fn.blocks[y].phis.push_back (ph);
          phi_at[y] = t;
          phi_index[y] = uint32_t (w.fn.blocks[y].phis.size () - 1);
        }
      const arg_use *const uses_first = arg_at.begin (v);
      const arg_use *const uses_last = arg_at.end (v);

      // Rename along the dominator subtree of V's def, where V is live:
      // a block of it where V is not live in (nor defined) has no use of
      // V, nor has any block it dominates (V live into a block is live
      // out of its immediate dominator, on the way from V's def), nor
      // is V an argument of a phi after it.
      block_id root = d.def_block[v];
      vec<block_id> stack { root };
      std::string error;
      while (!stack.empty ())
        {
          block_id y = stack.back ();
          stack.pop_back ();
          const bool live_in = live_mark[y] == v;
          if (y != root && phi_at[y] == no_value && !live_in)
            continue;
          for (block_id c : dom.children (y))
            stack.push_back (c);
          value_id cur;
          if (y == root)
            cur = d.memory_phi[v] ? in_memory : v;
          else if (phi_at[y] != no_value)
            cur = phi_at[y];
          else if (!d.in_entry (y, v))
            cur = in_memory;
          else
            cur = outgoing[dom.idom (y)];
          // V left its register on Y's only in-edge, and is stored where
          // it left, at Y's start (fix_edges): those leading stores read
          // what V's register held at the end of the predecessor.
          value_id at_entry = no_value;
          if (cur == in_memory && w.fn.blocks[y].preds.size () == 1)
            at_entry = outgoing[dom.idom (y)];
          block &blk = w.fn.blocks[y];
          // The leading stores are the block's first instructions, so
          // AT_ENTRY holds for exactly those before leading_stores[y].
          for (auto m = std::lower_bound (m_first, m_last,
                                          mention { y, 0 });
               m != m_last && m->first == y; ++m)
            {
              const uint32_t j = m->second;
              insn &i = blk.insns[j];
              bool leading_store = at_entry != no_value
                                   && j < leading_stores[y];
              if (!leading_store)
                at_entry = no_value;
              for (operand &o : i.ops)
                if (o.kind == operand_kind::use && o.value == v)
                  {
                    if (leading_store && at_entry != in_memory)
                      o.value = at_entry;
                    else if (cur == in_memory || cur == no_value)
                      error = "spilling: v" + std::to_string (v) + " " + w.fn.values[v].name
                              + " has no register at a use in block "
                              + std::to_string (y);
                    else
                      o.value = cur;
                  }
              // V's def or a reload of it (not a via_file temp that
              // carries it to or from its cell).
              for (const operand &o : i.ops)
                if (o.kind == operand_kind::def && renames (o.value) == v)
                  cur = o.value;
            }
          // V left its register after its last def or reload here (at a
          // call): it is in memory at Y's end, as the walk decided (a
          // reload of a phi kept in a register across a call that leaves
          // none, as an argument of a phi after it: SQLite's
          // jsonObjectFunc with 8 GPRs).
          if (cur != in_memory && cur != no_value && end_mark[y] != v)
            cur = in_memory;
          for (auto [x, t] : edge_reload[y])
            if (x == v)
              cur = t;
          outgoing[y] = cur;
          // Pass CUR to phi PH of a successor over in-edge K: V's own
          // (OURS) or one V is the argument of there.
          auto pass_on = [&] (phi &ph, size_t k, bool ours) {
            if (cur == in_memory || cur == no_value)
              {
                // A memory phi passed on to a memory phi: cell to cell;
                // so is a phi its cell holds too, to one of its class.
                if (!ours && ph.def < d.memory_phi.size ()
                    && d.cell_to_cell (w, v, ph.def))
                  return;
                error = "spilling: v" + std::to_string (v) + " "
                        + w.fn.values[v].name
                        + " has no register at the end of block "
                        + std::to_string (y);
                return;
              }
            ph.args[k] = cur;
          };
          for (block_id s : blk.succs)
            {
              block &sb = w.fn.blocks[s];
              if (sb.phis.empty ())
                continue;
              for (size_t k = 0; k < sb.preds.size (); ++k)
                if (sb.preds[k] == y)
                  {
                    if (phi_at[s] != no_value)
                      pass_on (sb.phis[phi_index[s]], k, true);
                    for (auto u = std::lower_bound (uses_first, uses_last,
                                                    arg_use { s, uint32_t (k),
                                                              0 });
                         u != uses_last && u->s == s && u->k == k; ++u)
                      if (sb.phis[u->phi].args[k] == v)
                        pass_on (sb.phis[u->phi], k, false);
                  }
            }
        }
      for (block_id y : phis_here)
        phi_at[y] = no_value;
      if (!error.empty ())
        return error;
    }
  return "";
}

} // namespace

namespace {

// Which files a round of spilling brings down to their registers.
enum class spill_round
{
  // Files that reach memory through a via_file (CR fields, CTR, LR):
  // first, because their stores and reloads go through temps of the
  // via_file, which the second round counts.
  through_via_file,
  // Files that reach memory directly (GPRs, FPRs).
  memory_direct
};

bool
in_round (const reg_file &rf, const target &t, spill_round round)
{
  if (rf.regs.empty ())
    return false;
  if (round == spill_round::memory_direct)
    return rf.memory_direct;
  return (!rf.memory_direct && rf.via_file != no_file
          && t.files[rf.via_file].memory_direct);
}

// Whether file F may need spilling: a value of F lives where a register
// of F is occupied or clobbered (a call), or somewhere more of its
// values are live than there are registers they may take: than F has,
// or, for the values restricted to a set T of F's registers (a base
// address cannot be r0; a pair starts at an even register), than T has
// (the Hall condition the walk checks, spiller::walk_with's
// fit_classes).  Otherwise the walk would evict nothing and colour
// assignment colours F without it (chordal colouring), so the round
// skips the file's analyses: CR fields, CTR and LR rarely need any
// (SQLite -O2: the through_via_file round cost 250 ms of 3.7 s without
// this), nor do the FPRs of integer code or the GPRs of a function
// without calls and pressure (the memory-direct round: 3.7% of the
// core's instructions on SQLite's replay, the same allocations).
bool
file_needs_spilling (const work &w, file_id f)
{
  // A point relieved in F (work::relief) has phantoms the walk must
  // make room for.
  for (const work::shortfall &r : w.relief)
    if (r.file == f)
      return true;
  hreg_set regs;
  for (hreg h : w.tgt.files[f].regs)
    regs.set (h);
  // classes[0] is the whole file; the others are the distinct
  // restricted reaches (few).  An event adds or removes WIDTH for every
  // class its value's reach lies within (a bit per class).
  vec<hreg_set> classes { regs };
  struct event
  {
    pos_t at;
    int width;
    uint32_t within;
    bool operator< (const event &o) const
    {
      return at != o.at ? at < o.at : width < o.width;
    }
  };
  // The classes first, then the events: a value's bits name every
  // class its reach lies within, found before or after it.
  vec<std::pair<value_id, hreg_set>> reaches;
  for (value_id v = 0; v < w.fn.values.size (); ++v)
    {
      if (w.fn.values[v].file != f || w.live.intervals[v].empty ())
        continue;
      if ((w.live.forbidden[v] & regs).any ())
        return true;
      const hreg_set r = reach_in_file (w, f, regs, v, hreg_set ());
      if (r != regs
          && std::find (classes.begin (), classes.end (), r) == classes.end ())
        {
          // More classes than bits: leave it to the walk.
          if (classes.size () == 32)
            return true;
          classes.push_back (r);
        }
      reaches.push_back ({ v, r });
    }
  vec<event> events;
  for (auto [v, r] : reaches)
    {
      uint32_t within = 0;
      for (size_t c = 0; c < classes.size (); ++c)
        if ((r & ~classes[c]).none ())
          within |= uint32_t (1) << c;
      const int width = int (w.fn.values[v].width);
      for (auto [lo, hi] : w.live.intervals[v])
        {
          events.push_back ({ lo, width, within });
          events.push_back ({ hi + 1, -width, within });
        }
    }
  // At equal positions the ends (negative) come first: closed intervals
  // that touch do not overlap.
  std::sort (events.begin (), events.end ());
  vec<int> live (classes.size (), 0), room (classes.size ());
  for (size_t c = 0; c < classes.size (); ++c)
    room[c] = int (classes[c].count ());
  for (const event &e : events)
    for (uint32_t m = e.within; m; m &= m - 1)
      {
        const int c = __builtin_ctz (m);
        live[c] += e.width;
        if (live[c] > room[c])
          return true;
      }
  return false;
}

// The registers operand K of instruction J of block B accepts by itself:
// an input instruction's constraint there; any start of the value's
// width in its file for a copy, load or store the allocator inserted;
// or nothing, where it is not known here (the operand keeps its set).
std::optional<hreg_set>
operand_constraint (const work &w, block_id b, size_t j, size_t k)
{
  const insn &i = w.fn.blocks[b].insns[j];
  const operand &o = i.ops[k];
  const value &x = w.fn.values[o.value];
  const winsn &wi = w.wb[b].insns[j];
  switch (wi.role)
    {
    case wrole::input:
      {
        const operand *io = w.input_operand (b, j, k);
        if (!io || io->kind != o.kind)
          return std::nullopt;
        return io->allowed & w.starts (x.file, x.width);
      }
    case wrole::copy:
    case wrole::load:
    case wrole::store:
      if (wi.extends)
        return std::nullopt;
      return w.starts (x.file, x.width);
    default:
      return std::nullopt;
    }
}

// After the lowering, the reads of a value that leaves its register are
// its reloads', but it still has the allowed set constraint lifting
// narrowed for them: it may then have no register at its def that
// those reads would have refused (sqlite3_create_module with 5 GPRs: a
// copy of its first argument, read after a call as a base register, so
// r3-r6, defined where the arguments hold r3-r6 until the call; only r0
// was free, and colour assignment spilled in a second round).  An input
// value of the file that nothing reads any more but its stores (no
// instruction, no phi) gets the allowed set its def and stores ask for,
// within the input value's; unless an operand of it is tied, or its
// def's constraint is not known here (a rematerialization, an extending
// load).  Values still read in a register keep theirs: a wider set let
// one take a register its reloads may not, and the joins of the two
// cost copies (lz4 with 5 GPRs, widening every value with reloads and
// the reloads to their own reads: 0.960x -> 0.990x of stock's
// instructions, in the phi copies and edge jumps of LZ4HC's chain
// loops).  Invariant kept: each operand's allowed set contains its
// value's.
void
widen_split_values (work &w, size_t nv, const decisions &d)
{
  const size_t nin = std::min (nv, w.in.values.size ());
  vec<hreg_set> want (nin);
  vec<uint8_t> ok (nin, 0);
  for (value_id v = 0; v < nin; ++v)
    if (d.reloaded[v] && !w.wv[v].spilled && w.wv[v].tie_def == no_value
        && !w.fn.values[v].memory_only
        && w.fn.values[v].file == w.in.values[v].file)
      {
        ok[v] = 1;
        want[v] = w.in.values[v].allowed
                  & w.starts (w.fn.values[v].file, w.fn.values[v].width);
      }
  auto ours = [&] (value_id v) { return v < nin && ok[v]; };
  for (const block &blk : w.fn.blocks)
    for (const phi &ph : blk.phis)
      for (value_id a : ph.args)
        if (ours (a))
          ok[a] = 0;
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    for (size_t j = 0; j < w.fn.blocks[b].insns.size (); ++j)
      {
        const insn &i = w.fn.blocks[b].insns[j];
        for (size_t k = 0; k < i.ops.size (); ++k)
          {
            const operand &o = i.ops[k];
            if ((o.kind != operand_kind::use && o.kind != operand_kind::def)
                || !ours (o.value))
              continue;
            bool tied = o.tied_to != no_operand;
            for (const operand &p : i.ops)
              tied |= p.tied_to == operand_index (k);
            std::optional<hreg_set> c = operand_constraint (w, b, j, k);
            if (tied || !c
                || (o.kind == operand_kind::use
                    && w.wb[b].insns[j].role != wrole::store))
              ok[o.value] = 0;
            else
              want[o.value] &= *c;
          }
      }
  for (value_id v = 0; v < nin; ++v)
    if (ok[v] && (want[v].none ()
                  || (w.fn.values[v].allowed & ~want[v]).any ()))
      ok[v] = 0;
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    for (size_t j = 0; j < w.fn.blocks[b].insns.size (); ++j)
      {
        insn &i = w.fn.blocks[b].insns[j];
        for (size_t k = 0; k < i.ops.size (); ++k)
          {
            operand &o = i.ops[k];
            if ((o.kind == operand_kind::use || o.kind == operand_kind::def)
                && ours (o.value))
              o.allowed = *operand_constraint (w, b, j, k);
          }
      }
  for (value_id v = 0; v < nin; ++v)
    if (ok[v])
      w.fn.values[v].allowed = want[v];
}

// Decide and lower the spilling of the files of ROUND.
std::string
spill_files (work &w, spill_round round)
{
  const size_t nb = w.fn.blocks.size ();
  if (!w.live_current)
    analyse_intervals (w);
  // Current until the lowering changes the function.
  w.live_current = true;
  vec<file_id> files;
  for (file_id f = 0; f < w.tgt.files.size (); ++f)
    if (in_round (w.tgt.files[f], w.tgt, round)
        && file_needs_spilling (w, f))
      files.push_back (f);
  if (files.empty ())
    return "";
  // Only PhiLifting changes the CFG, and it leaves its tree in w.dom;
  // a tree of our own where it has not run (unit tests).
  dominator_tree own;
  if (w.dom.size () != nb)
    own = dominator_tree (w.fn);
  const dominator_tree &dom = w.dom.size () == nb ? w.dom : own;
  const size_t nv = w.fn.values.size ();
  decisions d (w.fn);
  d.start_reload.resize (nb);
  d.folds.resize (nb);
  d.stored.assign (nv, false);
  d.evictions.assign (nv, {});
  d.evict_anywhere.assign (nv, true);
  d.memory_phi.assign (nv, false);
  d.phi_in_cell.assign (nv, false);
  d.reloaded.assign (nv, false);
  d.entry.resize (nb);
  d.end_blocks.assign (nv, {});
  d.def_block.assign (nv, no_block);
  d.terminator_def.assign (nv, false);
  d.edge_move_files.assign (nb, {});
  for (block_id b = 0; b < nb; ++b)
    {
      const block &blk = w.fn.blocks[b];
      for (const phi &ph : blk.phis)
        d.def_block[ph.def] = b;
      for (const insn &i : blk.insns)
        for (const operand &o : i.ops)
          if (o.kind == operand_kind::def)
            {
              d.def_block[o.value] = b;
              if (i.terminator)
                d.terminator_def[o.value] = true;
            }
    }
  spiller S (w, dom, d);
  for (file_id f : files)
    if (!S.run (f))
      {
        // No relief (work::split_done): what colour assignment cannot
        // place goes to allocate ()'s whole-value runs.
        w.split_done = false;
        return "";
      }
  // Nothing to lower: the function and its liveness stay as they are.
  bool any = false;
  for (value_id v = 0; v < nv && !any; ++v)
    any = d.stored[v] || d.reloaded[v] || d.memory_phi[v];
  if (!any)
    return "";
  lowering L { w, dom, d, {}, {} };
  std::string e = L.lower ();
  if (e.empty ())
    widen_split_values (w, nv, d);
  analyse_intervals (w);
  w.live_current = e.empty ();
  return e;
}

} // namespace

// spill_before_coloring without its last step.
static std::string
spill_with_splitting (work &w)
{
  // (Where this phase does not run, colour assignment analyses the
  // function as drop_dead_remats leaves it.)
  if (w.spiller == work::spiller_use::skip)
    {
      w.live_current = false;
      return "";
    }
  // Functions with a nonlocal goto or setjmp receiver are left alone:
  // what colour assignment cannot place in them goes to allocate ()'s
  // whole-value runs (work::whole) or its last resort.  Instructions that want every value
  // in memory (a call to setjmp) are no reason: spill_required has sent
  // the values live across them to memory, and a shared reload of one
  // ends at such an instruction (place_spill_code); the walk evicts no
  // value live across one (compute_evictable), so no reload of its
  // crosses one either (assign_colors checks).  Other abnormal edges (a sibcall's edge to the
  // exit, EH edges, computed gotos) are no reason: spill_required has
  // sent every value live over one, and each phi argument over one, to
  // memory, so no value this phase moves crosses such an edge, and SSA
  // reconstruction puts no phi where an in-edge is abnormal (phi_ok).
  // (Before, every function with a sibcall was left to colour
  // assignment's whole-value spilling.)
  for (const block &blk : w.fn.blocks)
    if (blk.receiver)
      {
        w.live_current = false;
        return "";
      }
  // The liveness allocate () computed after PhiMemCoalesce is current
  // unless spill_required sent values to memory (place_spill_code
  // clears live_current).
  // Two rounds, each a fixed pass (no retry).
  w.split_done = true;
  for (spill_round round : { spill_round::through_via_file,
                             spill_round::memory_direct })
    if (std::string e = spill_files (w, round); !e.empty ())
      return e;
  return "";
}

std::string
spill_before_coloring (work &w)
{
  std::string e = spill_with_splitting (w);
  // Rematerializable instructions whose every read now recomputes them
  // (or that nothing read) go: whatever the policy, before colour
  // assignment (work.cc).
  if (e.empty ())
    drop_dead_remats (w);
  return e;
}

} // namespace ssara::ra
