"""bench_report.py -- docs/results.md and its plots from
BUILD/bench/results.json (tools/bench.py run).  Called as
`tools/bench.py report BUILD [OUT.md]`; needs matplotlib.

Every ratio is plugin / stock from the same run of `make bench`."""

import json
import math
import os
import re

# The goals of issue 6: (configuration, metric, limit).
GOALS = [
    ("O2", "insns", 1.00, "all registers: dynamic instructions"),
    ("O2", "mem", 1.00, "all registers: loads+stores"),
    ("O2-r8", "insns", 0.95, "8 GPRs: dynamic instructions"),
    ("O2-r8", "mem", 0.85, "8 GPRs: loads+stores"),
    ("O2-r5", "insns", 0.90, "about 4 GPRs (5: r0 r3-r6): dynamic instructions"),
]


def geomean(xs):
    xs = [x for x in xs if x and x > 0 and not math.isnan(x)]
    if not xs:
        return float("nan")
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def dyn(r, side):
    try:
        d = dict(r["run"][side]["dyn"])
    except (KeyError, TypeError):
        return None
    d["mem"] = d["loads"] + d["stores"]
    d["sp_mem"] = d["sp_loads"] + d["sp_stores"]
    return d


def ratio(r, key):
    s, m = dyn(r, "stock"), dyn(r, "ssara")
    if not s or not m or not s.get(key):
        return float("nan")
    return m[key] / s[key]


def fmt(x, digits=3):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) \
        else "%.*f" % (digits, x)


def share(r):
    by = r.get("by") or {}
    n = by.get("ssara", 0) + by.get("ira", 0)
    return (by.get("ssara", 0), n)


def outcome_cell(r):
    o = r.get("outcome", "error")
    cell = {"agree": "agree", "mismatch": "**MISMATCH**",
            "stock-failed": "stock run failed"}.get(o, "**%s** (exit %s)" % (o, r.get("exit")))
    err = (r.get("error") or "") + "\n".join(r.get("error_lines") or [])
    if o == "error" and "stock compile failed" in err:
        cell = "**stock GCC failed to compile**"
        if "compile timed out" in err or "signal terminated program" in err:
            cell = "**stock GCC did not finish** (stopped)"
    elif o == "error" and "compile timed out" in err:
        cell = "**compile timed out**"
    elif o == "error" and "ssara compile failed" in err:
        cell = "**plugin build failed to compile**"
    if r.get("plugin_crashes"):
        cell += ", **%d plugin crash(es)**" % len(r["plugin_crashes"])
    if r.get("bench_plugin_args"):
        cell += ", plugin %s" % " ".join("`%s`" % f for f in r["bench_plugin_args"])
    return cell


