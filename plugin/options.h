// options.h -- the plugin's user interface: -fplugin-arg-ssara-KEY[=VALUE].
//
// The keys and values are documented in README and in the help text that
// `gcc --help=plugins`... prints (see option_help ()).  Unknown keys and
// malformed values are errors that name the valid ones.

#ifndef SSARA_OPTIONS_H
#define SSARA_OPTIONS_H

#include <string>
#include <vector>

struct plugin_argument;

namespace ssara {

// What happens to a function the allocator cannot handle.
enum class fallback_policy
{
  // Stop with "sorry, unimplemented" naming the function and the reason.
  none,
  // Hand it to IRA/LRA and report that (stats line or note).
  ira
};

// Where per-function statistics lines go.
enum class stats_sink { off, stderr_stream, file };

// Whether the independent checker validates every allocation.
enum class checker_policy { off, on };

// How the allocator brings register demand down to the registers there
// are (core: spill_policy).
enum class spill_choice
{
  // Spilling with live-range splitting before colour assignment.
  split,
  // The paper's whole-value spilling during colour assignment.
  pereira,
  // Both where split changed anything, the cheaper result kept.
  cheaper,
  // The default: split where GCC optimizes the function for speed,
  // cheaper where for size (the splitting spiller's code is larger:
  // docs/core.md, phase 5c, "Which policy by default").
  automatic
};

// Which allocator the functions get.
enum class allocator_choice
{
  // ssara (functions it declines follow the fallback policy).
  ssara,
  // IRA/LRA for every function, reported as such: the plugin only
  // observes (with tags=FILE, the stock build's attribution).
  ira
};

struct plugin_options
{
  allocator_choice allocator = allocator_choice::ssara;
  spill_choice spill = spill_choice::automatic;
  // Recompute spilled constants instead of storing and reloading them
  // (the import marks their insns rematerializable); off: for comparing.
  bool remat = true;
  // Non-empty: append every function's insn origin tags to this file
  // (attribution.h).
  std::string tags_file;
  fallback_policy fallback = fallback_policy::none;
  stats_sink stats = stats_sink::off;
  // For stats_sink::file: the file lines are appended to.
  std::string stats_file;
  checker_policy checker = checker_policy::off;
  // Write the pass's RTL dump (file NAME.c.NNNr.ssara).  GCC 12 parses
  // -fdump-rtl-* before plugins are loaded, so -fdump-rtl-ssara itself
  // is rejected; this option switches the same dump on.
  bool dump = false;
  // Add the processor time of each step (the adapter's preparation,
  // import and rewrite, each core phase) to the stats line, and a TOTAL
  // line for the file at its end (report.h).
  bool times = false;
  // Allocate only the first LIMIT functions of the translation unit; the
  // later ones go to IRA/LRA and are reported (for bisecting a
  // miscompilation down to one function).  -1: no limit.
  long limit = -1;
  // Functions (by assembler-independent name) treated as ones ssara
  // cannot allocate: the fallback paths, testable whatever the allocator
  // supports.
  std::vector<std::string> decline;
};

// Parse ARGC arguments ARGV into OPTS.  Return one error message per bad
// key or value, each naming the valid choices; empty on success.
std::vector<std::string> parse_options (int argc, const plugin_argument *argv,
                           plugin_options &opts);

// Return the help text listing every option.
const char *option_help ();

} // namespace ssara

#endif
