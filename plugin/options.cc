// options.cc -- parsing of -fplugin-arg-ssara-KEY[=VALUE].

#include "gcc-includes.h"
#include "options.h"

#include <cstring>

namespace ssara {

namespace {

const char valid_keys[] =
  "fallback=none|ira, stats[=FILE], check=on|off, dump, limit=N, "
  "decline=NAME[:NAME...], tags=FILE, allocator=ssara|ira, "
  "spill=auto|split|pereira|cheaper, remat=on|off, times";

// Return an error for KEY having VALUE when VALID lists what it accepts.
std::string
bad_value (const char *key, const char *value, const char *valid)
{
  std::string msg = "ssara: invalid value '";
  msg += value ? value : "";
  msg += "' for -fplugin-arg-ssara-";
  msg += key;
  msg += "; valid values are: ";
  msg += valid;
  return msg;
}

} // anon namespace

const char *
option_help ()
{
  return
    "SSA-based register allocator for powerpc-linux-gnu (replaces IRA and "
    "LRA).\n"
    "Options (-fplugin-arg-ssara-KEY[=VALUE]):\n"
    "  fallback=none|ira  a function ssara cannot allocate is a 'sorry, "
    "unimplemented' error (none, the default) or goes to IRA/LRA and is "
    "reported (ira)\n"
    "  stats[=FILE]       one line per function, beginning 'ssara: ', "
    "on stderr or appended to FILE\n"
    "  check=on|off       validate every allocation with the independent "
    "checker (default off)\n"
    "  dump               write the pass's RTL dump (NAME.c.NNNr.ssara); "
    "-fdump-rtl-ssara is parsed before plugins load and is rejected\n"
    "  limit=N            allocate only the first N functions; the later "
    "ones go to IRA/LRA and are reported (for bisecting)\n"
    "  decline=NAME[:NAME...]  treat these functions as ones ssara cannot "
    "allocate (tests the fallback paths)\n"
    "  tags=FILE          append the origin of every insn of the final code "
    "(by UID, as -dp prints it) to FILE, for tools/ssara-compare's "
    "attribution\n"
    "  allocator=ssara|ira  ira: every function goes to IRA/LRA and is "
    "reported (the plugin only observes, for tags=FILE)\n"
    "  times              add the time of each step (prepare, import, "
    "verify_import, each core phase, rewrite; ms) to the stats line, "
    "which it turns on (stderr), and a TOTAL line for the file\n"
    "  spill=auto|split|pereira|cheaper  how demand is brought down before "
    "colour assignment: split: with live-range splitting; pereira: the "
    "paper's whole-value spilling by its weights; cheaper: both where split changes "
    "anything, split's result unless pereira's is cheaper by a margin of "
    "the estimate; auto (default): split where GCC optimizes the function "
    "for speed, cheaper where for size\n"
    "  remat=on|off       recompute a spilled constant or symbol address "
    "where it is needed instead of storing and reloading it (default on)\n"
    ;
}

std::vector<std::string>
parse_options (int argc, const plugin_argument *argv, plugin_options &opts)
{
  std::vector<std::string> errors;
  for (int i = 0; i < argc; ++i)
    {
      const char *key = argv[i].key;
      const char *value = argv[i].value;
      if (strcmp (key, "fallback") == 0)
        {
          if (value && strcmp (value, "none") == 0)
            opts.fallback = fallback_policy::none;
          else if (value && strcmp (value, "ira") == 0)
            opts.fallback = fallback_policy::ira;
          else
            errors.push_back (bad_value (key, value, "none, ira"));
        }
      else if (strcmp (key, "stats") == 0)
        {
          if (!value)
            opts.stats = stats_sink::stderr_stream;
          else if (*value)
            {
              opts.stats = stats_sink::file;
              opts.stats_file = value;
            }
          else
            errors.push_back (bad_value (key, value,
                                         "none (stderr) or a file name"));
        }
      else if (strcmp (key, "check") == 0)
        {
          if (value && strcmp (value, "on") == 0)
            opts.checker = checker_policy::on;
          else if (value && strcmp (value, "off") == 0)
            opts.checker = checker_policy::off;
          else
            errors.push_back (bad_value (key, value, "on, off"));
        }
      else if (strcmp (key, "limit") == 0)
        {
          char *end = nullptr;
          long n = value ? strtol (value, &end, 10) : -1;
          if (!value || !*value || *end || n < 0)
            errors.push_back (bad_value (key, value,
                                         "a non-negative integer"));
          else
            opts.limit = n;
        }
      else if (strcmp (key, "decline") == 0)
        {
          if (!value || !*value)
            errors.push_back (bad_value (key, value,
                                         "function names separated by ':'"));
          else
            for (const char *p = value; *p;)
              {
                const char *e = strchr (p, ':');
                size_t n = e ? size_t (e - p) : strlen (p);
                if (n)
                  opts.decline.emplace_back (p, n);
                p += n + (e ? 1 : 0);
              }
        }
      else if (strcmp (key, "tags") == 0)
        {
          if (!value || !*value)
            errors.push_back (bad_value (key, value, "a file name"));
          else
            opts.tags_file = value;
        }
      else if (strcmp (key, "spill") == 0)
        {
          if (value && strcmp (value, "split") == 0)
            opts.spill = spill_choice::split;
          else if (value && strcmp (value, "pereira") == 0)
            opts.spill = spill_choice::pereira;
          else if (value && strcmp (value, "cheaper") == 0)
            opts.spill = spill_choice::cheaper;
          else if (value && strcmp (value, "auto") == 0)
            opts.spill = spill_choice::automatic;
          else
            errors.push_back (bad_value (key, value,
                                         "auto, split, pereira, cheaper"));
        }
      else if (strcmp (key, "remat") == 0)
        {
          if (value && strcmp (value, "on") == 0)
            opts.remat = true;
          else if (value && strcmp (value, "off") == 0)
            opts.remat = false;
          else
            errors.push_back (bad_value (key, value, "on, off"));
        }
      else if (strcmp (key, "allocator") == 0)
        {
          if (value && strcmp (value, "ssara") == 0)
            opts.allocator = allocator_choice::ssara;
          else if (value && strcmp (value, "ira") == 0)
            opts.allocator = allocator_choice::ira;
          else
            errors.push_back (bad_value (key, value, "ssara, ira"));
        }
      else if (strcmp (key, "dump") == 0)
        {
          if (value)
            errors.push_back (bad_value (key, value, "none"));
          else
            opts.dump = true;
        }
      else if (strcmp (key, "times") == 0)
        {
          if (value)
            errors.push_back (bad_value (key, value, "none"));
          else
            opts.times = true;
        }
      else
        {
          std::string msg = "ssara: unknown option -fplugin-arg-ssara-";
          msg += key;
          msg += "; valid options are: ";
          msg += valid_keys;
          errors.push_back (msg);
        }
    }
  // times adds to the stats line: it needs one.
  if (opts.times && opts.stats == stats_sink::off)
    opts.stats = stats_sink::stderr_stream;
  return errors;
}

} // namespace ssara
