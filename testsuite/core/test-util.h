// test-util.h -- small builders shared by the core's host tests.

#ifndef SSARA_TEST_UTIL_H
#define SSARA_TEST_UTIL_H

#include "allocation.h"
#include "ir.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ssara::test {

// Parse TEXT (ir-text.h syntax) and expect it to parse and verify.
function parse (const std::string &text, const target &t);

// Return an allocation of F with every location "none" except the hard
// operands (their own registers), and used_regs = every register.
allocation blank (const function &f);

inline location R (hreg h) { return location::in_reg (h); }
inline location S (slot_id s) { return location::in_slot (s); }

edit mk (edit::kind k, program_point at, hreg dst, hreg src,
         slot_id slot = no_slot, hreg temp = no_hreg, uint8_t width = 1);

program_point before (block_id b, uint32_t i);
program_point after (block_id b, uint32_t i);
program_point on_edge (block_id b, block_id s);

// Succeed if some message of ERRS contains NEEDLE.
::testing::AssertionResult has (const std::vector<std::string> &errs,
                                const std::string &needle);

// Return ERRS one per line.
std::string joined (const std::vector<std::string> &errs);

// Return the textual IR's declarations of N GPR values v0 .. vN-1.
std::string gpr_values (unsigned n);

// Return textual IR instructions that define vFIRST .. vLAST, one each.
std::string def_insns (unsigned first, unsigned last);

} // namespace ssara::test

#endif
