// checker.h -- independent validation of an allocation.
//
// The checker sees only the input function and the allocation record: no
// allocator internals.  It simulates, through every block and edge, which
// input SSA value (or which explicitly named hard register) each register
// and stack slot holds, and reports every operand that reads the wrong
// value, every broken constraint (operand's allowed set, value's allowed
// set, tie, earlyclobber, width, pre-coloured hard register) and every
// live value that an instruction's clobbers destroy.

#ifndef SSARA_CORE_CHECKER_H
#define SSARA_CORE_CHECKER_H

#include "allocation.h"
#include "ir.h"

#include <string>
#include <vector>

namespace ssara {

// Return every problem found in A as an allocation of F for T, one
// message per problem naming the block, instruction and operand; empty if
// A is correct.
std::vector<std::string> check_allocation (const function &f, const target &t,
                                           const allocation &a);

} // namespace ssara

#endif
