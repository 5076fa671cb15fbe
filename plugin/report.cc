// report.cc -- see report.h.

#include "gcc-includes.h"
#include "report.h"

#include <algorithm>
#include <fcntl.h>
#include <unistd.h>

namespace ssara {

namespace {

// Return the stats line (with its newline) for NAME and R.
// The file's total of each step, in order of first appearance.
std::vector<std::pair<std::string, double>> totals;

// Sum TIMES by step into OUT, keeping the order of first appearance.
void
sum_times (const std::vector<phase_time> &times,
           std::vector<std::pair<std::string, double>> &out)
{
  for (const phase_time &p : times)
    {
      auto it = std::find_if (out.begin (), out.end (),
                              [&] (const std::pair<std::string, double> &x) {
                                return x.first == p.phase;
                              });
      if (it == out.end ())
        out.push_back ({ p.phase, p.ms });
      else
        it->second += p.ms;
    }
}

void
add_to_totals (const std::vector<phase_time> &times)
{
  sum_times (times, totals);
}

// "STEP:MS,STEP:MS,..." with each step's times summed (ms, two
// decimals), and total:MS.
std::string
format_times (const std::vector<std::pair<std::string, double>> &steps)
{
  std::string out;
  char buf[64];
  double sum = 0;
  for (const auto &[step, ms] : steps)
    {
      snprintf (buf, sizeof buf, "%.2f", ms);
      out += step + ":" + buf + ",";
      sum += ms;
    }
  snprintf (buf, sizeof buf, "%.2f", sum);
  return out + "total:" + buf;
}

std::string
times_field (const std::vector<phase_time> &times)
{
  std::vector<std::pair<std::string, double>> steps;
  sum_times (times, steps);
  return format_times (steps);
}

std::string
stats_line (const char *name, const adapter_result &r)
{
  char buf[256];
  std::string line = "ssara: ";
  line += name;
  if (r.outcome == adapter_outcome::allocated)
    {
      const alloc_stats &s = r.stats;
      snprintf (buf, sizeof buf,
                " by=ssara values=%u spilled=%u copies=%u swaps=%u"
                " loads=%u stores=%u stack=%u",
                s.values, s.spilled, s.copies, s.swaps, s.loads, s.stores,
                s.stack_bytes);
      line += buf;
      // Colouring failed after spilling and relief; the function was
      // allocated with every value in memory (allocate.cc, the last
      // resort).
      if (s.last_resort)
        line += " spill=everything";
      // spill=cheaper kept the splitting spiller's result.
      if (s.split_kept)
        line += " spill=split";
      // Pre-coloured ranges that left an instruction too few registers
      // became values (hard_range_splitting.cc).
      if (s.split_ranges)
        line += " split_ranges=" + std::to_string (s.split_ranges);
      // Spilled constants recomputed instead of reloaded.
      if (s.remats)
        line += " remats=" + std::to_string (s.remats);
      // Colour assignment's shortfalls went back to the spiller, and the
      // phases ran again (allocate.cc, run_relieved).
      if (s.relief_runs)
        line += " relief_runs=" + std::to_string (s.relief_runs);
      // Relief did not help: values spilled whole before the spiller,
      // in N runs (allocate.cc, run_whole).
      if (s.whole_runs)
        line += " whole_runs=" + std::to_string (s.whole_runs);
      // Of those, values whose reads got reloads of their own.
      if (s.unshared)
        line += " unshared=" + std::to_string (s.unshared);
      if (!r.times.empty ())
        {
          line += " times=";
          line += times_field (r.times);
          add_to_totals (r.times);
        }
    }
  else
    {
      line += " by=ira reason=\"";
      line += r.reason;
      line += "\"";
    }
  line += "\n";
  return line;
}

// Append LINE to FILE with one write, so that parallel compilers sharing
// FILE do not interleave lines.
void
append_line (const std::string &file, const std::string &line)
{
  int fd = open (file.c_str (), O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0)
    {
      error ("ssara: cannot open stats file %qs: %m", file.c_str ());
      return;
    }
  if (write (fd, line.data (), line.size ()) != (ssize_t) line.size ())
    error ("ssara: cannot write stats file %qs: %m", file.c_str ());
  close (fd);
}

} // anon namespace

// Write LINE to the stats sink of OPTS; return false if stats are off.
static bool
write_stats_line (const plugin_options &opts, const std::string &line)
{
  switch (opts.stats)
    {
    case stats_sink::stderr_stream:
      fputs (line.c_str (), stderr);
      return true;
    case stats_sink::file:
      append_line (opts.stats_file, line);
      return true;
    case stats_sink::off:
      break;
    }
  return false;
}

void
report_function (const plugin_options &opts, const char *name,
                 const adapter_result &r)
{
  std::string line = stats_line (name, r);
  if (dump_file)
    fputs (line.c_str (), dump_file);
  if (!write_stats_line (opts, line)
      && r.outcome == adapter_outcome::declined)
    inform (DECL_SOURCE_LOCATION (current_function_decl),
            "ssara: %qD allocated by IRA/LRA: %s",
            current_function_decl, r.reason.c_str ());
}

void
report_totals (const plugin_options &opts)
{
  if (opts.times && !totals.empty ())
    write_stats_line (opts, "ssara: TOTAL times=" + format_times (totals)
                              + "\n");
}

} // namespace ssara
