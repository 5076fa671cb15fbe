// rtl-prepare.h -- normalise the pre-allocation RTL before the import.
//
// What LRA would fix while reloading, made explicit as ordinary insns so
// that the allocator sees it as values and the rewrite has nothing to
// reload.

#ifndef SSARA_RTL_PREPARE_H
#define SSARA_RTL_PREPARE_H

#include "gcc-target.h"

namespace ssara {

// Give every operand that is the bare frame or argument pointer (sfp, ap,
// or the hard frame pointer when HFP is hfp_role::eliminated) a pseudo
// copied from it just before its insn, except in a plain copy into a
// register or an add of a constant into one (both become one add off
// the stack pointer).  After elimination such an operand would be
// (plus sp N),
// which no register operand accepts; the copy becomes an add.  Returns
// the number of copies made.
unsigned split_eliminable_operands (hfp_role hfp);

// Give every memory operand that no enabled alternative of its insn
// accepts (bswap loads and stores want "Z", reg or reg+reg) its address
// computed into a pseudo just before the insn, as LRA would reload it.
// Insns are left alone when that does not make an alternative fit.
// Returns the number of address pseudos made.
unsigned reload_addresses ();

// Give every hard-register operand that a matching constraint ties to a
// pseudo (rlwimi into a return register) a fresh pseudo instead: an
// output copied to the hard register just after the insn, an input
// copied from it just before, as LRA would reload it.  Returns the
// number of copies made.
unsigned split_hard_ties ();

// Give every hard-register operand that no enabled alternative accepts
// (a float computed for r3, where the insn wants an FPR), and every one of
// an insn whose hard registers and memory operands no alternative accepts
// together (r7:r8 loaded from a reg+reg address), a fresh pseudo:
// an output copied to the hard register just after the insn, an input
// copied from it just before.  The allocator moves the copy's value
// between files.  A fixed register is split only as such an input (an
// argument in r5:r6 with r5 fixed, read by an FPR compare), in register
// copies too.  Returns the number of copies made.
unsigned split_foreign_hard_operands ();

// Give an input operand that reads part of a value in a mode of the
// other kind ((subreg:DF (reg:TI)) of a union of two doubles) a fresh
// pseudo copied from it just before the insn: the copy can take the part
// out of GPRs and the allocator moves it into the FPR the insn wants.
// Returns the number of copies made.
unsigned split_partial_puns ();

// Give every operand that a matching constraint of an enabled alternative
// ties to another pseudo operand, and that is a part of a wider pseudo
// ((subreg:SI (reg:DI)) of a long long tied to the SImode result of an
// rlwimi), a fresh pseudo: an input copied from the part just before the
// insn, an output copied into it just after, as LRA reloads a matched
// operand.  The core ties only values of one width.  Returns the number
// of copies made.
unsigned split_tied_words ();

// Give every input operand that reads a part of a wider pseudo in a mode
// of the same kind ((subreg:SI (reg:DI)) of a long long) a fresh pseudo
// copied from it just before the insn, so that the insn needs a register
// for the part only, not for the whole value (LRA reloads just the word).
// The core has no notion of reading one register of a value: an insn that
// reads a word needs the whole pair.  The copies cost where registers are
// plentiful, so the adapter applies this only to files too small for
// that (word_split_max_gprs).  Returns the number of copies made.
unsigned split_wide_word_uses ();

// In every asm, a memory output tied to an input it is not equal to
// ("=g" (x), "0" (&x)) becomes a fresh pseudo stored to the memory just
// after the asm, and a pseudo input tied to a narrower output ("=r" (int),
// "0" (long long)) becomes a pseudo copied from its low part just before,
// as LRA would reload them.  Returns the number of copies made.
unsigned split_asm_ties ();

// In every asm whose operands fit no enabled alternative as they are, but
// one with reloads, reload them as LRA would: a pseudo operand that the
// alternative wants in memory ("=r,m" (x), "=m,r" (y)) gets a stack slot
// in its place, a memory operand that it wants in a register ("m,r" (a)
// with a in memory at -O0) a fresh pseudo.  An input is copied to its
// replacement just before the asm, an output copied back just after, or
// at the start of every successor of an asm goto, whose outputs cannot be
// reloaded after the jump (its critical edges are split).  Returns the
// number of copies made.  An asm whose operands fit as they are, but
// whose pseudo inputs in GPRs need more than GPRS registers (the
// allocatable ones), gets stack slots for the inputs that its alternative
// also accepts in memory, until the rest fit ("g" inputs with three
// GPRs).
unsigned reload_asm_operands (unsigned gprs);

// In every insn other than an asm whose operands fit no enabled
// alternative with every pseudo in a register, but one with some memory
// operands in registers instead (extenddftf2_fprs with its DF input in
// memory, whose alternatives want either that input in an FPR or the
// zero it reads in memory), give those memory operands fresh pseudos,
// loaded just before the insn (an input) or stored just after it (an
// output), as LRA would reload them.  The cheapest such alternative
// decides (fewest reloads, then smallest reject).  Returns the number of
// copies made.
unsigned reload_memory_operands ();

// Move every insn that sets a call's argument register from values
// nothing else changes down to just before the call (the first scheduling
// pass hoists them, which pins the register long before the call and
// leaves colour assignment fewer registers), and every insn that sets
// the return value's register down to the use of it at the function's
// end.  Returns the number moved.
unsigned sink_argument_setups ();

// In each block: move every load into a pseudo whose mentions all lie
// in the block, after the load, down to just before the first insn that
// reads the pseudo (sinking), when nothing in between may change the
// memory or the address (a store that may alias, a call, a change of an
// address register) and the address registers stay live up to the
// reader anyway; and move every store of a pseudo whose mentions all lie
// in the block, a plain set of the pseudo first and the store last, up
// to just after that set (hoisting), when nothing in between may read or
// write the memory or change its address.
//
// The first scheduling pass hoists loads for latency and leaves results
// waiting in registers for stores at the end of a block.  IRA undoes the
// first for loads with one reader (combine_and_move_insns in ira.cc) and
// lets LRA use the stored-to memory as such a pseudo's spill slot
// (add_store_equivs), while here the values would be live across
// everything in between and add to the pressure.  The second scheduling
// pass moves them back where the registers allow.
struct moved_accesses
{
  unsigned loads_sunk = 0;
  unsigned stores_hoisted = 0;
};
moved_accesses move_block_local_accesses ();

} // namespace ssara

#endif
