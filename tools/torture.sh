#!/bin/sh
# torture.sh -- run GCC's own C torture suites with the ssara plugin under
# qemu-ppc and compare with stock GCC.  See docs/torture.md.
#
# Usage: tools/torture.sh MODE BUILD_DIR
#   check          gcc.c-torture/execute (execute.exp, ieee/ieee.exp,
#                  builtins/builtins.exp) at -O0 -O1 -O2 -Os with the plugin,
#                  compared with testsuite/torture/baseline-execute.txt;
#                  writes BUILD_DIR/results/torture.txt ("passed=N failed=M"
#                  first).  What make check runs.
#   wide           the wider matrix (see WIDE_* and DG_* below) with the
#                  plugin, compared with baseline-wide-*.txt; writes
#                  BUILD_DIR/results/torture-wide.txt
#   baseline       check's suites with stock GCC: rewrites baseline-execute.txt
#   baseline-wide  wide's suites with stock GCC: rewrites baseline-wide-*.txt
#   report[-wide]  redo the comparison of the last check (wide) run only
#   extract        only extract GCC's testsuite; prints its srcdir (for
#                  tools/run-dejagnu.sh, which needs GCC's lib/ and config/)
#
# Environment:
#   SSARA_TORTURE_PLUGIN_FLAGS  flags added to every compile in check/wide;
#       default "-fplugin=BUILD_DIR/ssara.so -fplugin-arg-ssara-fallback=@FALLBACK@
#       -fplugin-arg-ssara-check=on -fplugin-arg-ssara-stats=@STATS@".
#       @FALLBACK@ becomes the group's fallback (group_fallback below: none
#       for check's group and for wide's dg groups, ira for wide-execute and
#       wide-compile).  @STATS@ becomes the run's stats file
#       (BUILD_DIR/torture/run-MODE-GROUP/ssara-stats, split per option set
#       by tools/torture-cc).  Set it to "" to run stock GCC through the
#       comparison (a harness self-test: expect failed=0).
#   SSARA_TORTURE_FALLBACK  replaces every group's fallback (none or ira)
#   SSARA_TORTURE_JOBS     parallel runtest processes (default 2)
#   SSARA_TORTURE_TIMEOUT  seconds per compile and per program run (default 30)
#   SSARA_TORTURE_EXPS     replaces the driver list of every group, e.g.
#       "execute.exp=pr9*": a subset run, where tests that did not run are
#       not counted as missing.  Refused for baselines unless
#   SSARA_TORTURE_BASELINE_DIR  is set: where baseline-*.txt are read and
#       written (default testsuite/torture; for testing the harness).
#   SSARA_TORTURE_GROUPS   run only these groups of the mode (wide:
#       "wide-execute", "wide-compile", "wide-gcc-dg", "wide-gxx-dg"); the
#       results file then covers only them.
#
# Exit status: 0 when the suites ran, whatever their results (the results
# file counts them); 2 when the harness itself failed.
set -eu

usage() { echo "usage: $0 check|wide|baseline|baseline-wide|report|report-wide|extract BUILD_DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
mode=$1
case $mode in
  check|wide|baseline|baseline-wide|report|report-wide|extract) ;;
  *) usage ;;
esac

die() { echo "torture.sh: $*" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd -P)
mkdir -p "$2"
build=$(cd "$2" && pwd -P)
tdir=$build/torture
src=$tdir/src
srcdir=$src/gcc/testsuite
jobs=${SSARA_TORTURE_JOBS:-2}
timeout=${SSARA_TORTURE_TIMEOUT:-30}
exps_override=${SSARA_TORTURE_EXPS:-}
basedir=${SSARA_TORTURE_BASELINE_DIR:-$root/testsuite/torture}

# ---------------------------------------------------------------------------
# Option sets.  Every name is used in reports and baseline files; the
# options are spelled exactly as in the baseline (they are part of every
# test name).

CHECK_SETS='O0 -O0
O1 -O1
O2 -O2
Os -Os'

