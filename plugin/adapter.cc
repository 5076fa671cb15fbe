// adapter.cc -- the RTL adapter (see adapter.h).
//
// The import from rtl-ssa and the rewrite into hard-register RTL are the
// subject of the next milestone; until then every function is declined
// and goes through the fallback policy.

#include "gcc-includes.h"
#include "adapter.h"

namespace ssara {

adapter_result
allocate_function (const plugin_options &)
{
  adapter_result r;
  r.outcome = adapter_outcome::declined;
  r.reason = "the RTL adapter is not implemented yet";
  return r;
}

} // namespace ssara
