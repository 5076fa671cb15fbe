// adapter.cc -- the RTL adapter (see adapter.h).
//
// Steps (notes recipe A1-B16): decline early what is not supported,
// set up the frame state IRA would (is_leaf, eliminable registers), read
// the target's register files, import the function through rtl-ssa,
// verify the import, allocate, apply.  The rewrite into hard-register RTL
// (rtl-rewrite.cc) is the only step that changes the RTL.

#include "gcc-includes.h"
#include "adapter.h"
#include "gcc-target.h"
#include "rtl-import.h"
#include "rtl-prepare.h"
#include "rtl-rewrite.h"
#include "core/allocate.h"
#include "core/ir-text.h"

namespace ssara {

namespace {

// Return the reason to decline the current function before looking at
// its insns, or an empty string.
std::string
early_decline_reason ()
{
  return std::string ();
}

adapter_result
decline (const std::string &why)
{
  adapter_result r;
  r.outcome = adapter_outcome::declined;
  r.reason = why;
  return r;
}

} // anon namespace

adapter_result
allocate_function (const plugin_options &opts)
{
  std::string why = early_decline_reason ();
  if (!why.empty ())
    return decline (why);

  crtl->is_leaf = leaf_function_p ();
  ira_setup_eliminable_regset ();
  // LRA turns the frame pointer on when the body changes the stack
  // pointer (a nonlocal goto restores it), because eliminating the frame
  // into sp is then wrong; decide it here, before r31 is handed out.
  if (!frame_pointer_needed && !crtl->sp_is_unchanging)
    {
      frame_pointer_needed = true;
      df_set_regs_ever_live (HARD_FRAME_POINTER_REGNUM, true);
    }
  target t = build_target ();

  if (optimize)
    loop_optimizer_init (AVOID_CFG_MODIFICATIONS);
  calculate_dominance_info (CDI_DOMINATORS);
  if (optimize)
    sink_argument_setups ();
  split_eliminable_operands ();
  df_analyze ();
  import_result imp = import_function (t);
  free_dominance_info (CDI_DOMINATORS);
  if (optimize)
    loop_optimizer_finalize ();
  if (!imp.error.empty ())
    return decline (imp.error);

  std::string bad = verify_function (imp.fn, t);
  if (!bad.empty () && dump_file)
    fprintf (dump_file, ";; ssara: invalid import\n%s\n",
             print_function (imp.fn, t).c_str ());
  if (!bad.empty ())
    return decline ("internal error: the imported function is not valid: "
                    + bad);
  if (dump_file)
    fprintf (dump_file, ";; ssara: imported function\n%s\n",
             print_function (imp.fn, t).c_str ());

  alloc_options aopts;
  aopts.check = opts.checker == checker_policy::on ? check_mode::on
                                                   : check_mode::off;
  alloc_result ar = allocate (imp.fn, t, aopts);
  if (!ar.error.empty ())
    {
      if (dump_file)
        fprintf (dump_file, ";; ssara: allocation failed: %s\n",
                 ar.error.c_str ());
      return decline ("internal error: allocation failed: " + ar.error);
    }
  if (dump_file)
    fprintf (dump_file, ";; ssara: allocation\n%s\n",
             print_allocation (imp.fn, t, ar.alloc).c_str ());

  std::string err = rewrite_function (imp.fn, imp.map, t, ar.alloc);
  if (!err.empty ())
    return decline (err);

  adapter_result r;
  r.outcome = adapter_outcome::allocated;
  r.stats = ar.alloc.stats;
  return r;
}

} // namespace ssara
