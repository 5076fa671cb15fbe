#!/usr/bin/env python3
"""fuzz.py -- differential fuzzing of the ssara plugin against stock GCC
with csmith programs.  See docs/fuzzing.md.

Usage:
  tools/fuzz.py run BUILD_DIR RESULTS_DIR [--start S] [--count N]
                [--jobs J] [--timeout T] [--compile-timeout T] [--sets A,B]
      Seeds S .. S+N-1 (default 1001, 1000).  For each seed: csmith
      generates the program, stock GCC and GCC with the plugin compile it
      under the seed's option set (OPTION_SETS, seed modulo 8), qemu-ppc
      runs both, the outputs are compared.  --sets keeps only the seeds
      of the named option sets (rerun one set on a newer build).
      Resumable: a seed with a record
      in RESULTS_DIR/seeds/ is skipped.  Failures are kept in
      RESULTS_DIR/failures/SEED-SET/.  Prints the summary line at the end.
  tools/fuzz.py summary RESULTS_DIR [--failures]
      The summary line of what RESULTS_DIR holds (and each failure).
  tools/fuzz.py check BUILD_DIR
      make check's slice: seeds 1 .. 200 (SSARA_FUZZ_CHECK_COUNT) into a
      fresh BUILD_DIR/fuzz-check, then BUILD_DIR/results/fuzz.txt with
      "passed=N failed=M" first.

Classes (one per program, the first that applies):
  discarded  csmith failed, or stock GCC failed to compile, or the stock
             program crashed or exited non-zero: not a test of ssara
  timeout    the stock program (or stock compile) ran out of time:
             discarded too, counted on their own
  ice        the plugin compile failed: internal compiler error, sorry,
             any other error, or ran out of time
  mismatch   the plugin's program printed something else, exited
             differently, or ran out of time where the stock one did not
             (after a second try with three times the timeout)
  internal   outputs agree, but a stats line says by=ira with a reason
             containing "internal error" (the import was invalid or the
             allocator or its checker failed, and IRA took the function)
             or "unmet constraint" (operands that need more registers
             than there are: stock GCC, which compiled the program,
             used a memory alternative)
  match      outputs agree and no internal error
"""

import argparse
import concurrent.futures
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

TARGET_CC = os.environ.get("SSARA_TARGET_CC", "powerpc-linux-gnu-gcc-12")
QEMU = ["qemu-ppc", "-L", "/usr/powerpc-linux-gnu"]
CSMITH = "csmith"
CSMITH_INCLUDE = "/usr/include/csmith"
# csmith's options, pinned: its defaults.  The seed alone then decides the
# program (for a given csmith version, recorded in RESULTS_DIR/csmith.txt).
CSMITH_OPTS = []
# Every compile, stock and plugin: warnings off (csmith code warns a lot).
COMMON_FLAGS = ["-w", "-I" + CSMITH_INCLUDE]


def fixed(regs):
    return ["-ffixed-r%d" % r for r in regs]


# The same restricted register sets as tools/torture.sh (docs/torture.md):
# gpr8 leaves r3-r8, r30, r31 allocatable; gpr4 leaves r3, r4, r30, r31.
FIX8 = fixed([0, 9, 10, 11, 12] + list(range(14, 30)))
FIX4 = fixed([0, 5, 6, 7, 8, 9, 10, 11, 12] + list(range(14, 30)))

# The option rotation: seed S uses OPTION_SETS[S % 8].
OPTION_SETS = [
    ("O0", ["-O0"]),
    ("O1", ["-O1"]),
    ("O2", ["-O2"]),
    ("O3", ["-O3"]),
    ("Os", ["-Os"]),
    ("O2-g", ["-O2", "-g"]),
    ("O2-gpr8", ["-O2"] + FIX8),
    ("O2-gpr4", ["-O2"] + FIX4),
]

CLASSES = ["match", "mismatch", "ice", "internal", "timeout", "discarded"]
FAIL_CLASSES = ("mismatch", "ice", "internal")


def option_set(seed):
    return OPTION_SETS[seed % len(OPTION_SETS)]


