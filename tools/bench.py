#!/usr/bin/env python3
"""bench.py -- measure ssara against GCC's IRA/LRA (make bench).

    bench.py run BUILD [--jobs N] [--only P,..] [--configs C,..] [--resume]
                       [--skip-cost] [--sizes N,..]
    bench.py quick BUILD [--jobs N]
    bench.py report BUILD [OUT.md]

`run` compiles every benchmark program (tools/bench-setup.sh fetched
their sources into BUILD/bench/src) in every configuration with stock
GCC and with the plugin, through tools/ssara-compare --run --count: both
builds run under qemu-ppc with the counting plugin (BUILD/qemu-count.so)
and their outputs must agree.  Then the compile cost: register allocation
time (-ftime-report) and cc1's peak memory (GNU time) on the SQLite
amalgamation, and allocation time against function size on generated
functions.  Everything lands in BUILD/bench/results.json.

`report` turns results.json into docs/results.md and PNG plots beside
it (docs/results/); it needs matplotlib (Debian's python3-matplotlib).

Every ratio is plugin / stock, both measured in the same run with the
same flags.  Nothing is left out: a mismatch or a failed build is a row
of the report.
"""

import argparse
import concurrent.futures
import datetime
import json
import math
import os
import platform
import random
import re
import shlex
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CC = os.environ.get("TARGET_CC", "powerpc-linux-gnu-gcc-12")


# The plugin measured: BUILD/ssara.so unless --plugin says otherwise.
PLUGIN = [None]
# The pass-timing plugin (tools/pass_times.cc), set with PLUGIN.
PASS_TIMES = [""]


def fixed(regs):
    return ["-ffixed-r%d" % r for r in regs]


# Allocatable GPRs with -fno-pie: r0, r3-r12, r14-r31 (29; r1 is the stack
# pointer, r2 the thread pointer, r13 the small-data pointer).  The
# restricted sets keep the argument registers r3.. and fix the rest.
CONFIGS = [
    # name, flags, allocatable GPRs, label
    ("O2", ["-O2"], 29, "-O2, all registers"),
    ("O2-r12", ["-O2"] + fixed(range(14, 31)), 12, "-O2, 12 GPRs (r0 r3-r12 r31)"),
    # Fixing an argument register breaks stock GCC on calls that pass a
    # 64-bit value in it (sqlite3.c's unixMapfile at r0 r3-r9: "maximum
    # number of generated reload insns"), so the 8 are r3-r10.
    ("O2-r8", ["-O2"] + fixed([0, 11, 12] + list(range(14, 32))), 8,
     "-O2, 8 GPRs (r3-r10)"),
    # Not 4: with r0 r3-r5 alone stock LRA does not finish lz4hc.c (it
    # loops for minutes); docs/benchmarks.md.
    ("O2-r5", ["-O2"] + fixed(list(range(7, 13)) + list(range(14, 32))), 5,
     "-O2, 5 GPRs (r0 r3-r6)"),
    # The paper's own spilling (issue 14: kept as a policy, reported
    # beside the default at 8 GPRs).  Its fifth field: plugin options.
    ("pereira-r8", ["-O2"] + fixed([0, 11, 12] + list(range(14, 32))), 8,
     "-O2, 8 GPRs (r3-r10), spill=pereira (the paper's spilling)",
     ["spill=pereira"]),
    ("Os", ["-Os"], 29, "-Os, all registers"),
    ("O0", ["-O0"], 29, "-O0, all registers"),
]
COMMON_CFLAGS = ["-fno-pie"]


