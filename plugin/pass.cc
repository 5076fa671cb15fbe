// pass.cc -- the ssara RTL pass.
//
// The pass sits immediately before "ira" (see plugin.cc) and runs for every
// function.  When the adapter allocates a function it leaves final
// hard-register RTL with reload_completed set, and override_gate () then
// switches "ira" and "reload" off for exactly that function, so that
// postreload, prologue/epilogue generation and everything after run as
// they do after LRA.  A function the adapter declines is still valid
// pre-allocation RTL: it is a "sorry" (fallback=none) or goes to IRA/LRA
// (fallback=ira).

#include "gcc-includes.h"

#include <algorithm>
#include "pass.h"
#include "adapter.h"
#include "report.h"
#include "attribution.h"
#include "core/pool.h"

#include <cstring>

namespace ssara {

namespace {

// Per-function state of the pass.  Reset at the start of every function;
// nothing survives from one function to the next except through it.
struct function_context
{
  // The function the pass last ran on.
  tree decl = NULL_TREE;
  // Invariant: true only while DECL is current_function_decl and the
  // adapter allocated it, i.e. exactly when ira and reload must not run.
  bool allocated = false;

  void reset (tree d)
  {
    decl = d;
    allocated = false;
  }
};

function_context fn_ctx;

const pass_data pass_data_ssara =
{
  RTL_PASS,                     /* type */
  "ssara",                      /* name */
  OPTGROUP_NONE,                /* optinfo_flags */
  TV_PLUGIN_RUN,                /* tv_id */
  0,                            /* properties_required */
  0,                            /* properties_provided */
  0,                            /* properties_destroyed */
  0,                            /* todo_flags_start */
  0,                            /* todo_flags_finish */
};

class pass_ssara : public rtl_opt_pass
{
public:
  pass_ssara (gcc::context *ctxt, const plugin_options &opts)
    : rtl_opt_pass (pass_data_ssara, ctxt), m_opts (opts)
  {}

  // The pass manager clones a pass inserted at instance 0; ours is
  // inserted once, but cloning must still work.
  opt_pass *clone () final override
  {
    return new pass_ssara (m_ctxt, m_opts);
  }

  // Run wherever IRA would run.
  bool gate (::function *) final override
  {
    return !targetm.no_register_allocation;
  }

  unsigned int execute (::function *fun) final override;

private:
  const plugin_options &m_opts;
  // Functions this pass has tried to allocate (for the limit option).
  long m_functions_seen = 0;
};

unsigned int
pass_ssara::execute (::function *fun)
{
  fn_ctx.reset (fun->decl);
  // A previous function allocated by ssara switched LRA's dwarf2out path
  // off (see rtl-rewrite.cc); every function starts from the target's
  // setting.
  ira_use_lra_p = targetm.lra_p ();
  adapter_result r;
  attribution_begin_function ();
  if (m_opts.allocator == allocator_choice::ira)
    {
      r.outcome = adapter_outcome::declined;
      r.reason = "-fplugin-arg-ssara-allocator=ira";
      report_function (m_opts, function_name (fun), r);
      attribution_end_ssara ();
      return 0;
    }
  if (m_opts.limit >= 0 && m_functions_seen >= m_opts.limit)
    {
      r.outcome = adapter_outcome::declined;
      r.reason = "beyond -fplugin-arg-ssara-limit";
      report_function (m_opts, function_name (fun), r);
      return 0;
    }
  ++m_functions_seen;
  const char *name = function_name (fun);
  if (std::find (m_opts.decline.begin (), m_opts.decline.end (), name)
      != m_opts.decline.end ())
    {
      r.outcome = adapter_outcome::declined;
      r.reason = "named by -fplugin-arg-ssara-decline";
    }
  else
    r = allocate_function (m_opts);
  // The function's lists are all gone: the next function's are carved
  // in order from the pool's chunks (pool.h).
  pool::reset_if_unused ();
  attribution_end_ssara ();
  if (r.outcome == adapter_outcome::allocated)
    {
      fn_ctx.allocated = true;
      report_function (m_opts, name, r);
      return 0;
    }
  switch (m_opts.fallback)
    {
    case fallback_policy::none:
      if (dump_file)
        fprintf (dump_file, "ssara: %s not allocated: %s\n", name,
                 r.reason.c_str ());
      sorry_at (DECL_SOURCE_LOCATION (fun->decl),
                "ssara cannot allocate function %qD: %s "
                "(use %<-fplugin-arg-ssara-fallback=ira%> to hand such "
                "functions to IRA/LRA)", fun->decl, r.reason.c_str ());
      break;
    case fallback_policy::ira:
      report_function (m_opts, name, r);
      break;
    }
  return 0;
}

} // anon namespace

opt_pass *
make_pass_ssara (gcc::context *ctxt, const plugin_options &opts)
{
  return new pass_ssara (ctxt, opts);
}

void
override_gate (void *gcc_data, void *)
{
  bool *gate_status = static_cast<bool *> (gcc_data);
  if (!*gate_status || !current_pass || !fn_ctx.allocated
      || fn_ctx.decl != current_function_decl)
    return;
  if (strcmp (current_pass->name, "ira") == 0
      || strcmp (current_pass->name, "reload") == 0)
    *gate_status = false;
}

} // namespace ssara
