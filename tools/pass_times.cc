// pass_times.cc -- a GCC plugin that measures the processor time of each
// pass, inclusively, for make bench's compile cost (docs/benchmarks.md).
//
//   -fplugin=build/pass_times.so -fplugin-arg-pass_times-out=FILE
//
// writes FILE at the end of the compilation: one line per pass that ran,
// "NAME RUNS USER SYSTEM" (seconds of processor time in user mode and in
// the kernel), sorted by name.
//
// Why the two apart: the kernel's share is nearly all page faults, and
// on a virtual machine whose host backs guest memory lazily (this
// project's machines) the first touch of a page that has been free a
// while costs some 11 us (2 GiB in 6 s; the same 2 GiB again at once in
// 0.8 s), several times a fault on bare metal, so it depends on what
// the machine ran before more than on the pass.  ssara's pass on a
// generated function of 201568 values: 1.85 s (1.74 user, 0.12 kernel)
// after a run that touched as much memory; 2.6 to 2.8 s on a machine
// that had been idle, when the whole compile spent 2.3 s in the kernel,
// not 0.6.
//
// Why not -ftime-report: its figures are exclusive.  A pass's time
// leaves out every timer pushed inside it (IRA's and the ssara pass's
// dataflow analyses count as "df live regs" and the like), and the ssara
// pass's timer, "plugin execution", also takes every plugin callback of
// the compilation (ssara's gate override, called for every pass of every
// function: 0.3 s on SQLite at -O2 with a callback that does nothing).
// Here a pass's time runs from the PLUGIN_PASS_EXECUTION event that
// starts it to the next such event, so it holds everything the pass
// did, its nested timers, and its TODOs; a pass whose gate is off has
// no event and no time.  IRA+LRA against ssara is then "ira" + "reload"
// against "ssara" (+ "ira" + "reload" for the functions it declined).
// The time between a function's last pass and the next function's
// first is the last pass's: a little for "*clean_state", nothing for
// the allocators.  One getrusage () per pass and function.

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree-pass.h"

#include <cstdio>
#include <cstring>
#include <sys/resource.h>
#include <map>
#include <string>

int plugin_is_GPL_compatible;

namespace {

struct pass_time
{
  unsigned long runs = 0;
  double user = 0, system = 0;
};

// Keyed by pass name; names are unique enough for the allocators (an
// instance number would split "ira" from nothing).
std::map<std::string, pass_time> times;
// The pass whose time is running, or empty before the first.
std::string current;
struct rusage started;
const char *out_path;

double
seconds_between (const struct timeval &from, const struct timeval &to)
{
  return double (to.tv_sec - from.tv_sec)
         + 1e-6 * double (to.tv_usec - from.tv_usec);
}

// Close the running pass's lap.
void
lap ()
{
  struct rusage now;
  getrusage (RUSAGE_SELF, &now);
  if (!current.empty ())
    {
      pass_time &t = times[current];
      t.user += seconds_between (started.ru_utime, now.ru_utime);
      t.system += seconds_between (started.ru_stime, now.ru_stime);
    }
  started = now;
}

void
on_pass (void *gcc_data, void *)
{
  lap ();
  const opt_pass *p = static_cast<const opt_pass *> (gcc_data);
  current = p && p->name ? p->name : "(unnamed)";
  ++times[current].runs;
}

void
on_finish (void *, void *)
{
  lap ();
  current.clear ();
  FILE *f = fopen (out_path, "w");
  if (!f)
    {
      fprintf (stderr, "pass_times: cannot write %s\n", out_path);
      return;
    }
  for (const auto &[name, t] : times)
    fprintf (f, "%s %lu %.6f %.6f\n", name.c_str (), t.runs, t.user,
             t.system);
  fclose (f);
}

} // namespace

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *ver)
{
  if (!plugin_default_version_check (ver, &gcc_version))
    {
      fprintf (stderr, "pass_times: built for GCC %s\n",
               gcc_version.basever);
      return 1;
    }
  for (int i = 0; i < info->argc; ++i)
    if (strcmp (info->argv[i].key, "out") == 0 && info->argv[i].value)
      out_path = info->argv[i].value;
    else
      {
        fprintf (stderr, "pass_times: unknown argument '%s' "
                 "(the one argument is out=FILE)\n", info->argv[i].key);
        return 1;
      }
  if (!out_path)
    {
      fprintf (stderr, "pass_times: -fplugin-arg-pass_times-out=FILE "
               "is required\n");
      return 1;
    }
  register_callback (info->base_name, PLUGIN_PASS_EXECUTION, on_pass,
                     nullptr);
  register_callback (info->base_name, PLUGIN_FINISH, on_finish, nullptr);
  return 0;
}