def programs(src):
    """name -> (sources, cflags, args, origin).  Our drivers in bench/."""
    b = os.path.join(TOP, "bench")
    s = lambda *p: os.path.join(src, *p)
    zlib = ["adler32", "compress", "crc32", "deflate", "inffast", "inflate",
            "inftrees", "trees", "uncompr", "zutil"]
    brotli = []
    for d in ("common", "dec", "enc"):
        brotli += sorted(os.path.join(s("brotli"), d, f)
                         for f in os.listdir(s("brotli", d)) if f.endswith(".c")) \
            if os.path.isdir(s("brotli", d)) else []
    secp_defs = ["-DECMULT_GEN_PREC_BITS=4", "-DECMULT_WINDOW_SIZE=8",
                 "-DENABLE_MODULE_ECDH=1", "-DENABLE_MODULE_RECOVERY=1",
                 "-DUSE_ENDOMORPHISM=1", "-DUSE_NUM_NONE=1",
                 "-DUSE_FIELD_INV_BUILTIN=1", "-DUSE_SCALAR_INV_BUILTIN=1",
                 "-DUSE_FIELD_10X26=1", "-DUSE_SCALAR_8X32=1"]
    return {
        "sqlite": ([b + "/sqlite-driver.c", s("sqlite", "sqlite3.c")],
                   ["-I" + s("sqlite"), "-DSQLITE_THREADSAFE=0",
                    "-DSQLITE_OMIT_LOAD_EXTENSION"], ""),
        "secp256k1": ([b + "/secp256k1-driver.c", s("secp256k1", "src", "secp256k1.c")],
                      ["-I" + s("secp256k1"), "-I" + s("secp256k1", "include"),
                       "-I" + s("secp256k1", "src")] + secp_defs, ""),
        "argon2": ([b + "/argon2-driver.c"] + [s("argon2", "src", f) for f in
                   ("argon2.c", "core.c", "encoding.c", "ref.c", "thread.c",
                    "blake2/blake2b.c")],
                   ["-DARGON2_NO_THREADS", "-I" + s("argon2", "include"),
                    "-I" + s("argon2", "src")], ""),
        "brotli": ([b + "/brotli-driver.c"] + brotli,
                   ["-I" + s("brotli", "include")], ""),
        "lz4": ([b + "/lz4-driver.c", s("lz4", "lz4.c"), s("lz4", "lz4hc.c")],
                ["-I" + s("lz4")], ""),
        "treesitter": ([b + "/treesitter-driver.c", s("treesitter", "src", "lib.c"),
                        s("treesitter-json", "parser.c")],
                       ["-I" + s("treesitter", "include"), "-I" + s("treesitter", "src"),
                        "-I" + s("treesitter-json")], ""),
        "zlib": ([b + "/zlib-driver.c"] + [s("zlib", f + ".c") for f in zlib],
                 ["-I" + s("zlib")], ""),
    }


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, errors="replace", **kw)


def first_line(cmd):
    try:
        return sh(cmd).stdout.splitlines()[0].strip()
    except (OSError, IndexError):
        return "?"


def machine_info(build):
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = "?"
    try:
        with open("/proc/meminfo") as f:
            mem = "%.0f GiB" % (int(f.readline().split()[1]) / 1048576)
    except (OSError, ValueError, IndexError):
        pass
    srcs = {}
    srcdir = os.path.join(build, "bench", "src")
    for p in sorted(os.listdir(srcdir)) if os.path.isdir(srcdir) else []:
        try:
            with open(os.path.join(srcdir, p, ".extracted")) as f:
                srcs[p] = f.read().strip()
        except OSError:
            pass
    try:
        with open(os.path.join(srcdir, "sqlite", "sqlite3.h")) as f:
            m = re.search(r'#define SQLITE_VERSION\s+"([^"]+)"', f.read())
            if m:
                srcs["sqlite"] += " (SQLite %s)" % m.group(1)
    except (OSError, KeyError):
        pass
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu, "cores": os.cpu_count(), "memory": mem,
        "os": first_line(["sh", "-c", ". /etc/os-release && echo $PRETTY_NAME"]),
        "kernel": platform.release(),
        "gcc": first_line([CC, "--version"]),
        "qemu": first_line(["qemu-ppc", "--version"]),
        "python": platform.python_version(),
        "ssara": first_line(["git", "-C", TOP, "log", "-1", "--format=%h %cd",
                             "--date=short"]),
        "ssara_dirty": bool(sh(["git", "-C", TOP, "status", "--porcelain",
                                "--untracked-files=no", "plugin"]).stdout.strip()),
        "sources": srcs,
        "load": os.getloadavg()[0],
    }