# Restricted register sets (see docs/torture.md).  Stock GCC can allocate
# from r0, r3-r12 and r14-r31 (29 GPRs; r1 is the stack pointer, r2 the
# thread pointer, r13 the small-data pointer).  Fixing a register removes it
# from allocation only: argument registers still carry arguments and r31
# still serves as frame pointer when one is needed.
#   gpr8: allocatable r3-r8 (volatile) and r30, r31 (callee-saved)
#   gpr4: allocatable r3, r4 (volatile) and r30, r31 (callee-saved)
#   vol8: allocatable r3-r10 only, all volatile (every callee-saved GPR
#         fixed): a value live across a call must be spilled
#   vol4: allocatable r3-r6 only, all volatile
fixed() { for r in "$@"; do printf -- '-ffixed-r%s ' "$r"; done; }
CALLEE_SAVED='14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31'
FIX8=$(fixed 0 9 10 11 12 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29)
FIX4=$(fixed 0 5 6 7 8 9 10 11 12 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29)
# shellcheck disable=SC2086 # a list of register numbers
FIXV8=$(fixed 0 11 12 $CALLEE_SAVED)
# shellcheck disable=SC2086
FIXV4=$(fixed 0 7 8 9 10 11 12 $CALLEE_SAVED)
FIX8=${FIX8% } FIX4=${FIX4% } FIXV8=${FIXV8% } FIXV4=${FIXV4% }

WIDE_EXEC_SETS="O3 -O3
O2-g -O2 -g
O2-gpr8 -O2 $FIX8
O2-gpr4 -O2 $FIX4
O2-vol8 -O2 $FIXV8
O2-vol4 -O2 $FIXV4"

WIDE_COMPILE_SETS="O2 -O2
O2-gpr4 -O2 $FIX4
O2-vol4 -O2 $FIXV4"

# GCC's gcc.dg/torture and g++.dg/torture (each with c-c++-common/torture):
# compile-only and run tests, at -O2 only.
DG_SETS='O2 -O2'

EXEC_EXPS='execute.exp ieee.exp builtins.exp'
COMPILE_EXPS='compile.exp'
DG_EXPS='dg-torture.exp'

# ---------------------------------------------------------------------------
# GCC's testsuite, extracted from the gcc-12-source tarball into the build
# tree once (about 10 s) and kept there.  Never committed.

