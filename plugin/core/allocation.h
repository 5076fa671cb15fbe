// allocation.h -- the decisions the allocator core returns.
//
// The core never edits its input function.  It returns an `allocation`:
// a location for every operand of every input instruction and for every
// phi def, plus a list of edits (copies, swaps, loads, stores) at program
// points.  The GCC adapter applies it in one rewrite; the checker
// (checker.h) validates it from the input function and this record alone.

#ifndef SSARA_CORE_ALLOCATION_H
#define SSARA_CORE_ALLOCATION_H

#include "ir.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ssara {

using slot_id = uint32_t;
constexpr slot_id no_slot = ~0u;

// Where a value, or one operand's value, is.
struct location
{
  enum class kind : uint8_t { none, reg, slot };
  kind k = kind::none;
  // For reg: the first hard register (a wide value occupies reg ..
  // reg + width - 1).
  hreg reg = no_hreg;
  // For slot: the stack slot.
  slot_id slot = no_slot;

  static location in_reg (hreg r) { return { kind::reg, r, no_slot }; }
  static location in_slot (slot_id s) { return { kind::slot, no_hreg, s }; }
  bool is_reg () const { return k == kind::reg; }
  bool is_slot () const { return k == kind::slot; }
  bool operator== (const location &o) const
  { return k == o.k && reg == o.reg && slot == o.slot; }
  bool operator!= (const location &o) const { return !(*this == o); }
};

// A place in the input function where edits execute.
struct program_point
{
  enum class kind : uint8_t
  {
    // Immediately before instruction INSN of BLOCK.  INSN may equal the
    // number of instructions of the block: the end of a block that has no
    // terminator (it falls through).  Before instruction 0 is the start of
    // the block, after its phis.
    before_insn,
    // Immediately after instruction INSN of BLOCK.  Never after a
    // terminator.
    after_insn,
    // On the edge from BLOCK to SUCC (the adapter splits it if needed).
    // Never on an abnormal edge.
    on_edge
  };
  kind k = kind::before_insn;
  block_id block = 0;
  uint32_t insn = 0;
  block_id succ = no_block;
};

// Why the core made an edit: what the final code's instructions are
// attributed to (the plugin's tags=FILE, tools/ssara-compare).  The
// checker does not look at it.
enum class edit_origin : uint8_t
{
  // A copy into or out of an operand's temporary (constraint lifting),
  // or between a pre-coloured register and the value that carries it
  // past a point short of registers (hard-range splitting).
  operand_copy,
  // A copy between phi-related values (PhiLifting, SSA deconstruction).
  phi_copy,
  // An exchange in a cycle of phi copies (SSA deconstruction).
  phi_swap,
  // A load from a stack slot: a spilled value's reload, a hop through
  // memory between register files, a borrowed register's restore.
  reload,
  // A store to a stack slot: a spilled value's store, a hop through
  // memory, a borrowed register's save.
  spill_store,
  // A register copy made by spill placement (a value carried through
  // another register file), or a reload that reload elision serves from
  // another register holding the slot's contents.
  spill_copy,
  // A spilled value recomputed by its own def instruction instead of
  // loaded (rematerialization).
  remat
};

// One elementary move.  Edits at the same program point execute in the
// order of the `edits` vector, each one seeing the effect of the previous
// ones (the core has already sequentialised parallel copies).
struct edit
{
  enum class kind : uint8_t
  {
    // DST_REG <- SRC_REG.  Same file, or files with direct_copy.
    copy,
    // Exchange DST_REG and SRC_REG (same file).  For swap_method::xor3
    // TEMP is no_hreg; otherwise TEMP is a register free at this point (of
    // the same file, or of the file's via_file), or no_hreg with SLOT a
    // scratch stack slot to go through.
    swap,
    // DST_REG <- SLOT.  DST_REG's file is memory_direct.
    load,
    // SLOT <- SRC_REG.  SRC_REG's file is memory_direct.
    store,
    // DST_REG <- what input instruction DEF_INSN of block DEF_BLOCK
    // computes, by that instruction again with DST_REG as its
    // destination.  The instruction is rematerializable (ir.h).
    remat
  };
  kind k = kind::copy;
  edit_origin origin = edit_origin::phi_copy;
  program_point at;
  // Number of consecutive registers moved (the value's width).
  uint8_t width = 1;
  // For load and store: the moved value's `value::bytes` (0: the whole
  // registers).  Saves and restores of borrowed registers move whole
  // registers.
  uint8_t bytes = 0;
  // For a narrow load (bytes != 0): it stands for input instruction
  // (block, insn of `at`), which zero-extends the value
  // (insn::extends_narrow) and which the allocation deletes
  // (allocation::removed); the load must leave the register's other
  // bits zero (lbz, lhz), and its register holds the instruction's def.
  bool extends = false;
  hreg dst_reg = no_hreg;
  hreg src_reg = no_hreg;
  slot_id slot = no_slot;
  hreg temp = no_hreg;
  // For remat: the input instruction that computes the value.
  block_id def_block = no_block;
  uint32_t def_insn = 0;
  // For dumps only: the value moved (may be a value the core created).
  // The checker does not trust it.
  std::string what;
};