# ---- Program runs -------------------------------------------------------

# --plugin-arg PROGRAM=KEY=VALUE: extra plugin options for that program's
# plugin side, e.g. sqlite=limit=783 to measure around a plugin crash
# found by bisection (the report lists them).
PROG_ARGS = {}
# SSARA_BENCH_PLUGIN_ARGS="KEY=VALUE ...": plugin options for every
# program (e.g. spill=pereira to measure the paper's spilling).
for _pa in os.environ.get("SSARA_BENCH_PLUGIN_ARGS", "").split():
    PROG_ARGS.setdefault("*", []).append(_pa)


def run_program(build, name, prog, config, resume):
    cname, cflags = config[0], config[1]
    config_args = config[4] if len(config) > 4 else []
    outdir = os.path.join(build, "bench", "runs")
    tag = "%s-%s" % (name, cname)
    jpath = os.path.join(outdir, tag + ".json")
    if resume and os.path.exists(jpath):
        with open(jpath) as f:
            return json.load(f)
    srcs, pflags, args = prog
    cmd = [sys.executable, os.path.join(TOP, "tools", "ssara-compare"),
           "--plugin", PLUGIN[0],
           "--plugin-arg", "fallback=ira",
           "--run", "--count", os.path.join(build, "qemu-count.so"), "--attribute",
           "--args", args, "--compile-timeout", "300", "--decline-ice", "8"]
    for pa in config_args + PROG_ARGS.get(name, []) + PROG_ARGS.get("*", []):
        cmd += ["--plugin-arg", pa]
    cmd += ["--keep", os.path.join(outdir, tag),
           "--json", jpath + ".tmp"] + srcs + ["--"] + cflags + COMMON_CFLAGS + pflags
    t0 = time.monotonic()
    r = sh(cmd)
    with open(os.path.join(outdir, tag + ".log"), "w") as f:
        f.write("$ " + " ".join(map(shlex.quote, cmd)) + "\n" + r.stdout + r.stderr)
    res = {"program": name, "config": cname, "exit": r.returncode,
           "seconds": round(time.monotonic() - t0, 1),
           "bench_plugin_args": PROG_ARGS.get(name, [])}
    if os.path.exists(jpath + ".tmp"):
        with open(jpath + ".tmp") as f:
            data = json.load(f)
        os.unlink(jpath + ".tmp")
        for side in data.get("run", {}).values():
            # Keep the report's input small: outputs are in the keep dir,
            # the per-function counts in brief under "attribution".
            side.pop("functions", None)
            side["stdout_bytes"] = len(side.pop("stdout", ""))
            side["stderr"] = side.get("stderr", "")[-500:]
        data.pop("functions", None)
        res.update(data)
        # The stats lines, for the share and the reasons of fallbacks.
        stats = os.path.join(outdir, tag, "ssara-stats.txt")
        reasons = {}
        if os.path.exists(stats):
            with open(stats) as f:
                for line in f:
                    m = re.search(r'by=ira reason="([^"]*)"', line)
                    if m:
                        key = re.sub(r"\d+", "N", m.group(1))[:80]
                        reasons[key] = reasons.get(key, 0) + 1
        res["fallback_reasons"] = reasons
    else:
        res["outcome"] = "error"
        res["error"] = (r.stderr or r.stdout)[-1500:]
    if "outcome" not in res:
        res["outcome"] = "error"
    with open(jpath, "w") as f:
        json.dump(res, f, indent=1)
    return res


# ---- Compile cost -------------------------------------------------------

TR_RE = re.compile(r"^ (\S.*?)\s*:\s*([\d.]+) \(\s*\d+%\)\s+([\d.]+) \(\s*\d+%\)"
                   r"\s+([\d.]+) \(\s*\d+%\)")


def ra_phase(name):
    return name == "integrated RA" or name.startswith("LRA ") or name == "reload"


ICE_MSG_RE = re.compile(r"internal compiler error: .*")
FUNC_RE = re.compile(r"In function [\u2018'`]([^\u2019']+)[\u2019']")