# What to extract, relative to the tarball's top directory: the libraries,
# the suites, the files outside them that tests include (gcc.dg/*.h,
# pr88347.c's ppc-switch-2.c, g++.dg/torture/pr91680.C's
# gcc.dg/tree-ssa/pr91680.c), and GCC's .sum/.log merger.  The stamp
# records this list: changing it re-extracts.
EXTRACT='gcc/testsuite/lib/*
gcc/testsuite/config/*
gcc/testsuite/gcc.c-torture/*
gcc/testsuite/gcc.dg/torture/*
gcc/testsuite/g++.dg/torture/*
gcc/testsuite/c-c++-common/torture/*
gcc/testsuite/gcc.dg/builtins-config.h
gcc/testsuite/gcc.dg/tg-tests.h
gcc/testsuite/gcc.dg/20030309-1.c
gcc/testsuite/gcc.dg/tree-ssa/pr91680.c
gcc/testsuite/gcc.target/powerpc/ppc-switch-2.c
contrib/dg-extract-results.sh
contrib/dg-extract-results.py'

extract() {
  tarball=$(ls /usr/src/gcc-12/gcc-*.tar.xz 2>/dev/null | head -n 1)
  [ -n "$tarball" ] || die "no /usr/src/gcc-12/gcc-*.tar.xz (apt-get install gcc-12-source)"
  stamp=$src/.extracted
  want=$(printf '%s\n%s\n' "$tarball" "$EXTRACT")
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ ! "$tarball" -nt "$stamp" ]; then
    return 0
  fi
  echo "torture.sh: extracting GCC's testsuite from $tarball"
  rm -rf "$src" "$src.tmp"
  mkdir -p "$src.tmp"
  top=$(tar tJf "$tarball" | head -n 1 | cut -d/ -f1)
  # The patterns go to tar unexpanded (set -f); none has blanks.
  set -f
  # shellcheck disable=SC2046
  tar xJf "$tarball" -C "$src.tmp" --strip-components=1 --wildcards \
    $(printf '%s\n' "$EXTRACT" | sed "s|^|$top/|") ||
    { set +f; die "extraction failed"; }
  set +f
  mv "$src.tmp" "$src"
  printf '%s\n' "$want" > "$stamp"
}

# ---------------------------------------------------------------------------
# run_group RUNDIR TOOL EXPS SETS FLAGS: JOBS runtest processes of DejaGnu
# tool TOOL (gcc or g++) over EXPS with the option sets SETS (lines "NAME
# OPTIONS") and FLAGS on every compile, then the merged RUNDIR/TOOL.sum and
# TOOL.log.

torture_options() {
  printf '%s\n' "$1" | while read -r name opts; do printf '{%s} ' "$opts"; done
}

run_group() {
  # Not "flags": the caller's $flags (with @STATS@) must survive for the
  # next group; sh has no locals.
  rundir=$1 tool=$2 exps=$3 sets=$4 rg_flags=$5
  rm -rf "$rundir"
  mkdir -p "$rundir/parallel"
  GCC_UNDER_TEST=$root/tools/torture-cc GXX_UNDER_TEST=$root/tools/torture-c++ \
    "$root/config/write-site-exp.sh" "$srcdir" "$rundir" "$rundir/site.exp"
  topts=$(torture_options "$sets")
  topts=${topts% }
  pids=
  i=1
  while [ "$i" -le "$jobs" ]; do
    mkdir -p "$rundir/p$i"
    # shellcheck disable=SC2086 # EXPS is a list of driver names
    (cd "$rundir/p$i" &&
      DEJAGNU=$rundir/site.exp \
      GCC_RUNTEST_PARALLELIZE_DIR=$rundir/parallel \
      SSARA_BOARD_CFLAGS=$rg_flags SSARA_BOARD_TIMEOUT=$timeout \
      exec runtest --tool "$tool" --srcdir "$srcdir" --target_board=ppc-qemu \
        $exps "TORTURE_OPTIONS=$topts" > runtest.out 2>&1 < /dev/null) &
    pids="$pids $!"
    i=$((i + 1))
  done
  # Stop our runtest processes (and only those) if we are interrupted.
  trap 'kill $pids 2>/dev/null; exit 2' INT TERM
  for p in $pids; do wait "$p" || true; done
  trap - INT TERM
  sums= logs=
  i=1
  while [ "$i" -le "$jobs" ]; do
    s=$rundir/p$i/$tool.sum
    if [ ! -f "$s" ] || ! grep -q "=== $tool Summary ===" "$s"; then
      tail -n 20 "$rundir/p$i/runtest.out" >&2 || true
      die "runtest process $i in $rundir did not finish (see $rundir/p$i/runtest.out)"
    fi
    sums="$sums $s" logs="$logs $rundir/p$i/$tool.log"
    i=$((i + 1))
  done
  # shellcheck disable=SC2086
  sh "$src/contrib/dg-extract-results.sh" $sums > "$rundir/$tool.sum" ||
    die "merging .sum files failed"
  # shellcheck disable=SC2086
  sh "$src/contrib/dg-extract-results.sh" -L $logs > "$rundir/$tool.log" ||
    die "merging .log files failed"
}

# add_spec SPEC GROUP RUNDIR TOOL SETS BASELINE EXPS FALLBACK [STATS]
add_spec() {
  {
    echo "group $2"
    echo "exps $7"
    echo "sum $3/$4.sum"
    echo "log $3/$4.log"
    echo "baseline $6"
    echo "fallback $8"
    [ -z "${9:-}" ] || echo "stats $9"
    printf '%s\n' "$5" | while read -r name opts; do echo "set $name $opts"; done
    echo
  } >> "$1"
}

# ---------------------------------------------------------------------------

if [ "$mode" = extract ]; then
  extract > /dev/null
  echo "$srcdir"
  exit 0
fi

case $mode in
  check|baseline|report) groups='execute' ;;
  *) groups='wide-execute wide-compile wide-gcc-dg wide-gxx-dg' ;;
esac
specsuffix=
if [ -n "${SSARA_TORTURE_GROUPS:-}" ]; then
  for g in $SSARA_TORTURE_GROUPS; do
    case " $groups " in
      *" $g "*) ;;
      *) die "SSARA_TORTURE_GROUPS: no group $g in mode $mode (groups: $groups)" ;;
    esac
  done
  groups=$SSARA_TORTURE_GROUPS
  specsuffix=-$(echo $groups | tr ' ' '+')
fi
case $mode in
  baseline*) kind=baseline ;;
  report*) kind=report ;;
  *) kind=run ;;
esac
case $mode in
  check|report) runmode=check ;;
  wide|report-wide) runmode=wide ;;
  *) runmode=$mode ;;
esac

group_exps() {
  if [ -n "$exps_override" ]; then echo "$exps_override"; return; fi
  case $1 in
    execute|wide-execute) echo "$EXEC_EXPS" ;;
    wide-compile) echo "$COMPILE_EXPS" ;;
    wide-gcc-dg|wide-gxx-dg) echo "$DG_EXPS" ;;
  esac
}
group_sets() {
  case $1 in
    execute) echo "$CHECK_SETS" ;;
    wide-execute) echo "$WIDE_EXEC_SETS" ;;
    wide-compile) echo "$WIDE_COMPILE_SETS" ;;
    wide-gcc-dg|wide-gxx-dg) echo "$DG_SETS" ;;
  esac
}
# The DejaGnu tool: it picks the test directories (gcc.* or g++.*), the
# compiler (GCC_UNDER_TEST or GXX_UNDER_TEST) and the .sum file's name.
group_tool() {
  case $1 in
    wide-gxx-dg) echo g++ ;;
    *) echo gcc ;;
  esac
}
# What the plugin does with a function it cannot allocate.  none: a decline
# is a "sorry", so a failed test (check's group; the dg groups, whose
# register set is the full one).  ira: the restricted register sets of
# wide-execute and wide-compile still send a few functions to IRA/LRA,
# which the report counts.
group_fallback() {
  case $1 in
    wide-execute|wide-compile) echo ira ;;
    *) echo none ;;
  esac
}

if [ "$kind" = baseline ]; then
  [ -z "$exps_override" ] || [ -n "${SSARA_TORTURE_BASELINE_DIR:-}" ] ||
    die "SSARA_TORTURE_EXPS is set: a committed baseline must cover whole suites"
  flags=
elif [ "$kind" = report ]; then
  [ -f "$tdir/flags-$runmode" ] || die "no $runmode run in $tdir"
  flags=$(cat "$tdir/flags-$runmode")
else
  # The fallback is the group's (group_fallback), unless
  # SSARA_TORTURE_FALLBACK says otherwise.
  case ${SSARA_TORTURE_FALLBACK:-} in
    ''|none|ira) ;;
    *) die "SSARA_TORTURE_FALLBACK: none or ira, not $SSARA_TORTURE_FALLBACK" ;;
  esac
  flags=${SSARA_TORTURE_PLUGIN_FLAGS-"-fplugin=$build/ssara.so -fplugin-arg-ssara-fallback=@FALLBACK@ -fplugin-arg-ssara-check=on -fplugin-arg-ssara-stats=@STATS@"}
fi
# fallback_of GROUP: what @FALLBACK@ becomes for GROUP.
fallback_of() { echo "${SSARA_TORTURE_FALLBACK:-$(group_fallback "$1")}"; }
# Run a snapshot of the plugin, so that rebuilding it during the half hour
# of a run cannot mix two versions (or break the run).
runflags=$flags
case $kind$flags in
  run*-fplugin=*)
    so=$(printf '%s\n' "$flags" | sed -n 's/.*-fplugin=\([^ ]*\).*/\1/p')
    [ -f "$so" ] || die "plugin $so not found (make $so)"
    # GCC names a plugin after its file: keep the basename.
    snap=$tdir/plugin-$mode/$(basename "$so")
    mkdir -p "$tdir/plugin-$mode"
    cp "$so" "$snap.tmp" && mv "$snap.tmp" "$snap" || die "cannot copy $so"
    runflags=$(printf '%s\n' "$flags" | sed "s|-fplugin=$so|-fplugin=$snap|") ;;