def plots(data, outdir, rel):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(outdir, exist_ok=True)
    figs = []

    def save(fig, name, caption):
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, name), dpi=90)
        plt.close(fig)
        figs.append((name, caption))
    res = data["results"]
    progs = list(data["programs"])
    configs = [c["name"] for c in data["configs"]]
    by = {(r["program"], r["config"]): r for r in res}

    # 1. Per program, all registers: instructions and loads+stores.
    fig, axes = plt.subplots(1, 3, figsize=(13, 4), sharey=False)
    for ax, cname in zip(axes, ["O2", "Os", "O0"]):
        xs = range(len(progs))
        w = 0.27
        for i, (key, label) in enumerate([("insns", "instructions"),
                                          ("mem", "loads+stores"),
                                          ("sp_mem", "sp loads+stores")]):
            vals = [ratio(by[(p, cname)], key) if (p, cname) in by else float("nan")
                    for p in progs]
            ax.bar([x + (i - 1) * w for x in xs], [0 if math.isnan(v) else v for v in vals],
                   w, label=label)
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set_xticks(list(xs))
        ax.set_xticklabels(progs, rotation=30, ha="right")
        ax.set_title(next(c["label"] for c in data["configs"] if c["name"] == cname))
        ax.set_ylabel("plugin / stock (dynamic)")
    axes[0].legend(fontsize=8)
    fig.suptitle("Dynamic counts, ssara / IRA+LRA, per program (lower is better)")
    save(fig, "ratio-per-program.png", "Dynamic instructions, loads+stores and stack-pointer "
                 "loads+stores executed, plugin / stock, per program")

    # 2. Against the number of allocatable GPRs (-O2).
    regcfg = [c for c in data["configs"] if c["name"].startswith("O2")]
    regcfg.sort(key=lambda c: -c["gprs"])
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, (key, label) in zip(axes, [("insns", "dynamic instructions"),
                                       ("mem", "dynamic loads+stores")]):
        for p in progs:
            ys = [ratio(by[(p, c["name"])], key) if (p, c["name"]) in by
                  else float("nan") for c in regcfg]
            ax.plot([c["gprs"] for c in regcfg], ys, marker="o", label=p)
        gm = [geomean([ratio(by[(p, c["name"])], key) for p in progs
                       if (p, c["name"]) in by]) for c in regcfg]
        ax.plot([c["gprs"] for c in regcfg], gm, "k--", lw=2, marker="s", label="geomean")
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_xticks([c["gprs"] for c in regcfg])
        ax.set_xticklabels([str(c["gprs"]) for c in regcfg])
        ax.set_xlabel("allocatable GPRs (-O2, -ffixed-rN)")
        ax.set_ylabel("plugin / stock")
        ax.set_title(label)
    axes[0].legend(fontsize=8)
    save(fig, "ratio-vs-registers.png", "Dynamic instructions and loads+stores, plugin / stock, "
                 "against the number of allocatable GPRs (a program missing at a "
                 "point had a failed build there; the geometric mean is over "
                 "the programs measured at that point)")

    # 3. Where the extra instructions come from (attribution).
    acfg = [c for c in ("O2", "O2-r8") if c in configs]
    if any(by.get((p, c), {}).get("attribution", {}).get("columns")
           for p in progs for c in acfg):
        cols = None
        fig, axes = plt.subplots(1, len(acfg), figsize=(6.5 * len(acfg), 4.5),
                                 squeeze=False)
        for ax, cname in zip(axes[0], acfg):
            bottoms_pos = [0.0] * len(progs)
            bottoms_neg = [0.0] * len(progs)
            for p_i, p in enumerate(progs):
                at = by.get((p, cname), {}).get("attribution", {})
                if at.get("columns"):
                    cols = at["columns"]
            if not cols:
                continue
            cmap = plt.get_cmap("tab20")
            for k, col in enumerate(cols):
                vals = []
                for p in progs:
                    r = by.get((p, cname), {})
                    at = r.get("attribution", {})
                    try:
                        st = r["run"]["stock"]["dyn"]["insns"]
                        d = at["column_totals"]["ssara"][k] - at["column_totals"]["stock"][k]
                        vals.append(100.0 * d / st)
                    except (KeyError, TypeError, ZeroDivisionError, IndexError):
                        vals.append(0.0)
                base = [bp if v >= 0 else bn for v, bp, bn in zip(vals, bottoms_pos, bottoms_neg)]
                ax.bar(range(len(progs)), vals, 0.6, bottom=base, label=col,
                       color=cmap(k))
                bottoms_pos = [bp + max(v, 0) for v, bp in zip(vals, bottoms_pos)]
                bottoms_neg = [bn + min(v, 0) for v, bn in zip(vals, bottoms_neg)]
            ax.axhline(0.0, color="k", lw=0.8)
            ax.set_xticks(range(len(progs)))
            ax.set_xticklabels(progs, rotation=30, ha="right")
            ax.set_ylabel("plugin minus stock, % of stock's instructions")
            ax.set_title(next(c["label"] for c in data["configs"] if c["name"] == cname))
        axes[0][-1].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        fig.suptitle("Extra dynamic instructions by origin (docs/attribution.md)")
        save(fig, "extra-by-origin.png", "Extra dynamic instructions of the plugin build by "
                     "origin, per program: each origin's count in the plugin "
                     "build minus the stock build's closest category, in "
                     "percent of the stock build's instructions")

    # 4. Allocation time against function size.
    cost = data.get("cost")
    if cost and cost.get("scaling"):
        rows = [r for r in cost["scaling"] if r["ssara"].get("ok") and r["stock"].get("ok")]
        if rows:
            fig, ax = plt.subplots(figsize=(6.5, 4.5))
            xs = [max(r["ssara"]["values"], 1) or 2 * r["stmts"] for r in rows]
            ax.plot(xs, [max(alloc_seconds(r["stock"])[0], 0.005) for r in rows], "o-",
                    label="IRA+LRA (stock)")
            ax.plot(xs, [max(alloc_seconds(r["ssara"])[1], 0.005) for r in rows], "s-",
                    label="ssara pass")
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("SSA values in the function (ssara stats)")
            ax.set_ylabel("seconds (processor time of the passes)")
            ax.set_title("Allocation time against function size")
            ax.legend()
            ax.grid(True, which="both", lw=0.3)
            save(fig, "alloc-time-scaling.png", "Register allocation time against function size "
                         "(generated functions)")
    return figs