def crashed_function(stderr):
    """The function a compiler crash names last (as tools/ssara-compare)."""
    m = ICE_MSG_RE.search(stderr)
    names = FUNC_RE.findall(stderr[:m.start()]) if m else []
    return names[-1] if names else None


def timed_compile(build, src, cflags, plugin, workdir, tag, decline=(), extra=()):
    """Compile SRC with -ftime-report under GNU time.  Return a dict:
    ra (IRA+LRA user seconds), ssara (the plugin pass), total, peak_kb,
    wall, stats lines by kind.  The plugin side declines the functions
    DECLINE and any function it crashes in (then compiles again; every
    crash is recorded)."""
    os.makedirs(workdir, exist_ok=True)
    stats = os.path.join(workdir, tag + ".stats")
    decline = list(decline)
    crashes = []
    while True:
        if os.path.exists(stats):
            os.unlink(stats)
        flags = list(cflags)
        if plugin:
            flags += ["-fplugin=" + PLUGIN[0],
                      "-fplugin-arg-ssara-fallback=ira",
                      "-fplugin-arg-ssara-stats=" + stats]
            flags += list(extra)
            if decline:
                flags.append("-fplugin-arg-ssara-decline=" + ":".join(decline))
        # Each pass's processor time, inclusive (tools/pass_times.cc).
        pfile = os.path.join(workdir, tag + ".passes")
        if os.path.exists(pfile):
            os.unlink(pfile)
        if os.path.exists(PASS_TIMES[0]):
            flags += ["-fplugin=" + PASS_TIMES[0],
                      "-fplugin-arg-pass_times-out=" + pfile]
        tfile = os.path.join(workdir, tag + ".time")
        cmd = ["/usr/bin/time", "-o", tfile, "-f", "%e %U %M", CC, "-c", "-o",
               os.path.join(workdir, tag + ".o"), "-ftime-report"] + flags + [src]
        r = sh(cmd)
        fn = crashed_function(r.stderr) if r.returncode and plugin else None
        if not fn or fn in decline or len(crashes) >= 8:
            break
        crashes.append({"function": fn, "message": ICE_MSG_RE.search(r.stderr).group(0)})
        decline.append(fn)
    res = {"ok": r.returncode == 0, "ra": 0.0, "ssara": 0.0, "total": 0.0,
           "declined": decline, "plugin_crashes": crashes,
           "ra_phases": {}, "phases": {}}
    if r.returncode != 0:
        res["error"] = r.stderr[-1500:]
    for line in r.stderr.splitlines():
        m = TR_RE.match(line)
        if not m:
            continue
        name, usr = m.group(1).strip(), float(m.group(2))
        if ra_phase(name):
            res["ra"] += usr
            res["ra_phases"][name] = res["ra_phases"].get(name, 0.0) + usr
        elif name == "plugin execution":
            res["ssara"] += usr
        elif name == "TOTAL":
            res["total"] = usr
    # "incl": the allocators' passes timed inclusively, when
    # pass_times.so was there: ra = "ira" + "reload" (on the plugin side,
    # the functions ssara declined), ssara = the ssara pass.
    # User time only: the kernel's share, page faults, is kept apart as
    # ra_sys and ssara_sys (tools/pass_times.cc says why).
    try:
        passes = {}
        with open(pfile) as f:
            for line in f:
                name, _runs, usr, krn = line.rsplit(None, 3)
                passes[name] = (float(usr), float(krn))
        none = (0.0, 0.0)
        ra = [a + b for a, b in zip(passes.get("ira", none), passes.get("reload", none))]
        ss = passes.get("ssara", none)
        res["incl"] = {"ra": ra[0], "ssara": ss[0], "ra_sys": ra[1], "ssara_sys": ss[1]}
    except (OSError, ValueError):
        pass
    try:
        with open(tfile) as f:
            wall, user, peak = f.read().split()[-3:]
        res.update(wall=float(wall), user=float(user), peak_kb=int(peak))
    except (OSError, ValueError):
        pass
    by = {"ssara": 0, "ira": 0}
    values = 0
    if os.path.exists(stats):
        with open(stats) as f:
            for line in f:
                m = re.search(r"by=(\w+)", line)
                if m:
                    by[m.group(1)] = by.get(m.group(1), 0) + 1
                m = re.search(r"values=(\d+)", line)
                if m:
                    values += int(m.group(1))
                m = re.search(r'reason="([^"]*)"', line)
                if m:
                    res["reason"] = m.group(1)
                # -fplugin-arg-ssara-times: the file's sum per phase (ms).
                m = re.match(r"ssara: TOTAL times=(\S+)", line)
                if m:
                    for kv in m.group(1).split(","):
                        k, _, v = kv.partition(":")
                        res["phases"][k] = float(v)
    res["by"] = by
    res["values"] = values
    for k in ("ra", "ssara", "total"):
        res[k] = round(res[k], 3)
    return res