esac

command -v runtest > /dev/null || die "runtest not found (apt-get install dejagnu)"
command -v qemu-ppc > /dev/null || die "qemu-ppc not found (apt-get install qemu-user)"
command -v python3 > /dev/null || die "python3 not found"
extract

spec=$tdir/spec-$runmode$specsuffix
rm -f "$spec"
mkdir -p "$tdir" "$build/results" "$basedir"
# Preflight: when the plugin cannot even compile a trivial program, every
# test would fail; say so at once instead of spending half an hour on it.
preflight=$tdir/preflight-$runmode.txt
if [ "$kind" = run ] && [ -n "$flags" ]; then
  pf=$tdir/preflight
  mkdir -p "$pf"
  printf 'int f (int *p, int n) { int s = 0; while (n--) s += *p++; return s; }\nint main (void) { int a[3] = { 1, 2, 3 }; return f (a, 3) != 6; }\n' > "$pf/t.c"
  # fallback=none: a trivial program must not be declined either.
  pflags=$(printf '%s\n' "$runflags" |
    sed -e "s|@STATS@|$pf/stats|g" -e "s|@FALLBACK@|${SSARA_TORTURE_FALLBACK:-none}|g")
  # shellcheck disable=SC2086
  if ! powerpc-linux-gnu-gcc-12 -O2 $pflags "$pf/t.c" -o "$pf/t" > "$preflight" 2>&1 ||
     [ -s "$preflight" ]; then
    echo "preflight: powerpc-linux-gnu-gcc-12 -O2 $pflags t.c:" | cat - "$preflight" > "$pf/msg"
    mv "$pf/msg" "$preflight"
    echo "torture.sh: the compiler with the plugin fails on a trivial program:" >&2
    cat "$preflight" >&2
  fi
