// gcc-includes.h -- every GCC header the adapter uses, in the order GCC
// requires, and the version guard.  No other file of the plugin includes
// a GCC header directly; the allocator core (plugin/core/) includes none.

#ifndef SSARA_GCC_INCLUDES_H
#define SSARA_GCC_INCLUDES_H

// rtl-ssa uses std::sort and std::function.
#define INCLUDE_ALGORITHM
#define INCLUDE_FUNCTIONAL
#include "gcc-plugin.h"
#include "bversion.h"

#if BUILDING_GCC_MAJOR != 12
#error "ssara is written for GCC 12 (rtl-ssa, pass list, LRA internals)"
#endif

#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "target.h"
#include "rtl.h"
#include "tree.h"
#include "tree-pass.h"
#include "df.h"
#include "memmodel.h"
#include "tm_p.h"
#include "insn-config.h"
#include "regs.h"
#include "emit-rtl.h"
#include "recog.h"
#include "explow.h"
#include "expr.h"
#include "diagnostic-core.h"
#include "function-abi.h"
#include "print-rtl.h"
#include "cfgrtl.h"
#include "cfganal.h"
#include "cfgcleanup.h"
#include "ira.h"
#include "reload.h"
#include "output.h"
#include "context.h"
#include "dumpfile.h"
#include "cfgloop.h"
#include "rtl-iter.h"
#include "rtl-error.h"
#include "rtl-ssa.h"
#include "sreal.h"

#endif