def generate_function(path, stmts, seed=1):
    """Write a C file with one function of about 2*STMTS pseudos: a loop
    over a long body of arithmetic on 16 accumulators and loads, with a
    two-way branch every 16 statements."""
    rnd = random.Random(seed)
    ops = ["+", "-", "^", "|", "&", "*"]
    out = ["/* Generated by tools/bench.py: %d statements.  */" % stmts,
           "int f (const int *restrict a, int *restrict out, int n)", "{"]
    out.append("  int " + ", ".join("v%d = a[%d]" % (i, i) for i in range(16)) + ";")
    out.append("  for (int i = 0; i < n; i++)")
    out.append("    {")
    out.append("      const int *p = a + i * 64;")
    for s in range(stmts):
        x, y, z = rnd.randrange(16), rnd.randrange(16), rnd.randrange(16)
        k = rnd.randrange(64)
        if s % 16 == 15:
            out.append("      if (v%d & %d) v%d += p[%d] %s v%d; else v%d ^= v%d >> %d;"
                       % (y, 1 << rnd.randrange(8), x, k, rnd.choice(ops), z, z, y,
                          rnd.randrange(1, 9)))
        else:
            out.append("      v%d = (v%d %s p[%d]) %s (v%d >> %d);"
                       % (x, y, rnd.choice(ops), k, rnd.choice(ops), z, rnd.randrange(1, 5)))
    out.append("    }")
    for i in range(16):
        out.append("  out[%d] = v%d;" % (i, i))
    out.append("  return v0;")
    out.append("}")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# How many times compile_cost compiles each file on each side.  The
# machines are shared: the same compile's user time varied by 12% from
# one run to the next (cc1 on the generated function of 108000
# statements: 42.7 s and 47.9 s), so each side's figure is its best of
# COST_RUNS compiles, the two sides taking turns.
COST_RUNS = 2


def best_of_compiles(what, compile_side):
    """Compile with COMPILE_SIDE ("stock" or "ssara") COST_RUNS times on
    each side, in turns; return {side: the result whose allocator took the
    least user time}, each with the user times of all its runs as
    "alloc_runs"."""
    key = {"stock": lambda x: x.get("incl", x)["ra"],
           "ssara": lambda x: x.get("incl", x)["ssara"]}
    runs = {"stock": [], "ssara": []}
    for k in range(COST_RUNS):
        for side in ("stock", "ssara"):
            print("bench: compile cost, %s, %s (%d of %d)"
                  % (what, side, k + 1, COST_RUNS), flush=True)
            runs[side].append(compile_side(side))
    best = {}
    for side, rs in runs.items():
        ok = [x for x in rs if x.get("ok")] or rs
        best[side] = dict(min(ok, key=key[side]))
        best[side]["alloc_runs"] = [round(key[side](x), 3) for x in rs]
    return best


