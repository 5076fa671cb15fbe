// pass.h -- the ssara RTL pass and the gate override that keeps IRA and
// LRA away from the functions ssara allocated.

#ifndef SSARA_PASS_H
#define SSARA_PASS_H

#include "options.h"

namespace gcc { class context; }
class opt_pass;

namespace ssara {

// Return a new instance of the ssara pass, which allocates each function
// according to OPTS (kept by reference: it lives as long as the plugin).
opt_pass *make_pass_ssara (gcc::context *ctxt, const plugin_options &opts);

// The PLUGIN_OVERRIDE_GATE callback: switch off "ira" and "reload" for
// the function the ssara pass allocated.
void override_gate (void *gcc_data, void *user_data);

} // namespace ssara

#endif