def fitted_exponent(points):
    """The slope of log(seconds) against log(values), least squares, over
    POINTS (values, seconds) with both positive; None with fewer than
    two."""
    pts = [(math.log(v), math.log(t)) for v, t in points if v > 0 and t > 0]
    if len(pts) < 2:
        return None
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    if sxx == 0:
        return None
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx


# The growth is fitted over the generated functions of at least this many
# SSA values: below it the times are a few milliseconds, mostly the
# clock's resolution and fixed costs.
GROWTH_MIN_VALUES = 5000


def growth_table(w, scaling):
    """Write the fitted growth exponents of IRA+LRA, the ssara pass and
    each of its steps (-fplugin-arg-ssara-times) over the generated
    functions."""
    rows = [r for r in scaling if r["ssara"].get("ok") and r["stock"].get("ok")
            and r["ssara"].get("values", 0) >= GROWTH_MIN_VALUES]
    if len(rows) < 2:
        return
    vals = [r["ssara"]["values"] for r in rows]
    stock = fitted_exponent([(v, alloc_seconds(r["stock"])[0]) for v, r in zip(vals, rows)])
    ours = fitted_exponent([(v, alloc_seconds(r["ssara"])[1]) for v, r in zip(vals, rows)])
    w("Growth, fitted over the generated functions of %d values or more "
      "(seconds ~ values^k, least squares on the logarithms; 1 is linear, "
      "n log n over this range about 1.1): IRA+LRA k = %s, the ssara pass "
      "k = %s.  Its steps (`-fplugin-arg-ssara-times`, ms):"
      % (GROWTH_MIN_VALUES, fmt(stock, 2) if stock is not None else "-",
         fmt(ours, 2) if ours is not None else "-"))
    w("")
    phases = [k for k in rows[-1]["ssara"].get("phases", {}) if k != "total"]
    w("| step | " + " | ".join("%d values" % v for v in vals) + " | k |")
    w("| --- | " + " | ".join("---:" for _ in vals) + " | ---: |")
    for ph in phases:
        ts = [r["ssara"].get("phases", {}).get(ph, 0.0) for r in rows]
        k = fitted_exponent(list(zip(vals, ts)))
        w("| %s | %s | %s |" % (ph, " | ".join(fmt(t, 1) for t in ts),
                                fmt(k, 2) if k is not None else "-"))
    w("")


def alloc_seconds(x):
    """(IRA+LRA, ssara pass) user seconds of one timed compile: the passes
    timed inclusively by tools/pass_times.cc where the run has them, else
    -ftime-report's exclusive figures."""
    incl = x.get("incl")
    if incl:
        return incl["ra"], incl["ssara"]
    return x["ra"], x["ssara"]


def alloc_kernel_seconds(x):
    """(IRA+LRA, ssara pass) kernel seconds of one timed compile (page
    faults: tools/pass_times.cc), or None where the run lacks them."""
    incl = x.get("incl") or {}
    if "ra_sys" not in incl:
        return None
    return incl["ra_sys"], incl["ssara_sys"]


