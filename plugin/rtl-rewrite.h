// rtl-rewrite.h -- apply the core's allocation to the RTL: the one step
// that changes the function.

#ifndef SSARA_RTL_REWRITE_H
#define SSARA_RTL_REWRITE_H

#include "core/allocation.h"
#include "gcc-target.h"
#include "rtl-import.h"

#include <string>

namespace ssara {

// Apply allocation A of FN, imported from the current function with MAP,
// for target T: stack slots, hard registers for pseudos and scratches, the
// edits (copies, swaps, loads, stores), elimination of the soft frame
// pointer and the argument pointer, the frame and df state that IRA and
// LRA leave, reload_completed.
//
// A dry run first checks every rewritten and every new instruction
// against its constraints with reload_completed set.  If one fails,
// nothing has changed that IRA and LRA cannot take (at most the frame has
// grown by the slots) and the returned string says why; the caller then
// declines the function.  On success it returns an empty string and the
// function is final hard-register RTL.
//
// A frame offset past a 16-bit displacement is rebuilt through a base
// register, (set base (plus sp HIGH)) before the access and
// (plus base LOW) in it: the access's own destination GPR when its source
// does not read it, else FRAME_SCRATCH, a GPR the allocation left alone
// and the RTL never names (or INVALID_REGNUM), else a GPR borrowed for
// the access: saved at 4(sp) before it and restored after it.
//
// HFP is what the hard frame pointer is (the adapter's decision): only
// when it is hfp_role::eliminated do explicit references to r31 become
// (plus sp OFFSET).
std::string rewrite_function (const function &fn, const import_map &map,
                              const target &t, const allocation &a,
                              unsigned frame_scratch, hfp_role hfp);

} // namespace ssara

#endif
