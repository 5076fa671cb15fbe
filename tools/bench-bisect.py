#!/usr/bin/env python3
"""bench-bisect.py -- find the function whose allocation by ssara makes a
benchmark's output differ (or crash the compiler), after `make bench`.

    bench-bisect.py BUILD PROGRAM CONFIG

Uses the objects tools/bench.py kept in BUILD/bench/runs/PROGRAM-CONFIG/:
first the file (link the stock objects with one file's plugin object,
run, compare with the stock output), then, in that file, the function:
-fplugin-arg-ssara-limit=N allocates only the first N functions of the
file, so the smallest N whose build misbehaves names the culprit, the
Nth `by=ssara` line of the stats.  Prints each step and the verdict.
"""

import json
import os
import shlex
import subprocess
import sys

CC = os.environ.get("TARGET_CC", "powerpc-linux-gnu-gcc-12")
QEMU = ["qemu-ppc", "-L", "/usr/powerpc-linux-gnu"]


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, errors="replace", **kw)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    build, prog, config = os.path.abspath(argv[0]), argv[1], argv[2]
    runs = os.path.join(build, "bench", "runs")
    with open(os.path.join(runs, "%s-%s.json" % (prog, config))) as f:
        res = json.load(f)
    keep = os.path.join(runs, "%s-%s" % (prog, config))
    if "files" not in res:
        # ssara-compare stopped before writing its results (a compile
        # failed): take its command line from the run's log.
        from importlib.machinery import SourceFileLoader
        sc = SourceFileLoader("ssara_compare", os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "ssara-compare")).load_module()
        with open(os.path.join(runs, "%s-%s.log" % (prog, config))) as f:
            argv_sc = shlex.split(f.readline()[2:])[2:]
        a = sc.parse_args(argv_sc)
        res["files"], res["cflags"] = a.files, a.cflags
        res["plugin_flags"] = ["-fplugin=" + a.plugin] + [
            "-fplugin-arg-ssara-" + x for x in a.plugin_arg]
    files, cflags = res["files"], res["cflags"]
    plugin = [f for f in res["plugin_flags"] if not f.startswith("-fplugin-arg-ssara-stats")]
    work = os.path.join(keep, "bisect")
    os.makedirs(work, exist_ok=True)
    base = lambda tag, i: os.path.join(
        keep, "%s-%d-%s" % (tag, i, os.path.splitext(os.path.basename(files[i]))[0]))

    def run_with(objs, tag):
        exe = os.path.join(work, tag + ".exe")
        r = sh([CC, "-no-pie", "-o", exe] + objs + ["-lm"])
        if r.returncode:
            return ("link failed", r.stderr)
        try:
            r = sh(QEMU + [exe], cwd=work, timeout=600)
        except subprocess.TimeoutExpired:
            return ("timeout", "")
        return (r.returncode, r.stdout, r.stderr)

    stock_objs = [base("stock", i) + ".o" for i in range(len(files))]
    want = run_with(stock_objs, "stock")
    print("stock: exit %s, %d bytes of output" % (want[0], len(want[1])))
    culprit_file = None
    for i in range(len(files)):
        objs = list(stock_objs)
        objs[i] = base("ssara", i) + ".o"
        if not os.path.exists(objs[i]):
            print("file %s: no plugin object (its compile failed)" % files[i])
            culprit_file = i
            break
        got = run_with(objs, "file%d" % i)
        same = got == want
        print("file %s from the plugin: %s" % (os.path.basename(files[i]),
                                              "same" if same else "DIFFERS"))
        if not same:
            culprit_file = i
            break
    if culprit_file is None:
        print("no single file reproduces the difference")
        return 1
    i = culprit_file
    src = files[i]

    def try_limit(n):
        stats = os.path.join(work, "stats-%d.txt" % n)
        if os.path.exists(stats):
            os.unlink(stats)
        obj = os.path.join(work, "limit-%d.o" % n)
        cmd = [CC, "-c", "-o", obj] + cflags + plugin + [
            "-fplugin-arg-ssara-stats=" + stats, "-fplugin-arg-ssara-limit=%d" % n, src]
        r = sh(cmd)
        if r.returncode:
            return False, "compile failed: " + " ".join(
                l for l in r.stderr.splitlines() if "error" in l)[:300], stats
        objs = list(stock_objs)
        objs[i] = obj
        return run_with(objs, "limit%d" % n) == want, "run", stats

    # Functions in the file: the stats lines of the full plugin build.
    n_funcs = 0
    with open(os.path.join(keep, "ssara-stats.txt")) as f:
        n_funcs = sum(1 for _ in f)
    lo, hi = 0, max(n_funcs, 1)
    ok, why, _ = try_limit(hi)
    print("limit=%d: %s" % (hi, "good" if ok else "bad (%s)" % why))
    if ok:
        print("the full limit does not reproduce it")
        return 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ok, why, _ = try_limit(mid)
        print("limit=%d: %s" % (mid, "good" if ok else "bad (%s)" % why))
        if ok:
            lo = mid
        else:
            hi = mid
    _, _, stats = try_limit(hi)
    with open(stats) as f:
        lines = f.read().splitlines()
    line = lines[hi - 1] if len(lines) >= hi else "?"
    print("culprit: function %d of %s: %s" % (hi, os.path.basename(src), line))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