def details_from_log(build, r):
    """For a run that ended in an error: the plugin crashes and compiler
    errors its ssara-compare log shows."""
    path = os.path.join(build, "bench", "runs", "%s-%s.log" % (r["program"], r["config"]))
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return
    crashes = r.setdefault("plugin_crashes", [])
    for line in text.splitlines():
        m = re.match(r"PLUGIN CRASH in (\S+) \((\S+)\): (.*); compiled again", line)
        if m and not any(c["function"] == m.group(1) for c in crashes):
            crashes.append({"function": m.group(1), "file": m.group(2),
                            "message": m.group(3)})
    errs = []
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("ssara-compare:") and "failed" in line:
            errs.append(re.sub(r":.*", "", line[len("ssara-compare: "):]))
        elif (("internal compiler error" in line or "error:" in line)
              and not line.startswith("PLUGIN CRASH")):
            ctx = [l for l in lines[max(0, k - 3):k] if l.startswith("during")
                   or "In function" in l]
            errs.append(" ".join(ctx + [line.strip()]).replace(build + "/", "BUILD/")[:300])
    r["error_lines"] = errs[-3:]


def report(build, out_md):
    with open(os.path.join(build, "bench", "results.json")) as f:
        data = json.load(f)
    for r in data["results"]:
        if r.get("outcome") == "error":
            details_from_log(build, r)
    outdir = os.path.join(os.path.dirname(out_md), "results")
    rel = os.path.basename(outdir)
    figs = plots(data, outdir, rel)
    meta = data["meta"]
    res = data["results"]
    by = {(r["program"], r["config"]): r for r in res}
    progs = list(data["programs"])
    L = []
    w = L.append
    w("# ssara against IRA/LRA: measurements")
    w("")
    w("Written by `make bench` (tools/bench.py, tools/bench_report.py); do not "
      "edit by hand.  Every figure is a ratio **plugin / stock** (ssara / "
      "GCC's IRA+LRA) of two builds made and run in the same `make bench` "
      "run with identical flags; lower is better.  docs/benchmarks.md says "
      "how the numbers are made.")
    w("")
    w("## Machine and versions")
    w("")
    w("| | |")
    w("| --- | --- |")
    for k, label in [("date", "date"), ("cpu", "CPU"), ("cores", "cores"),
                     ("memory", "memory"), ("os", "system"), ("kernel", "kernel"),
                     ("gcc", "compiler"), ("qemu", "emulator"), ("python", "python"),
                     ("ssara", "ssara commit"), ("load", "load average at start")]:
        v = meta.get(k, "?")
        if k == "load":
            v = "%.1f" % v
        if k == "ssara" and meta.get("ssara_dirty"):
            v = "%s (plugin/ had uncommitted changes)" % v
        w("| %s | %s |" % (label, v))
    for p, v in sorted(meta.get("sources", {}).items()):
        w("| source: %s | %s |" % (p, v))
    w("")
    w("Plugin flags: `%s`; all programs are built with `-fno-pie` and linked "
      "`-no-pie`.  Dynamic counts are of the program's own `.text` (its "
      "driver, the library, libgcc helpers; not libc or the dynamic loader), "
      "counted under qemu-ppc by tools/qemu-count.c.  \"sp loads+stores\" "
      "are loads and stores addressed off r1: spill code, saves and restores, "
      "and stack-allocated locals." % " ".join(data["plugin_flags"]))
    w("")
    w("Configurations:")
    w("")
    for c in data["configs"]:
        extra = [f for f in c["flags"] if not f.startswith("-ffixed")]
        fixed = [f[len("-ffixed-"):] for f in c["flags"] if f.startswith("-ffixed")]
        pargs = "".join(" -fplugin-arg-ssara-" + x for x in c.get("plugin_args", []))
        w("* `%s`: %s: `%s`%s%s" % (c["name"], c["label"], " ".join(extra),
                                    (" and -ffixed- of %s" % " ".join(fixed)) if fixed else "",
                                    (", plugin side `%s`" % pargs.strip()) if pargs else ""))
    w("")

    # Goals.
    w("## Against the goals")
    w("")
    w("Geometric mean over the programs whose two builds agree.")
    w("")
    w("| goal | limit | measured | met |")
    w("| --- | --- | --- | --- |")
    for cname, key, limit, label in GOALS:
        g = geomean([ratio(by[(p, cname)], key) for p in progs
                     if (p, cname) in by and by[(p, cname)]["outcome"] == "agree"])
        met = "-" if math.isnan(g) else ("yes" if g <= limit else "no")
        w("| %s | <= %.2fx | %s | %s |" % (label, limit,
                                          "-" if math.isnan(g) else fmt(g) + "x", met))
    cost = data.get("cost") or {}
    sq = cost.get("sqlite") or {}
    if sq.get("stock") and sq.get("ssara"):
        s, m = sq["stock"], sq["ssara"]
        (s_ra, _), (m_ra, m_ssara) = alloc_seconds(s), alloc_seconds(m)
        t = (m_ssara + m_ra) / s_ra if s_ra else float("nan")
        w("| allocation time, SQLite (ssara pass + residual IRA/LRA) | <= 0.50x | %sx | %s |"
          % (fmt(t), "-" if math.isnan(t) else ("yes" if t <= 0.5 else "no")))
        if s.get("peak_kb") and m.get("peak_kb"):
            pm = m["peak_kb"] / s["peak_kb"]
            w("| cc1 peak memory, SQLite | <= 1.05x | %sx | %s |"
              % (fmt(pm), "yes" if pm <= 1.05 else "no"))
    # The generated functions: the worst ratio over the sizes.
    gen = [r for r in cost.get("scaling") or []
           if r["ssara"].get("ok") and r["stock"].get("ok")]
    ratios = [alloc_seconds(r["ssara"])[1] / alloc_seconds(r["stock"])[0]
              for r in gen if alloc_seconds(r["stock"])[0] > 0]
    if ratios:
        worst = max(ratios)
        top = max(r["ssara"].get("values", 0) for r in gen)
        w("| allocation time, generated functions up to %d values, worst "
          "size | <= 0.50x | %sx | %s |"
          % (top, fmt(worst), "yes" if worst <= 0.5 else "no"))
    w("")

    # Summary per configuration.
    w("## Summary per configuration")
    w("")
    w("Geometric means over programs whose outputs agree; \"ssara share\" is "
      "the functions ssara allocated over all functions compiled (the rest "
      "went to IRA/LRA through fallback=ira).")
    w("")
    w("| configuration | runs agree | ssara share | instructions | loads+stores | "
      "sp loads+stores | static instructions |")
    w("| --- | --- | --- | --- | --- | --- | --- |")
    for c in data["configs"]:
        rs = [by[(p, c["name"])] for p in progs if (p, c["name"]) in by]
        if not rs:
            continue
        ok = [r for r in rs if r["outcome"] == "agree"]
        a = sum(share(r)[0] for r in rs)
        n = sum(share(r)[1] for r in rs)
        st = geomean([r["static"]["ssara"]["insns"] / r["static"]["stock"]["insns"]
                      for r in rs if r.get("static") and r["static"]["stock"]["insns"]])
        w("| %s | %d / %d | %d / %d (%s%%) | %s | %s | %s | %s |" % (
            c["label"], len(ok), len(rs), a, n, fmt(100.0 * a / n if n else float("nan"), 1),
            fmt(geomean([ratio(r, "insns") for r in ok])),
            fmt(geomean([ratio(r, "mem") for r in ok])),
            fmt(geomean([ratio(r, "sp_mem") for r in ok])), fmt(st)))
    w("")
    for name, caption in figs:
        w("![%s](%s/%s)" % (caption, rel, name))
        w("")
        w("*%s.*" % caption)
        w("")

    # Every run.
    w("## Every run")
    w("")
    w("Dynamic counts in millions for stock; ratios plugin / stock.  A run "
      "whose outputs differ is marked MISMATCH and its ratios are shown but "
      "left out of the means.")
    w("")
    w("| program | configuration | outcome | ssara share | stock instr. (M) | "
      "instructions | loads+stores | sp loads+stores | static instr. | static frame |")
    w("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for p in progs:
        for c in data["configs"]:
            r = by.get((p, c["name"]))
            if not r:
                continue
            a, n = share(r)
            s = dyn(r, "stock")
            stat = r.get("static") or {}
            si = fr = float("nan")
            if stat.get("stock", {}).get("insns"):
                si = stat["ssara"]["insns"] / stat["stock"]["insns"]
                if stat["stock"]["frame"]:
                    fr = stat["ssara"]["frame"] / stat["stock"]["frame"]
            w("| %s | %s | %s | %d / %d | %s | %s | %s | %s | %s | %s |" % (
                p, c["name"], outcome_cell(r), a, n,
                fmt(s["insns"] / 1e6, 1) if s else "-",
                fmt(ratio(r, "insns")), fmt(ratio(r, "mem")), fmt(ratio(r, "sp_mem")),
                fmt(si), fmt(fr)))
    w("")
    # Attribution: the top functions.
    if any(r.get("attribution", {}).get("columns") for r in res):
        w("## Where the extra instructions come from")
        w("")
        w("Per program at -O2 and with 8 GPRs: the functions with the most "
          "extra dynamic instructions (plugin minus stock), and those "
          "instructions by origin: each origin's count in the plugin build "
          "minus the stock build's closest category (docs/attribution.md "
          "says what each column holds; `make bench-quick` prints the same "
          "for SQLite, lz4 and zlib in minutes).")
        w("")
        for cname in ("O2", "O2-r8"):
            for p in progs:
                r = by.get((p, cname))
                at = (r or {}).get("attribution", {})
                if not at.get("columns"):
                    continue
                cols = at["columns"]
                tot = [y - x for x, y in zip(at["column_totals"]["stock"],
                                             at["column_totals"]["ssara"])]
                w("**%s %s**: whole program %s." % (p, cname, ", ".join(
                    "%s %+.2fM" % (c, v / 1e6) for c, v in zip(cols, tot)
                    if abs(v) >= 5000) or "no difference"))
                w("")
                rows = [t for t in at["top"] if t["extra"] > 0][:5]
                if not rows:
                    continue
                w("| function | stock (M) | extra (M) | " + " | ".join(cols) + " |")
                w("| --- | ---: | ---: | " + " | ".join("---:" for _ in cols) + " |")
                for t in rows:
                    w("| %s | %.2f | %+.2f | %s |" % (
                        t["function"], t["stock"] / 1e6, t["extra"] / 1e6,
                        " | ".join("%+.2f" % (v / 1e6) for v in t["columns"])))
                w("")

    bad = [r for r in res if r["outcome"] != "agree"]
    crashed = [r for r in res if r.get("plugin_crashes")]
    w("## Mismatches and failures")
    w("")
    if not bad and not crashed:
        w("None: in every run the plugin build's output and exit status equal "
          "the stock build's, and no compile crashed.")
    for r in bad:
        err = (r.get("error") or "").strip()
        lines = r.get("error_lines") or [
            l for l in err.splitlines() if "error" in l or "MISMATCH" in l]
        w("* **%s %s**: %s.  %s" % (r["program"], r["config"], outcome_cell(r),
                                   " / ".join(lines[:3])[:600]
                                   or "Outputs kept in BUILD/bench/runs/%s-%s/."
                                   % (r["program"], r["config"])))
    pargs = sorted({(r["program"], f) for r in res for f in r.get("bench_plugin_args") or []})
    if pargs:
        w("")
        w("Measured around a plugin bug (`tools/bench.py --plugin-arg`): the "
          "plugin side of these programs got these extra options, found by "
          "bisecting `-fplugin-arg-ssara-limit=N` so that the compile no "
          "longer crashes; functions beyond the limit go to IRA/LRA and count "
          "in the ssara share: %s." % ", ".join("%s `%s`" % pf for pf in pargs))
    if crashed:
        w("")
        w("Plugin crashes: the plugin build of a file crashed the compiler "
          "in the function named; ssara-compare reported it and compiled the "
          "file again with `-fplugin-arg-ssara-decline=FUNCTION`.  Where that "
          "compile went through, the run was measured (its row says "
          "\"agree, N plugin crash(es)\"); where it crashed again, now in "
          "IRA/LRA, the plugin build failed and the row says so: an earlier "
          "function allocated by ssara left state behind that breaks later "
          "compiles.")
        w("")
        seen = {}
        for r in crashed:
            for c in r["plugin_crashes"]:
                k = (os.path.basename(c["file"]), c["function"], c["message"])
                seen.setdefault(k, []).append("%s %s" % (r["program"], r["config"]))
        for (f, fn, msg), cfgs in sorted(seen.items()):
            w("* `%s` in %s: %s (%s)" % (fn, f, msg, ", ".join(cfgs)))
    w("")

    # Fallback reasons.
    reasons = {}
    for r in res:
        for k, v in (r.get("fallback_reasons") or {}).items():
            reasons[k] = reasons.get(k, 0) + v
    if reasons:
        w("## Why functions went to IRA/LRA")
        w("")
        w("Summed over every program and configuration (numbers in reasons "
          "replaced by N).")
        w("")
        w("| functions | reason |")
        w("| --- | --- |")
        for k, v in sorted(reasons.items(), key=lambda kv: -kv[1])[:15]:
            w("| %d | %s |" % (v, k.replace("|", "\\|")))
        w("")

    # Compile cost.
    if cost:
        w("## Compile cost")
        w("")
        if sq.get("stock") and sq.get("ssara"):
            s, m = sq["stock"], sq["ssara"]
            (s_ra, _), (m_ra, m_ssara) = alloc_seconds(s), alloc_seconds(m)
            nruns = len(s.get("alloc_runs") or [0])
            w("SQLite amalgamation (sqlite3.c), `-O2 -fno-pie`, %s "
              "with `-ftime-report` under GNU time.  The allocators' times are "
              "%s.  In the plugin build, functions ssara declined still go "
              "through IRA+LRA (residual)." % (
                  "one compile each" if nruns == 1 else
                  "%d compiles each, the two sides in turns, each side's "
                  "figures from its compile whose allocator took the least user "
                  "time (the machines are shared; all runs' times are in "
                  "cost.json as alloc_runs)" % nruns,
                  "each pass's user time, inclusive, from the pass-timing "
                  "plugin (tools/pass_times.cc): IRA+LRA = the passes \"ira\" "
                  "and \"reload\", ssara = the pass \"ssara\"; -ftime-report's "
                  "own figures, which leave out timers nested in a pass and "
                  "charge every plugin callback to the ssara pass, are the "
                  "last rows" if s.get("incl") and m.get("incl") else
                  "user seconds from -ftime-report: IRA+LRA = \"integrated RA\" "
                  "+ \"LRA *\" + \"reload\"; ssara = \"plugin execution\""))
            w("")
            w("| | stock | plugin | plugin / stock |")
            w("| --- | --- | --- | --- |")
            w("| functions by ssara / all | - | %d / %d | |"
              % (m["by"].get("ssara", 0), m["by"].get("ssara", 0) + m["by"].get("ira", 0)))
            w("| ssara pass (s) | - | %s | |" % fmt(m_ssara, 2))
            w("| IRA+LRA (s) | %s | %s (residual) | |" % (fmt(s_ra, 2), fmt(m_ra, 2)))
            w("| allocation total (s) | %s | %s | %s |" % (
                fmt(s_ra, 2), fmt(m_ra + m_ssara, 2),
                fmt((m_ra + m_ssara) / s_ra if s_ra else float("nan"))))
            ks, km = alloc_kernel_seconds(s), alloc_kernel_seconds(m)
            if ks and km:
                # Page faults, whose cost on this project's machines
                # depends on what ran before (tools/pass_times.cc).
                w("| allocation kernel time, apart (s) | %s | %s | |" % (
                    fmt(ks[0], 2), fmt(km[0] + km[1], 2)))
            if s.get("incl") and m.get("incl"):
                w("| -ftime-report: ssara pass (\"plugin execution\") | - | %s | |"
                  % fmt(m["ssara"], 2))
                w("| -ftime-report: IRA+LRA (\"integrated RA\", \"LRA *\", \"reload\") "
                  "| %s | %s (residual) | |" % (fmt(s["ra"], 2), fmt(m["ra"], 2)))
            w("| cc1 user time (s) | %s | %s | %s |" % (
                fmt(s.get("user"), 1), fmt(m.get("user"), 1),
                fmt(m["user"] / s["user"] if s.get("user") else float("nan"))))
            w("| cc1 peak RSS (MiB) | %s | %s | %s |" % (
                fmt(s.get("peak_kb", 0) / 1024, 1), fmt(m.get("peak_kb", 0) / 1024, 1),
                fmt(m["peak_kb"] / s["peak_kb"] if s.get("peak_kb") else float("nan"))))
            w("")
            if m.get("phases") or s.get("ra_phases"):
                w("Where the time goes: each step of the ssara pass summed over "
                  "the file (`-fplugin-arg-ssara-times`, user time per "
                  "function: prepare, import and verify_import (the check "
                  "of the imported function) are the RTL side before the "
                  "core, rewrite the RTL side after it, the others the core's "
                  "phases, twice where spill=cheaper runs the paper's spilling "
                  "too), and IRA+LRA's own steps in the stock compile "
                  "(`-ftime-report`).")
                w("")
                w("| ssara step | ms | share | | IRA+LRA step | ms | share |")
                w("| --- | ---: | ---: | --- | --- | ---: | ---: |")
                ph = [(k, v) for k, v in (m.get("phases") or {}).items()
                      if k != "total"]
                ph_total = sum(v for _, v in ph) or float("nan")
                ra = sorted((s.get("ra_phases") or {}).items(),
                            key=lambda kv: -kv[1])
                ra_total = sum(v for _, v in ra) or float("nan")
                for i in range(max(len(ph), len(ra))):
                    left = ("%s | %s | %s" % (ph[i][0], fmt(ph[i][1], 1),
                                              fmt(100 * ph[i][1] / ph_total, 1) + "%")
                            if i < len(ph) else " | | ")
                    right = ("%s | %s | %s" % (ra[i][0], fmt(1000 * ra[i][1], 0),
                                               fmt(100 * ra[i][1] / ra_total, 1) + "%")
                             if i < len(ra) else " | | ")
                    w("| %s | | %s |" % (left, right))
                w("| total | %s | | | total | %s | |" % (
                    fmt(ph_total, 1), fmt(1000 * ra_total, 0)))
                w("")
            for side, x in (("stock", s), ("plugin", m)):
                if not x.get("ok"):
                    w("**The %s compile failed**: %s" % (side, (x.get("error") or "")
                                                        .strip().splitlines()[-1:]))
                    w("")
            if m.get("declined"):
                w("The plugin compile declined %s: the plugin crashed in %s "
                  "(see Mismatches and failures)." % (
                      ", ".join("`%s`" % d for d in m["declined"]),
                      "them" if len(m["declined"]) > 1 else "it"))
                w("")
        if cost.get("scaling"):
            w("Generated functions (tools/bench.py `generate_function`: one loop "
              "over N statements of arithmetic on 16 accumulators and loads, a "
              "branch every 16 statements), `-O2`.  Values = SSA values ssara "
              "imported (its stats line).")
            w("")
            w("Times are user seconds of the passes (tools/pass_times.cc), "
              "each side's best of its compiles as for SQLite; the kernel's, "
              "page faults, are the last columns.")
            w("")
            w("| statements | values | by | IRA+LRA (s) | ssara (s) | ratio | "
              "peak RSS stock (MiB) | plugin (MiB) | kernel IRA+LRA (s) | kernel ssara (s) |")
            w("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
            for r in cost["scaling"]:
                s, m = r["stock"], r["ssara"]
                s_ra, m_ssara = alloc_seconds(s)[0], alloc_seconds(m)[1]
                ks, km = alloc_kernel_seconds(s), alloc_kernel_seconds(m)
                byw = "ssara" if m["by"].get("ssara") else "ira: %s" % m.get("reason", "?")
                w("| %d | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    r["stmts"], m.get("values", 0), byw, fmt(s_ra, 2),
                    fmt(m_ssara, 2),
                    fmt(m_ssara / s_ra if s_ra else float("nan"), 2),
                    fmt(s.get("peak_kb", 0) / 1024, 1), fmt(m.get("peak_kb", 0) / 1024, 1),
                    fmt(ks[0], 2) if ks else "-", fmt(km[1], 2) if km else "-"))
            w("")
            growth_table(w, cost["scaling"])
    w("This run of tools/bench.py took %d s (2 jobs in parallel; runs already done were reused with --resume)." % data.get("bench_seconds", 0))
    w("")
    with open(out_md, "w") as f:
        f.write("\n".join(L))
    print("bench: wrote %s and %d plots in %s" % (out_md, len(figs), outdir))
    return 0
