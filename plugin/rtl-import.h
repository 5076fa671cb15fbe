// rtl-import.h -- translate the current function's pre-allocation RTL,
// seen through rtl-ssa, into the core's IR.
//
// Values are rtl-ssa's definitions of pseudo registers (phis included);
// uses point at them.  Hard registers named in the RTL become use_hard /
// def_hard operands, calls clobber their callee's call-clobbered
// registers, and each instruction's operands get the registers of one
// chosen constraint alternative.  The import also keeps the way back: for
// every core instruction the RTL insn it stands for, for every value its
// pseudo register.

#ifndef SSARA_RTL_IMPORT_H
#define SSARA_RTL_IMPORT_H

#include "core/ir.h"
#include "gcc-target.h"

#include <string>
#include <vector>

namespace ssara {

// What the rewrite needs to find its way back from the core's IR.
struct import_map
{
  // block_bb[b]: the basic block core block B stands for.  Core block 0 is
  // the entry block; the exit block is the last core block.
  std::vector<basic_block> block_bb;

  // insn_rtl[b][i]: the RTL insn of core instruction I of block B, or null
  // for instructions the import made up (definitions of undefined values,
  // the exit block's uses of live-out hard registers).
  std::vector<std::vector<rtx_insn *>> insn_rtl;

  // value_regno[v]: the pseudo register value V is a definition of, or
  // INVALID_REGNUM for an insn-local scratch value.
  std::vector<unsigned> value_regno;

  // value_scratch_op[v]: for a scratch value, the recog operand number of
  // its SCRATCH in its insn; -1 otherwise.
  std::vector<int> value_scratch_op;
};

struct import_result
{
  // Empty on success; otherwise why the function cannot be imported (the
  // adapter declines the function with this reason).
  std::string error;
  // When the error is an asm statement that no alternative fits (a "+f"
  // operand of an int): that asm, which the user's code got wrong.
  rtx_insn *impossible_asm = nullptr;
  function fn;
  import_map map;
};

// Import the current function (cfun) for target T, whose hard frame
// pointer is HFP (what the rewrite will make of a read of r31, which the
// checker's receiver model needs: docs/checker.md).  Requires dominance
// information and an up-to-date df; builds and frees its own rtl-ssa
// form.  Never changes the RTL.
import_result import_function (const target &t, hfp_role hfp);

} // namespace ssara

#endif