def plugin_flags(build, stats):
    return ["-fplugin=%s/ssara.so" % build,
            "-fplugin-arg-ssara-fallback=ira",
            "-fplugin-arg-ssara-check=on",
            "-fplugin-arg-ssara-stats=%s" % stats]


# Process groups of the commands running now: killed when fuzz.py is
# interrupted or terminated, so that no program outlives its timeout.
ACTIVE = set()
ACTIVE_LOCK = threading.Lock()


def kill_active(signum, frame):
    with ACTIVE_LOCK:
        for pgid in list(ACTIVE):
            try:
                os.killpg(pgid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    os._exit(128 + signum)


def run(cmd, timeout, cwd=None):
    """Run CMD in its own process group; kill the whole group on timeout.
    Returns (status, stdout, stderr, seconds); status is None on timeout,
    -N for a signal."""
    t0 = time.time()
    with ACTIVE_LOCK:
        p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)
        ACTIVE.add(p.pid)
    try:
        out, err = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        status = None
    finally:
        with ACTIVE_LOCK:
            ACTIVE.discard(p.pid)
    return status, out, err, time.time() - t0


def csmith_version():
    try:
        return subprocess.run([CSMITH, "--version"], capture_output=True,
                              text=True).stdout.strip().replace("\n", " ")
    except OSError:
        return "csmith not found"


def parse_stats(path):
    """(functions by ssara, by ira, [internal error lines])"""
    nssara = nira = 0
    internal = []
    try:
        with open(path, errors="replace") as f:
            for line in f:
                if " by=ssara" in line:
                    nssara += 1
                elif " by=ira" in line:
                    nira += 1
                    m = re.search(r'reason="(.*)"', line)
                    if m and ("internal error" in m.group(1)
                              or "unmet constraint" in m.group(1)):
                        internal.append(line.strip())
    except OSError:
        pass
    return nssara, nira, internal


def compile_error_kind(stderr, status):
    if status is None:
        return "compile timeout"
    if "internal compiler error" in stderr:
        m = re.search(r"internal compiler error: (.*)", stderr)
        return "ICE: " + (m.group(1).strip() if m else "")
    if "sorry, unimplemented" in stderr:
        m = re.search(r"sorry, unimplemented: (.*)", stderr)
        return "sorry: " + (m.group(1).strip() if m else "")
    if status < 0:
        return "compiler killed by signal %d" % -status
    m = re.search(r"error: (.*)", stderr)
    return "error: " + (m.group(1).strip() if m else "status %d" % status)


def one_line(s, n=160):
    s = " ".join(s.split())
    return s if len(s) <= n else s[:n] + "..."