def compile_cost(build, sizes, resume):
    workdir = os.path.join(build, "bench", "cost")
    jpath = os.path.join(workdir, "cost.json")
    if resume and os.path.exists(jpath):
        with open(jpath) as f:
            cost = json.load(f)
        if all(x.get("ok") for x in cost["sqlite"].values()) and len(cost["sqlite"]) == 2:
            return cost
    os.makedirs(workdir, exist_ok=True)
    cost = {"sqlite": {}, "scaling": []}
    src = os.path.join(build, "bench", "src")
    sq = programs(src)["sqlite"]
    flags = ["-O2"] + COMMON_CFLAGS + sq[1]
    # Functions the plugin crashed in during the -O2 run are declined
    # from the start (the report lists them).
    known = []
    try:
        with open(os.path.join(build, "bench", "runs", "sqlite-O2.json")) as f:
            known = [c["function"] for c in json.load(f).get("plugin_crashes", [])
                     if c["file"].endswith("sqlite3.c")]
    except (OSError, ValueError, KeyError):
        pass
    # times: the time of each step of the pass, summed over the file
    # (one clock read per step and function).
    extra = ["-fplugin-arg-ssara-" + pa
             for pa in PROG_ARGS.get("sqlite", []) + ["times"]]
    cost["sqlite"] = best_of_compiles(
        "sqlite3.c -O2",
        lambda side: timed_compile(build, sq[0][1], flags, side == "ssara",
                                   workdir, "sqlite-" + side,
                                   known if side == "ssara" else (), extra))
    for side in ("stock", "ssara"):
        cost["sqlite"][side]["plugin_args"] = PROG_ARGS.get("sqlite", [])
    for n in sizes:
        path = os.path.join(workdir, "gen-%d.c" % n)
        generate_function(path, n)
        # The ssara side with `times`: each phase's growth.
        row = best_of_compiles(
            "generated function of %d statements" % n,
            lambda side: timed_compile(build, path, ["-O2"] + COMMON_CFLAGS,
                                       side == "ssara", workdir,
                                       "gen-%d-%s" % (n, side),
                                       extra=["-fplugin-arg-ssara-times"]))
        row["stmts"] = n
        cost["scaling"].append(row)
    with open(jpath, "w") as f:
        json.dump(cost, f, indent=1)
    return cost


def run_jobs(build, progs, todo, jobs, resume):
    """Run every (program, configuration) of TODO, JOBS at a time (SQLite
    first: its compiles are the longest); print a line per run.  Return
    the results."""
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(run_program, build, n, progs[n], c, resume): (n, c[0])
                for n, c in todo}
        for fut in concurrent.futures.as_completed(futs):
            n, c = futs[fut]
            r = fut.result()
            results.append(r)
            dyn = ""
            try:
                ds, dm = r["run"]["stock"]["dyn"], r["run"]["ssara"]["dyn"]
                dyn = " insns x%.3f" % (dm["insns"] / ds["insns"])
            except (KeyError, ZeroDivisionError, TypeError):
                pass
            if r.get("plugin_crashes"):
                dyn += ", %d plugin crash(es) declined" % len(r["plugin_crashes"])
            print("bench: %-10s %-7s %-12s%s (%.0fs)" % (n, c, r["outcome"], dyn,
                                                     r.get("seconds", 0)), flush=True)
    return results


# ---- make bench-quick ---------------------------------------------------

# (program, configuration).  Not lz4 with 8 GPRs: stock GCC does not
# finish lz4hc.c there (LRA loops; docs/benchmarks.md).  zlib with 12
# GPRs is where spilling hurts most (docs/attribution.md).
QUICK_RUNS = [("sqlite", "O2"), ("sqlite", "O2-r8"), ("lz4", "O2"),
              ("zlib", "O2"), ("zlib", "O2-r8"), ("zlib", "O2-r12")]
# SSARA_QUICK_RUNS="sqlite:O2-r5 lz4:O2-r5" measures those runs instead
# (program:configuration, space-separated), for a quicker loop on one
# question.
if os.environ.get("SSARA_QUICK_RUNS"):
    QUICK_RUNS = [tuple(r.split(":", 1))
                  for r in os.environ["SSARA_QUICK_RUNS"].split()]
    for r in QUICK_RUNS:
        if len(r) != 2 or r[1] not in [c[0] for c in CONFIGS]:
            sys.exit("bench.py: SSARA_QUICK_RUNS: %r is not PROGRAM:CONFIG "
                     "with CONFIG one of %s" % (":".join(r),
                                               " ".join(c[0] for c in CONFIGS)))


