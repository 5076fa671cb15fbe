// test-targets.h -- register-file descriptions for the core's host tests.
//
// Every test target is rs6000-like and has the same five files with the
// same ids, so that tests and generated programs can name registers by
// their GCC regnos: r0-r31 = 0-31, f0-f31 = 32-63, lr = 96, ctr = 97,
// cr0-cr7 = 100-107.  Only the number of allocatable registers per file
// varies.

#ifndef SSARA_TEST_TARGETS_H
#define SSARA_TEST_TARGETS_H

#include "ir.h"

namespace ssara::test {

constexpr file_id gpr_file = 0;
constexpr file_id fpr_file = 1;
constexpr file_id cr_file = 2;
constexpr file_id ctr_file = 3;
constexpr file_id lr_file = 4;

constexpr hreg gpr (unsigned n) { return hreg (n); }
constexpr hreg fpr (unsigned n) { return hreg (32 + n); }
constexpr hreg cr (unsigned n) { return hreg (100 + n); }
constexpr hreg lr_reg = 96;
constexpr hreg ctr_reg = 97;

// Return an rs6000-like target with NGPR (at most 32) allocatable GPRs,
// NFPR (at most 32) FPRs and NCR (at most 8) CR fields, plus CTR and LR.
// Registers are picked so that small files still mix call-clobbered and
// call-saved registers and contain consecutive pairs: GPRs r3 r4 r30 r31
// r5 r6 r28 r29 ... (r0 after r12/r22, r13 r2 r1 last), FPRs likewise
// from f1 f2 f30 f31 ..., CR fields cr0 cr1 cr5 cr6 cr7 cr2 cr3 cr4.
// GPRs swap by xor3, FPRs through a free FPR or memory (8 bytes a
// register), CR fields through a GPR and are not memory_direct (nor are
// CTR and LR: both go through a GPR).  Direct copies: GPR <-> CR, CTR,
// LR; not GPR <-> FPR.
target make_test_target (unsigned ngpr, unsigned nfpr, unsigned ncr);

// Return the rs6000 target of powerpc-linux-gnu (32-bit SVR4): every
// register but r1 (sp), r2 (TLS) and r13 (small data) allocatable.
target rs6000_target ();

// Return rs6000_target () with each file's registers in the order the
// plugin takes them (plugin/gcc-target.cc, from GCC 12's
// REG_ALLOC_ORDER for 32-bit SVR4): GPRs r9 r10 r8 r7 r6 r5 r4 r3 r12
// r11 r0 r31 ... r14, FPRs f0 f12 ... f2 f13 f1 f31 ... f14, CR fields
// cr0 cr7 cr5 cr6 cr1 cr4 cr3 cr2.  Colour assignment tries registers
// in that order, so a replay of the plugin's dump allocates as the
// plugin did only with it (replay --order=gcc).
target rs6000_gcc_order_target ();

// Return the rs6000 SVR4 call-saved registers: r14-r31, f14-f31,
// cr2-cr4.
hreg_set rs6000_call_saved ();

// Return the rs6000 SVR4 call-clobbered registers: r0, r3-r12, f0-f13,
// lr, ctr, cr0, cr1, cr5-cr7.
hreg_set rs6000_call_clobbered ();

// Return the registers of file F of T.
hreg_set file_regs (const target &t, file_id f);

// Return the registers H of file F of T such that H .. H + WIDTH - 1 all
// belong to F: the valid start registers of a value of that width.
hreg_set start_regs (const target &t, file_id f, unsigned width);

} // namespace ssara::test

#endif
