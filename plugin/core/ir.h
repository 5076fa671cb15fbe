// ir.h -- the allocator core's own intermediate representation.
//
// The core never includes a GCC header.  The GCC adapter (plugin/*.cc)
// translates the pre-allocation RTL, seen through rtl-ssa, into a
// `function` of this file, calls `allocate` (allocate.h), and applies the
// returned `allocation` (allocation.h) to the RTL.  Host tests build
// functions by hand, from text (ir-text.h) or with the random generator.
//
// What the core needs to know about an instruction is only what register
// allocation needs: which SSA values it reads and writes, which hard
// registers each of those operands may use, which hard registers it reads,
// writes or destroys, and whether it is a plain copy.  Opcodes do not
// exist here.
//
// Storage.  The lists of a function are vecs (pool.h): the core makes
// and drops them by the million.
//
// Numbering.  Hard registers are numbered the way the target numbers them
// (for rs6000 these are GCC's regnos: r0-r31 = 0-31, f0-f31 = 32-63,
// lr = 96, ctr = 97, cr0-cr7 = 100-107).  Values, blocks and slots are
// dense indices into the vectors that own them.

#ifndef SSARA_CORE_IR_H
#define SSARA_CORE_IR_H

#include "pool.h"

#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

namespace ssara {

// ---------------------------------------------------------------------
// Hard registers and register files.

constexpr unsigned max_hard_regs = 128;
using hreg = uint16_t;
constexpr hreg no_hreg = 0xffff;
using hreg_set = std::bitset<max_hard_regs>;

using file_id = uint8_t;
constexpr file_id no_file = 0xff;

// How the contents of two registers of one file are exchanged.
enum class swap_method : uint8_t
{
  // Three exclusive ors; needs no other register (GPRs).
  xor3,
  // Through a third register of the same file that is free at that point,
  // or through a stack slot when none is (FPRs).
  via_free_reg_or_memory,
  // Through a free register of file `reg_file::via_file` (CR fields go
  // through a GPR).
  via_other_file
};

// One register file: GPR, FPR, CR fields, CTR, LR.
struct reg_file
{
  std::string name;

  // The allocatable registers of this file, in the order colour assignment
  // tries them.  Fixed registers (sp, the TLS and small-data pointers, the
  // PIC register, -ffixed-rN) are not listed.  Invariant: every register
  // appears in exactly one file.
  std::vector<hreg> regs;

  // Bytes of stack that one register of this file needs when spilled.
  unsigned bytes_per_reg = 4;

  // True if a register of this file can be loaded from and stored to a
  // stack slot directly.  When false, spill code goes through a register
  // of `via_file` (CR, CTR and LR go through a GPR).
  bool memory_direct = true;

  // The file used for memory transfers when !memory_direct, and for swaps
  // when `swap` is via_other_file.  no_file otherwise.
  file_id via_file = no_file;

  swap_method swap = swap_method::xor3;

  // True if a load or store of a value smaller than its register
  // (value::bytes) converts it (a float in an FPR: lfs, stfs); false if
  // it moves the value's low bytes unchanged (a QImode or HImode integer
  // in a GPR: stb, lbz).
  bool narrow_converts = false;

  // True if the prologue saves and restores the call-saved registers of
  // this file all together, at the cost of one whatever their number
  // (rs6000's CR fields: one mfcr and one store of the whole CR).  Once
  // a function keeps a value in one of them, the others cost nothing
  // more (spilling.cc, compute_pressure).
  bool saved_as_one = false;
};

// The register files of the target and how they relate.
struct target
{
  std::vector<reg_file> files;

  // direct_copy[f][g]: a register of file f can be copied into a register
  // of file g by one instruction.  Always true for f == g.  When false,
  // the copy goes through memory (GPR <-> FPR on this CPU) or, if a file
  // is not memory_direct, through its via_file.
  std::vector<std::vector<bool>> direct_copy;

  // The registers a function hands back to its caller as it found them
  // (the ABI's call-saved registers: r14-r31, f14-f31 and cr2-cr4 on
  // rs6000), allocatable or not.  The checker: at a return each must
  // hold its value from the entry unless the frame saves it
  // (function::frame_saved) or the allocation writes it
  // (allocation::used_regs, which the adapter saves).  The allocator: the
  // first value in one costs a save and a restore (colour assignment,
  // the splitting spiller, spill=cheaper's estimated_cost).  Empty:
  // unchecked, and no register costs a save.
  hreg_set call_saved;

  // Return the file that owns register R, or no_file if R is not
  // allocatable.
  file_id file_of (hreg r) const;

  // Return the set of all allocatable registers.
  hreg_set allocatable () const;
};

// ---------------------------------------------------------------------
// SSA values.

using value_id = uint32_t;
constexpr value_id no_value = ~0u;

// An SSA value: defined exactly once (by an instruction operand or a phi),
// used any number of times.  A value that is several registers wide
// occupies `width` consecutive hard registers starting at its location:
// a long long in r5:r6, an IBM long double in f1:f2.
struct value
{
  // The register file the value lives in when it is in a register.
  file_id file = 0;