def quick_report(results, seconds):
    """The text of make bench-quick's report: per run the ratios, the
    extra instructions by origin and by kind, and the top functions."""
    L = []
    w = L.append
    w("# bench-quick: %s (%.0f s)" % (", ".join("%s %s" % r for r in QUICK_RUNS),
                                      seconds))
    w("")
    w("Ratios plugin / stock of dynamic counts; extra = plugin minus stock, "
      "in dynamic instructions (docs/attribution.md).")
    for r in results:
        w("")
        try:
            ds, dm = r["run"]["stock"]["dyn"], r["run"]["ssara"]["dyn"]
        except (KeyError, TypeError):
            w("## %s %s: %s" % (r["program"], r["config"], r.get("outcome")))
            continue
        mem = lambda d: d["loads"] + d["stores"]
        spm = lambda d: d["sp_loads"] + d["sp_stores"]
        w("## %s %s: %s; instructions %.3fx, loads+stores %.3fx, "
          "sp loads+stores %.3fx" % (
              r["program"], r["config"], r["outcome"], dm["insns"] / ds["insns"],
              mem(dm) / max(mem(ds), 1), spm(dm) / max(spm(ds), 1)))
        at = r.get("attribution")
        if not at:
            continue
        w("")
        cols = at.get("columns", [])
        if cols:
            tot = [y - x for x, y in zip(at["column_totals"]["stock"],
                                         at["column_totals"]["ssara"])]
            w("extra by origin, whole program: " + ", ".join(
                "%s %+d" % (c, v) for c, v in zip(cols, tot) if v))
        kt = [y - x for x, y in zip(at["kind_totals"]["stock"], at["kind_totals"]["ssara"])]
        w("extra by kind, whole program: " + ", ".join(
            "%s %+d" % (c, v) for c, v in zip(at["kinds"], kt) if v))
        w("")
        w("| function | stock | plugin | extra | " + " | ".join(cols) + " |")
        w("| --- | ---: | ---: | ---: | " + " | ".join("---:" for _ in cols) + " |")
        for row in at["top"][:8]:
            if row["extra"] <= 0:
                break
            w("| %s | %d | %d | %+d | %s |" % (
                row["function"], row["stock"], row["ssara"], row["extra"],
                " | ".join("%+d" % v for v in row.get("columns", []))))
    return "\n".join(L) + "\n"


def cmd_quick(a):
    build = os.path.abspath(a.build)
    PLUGIN[0] = os.path.abspath(a.plugin or os.path.join(build, "ssara.so"))
    src = os.path.join(build, "bench", "src")
    os.makedirs(os.path.join(build, "bench", "runs"), exist_ok=True)
    progs = programs(src)
    for n, _ in QUICK_RUNS:
        if n not in progs:
            sys.exit("bench.py: no program %r (programs: %s)" % (n, " ".join(progs)))
    config = {c[0]: c for c in CONFIGS}
    t0 = time.monotonic()
    results = run_jobs(build, progs, [(n, config[c]) for n, c in QUICK_RUNS],
                       a.jobs, False)
    results.sort(key=lambda r: QUICK_RUNS.index((r["program"], r["config"])))
    seconds = time.monotonic() - t0
    text = quick_report(results, seconds)
    with open(os.path.join(build, "bench", "quick.md"), "w") as f:
        f.write(text)
    with open(os.path.join(build, "bench", "quick.json"), "w") as f:
        json.dump({"meta": machine_info(build), "results": results,
                   "seconds": round(seconds)}, f, indent=1)
    sys.stdout.write(text)
    print("bench-quick: %.0f s; written to %s" % (
        seconds, os.path.join(build, "bench", "quick.md")))
    return 0 if all(r["outcome"] == "agree" for r in results) else 1