def fuzz_seed(seed, build, results, timeout, ctimeout):
    """Test one seed; returns its record (dict of strings)."""
    name, opts = option_set(seed)
    rec = {"seed": str(seed), "set": name, "class": "", "detail": "",
           "ssara": "0", "ira": "0", "sha": "-"}
    work = tempfile.mkdtemp(prefix="s%d-" % seed, dir=os.path.join(results, "tmp"))
    keep = False
    try:
        prog = os.path.join(work, "prog.c")
        st, out, err, _ = run([CSMITH, "--seed", str(seed)] + CSMITH_OPTS
                              + ["--output", prog], 120)
        if st != 0 or not os.path.exists(prog):
            rec.update({"class": "discarded", "detail": "csmith failed"})
            return rec
        with open(prog, "rb") as f:
            rec["sha"] = hashlib.sha256(f.read()).hexdigest()[:16]

        stock_exe = os.path.join(work, "stock")
        st, out, err, _ = run([TARGET_CC] + opts + COMMON_FLAGS
                              + [prog, "-o", stock_exe], ctimeout)
        if st is None:
            rec.update({"class": "timeout", "detail": "stock compile timeout"})
            return rec
        if st != 0:
            rec.update({"class": "discarded",
                        "detail": "stock compile: " + compile_error_kind(err.decode(errors="replace"), st)})
            return rec
        st_s, out_s, _, t_s = run(QEMU + [stock_exe], timeout)
        if st_s is None:
            rec.update({"class": "timeout", "detail": "stock run timeout"})
            return rec
        if st_s != 0:
            rec.update({"class": "discarded", "detail": "stock run status %d" % st_s})
            return rec

        stats = os.path.join(work, "stats")
        plug_exe = os.path.join(work, "plugin")
        cmd = ([TARGET_CC] + plugin_flags(build, stats) + opts + COMMON_FLAGS
               + [prog, "-o", plug_exe])
        st, out, err, _ = run(cmd, ctimeout)
        err = err.decode(errors="replace")
        nssara, nira, internal = parse_stats(stats)
        rec["ssara"], rec["ira"] = str(nssara), str(nira)
        if st != 0:
            rec.update({"class": "ice", "detail": one_line(compile_error_kind(err, st))})
            keep = True
            return rec
        st_p, out_p, _, _ = run(QEMU + [plug_exe], timeout)
        if st_p is None:
            # The stock program finished within the timeout, perhaps only
            # just (the machine is shared): give the plugin's program
            # three times as long before calling it a hang.
            st_p, out_p, _, _ = run(QEMU + [plug_exe], 3 * timeout)
        if st_p is None:
            rec.update({"class": "mismatch", "detail": "plugin program timed out"})
        elif st_p != st_s or out_p != out_s:
            rec.update({"class": "mismatch",
                        "detail": one_line("status %s output %r, stock %r"
                                           % (st_p, out_p.decode(errors="replace")[-60:],
                                              out_s.decode(errors="replace")[-60:]))})
        elif internal:
            rec.update({"class": "internal",
                        "detail": one_line("%d: %s" % (len(internal), internal[0]))})
        else:
            rec["class"] = "match"
        if rec["class"] in FAIL_CLASSES:
            keep = True
            with open(os.path.join(work, "stock.out"), "wb") as f:
                f.write(out_s)
            with open(os.path.join(work, "plugin.out"), "wb") as f:
                f.write(out_p)
            with open(os.path.join(work, "plugin.status"), "w") as f:
                f.write("%s\n" % st_p)
        return rec
    finally:
        if keep:
            with open(os.path.join(work, "plugin.err"), "w") as f:
                f.write(err if isinstance(err, str) else err.decode(errors="replace"))
            with open(os.path.join(work, "info"), "w") as f:
                f.write("seed=%d\nset=%s\nclass=%s\ndetail=%s\n" % (seed, name, rec["class"], rec["detail"]))
                f.write("options=%s\n" % " ".join(opts))
                f.write("csmith=%s %s\n" % (CSMITH, " ".join(CSMITH_OPTS)))
                f.write("stock=%s %s %s prog.c\n" % (TARGET_CC, " ".join(opts), " ".join(COMMON_FLAGS)))
                f.write("plugin=%s %s %s %s prog.c\n" % (TARGET_CC, " ".join(plugin_flags(os.path.abspath(build), "stats")),
                                                       " ".join(opts), " ".join(COMMON_FLAGS)))
            for exe in ("stock", "plugin"):
                try:
                    os.unlink(os.path.join(work, exe))
                except OSError:
                    pass
            dest = os.path.join(results, "failures", "%d-%s" % (seed, name))
            shutil.rmtree(dest, ignore_errors=True)
            os.rename(work, dest)
        else:
            shutil.rmtree(work, ignore_errors=True)


def record_line(rec):
    return " ".join("%s=%s" % (k, rec[k]) for k in ("seed", "set", "class", "ssara", "ira", "sha")) \
        + " detail=" + rec["detail"]


def write_record(results, rec):
    path = os.path.join(results, "seeds", rec["seed"])
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(record_line(rec) + "\n")
    os.rename(tmp, path)


def read_records(results):
    recs = []
    d = os.path.join(results, "seeds")
    if not os.path.isdir(d):
        return recs
    for n in os.listdir(d):
        if not n.isdigit():
            continue
        with open(os.path.join(d, n)) as f:
            line = f.readline().rstrip("\n")
        head, _, detail = line.partition(" detail=")
        rec = dict(kv.split("=", 1) for kv in head.split())
        rec["detail"] = detail
        recs.append(rec)
    recs.sort(key=lambda r: int(r["seed"]))
    return recs


