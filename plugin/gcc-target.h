// gcc-target.h -- the core's description of rs6000's register files, read
// from GCC's state for the current function.

#ifndef SSARA_GCC_TARGET_H
#define SSARA_GCC_TARGET_H

#include "core/ir.h"

namespace ssara {

// The register files, in this order (file_id = index).
enum rs6000_file : file_id { file_gpr, file_fpr, file_cr, file_ctr, file_lr,
                             num_rs6000_files };

// Return the target description for the current function: allocatable
// registers read at run time (fixed_regs, -ffixed-rN, the PIC register,
// r31 when frame_pointer_needed), in GCC's allocation order.  Requires
// ira_setup_eliminable_regset () to have run for the function.
// The register files of the current function.  RESERVED (a hard register
// or INVALID_REGNUM) is left out of allocation.
target build_target (unsigned reserved);

} // namespace ssara

#endif
