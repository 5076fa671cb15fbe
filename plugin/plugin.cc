// plugin.cc -- plugin_init: version check, options, pass registration.

#include "gcc-includes.h"
// Defines gcc_version, the version this plugin was built for.
#include "plugin-version.h"
#include "options.h"
#include "pass.h"
#include "attribution.h"
#include "report.h"

// The two symbols cc1 looks up; the plugin's others are hidden
// (SSARA_VISIBILITY, Makefile).
__attribute__ ((visibility ("default"))) int plugin_is_GPL_compatible;

namespace {

ssara::plugin_options options;

struct plugin_info info = {
  "0.1",
  nullptr,  // set from ssara::option_help () in plugin_init
};

} // anon namespace

__attribute__ ((visibility ("default"))) int
plugin_init (struct plugin_name_args *plugin_info,
             struct plugin_gcc_version *version)
{
  const char *name = plugin_info->base_name;
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("ssara: built for GCC %s, but this is GCC %s",
             gcc_version.basever, version->basever);
      return 1;
    }

  info.help = ssara::option_help ();
  register_callback (name, PLUGIN_INFO, nullptr, &info);

  std::vector<std::string> errors
    = ssara::parse_options (plugin_info->argc, plugin_info->argv, options);
  for (const std::string &e : errors)
    error ("%s", e.c_str ());
  if (!errors.empty ())
    return 0;

  // The pass must run after every pre-allocation RTL pass and take the
  // place of IRA: immediately before "ira".  IRA and LRA stay in the pass
  // list for the functions ssara declines; the gate override removes them
  // for the others.
  struct register_pass_info pass_info;
  pass_info.pass = ssara::make_pass_ssara (g, options);
  pass_info.reference_pass_name = "ira";
  pass_info.ref_pass_instance_number = 1;
  pass_info.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &pass_info);
  register_callback (name, PLUGIN_OVERRIDE_GATE, ssara::override_gate,
                     nullptr);
  register_attribution (name, options);
  if (options.times)
    register_callback (name, PLUGIN_FINISH,
                       [] (void *, void *) { ssara::report_totals (options); },
                       nullptr);
  if (options.dump)
    g->get_dumps ()->dump_switch_p ("rtl-ssara");
  return 0;
}