  // Number of consecutive registers (1, 2 or 4).
  uint8_t width = 1;

  // The value's size in bytes when it is smaller than its one register (a
  // single-precision float: 4 bytes in an 8-byte FPR; a char or short in a
  // GPR: 1 or 2); 0 when it fills its registers.  Loads and stores of such
  // a value move just these bytes (lfs/stfs, lbz/stb), so that it crosses
  // to another file through memory intact, and a reload reads no more
  // than the value (insn::extends_narrow: an extension is its reload).
  // Invariant: 0, or width == 1 and bytes < the file's bytes_per_reg.
  uint8_t bytes = 0;

  // The registers this value may start at anywhere in its life, whatever
  // the instruction (for example: the start registers for which the
  // value's mode is valid, minus FPRs when the value has a word subreg
  // that cannot change mode inside an FPR).  Operands narrow this further.
  // Invariant: a subset of the value's file's `regs`, and for each member
  // h, h + width - 1 is in the same file.
  hreg_set allowed;

  // True if the value must live in a stack slot for its whole life (the
  // adapter decided so); it still gets a register at each use and def.
  bool memory_only = false;

  // For dumps and diagnostics, e.g. "r120" or "r120.3".
  std::string name;

  // Opaque to the core: the adapter's handle (pseudo regno, def uid...).
  uint32_t origin = 0;
};

// ---------------------------------------------------------------------
// Instructions.

enum class operand_kind : uint8_t
{
  // Reads an SSA value.
  use,
  // Writes (defines) an SSA value.  A def with no uses is an insn-local
  // scratch: it still needs a register at this instruction.
  def,
  // Reads a hard register that the input names explicitly (an argument
  // register before a call, the return register before the return).
  use_hard,
  // Writes a hard register that the input names explicitly.
  def_hard
};

using operand_index = int16_t;
constexpr operand_index no_operand = -1;

struct operand
{
  operand_kind kind = operand_kind::use;

  // For use and def: the value.  no_value for the hard kinds.
  value_id value = no_value;

  // For use_hard and def_hard: the first hard register and the number of
  // consecutive registers.  Hard registers are pre-coloured ranges: a
  // value may not sit in REG between a def_hard of it and its use_hard.
  hreg reg = no_hreg;
  uint8_t width = 1;

  // For use and def: the start registers this operand accepts at this
  // instruction (from the instruction's chosen alternative).  The
  // allocator intersects it with the value's `allowed`; when the value's
  // location is not in it, a copy into a fresh value is made just for
  // this instruction.  Invariant: not empty.
  hreg_set allowed;

  // For def: the index of a use operand of the same instruction whose
  // register this def must reuse (a "0" constraint: rlwimi, update-form
  // memory accesses, bdnz, partial definitions of a wide value).
  operand_index tied_to = no_operand;

  // For def: written before the instruction's uses are read, so it may
  // not share a register with any use of this instruction, nor with the
  // instruction's clobbers.
  bool earlyclobber = false;
};

enum class insn_kind : uint8_t
{
  // Anything else.
  normal,
  // A register-to-register copy: exactly one destination (a def, or a
  // def_hard: setting an argument register) and one source (a use, or a
  // use_hard: reading an incoming argument or a call's result), of the same
  // width.  A candidate for coalescing and for register preferences.
  copy,
  // A call.  Its clobbers are the callee's call-clobbered registers.
  call
};

struct insn
{
  insn_kind kind = insn_kind::normal;
  vec<operand> ops;

  // Hard registers this instruction destroys (a call's call-clobbered
  // registers, an asm's clobber list).  A value live across the
  // instruction (live before and after it, not defined by it) may not be
  // in one of them.  Defs of the instruction may use them, except
  // earlyclobber ones: those are written before the uses are read, so
  // possibly before the clobbers strike (GCC likewise never gives an
  // earlyclobber output or a scratch a register the insn clobbers).
  hreg_set clobbers;

  // Every value live across this instruction must be in memory
  // (a call to setjmp: registers are not restored on the second return).
  bool values_across_in_memory = false;

  // For an instruction that saves a register for the function's
  // receivers (block::receiver) -- the setup of __builtin_setjmp storing
  // the hard frame pointer into the buffer, from which the longjmp
  // restores it -- that register, else no_hreg.  What it saves is what
  // its use operand `saved_operand` reads, or, when that is no_operand,
  // what the register itself holds.  Only the checker reads these.
  // Invariant: saved_operand is no_operand or names a use operand.
  hreg saves_for_receiver = no_hreg;
  operand_index saved_operand = no_operand;

  // True for the instruction that ends its block and transfers control
  // (a branch, jump, return).  Edits "at the end of the block" go before
  // it.  If a terminator has defs (bdnz decrements its counter), no code
  // can be placed between it and the successors: edits go on the edges.
  // Invariant: only the last instruction of a block may be a terminator.
  bool terminator = false;

  // The instruction computes its one def from nothing the allocation
  // moves (a constant, a symbol's address): the same instruction with
  // another destination register may run anywhere instead of a reload
  // of the def (rematerialization).  Invariant: its only operand is a
  // def, whose `allowed` covers the value's `allowed`; no clobbers; not
  // a terminator or a call.
  bool rematerializable = false;

