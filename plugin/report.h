// report.h -- the per-function statistics line and fallback reports.
//
// Line format (one per function, read by tests and benchmarks):
//   ssara: NAME by=ssara values=N spilled=N copies=N swaps=N loads=N
//          stores=N stack=N
//   ssara: NAME by=ira reason="..."
// (each on one line).  With times, the by=ssara line ends in
//   times=STEP:MS,...,total:MS
// (prepare, import, verify_import, each core phase, rewrite; a step
// that ran more than once summed), and the file's last line is
//   ssara: TOTAL times=STEP:MS,...,total:MS

#ifndef SSARA_REPORT_H
#define SSARA_REPORT_H

#include "adapter.h"
#include "options.h"

namespace ssara {

// Report the outcome R for function NAME according to OPTS: a stats line
// when stats are on; when a function went to IRA/LRA and stats are off, a
// note on stderr instead, so the fallback is never silent.
void report_function (const plugin_options &opts, const char *name,
                      const adapter_result &r);

// With OPTS.times, write the file's total time of each step, summed over
// the functions reported (ssara: TOTAL times=STEP:MS,...,total:MS), to
// the stats sink.  Called once, when the compiler finishes.
void report_totals (const plugin_options &opts);

} // namespace ssara

#endif
