// attribution.h -- where each instruction of the final code comes from.
//
// With -fplugin-arg-ssara-tags=FILE the plugin follows every insn of a
// function from the ssara pass to final and writes, per function, one line
// per insn: its UID and its origin tag.  `-dp` prints the same UIDs in the
// assembler output, so tools/ssara-compare can map every executed
// instruction to its origin and sum dynamic counts per origin
// (docs/attribution.md).
//
// Tags are decided where the insn is made: the ssara pass tags the insns
// it finds as original and the rewrite tags each edit's insns with the
// edit's origin (core/allocation.h).  Insns that later passes create are
// tagged at the start of the next pass (PLUGIN_PASS_EXECUTION) from the
// pass that made them: IRA/LRA's by their shape, pro_and_epilogue's as
// prologue, and a split or peephole's replacement inherits the tag of the
// insn it replaced.

#ifndef SSARA_ATTRIBUTION_H
#define SSARA_ATTRIBUTION_H

#include "core/allocation.h"
#include "options.h"

class rtx_insn;

namespace ssara {

enum class insn_origin : uint8_t
{
  // In the function before register allocation.
  original,
  // The core's edits (see ssara::edit_origin).
  operand_copy,
  phi_copy,
  phi_swap,
  reload,
  spill_store,
  spill_copy,
  remat,
  // Made by the adapter's RTL preparation or the rewrite around an
  // original insn: a copy into or out of a pseudo (what LRA would
  // reload), a frame address computed for a large offset.
  prepare,
  // A jump to or from a block the rewrite made on a split edge to hold
  // edits.
  edge_jump,
  // Made by prologue/epilogue generation (callee-saved saves and
  // restores, frame setup, the return) or separate shrink-wrapping.
  prologue,
  // Made by IRA or LRA (a function they allocated): by shape.
  ra_copy,
  ra_reload,
  ra_spill,
  ra_other,
  // Made after allocation by another pass, with no insn to inherit from
  // (a jump of block reordering, say).
  after_ra
};

const char *insn_origin_name (insn_origin o);
insn_origin insn_origin_of (edit_origin o);

// Register the pass-execution callback and the pass before "final" that
// writes OPTS.tags_file.  Does nothing when the option is off.
void register_attribution (const char *plugin_name,
                           const plugin_options &opts);

// The ssara pass starts on the current function: every insn is original.
void attribution_begin_function ();
// Tag INSN (made by the rewrite) with O.
void attribution_tag (const rtx_insn *insn, insn_origin o);
// The ssara pass is done with the current function: tag the insns it made
// that carry no tag yet (jumps of split edges, the preparation's copies).
void attribution_end_ssara ();

} // namespace ssara

#endif
