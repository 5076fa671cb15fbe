// replay.cc -- time allocate () on the functions of real compiles.
//
// The plugin's dump (-fplugin-arg-ssara-dump) prints each function it
// imports in the textual IR (ir-text.h) after ";; ssara: imported
// function".  This reads those functions from one or more dump files,
// allocates each for the rs6000 target with the checker off, REPEAT
// times, and prints the user time of each phase (the least of the
// repeats, summed over the functions) and the total.  It times the core
// alone, without GCC around it, so two builds of the core compare to a
// few percent on one machine (a whole cc1 run varies by ten).
//
// Usage: replay [--repeat=N] [--policy=cheaper|split|pereira] [--check]
//               [--order=gcc|test] [--fixed=N,N,...] [--top=N]
//               [--allocations=FILE] [--stats=FILE] DUMP...
// --policy: split by default, the policy the plugin takes where the goal
// is speed (-O2; policy_for in plugin/adapter.cc); cheaper, which -Os
// takes, also runs the paper's spilling where the splitting spiller
// changed the function (about 30% more time on SQLite).
// --check runs the checker (check_mode::on): a complaint fails the
// function, as the plugin's check=on does.
// --top=N also lists the N functions that took longest.
// The last line counts the functions (of the first run) allocated by
// the last resort (every value in memory).
// --allocations=FILE writes each function's allocation (print_allocation,
// of the first run) to FILE: two builds of the core that should allocate
// alike (a change for compile time only) give the same file.
// --stats=FILE writes a line per function (of the first run): its name,
// values, alloc_stats' split_edits, split_kept, last_resort,
// elided_loads, elided_stores, copied_loads, sunk_edge_loads and
// phi_stores, the call-saved registers the result writes, and its
// estimated_cost; for comparing the policies' choices.
// make bench-core-replay dumps SQLite's sqlite3.c at -O2 (make bench's
// source) and runs it.  Not part of make check.
//
// The target is rs6000_target () (test-targets.h) with the ABI's
// call-saved registers, its registers in number order; with
// --order=gcc, rs6000_gcc_order_target (), in the order the plugin
// takes them from GCC's tables, so that the allocations are the
// plugin's (checked on sqlite3VdbeExec with 8 GPRs); without it they
// are close to, not the same as, the plugin's.
// --fixed=N,N,... takes GPRs rN out of it, as -ffixed-rN does: for
// dumps made with fewer registers (make bench's O2-r12, O2-r8, O2-r5).

#include "allocate.h"
#include "ir-text.h"
#include "pool.h"
#include "../test-targets.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace ssara;
using namespace ssara::test;

namespace {

const char marker[] = ";; ssara: imported function";

// Append the text of each imported function in the dump at PATH to OUT:
// the lines after a marker line up to the next blank line.
bool
read_dump (const char *path, std::vector<std::string> &out)
{
  std::ifstream in (path);
  if (!in)
    return false;
  std::string line, text;
  bool inside = false;
  while (std::getline (in, line))
    {
      if (!inside)
        {
          inside = line == marker;
          text.clear ();
          continue;
        }
      if (line.empty ())
        {
          out.push_back (text);
          inside = false;
          continue;
        }
      text += line;
      text += '\n';
    }
  if (inside && !text.empty ())
    out.push_back (text);
  return true;
}

struct timed_function
{
  std::string name;
  size_t values;
  double ms;
};

} // namespace

