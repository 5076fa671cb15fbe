// adapter.h -- the RTL adapter: import a function's pre-allocation RTL
// into the core's IR, allocate, and apply the decisions as final
// hard-register RTL.

#ifndef SSARA_ADAPTER_H
#define SSARA_ADAPTER_H

#include "core/allocate.h"
#include "core/allocation.h"
#include "options.h"

#include <string>

namespace ssara {

enum class adapter_outcome
{
  // The function now has hard-register RTL and reload_completed is set;
  // IRA and LRA must not run.
  allocated,
  // The RTL is still valid pre-allocation RTL (possibly with extra
  // pseudos and stack slots); IRA and LRA can take it.
  declined
};

struct adapter_result
{
  adapter_outcome outcome = adapter_outcome::declined;
  // For declined: why, in words a user can act on.
  std::string reason;
  alloc_stats stats;
  // With plugin_options::times: the processor time of each step, in
  // order (a core phase once per run of the phases).
  std::vector<phase_time> times;
};

// Allocate the registers of the current function (cfun) with OPTS.
adapter_result allocate_function (const plugin_options &opts);

} // namespace ssara

#endif