struct stack_slot
{
  uint32_t size = 0;
  uint32_t align = 0;
};

// Why the core could not allocate a function (alloc_result::failure,
// ra::failure).  The plugin decides by the kind, never by the message.
enum class alloc_failure : uint8_t
{
  none,
  // verify_function: the input breaks the rules of ir.h.
  invalid_input,
  // An operand constraint, a tie or a must-be-in-memory value that no
  // register, copy or stack slot can serve (constraint lifting,
  // spill_required).
  unmet_constraint,
  // Colour assignment: a value has no register and nothing live there
  // can be spilled (a pre-coloured range hard-range splitting left
  // alone, a register pair fragmented by pre-coloured registers).
  out_of_registers,
  // Colour assignment, asked to report rather than spill, found values
  // without a register (work::shortfalls): allocate () relieves those
  // points and runs the phases again; it never returns this kind.
  short_of_registers,
  // A phase broke its own invariant or a capped loop hit its cap: a bug.
  internal,
  // The independent checker rejected the result: a bug.
  checker
};

// Counts for the plugin's `ssara:` statistics line.
struct alloc_stats
{
  unsigned values = 0;          // SSA values of the input
  unsigned spilled = 0;         // input values given a stack slot
  unsigned copies = 0;          // copy edits
  unsigned swaps = 0;           // swap edits
  unsigned loads = 0;           // load edits
  unsigned stores = 0;          // store edits
  unsigned remats = 0;          // remat edits
  unsigned stack_bytes = 0;     // sum of slot sizes
  unsigned whole_runs = 0;      // runs with values spilled whole where
                                // relief did not help (allocate.cc)
  unsigned unshared = 0;        // values in memory whose reads got
                                // reloads of their own in those runs
                                // (shortfall::unshare, allocate.cc)
  unsigned last_resort = 0;     // 1 if colouring failed after spilling
                                // and relief, and the function was
                                // allocated with every value in memory
  unsigned split_edits = 0;     // loads and stores spilling.cc inserted
                                // (0: it changed nothing)
  unsigned split_kept = 0;      // spill=cheaper: 1 if split's result
                                // was the cheaper
  unsigned relief_runs = 0;     // runs again with colour assignment's
                                // shortfalls relieved (allocate.cc)
  unsigned coalesced = 0;       // values copy_coalescing.cc moved to an
                                // affinity neighbour's register
  unsigned split_ranges = 0;    // pre-coloured ranges hard_range_splitting.cc
                                // gave a value of their own
  unsigned elided_loads = 0;    // loads reload_elision.cc dropped: the
                                // register held the slot's contents
  unsigned elided_stores = 0;   // stores it dropped: the slot held what
                                // they store, or nothing read it after
  unsigned copied_loads = 0;    // loads it made copies: another register
                                // of the file held the slot's contents
  unsigned sunk_edge_loads = 0; // loads and remats it moved from a
                                // critical edge to its successor's start
  unsigned phi_stores = 0;      // stores of a phi's def at its block's
                                // start it moved to the in-edges whose
                                // argument was not in the slot already
  unsigned edge_code_hoisted = 0; // split edges whose code edge_code.cc
                                  // moved to the predecessor's end
};

struct allocation
{
  // operand_loc[b][i][k]: the location operand k of instruction i of
  // block b reads or writes.  For use/def operands it is always a
  // register; for hard operands it is the operand's own register.
  vec<vec<vec<location>>> operand_loc;

  // removed[b][i]: instruction i of block b is deleted: a copy whose
  // def is read, wherever it is read, where its source is (a copy of an
  // SSA value is that value; copy_folding.cc).  Its operand_loc entries
  // are `none`.
  vec<vec<bool>> removed;
  bool is_removed (block_id b, uint32_t i) const
  {
    return b < removed.size () && i < removed[b].size () && removed[b][i];
  }

  // phi_loc[b][k]: where the def of phi k of block b is at the start of
  // block b; `none` for a trivial phi (one whose arguments are one value
  // or the phi itself, copy_folding.cc), which is that value, read where
  // that value is.
  vec<vec<location>> phi_loc;

  // phi_also[b][k]: a stack slot the def of phi k of block b, which is in
  // a register, also lands in, or no_slot.  Every in-edge brings the
  // phi's argument there (by a store among the edge's edits, or because
  // the slot held it already), so at the start of block b the slot holds
  // the phi's def, as its register does (reload_elision.cc).  Empty, or
  // one entry per block, each empty or with one entry per phi.
  vec<vec<slot_id>> phi_also;
  slot_id phi_also_at (block_id b, size_t k) const
  {
    return b < phi_also.size () && k < phi_also[b].size () ? phi_also[b][k]
                                                           : no_slot;
  }

  // value_loc[v]: the home of input value v over its whole live range: a
  // register, or the stack slot of a spilled value.  For the adapter
  // (debug binds) and dumps; the checker does not trust it.
  vec<location> value_loc;

  // Sorted by program point in the order the adapter may apply them.
  vec<edit> edits;

  vec<stack_slot> slots;

  // Hard registers written by the allocated code (operand locations and
  // edit destinations and temps), for the adapter's ever-live marking.
  hreg_set used_regs;

  alloc_stats stats;
};

} // namespace ssara

#endif