def counts(recs):
    c = {k: 0 for k in CLASSES}
    nssara = nira = 0
    for r in recs:
        c[r["class"]] = c.get(r["class"], 0) + 1
        nssara += int(r["ssara"])
        nira += int(r["ira"])
    return c, nssara, nira


def summary_line(recs):
    c, nssara, nira = counts(recs)
    tot = nssara + nira
    share = "%.1f%%" % (100.0 * nssara / tot) if tot else "-"
    return ("fuzz: programs=%d match=%d mismatch=%d ice=%d internal=%d "
            "timeout=%d discarded=%d (functions by ssara %d of %d, %s)"
            % (len(recs), c["match"], c["mismatch"], c["ice"], c["internal"],
               c["timeout"], c["discarded"], nssara, tot, share))


def per_set_lines(recs):
    lines = []
    for name, _ in OPTION_SETS:
        rs = [r for r in recs if r["set"] == name]
        if not rs:
            continue
        c, nssara, nira = counts(rs)
        lines.append("%-8s programs=%d match=%d mismatch=%d ice=%d internal=%d timeout=%d discarded=%d ssara=%d/%d"
                     % (name, len(rs), c["match"], c["mismatch"], c["ice"], c["internal"],
                        c["timeout"], c["discarded"], nssara, nssara + nira))
    return lines