  // The instruction zero-extends its one use, a value narrower than its
  // register (value::bytes) in a file whose narrow moves do not convert
  // (a char or short in a GPR), into its one def of that file, as wide
  // as its register: exactly what a narrow load of the use's stack slot
  // leaves in a register (lbz, lhz).  Where the use is in memory there,
  // the allocator may delete the instruction and load its def from the
  // use's slot instead (edit::extends).  Invariant: kind normal, ops one
  // def (bytes 0) and one use (bytes != 0) of width 1 in one
  // memory_direct file whose narrow moves do not convert; no clobbers;
  // not a terminator, not rematerializable.
  bool extends_narrow = false;

  // The instruction moves the low part of its one use into its one def,
  // of another mode in the same file ((set (reg:QI D) (subreg:QI (reg:SI
  // U) 3))): where both get one register it does nothing (the rewrite
  // deletes the move it becomes), so register preferences take it for a
  // copy.  It is not a copy to fold or to coalesce: the two values'
  // narrow widths (value::bytes) differ.  Invariant: kind normal, ops
  // one def and one use of width 1 in one file; no clobbers; not a
  // terminator, not rematerializable, not extends_narrow.
  bool moves_low_part = false;

  // Opaque to the core: the adapter's handle (INSN_UID).
  uint32_t origin = 0;
};

// ---------------------------------------------------------------------
// Blocks and phis.

using block_id = uint32_t;
constexpr block_id no_block = ~0u;

// One row of a block's phi matrix (seed 001, section 2.1): DEF takes
// ARGS[i] when control arrives over the block's i-th predecessor edge.
// All phis of a block are evaluated in parallel, on the edge.
struct phi
{
  value_id def = no_value;
  vec<value_id> args;
};

struct block
{
  // Invariant: preds and succs are consistent across blocks (b is in
  // succs of p exactly as often as p is in preds of b), and
  // phis[k].args.size () == preds.size () for every k.
  vec<block_id> preds;
  vec<block_id> succs;

  // Parallel to preds: the edge cannot carry code (abnormal or EH edge,
  // computed goto).  Values flowing into a phi over such an edge must end
  // up in the same location as the phi's def.
  vec<bool> pred_abnormal;

  vec<phi> phis;
  vec<insn> insns;

  // Loop nesting depth (0 outside loops); drives spill weights.
  unsigned loop_depth = 0;

  // How often the block runs per run of the function (GCC's profile
  // estimate: the entry block is 1, a loop body about 10, a path that
  // never runs 0), or negative when unknown (then 1 + 10^loop_depth
  // stands in).  Weighs spill costs, preferences and next uses.
  double frequency = -1;

  // Control returns to the caller at the end of this block (GCC's exit
  // block).  Invariant: no succs.
  bool returns = false;

  // A nonlocal goto or __builtin_setjmp receiver: its abnormal preds
  // stand for longjmps out of deeper frames, whose epilogues never ran.
  // Arriving over one, every allocatable register holds garbage, and
  // each register some instruction saves for the receivers
  // (insn::saves_for_receiver) holds what was saved last.  Only the
  // checker reads it; the allocator keeps values live into the block in
  // memory for being a target of abnormal edges at all.
  bool receiver = false;

  // Opaque to the core: the adapter's handle (basic block index).
  uint32_t origin = 0;
};

struct function
{
  std::string name;

  // Block 0 is the entry block: it has no predecessors and no phis.
  // Invariant: every block is reachable from block 0.
  vec<block> blocks;

  vec<value> values;

  // Call-saved registers (target::call_saved) that the frame saves at
  // the entry and restores at every return whatever the allocation does:
  // those GCC's prologue saves because the input itself writes them (an
  // asm clobber), or all of them when a nonlocal label reaches a return.
  // The checker reads it; colour assignment counts these registers as
  // free to write (no save of their own).
  hreg_set frame_saved;

  // Convenience for builders: add a value and return its id.
  value_id add_value (const value &v);
};

// Keep the values V of F with KEEP[V], numbered again in their order,
// renaming them in every phi and operand; return each old value's new
// number (no_value for a value dropped).  Requires: no phi or operand
// names a dropped value.
std::vector<value_id> keep_values (function &f, const std::vector<bool> &keep);

// Return the size in bytes of value V of target T: its `bytes`, or the
// registers it fills.
unsigned value_bytes (const target &t, const value &v);

// Return how many registers of file F hold value V of target T: its width
// in its own file, else its bytes over F's register size (a double in an
// FPR takes a GPR pair, a float in an FPR one GPR).
unsigned regs_in_file (const target &t, const value &v, file_id f);

// Return an empty string if F is well formed for target T (the invariants
// written above, plus SSA: every value has exactly one definition, the
// definition dominates every use, a phi argument's definition dominates
// the end of the corresponding predecessor), otherwise a description of
// the first violation.  Every entry point of the core checks its input.
std::string verify_function (const function &f, const target &t);

} // namespace ssara

#endif