elif [ "$kind" = run ]; then
  : > "$preflight"
fi
start=$(date +%s)
[ "$kind" != run ] || echo "torture.sh: $mode, $jobs runtest processes, started $(date -u '+%H:%M:%S UTC')"
for grp in $groups; do
  rundir=$tdir/run-$runmode-$grp
  exps=$(group_exps "$grp")
  sets=$(group_sets "$grp")
  tool=$(group_tool "$grp")
  gfallback=$(fallback_of "$grp")
  stats=
  case $flags in
    *@STATS@*) stats=$rundir/ssara-stats ;;
    *-fplugin-arg-ssara-stats=*)
      stats=$(printf '%s\n' "$flags" | sed -n 's/.*-fplugin-arg-ssara-stats=\([^ ]*\).*/\1/p') ;;
  esac
  gflags=$(printf '%s\n' "$runflags" | sed -e "s|@STATS@|$stats|g" -e "s|@FALLBACK@|$gfallback|g")
  # The report's "fallback" of the group: - without the plugin, else what
  # the flags say (the plugin's default is none).
  gfb=-
  case $gflags in
    *-fplugin-arg-ssara-fallback=*)
      gfb=$(printf '%s\n' "$gflags" | sed -n 's/.*-fplugin-arg-ssara-fallback=\([^ ]*\).*/\1/p') ;;
    *-fplugin=*) gfb=none ;;
  esac
  if [ "$kind" != report ]; then
    [ -z "$stats" ] || rm -f "$stats" "$stats".*
    gstart=$(date +%s)
    if [ "$kind" = run ] && [ -s "$preflight" ]; then
      echo "torture.sh: group $grp skipped: the compiler fails on a trivial program"
      rm -rf "$rundir" && mkdir -p "$rundir" && : > "$rundir/$tool.sum" && : > "$rundir/$tool.log"
    else
      echo "torture.sh: group $grp: $tool $exps with $(torture_options "$sets")"
      run_group "$rundir" "$tool" "$exps" "$sets" "$gflags"
      echo "torture.sh: group $grp done in $(( $(date +%s) - gstart )) s"
    fi
    echo "$gfb" > "$rundir/fallback"
  elif [ -f "$rundir/fallback" ]; then
    gfb=$(cat "$rundir/fallback")
  fi
  [ -f "$rundir/$tool.sum" ] || die "no results in $rundir; run tools/torture.sh $runmode first"
  add_spec "$spec" "$grp" "$rundir" "$tool" "$sets" "$basedir/baseline-$grp.txt" "$exps" "$gfb" "$stats"
done
elapsed=$(( $(date +%s) - start ))
[ "$kind" = report ] || echo "torture.sh: wall time $elapsed s ($((elapsed / 60)) min $((elapsed % 60)) s)"

subset=
[ -z "$exps_override" ] || subset=--subset
case $runmode in
  check) results=$build/results/torture.txt ;;
  *) results=$build/results/torture-wide.txt ;;
esac
# shellcheck disable=SC2086
if [ "$kind" = baseline ]; then
  python3 "$root/tools/torture-report.py" "$spec" --mode "$mode" \
    --write-baseline --elapsed "$elapsed" || die "writing the baseline failed"
else
  expect_stats=
  case $flags in *-fplugin-arg-ssara-stats=*) expect_stats=--expect-stats ;; esac
  [ "$kind" = run ] || elapsed=$(cat "$tdir/elapsed-$runmode" 2>/dev/null || echo 0)
  echo "$elapsed" > "$tdir/elapsed-$runmode"
  printf '%s\n' "$flags" > "$tdir/flags-$runmode"
  python3 "$root/tools/torture-report.py" "$spec" --mode "$runmode" \
    --results "$results" --report "$tdir/report-$runmode.txt" --root "$root" \
    --elapsed "$elapsed" --flags "$flags" --preflight "$preflight" \
    $subset $expect_stats ||
    die "the comparison failed"
fi