def read_known():
    """{(seed, set): (class, why)} from testsuite/fuzz-known.txt."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "testsuite", "fuzz-known.txt")
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split(None, 3)
            if len(parts) < 3:
                sys.exit("fuzz.py: malformed line in %s: %s" % (path, line))
            known[(parts[0], parts[1])] = (parts[2], parts[3] if len(parts) > 3 else "")
    return known


def failure_lines(recs):
    return ["seed %s %s: %s: %s" % (r["seed"], r["set"], r["class"], r["detail"])
            for r in recs if r["class"] in FAIL_CLASSES]


def do_run(build, results, seeds, jobs, timeout, ctimeout, quiet=False):
    build = os.path.abspath(build)
    if not os.path.exists(os.path.join(build, "ssara.so")):
        sys.exit("fuzz.py: no %s/ssara.so (make BUILD=%s)" % (build, build))
    for d in ("seeds", "failures", "tmp"):
        os.makedirs(os.path.join(results, d), exist_ok=True)
    shutil.rmtree(os.path.join(results, "tmp"), ignore_errors=True)
    os.makedirs(os.path.join(results, "tmp"))
    ver = csmith_version()
    with open(os.path.join(results, "csmith.txt"), "w") as f:
        f.write("%s\noptions: %s\n" % (ver, " ".join(CSMITH_OPTS) or "(defaults)"))
    done = set(os.listdir(os.path.join(results, "seeds")))
    todo = [s for s in seeds if str(s) not in done]
    if not quiet:
        print("fuzz.py: %d seeds, %d already done, %d to run, %d jobs; %s"
              % (len(seeds), len(seeds) - len(todo), len(todo), jobs, ver), flush=True)
    lock = threading.Lock()
    n = [0]

    def work(seed):
        rec = fuzz_seed(seed, build, results, timeout, ctimeout)
        write_record(results, rec)
        with lock:
            n[0] += 1
            if rec["class"] in FAIL_CLASSES and not quiet:
                print("FAIL " + record_line(rec), flush=True)
            if not quiet and n[0] % 100 == 0:
                print("fuzz.py: %d/%d done" % (n[0], len(todo)), flush=True)
        return rec

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for f in concurrent.futures.as_completed([ex.submit(work, s) for s in todo]):
            f.result()
    shutil.rmtree(os.path.join(results, "tmp"), ignore_errors=True)
    recs = [r for r in read_records(results) if int(r["seed"]) in set(seeds)]
    return recs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["run", "summary", "check"])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--start", type=int, default=1001)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("SSARA_FUZZ_JOBS", "2")))
    ap.add_argument("--timeout", type=float, default=10.0,
                    help="seconds per program run under qemu (default 10)")
    ap.add_argument("--compile-timeout", type=float, default=120.0,
                    help="seconds per compile (default 120)")
    ap.add_argument("--sets", default="",
                    help="run: only the seeds of these option sets "
                         "(comma-separated names, e.g. O2-gpr4)")
    ap.add_argument("--failures", action="store_true")
    a = ap.parse_args()
    names = [n for n, _ in OPTION_SETS]
    only = [n for n in a.sets.split(",") if n]
    for n in only:
        if n not in names:
            ap.error("unknown option set %r (valid: %s)" % (n, ", ".join(names)))
    signal.signal(signal.SIGTERM, kill_active)
    signal.signal(signal.SIGINT, kill_active)

    if a.mode == "summary":
        recs = read_records(a.dirs[0])
        print(summary_line(recs))
        for l in per_set_lines(recs):
            print("  " + l)
        if a.failures:
            for l in failure_lines(recs):
                print("  " + l)
        return 0

    if a.mode == "run":
        if len(a.dirs) != 2:
            ap.error("run BUILD_DIR RESULTS_DIR")
        seeds = [sd for sd in range(a.start, a.start + a.count)
                 if not only or option_set(sd)[0] in only]
        recs = do_run(a.dirs[0], a.dirs[1], seeds, a.jobs, a.timeout, a.compile_timeout)
        print(summary_line(recs))
        for l in per_set_lines(recs):
            print("  " + l)
        return 0

    # check: make check's fixed slice, from scratch every time.
    build = a.dirs[0]
    count = int(os.environ.get("SSARA_FUZZ_CHECK_COUNT", "200"))
    results = os.path.join(build, "fuzz-check")
    shutil.rmtree(results, ignore_errors=True)
    t0 = time.time()
    recs = do_run(build, results, list(range(1, count + 1)), a.jobs,
                  timeout=5.0, ctimeout=60.0, quiet=True)
    c, _, _ = counts(recs)
    passed = c["match"]
    failed = c["mismatch"] + c["ice"] + c["internal"]
    # Known failures (testsuite/fuzz-known.txt: "SEED SET CLASS  why"): the
    # same failure again is reported but not counted; anything else from
    # that seed counts as usual, and a known failure that now passes is
    # reported so that its line gets removed.
    known = read_known()
    known_lines = []
    for r in recs:
        k = known.get((r["seed"], r["set"]))
        if k is None:
            continue
        if r["class"] == k[0]:
            failed -= 1
            known_lines.append("known failure, not counted: seed %s %s: %s (%s)"
                               % (r["seed"], r["set"], r["class"], k[1]))
        elif r["class"] == "match":
            known_lines.append("known failure now passes, remove it from "
                               "testsuite/fuzz-known.txt: seed %s %s"
                               % (r["seed"], r["set"]))
    lines = [summary_line(recs) + " in %ds" % (time.time() - t0),
             "seeds 1-%d, %s, options: %s" % (count, csmith_version(),
                                               " ".join(CSMITH_OPTS) or "(defaults)")]
    # A harness that tests nothing must not pass: csmith or qemu missing
    # discards everything.
    if len(recs) != count or c["discarded"] + c["timeout"] > count // 2:
        failed += 1
        lines.append("harness: %d of %d programs were discarded or timed out "
                     "(csmith, qemu or stock GCC broken?)" % (c["discarded"] + c["timeout"], count))
    lines += [l for l in failure_lines(recs)
              if (l.split()[1], l.split()[2].rstrip(":")) not in known
              or not any(kl.startswith("known failure, not counted: seed %s %s:"
                                       % (l.split()[1], l.split()[2].rstrip(":")))
                         for kl in known_lines)]
    lines += known_lines
    if failed:
        lines.append("failures kept in %s/failures; reduce with tools/fuzz-reduce.sh" % results)
    os.makedirs(os.path.join(build, "results"), exist_ok=True)
    with open(os.path.join(build, "results", "fuzz.txt"), "w") as f:
        f.write("passed=%d failed=%d\n" % (passed, failed))
        for l in lines:
            f.write(l + "\n")
    print("fuzz: %d passed, %d failed" % (passed, failed))
    for l in lines:
        print("  " + l)
    return 0


if __name__ == "__main__":
    sys.exit(main())