def cmd_run(a):
    build = os.path.abspath(a.build)
    PLUGIN[0] = os.path.abspath(a.plugin or os.path.join(build, "ssara.so"))
    PASS_TIMES[0] = os.path.join(build, "pass_times.so")
    for d in a.plugin_arg:
        prog, _, arg = d.partition("=")
        PROG_ARGS.setdefault(prog, []).append(arg)
    src = os.path.join(build, "bench", "src")
    os.makedirs(os.path.join(build, "bench", "runs"), exist_ok=True)
    progs = programs(src)
    names = a.only.split(",") if a.only else list(progs)
    configs = [c for c in CONFIGS if not a.configs or c[0] in a.configs.split(",")]
    meta = machine_info(build)
    if a.plugin_commit:
        meta["ssara"], meta["ssara_dirty"] = a.plugin_commit, False
    t0 = time.monotonic()
    results = run_jobs(build, progs, [(n, c) for n in names for c in configs],
                       a.jobs, a.resume)
    cost = None if a.skip_cost else compile_cost(
        build, [int(x) for x in a.sizes.split(",")], a.resume)
    order = {c[0]: i for i, c in enumerate(CONFIGS)}
    results.sort(key=lambda r: (names.index(r["program"]), order[r["config"]]))
    out = {"meta": meta, "configs": [{"name": c[0], "flags": c[1] + COMMON_CFLAGS,
                                      "gprs": c[2], "label": c[3],
                                      "plugin_args": c[4] if len(c) > 4 else []}
                                     for c in CONFIGS],
           "plugin_flags": ["-fplugin=BUILD/ssara.so", "-fplugin-arg-ssara-fallback=ira",
                            "-fplugin-arg-ssara-stats=FILE"],
           "programs": {n: {"sources": [os.path.relpath(s, build) if s.startswith(build)
                                        else os.path.relpath(s, TOP) for s in progs[n][0]],
                            "cflags": [f.replace(build + "/", "BUILD/") for f in progs[n][1]]}
                        for n in names},
           "results": results, "cost": cost,
           "bench_seconds": round(time.monotonic() - t0)}
    with open(os.path.join(build, "bench", "results.json"), "w") as f:
        json.dump(out, f, indent=1)
    bad = [r for r in results if r["outcome"] != "agree" or r.get("plugin_crashes")]
    print("bench: %d runs, %d agree, %d not (%s)" % (
        len(results), len(results) - len(bad), len(bad),
        ", ".join("%s %s: %s%s" % (r["program"], r["config"], r["outcome"],
                                    " + plugin crash" if r.get("plugin_crashes") else "")
                  for r in bad)
        or "none"))
    return 0


def main(argv):
    p = argparse.ArgumentParser(prog="bench.py")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("build")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--only", help="programs, comma-separated")
    r.add_argument("--configs", help="configurations, comma-separated")
    r.add_argument("--resume", action="store_true",
                   help="reuse results already in BUILD/bench")
    r.add_argument("--skip-cost", action="store_true")
    r.add_argument("--plugin", help="the plugin to measure (default BUILD/ssara.so)")
    r.add_argument("--plugin-arg", action="append", default=[], metavar="PROG=KEY=VALUE",
                   help="an extra -fplugin-arg-ssara-KEY=VALUE for PROG's plugin "
                   "side (reported)")
    r.add_argument("--plugin-commit",
                   help="the commit --plugin was built from, for the report")
    # 108000 statements: about 200 000 SSA values (issue 16's largest).
    r.add_argument("--sizes", default="500,1500,5000,15000,50000,108000",
                   help="statements per generated function")
    q = sub.add_parser("quick", help="make bench-quick: SQLite, lz4 and zlib "
                       "(QUICK_RUNS), counts and attribution")
    q.add_argument("build")
    q.add_argument("--jobs", type=int, default=2)
    q.add_argument("--plugin", help="the plugin to measure (default BUILD/ssara.so)")
    rp = sub.add_parser("report")
    rp.add_argument("build")
    rp.add_argument("out", nargs="?", default=os.path.join(TOP, "docs", "results.md"))
    a = p.parse_args(argv)
    if a.cmd == "run":
        return cmd_run(a)
    if a.cmd == "quick":
        return cmd_quick(a)
    sys.path.insert(0, os.path.join(TOP, "tools"))
    import bench_report
    return bench_report.report(os.path.abspath(a.build), a.out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
