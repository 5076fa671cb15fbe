// constraints.h -- reading the extracted insn's operand constraints.
//
// Shared by the prepare step (which operands no alternative accepts) and
// the import (which alternative to choose).  Everything here reads
// recog_data: call extract_insn first.

#ifndef SSARA_CONSTRAINTS_H
#define SSARA_CONSTRAINTS_H

namespace ssara {

// Return true if X is a pseudo or a SUBREG of one.
bool pseudo_operand_p (const_rtx x);

// Return the constraint text of alternative A of operand I.
const char *alternative_text (int i, int a);

// Return true if X, an operand that is not a pseudo (a constant, memory,
// a hard register), satisfies the alternative whose constraint text
// starts at P: some letter of it accepts X.
bool nonpseudo_fits (rtx x, const char *p);

// Return true if alternative A of operand I accepts a memory operand: a
// memory constraint, or "g" (which preprocess_constraints records as
// GENERAL_REGS only, its memory_ok unset).  Needs preprocess_constraints.
bool memory_accepted_p (int i, int a);

} // namespace ssara

#endif