int
main (int argc, char **argv)
{
  unsigned repeat = 3, top = 0;
  alloc_options opts;
  opts.policy = spill_policy::split;
  std::vector<const char *> dumps;
  const char *allocations = nullptr;
  const char *stats = nullptr;
  // GPRs made non-allocatable (--fixed=N,N,...), as -ffixed-rN does.
  std::vector<unsigned> fixed;
  // Registers in the plugin's order (--order=gcc) or rs6000_target's.
  bool gcc_order = false;
  for (int i = 1; i < argc; ++i)
    {
      const char *a = argv[i];
      if (strncmp (a, "--repeat=", 9) == 0)
        repeat = unsigned (std::max (1, atoi (a + 9)));
      else if (strncmp (a, "--top=", 6) == 0)
        top = unsigned (std::max (0, atoi (a + 6)));
      else if (strncmp (a, "--allocations=", 14) == 0)
        allocations = a + 14;
      else if (strncmp (a, "--stats=", 8) == 0)
        stats = a + 8;
      else if (strncmp (a, "--fixed=", 8) == 0)
        {
          for (const char *p = a + 8; *p;)
            {
              char *end;
              unsigned long n = strtoul (p, &end, 10);
              if (end == p || n > 31 || (*end && *end != ','))
                {
                  fprintf (stderr, "replay: bad --fixed list %s\n", a + 8);
                  return 2;
                }
              fixed.push_back (unsigned (n));
              p = *end ? end + 1 : end;
            }
        }
      else if (strcmp (a, "--order=gcc") == 0)
        gcc_order = true;
      else if (strcmp (a, "--order=test") == 0)
        gcc_order = false;
      else if (strcmp (a, "--check") == 0)
        opts.check = check_mode::on;
      else if (strcmp (a, "--policy=cheaper") == 0)
        opts.policy = spill_policy::cheaper;
      else if (strcmp (a, "--policy=split") == 0)
        opts.policy = spill_policy::split;
      else if (strcmp (a, "--policy=pereira") == 0)
        opts.policy = spill_policy::pereira;
      else if (a[0] == '-')
        {
          fprintf (stderr, "replay: unknown option %s\n", a);
          return 2;
        }
      else
        dumps.push_back (a);
    }
  if (dumps.empty ())
    {
      fprintf (stderr, "usage: replay [--repeat=N] "
                       "[--policy=cheaper|split|pereira] [--order=gcc|test] "
                       "[--top=N] "
                       "[--allocations=FILE] [--stats=FILE] "
                       "[--fixed=N,N,...] DUMP...\n");
      return 2;
    }

  // The plugin's ABI: what a call does not clobber is call-saved (a
  // register written costs a save and a restore, which spill=cheaper's
  // estimate counts).
  target t = gcc_order ? rs6000_gcc_order_target () : rs6000_target ();
  t.call_saved = rs6000_call_saved ();
  for (unsigned n : fixed)
    {
      auto &regs = t.files[gpr_file].regs;
      regs.erase (std::remove (regs.begin (), regs.end (), gpr (n)),
                  regs.end ());
      t.call_saved.reset (gpr (n));
    }
  std::vector<std::string> texts;
  for (const char *d : dumps)
    if (!read_dump (d, texts))
      {
        fprintf (stderr, "replay: cannot read %s\n", d);
        return 1;
      }
  FILE *alloc_out = nullptr;
  if (allocations && !(alloc_out = fopen (allocations, "w")))
    {
      fprintf (stderr, "replay: cannot write %s\n", allocations);
      return 1;
    }
  FILE *stats_out = nullptr;
  if (stats && !(stats_out = fopen (stats, "w")))
    {
      fprintf (stderr, "replay: cannot write %s\n", stats);
      return 1;
    }
  size_t nfns = 0, unparsed = 0, values = 0;

  // Per phase, in first-seen order: the sum over functions of the least
  // time of the repeats.
  std::vector<std::string> order;
  std::map<std::string, double> sum;
  std::vector<timed_function> each;
  size_t failed = 0;
  // Functions (and their values) whose colour assignment needed a second
  // round or more: colour-time spilling, which the splitting spiller is
  // meant to leave nothing to (issue 14).
  size_t late_rounds = 0, late_values = 0, relieved = 0, relief_runs = 0;
  // Each function is parsed just before its runs and dropped after
  // them: between functions no pool block is in use, and the pool
  // resets, as after each function in cc1 (pool.h).
  for (const std::string &text : texts)
    {
      pool::reset_if_unused ();
      function f;
      if (!parse_function (text, t, &f).empty ())
        {
          ++unparsed;
          continue;
        }
      values += f.values.size ();
      ++nfns;
      std::map<std::string, double> best;
      double best_total = -1;
      for (unsigned r = 0; r < repeat; ++r)
        {
          std::vector<phase_time> times;
          alloc_options o = opts;
          o.times = &times;
          alloc_result res = allocate (f, t, o);
          if (r == 0 && res.failure != alloc_failure::none)
            ++failed;
          if (r == 0 && res.failure == alloc_failure::none
              && res.alloc.stats.last_resort)
            {
              ++late_rounds;
              late_values += f.values.size ();
            }
          if (r == 0 && res.failure == alloc_failure::none
              && res.alloc.stats.relief_runs > 0)
            {
              ++relieved;
              relief_runs += res.alloc.stats.relief_runs;
            }
          if (r == 0 && alloc_out)
            fprintf (alloc_out, ";; %s\n%s\n", f.name.c_str (),
                     res.failure != alloc_failure::none
                       ? res.error.c_str ()
                       : print_allocation (f, t, res.alloc).c_str ());
          if (r == 0 && stats_out)
            {
              const alloc_stats &st = res.alloc.stats;
              fprintf (stats_out, "%s values=%zu split_edits=%u "
                       "split_kept=%u last_resort=%u whole_runs=%u relief=%u elided=%u,%u copied=%u "
                       "sunk=%u phi=%u saved=%zu cost=%.6g%s\n",
                       f.name.c_str (), f.values.size (), st.split_edits,
                       st.split_kept, st.last_resort, st.whole_runs, st.relief_runs,
                       st.elided_loads,
                       st.elided_stores, st.copied_loads, st.sunk_edge_loads,
                       st.phi_stores,
                       (res.alloc.used_regs & t.call_saved).count (),
                       res.failure != alloc_failure::none
                         ? 0.0 : estimated_cost (f, t, res.alloc),
                       res.failure != alloc_failure::none ? " failed" : "");
            }
          std::map<std::string, double> now;
          double total = 0;
          for (const phase_time &p : times)
            {
              now[p.phase] += p.ms;
              total += p.ms;
              if (std::find (order.begin (), order.end (), p.phase)
                  == order.end ())
                order.push_back (p.phase);
            }
          for (auto &[k, ms] : now)
            if (!best.count (k) || ms < best[k])
              best[k] = ms;
          if (best_total < 0 || total < best_total)
            best_total = total;
        }
      for (auto &[k, ms] : best)
        sum[k] += ms;
      each.push_back ({ f.name, f.values.size (), best_total });
    }

  if (alloc_out)
    fclose (alloc_out);
  if (stats_out)
    fclose (stats_out);
  printf ("replay: %zu functions, %zu values (%zu unparsed, %zu failed), "
          "least of %u runs\n",
          nfns, values, unparsed, failed, repeat);
  double total = 0;
  for (const std::string &k : order)
    {
      printf ("  %-24s %9.1f ms\n", k.c_str (), sum[k]);
      total += sum[k];
    }
  printf ("  %-24s %9.1f ms\n", "total", total);
  printf ("allocated by the last resort (every value in memory): %zu "
          "functions (%zu values)\n", late_rounds, late_values);
  printf ("its shortfalls relieved by the spiller in %zu functions "
          "(%zu runs again)\n", relieved, relief_runs);
  if (top > 0)
    {
      std::sort (each.begin (), each.end (),
                 [] (const timed_function &a, const timed_function &b) {
                   return a.ms > b.ms;
                 });
      for (size_t i = 0; i < each.size () && i < top; ++i)
        printf ("  %8.2f ms %7zu values  %s\n", each[i].ms, each[i].values,
                each[i].name.c_str ());
    }
  return 0;
}
