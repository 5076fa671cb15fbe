// gcc-target.h -- the core's description of rs6000's register files, read
// from GCC's state for the current function.

#ifndef SSARA_GCC_TARGET_H
#define SSARA_GCC_TARGET_H

#include "core/ir.h"

namespace ssara {

// The register files, in this order (file_id = index).
enum rs6000_file : file_id { file_gpr, file_fpr, file_cr, file_ctr, file_lr,
                             num_rs6000_files };

// What the hard frame pointer (r31) is in the current function.  The
// adapter decides it once (decide_hard_frame_pointer, adapter.cc), as
// IRA and LRA would, before anything reads it; the target, the prepare
// step and the rewrite apply it.
enum class hfp_role : uint8_t
{
  // No frame pointer: every explicit reference to r31 is the elimination
  // HFP->SP, (plus sp OFFSET); r31 is allocatable unless fixed.
  eliminated,
  // frame_pointer_needed: r31 addresses the frame, the soft frame pointer
  // and the argument pointer eliminate to it; r31 is not allocatable.
  frame_pointer,
  // No frame pointer, yet an insn reads r31 itself: a setjmp or nonlocal
  // goto receiver's (use r31), the longjmp having restored r31 from what
  // the setup stored.  HFP->SP is then invalid (LRA's mark_not_eliminable
  // turns it off the same way): references stay r31, which holds the
  // caller's r31 throughout, and r31 is not allocatable.
  kept
};

// Return the target description for the current function: allocatable
// registers read at run time (fixed_regs, -ffixed-rN, the PIC register,
// r31 unless HFP is hfp_role::eliminated), in GCC's allocation order.
// RESERVED (a hard register or INVALID_REGNUM) is left out of allocation.
target build_target (unsigned reserved, hfp_role hfp);

} // namespace ssara

#endif
