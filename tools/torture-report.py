#!/usr/bin/env python3
"""torture-report.py -- the comparison half of tools/torture.sh.

Reads the merged gcc.sum/gcc.log of one or more groups of torture runs and
either writes the stock baseline files (--write-baseline) or compares the
runs against them and writes the report and the results file.

A group is one set of .exp drivers run with one TORTURE_OPTIONS list; its
baseline is testsuite/torture/baseline-GROUP.txt.  The group spec file
(written by torture.sh) has one group per paragraph:

    group NAME
    sum PATH
    log PATH
    baseline PATH
    exps DRIVERS        (the .exp files run, for the report)
    stats PATH          (optional: the -fplugin-arg-ssara-stats FILE)
    set SETNAME OPTIONS (one line per option set, in TORTURE_OPTIONS order)

Units.  DejaGnu prints one line per check (a compile, an execution); the
harness counts *tests*, a test being one test file at one option set.  A
test is a regression when a check of it that passes with stock GCC does
not pass with the plugin (FAIL, UNRESOLVED, UNSUPPORTED or missing), or
when it gets a FAIL/XPASS/UNRESOLVED/ERROR line that stock does not have.
A test passes when it has at least one PASS, no such bad line and no
regression.  Tests that fail with stock as well count as neither.
"""

import argparse
import collections
import datetime
import glob
import os
import re
import sys

STATUS_LETTER = {
    "PASS": "P", "FAIL": "F", "XPASS": "X", "XFAIL": "x",
    "UNRESOLVED": "R", "UNSUPPORTED": "U", "UNTESTED": "T",
    "ERROR": "E", "KFAIL": "K", "KPASS": "k",
}
LETTER_STATUS = {v: k for k, v in STATUS_LETTER.items()}
LETTER_STATUS["."] = "missing"
BAD = set("FXRE")
LINE_RE = re.compile(r"^(%s): (.*)$" % "|".join(STATUS_LETTER))


class Group:
    def __init__(self, name):
        self.name = name
        self.sum = self.log = self.baseline = self.stats = None
        self.exps = "?"
        self.sets = []          # [(setname, options)]


def read_spec(path):
    groups = []
    cur = None
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            word, _, rest = line.partition(" ")
            if word == "group":
                cur = Group(rest.strip())
                groups.append(cur)
            elif word == "set":
                name, _, opts = rest.partition(" ")
                cur.sets.append((name, " ".join(opts.split())))
            elif word in ("sum", "log", "baseline", "stats", "exps"):
                setattr(cur, word, rest.strip())
            else:
                raise SystemExit("torture-report: bad spec line: " + line)
    return groups


class Matcher:
    """Splits a result line into (set index or None, key): the key is the
    line without its status and option set, whitespace collapsed."""

    def __init__(self, sets):
        order = sorted(range(len(sets)), key=lambda i: -len(sets[i][1]))
        self.res = [(i, re.compile(r"(?:^|\s)" + re.escape(sets[i][1])
                                   + r"(?=\s|$)")) for i in order]

    def split(self, rest):
        rest = " ".join(rest.split())
        for i, rx in self.res:
            m = rx.search(rest)
            if m:
                key = " ".join((rest[:m.start()] + " " + rest[m.end():]).split())
                # builtins.exp names checks "compilation,  -O2".
                return i, key.rstrip(",")
        return None, rest


def parse_sum(path, sets):
    """Return {key: [letter per set]} and the PASS line count per set."""
    matcher = Matcher(sets)
    n = len(sets)
    table = {}
    seen = collections.Counter()
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE_RE.match(line.rstrip("\n"))
            if not m:
                continue
            letter = STATUS_LETTER[m.group(1)]
            idx, key = matcher.split(m.group(2))
            targets = range(n) if idx is None else [idx]
            for i in targets:
                seen[(i, key)] += 1
                k = key if seen[(i, key)] == 1 else "%s #%d" % (key, seen[(i, key)])
                table.setdefault(k, ["."] * n)[i] = letter
    return table


def parse_log_messages(path, sets):
    """Map (set index, key) of FAIL/UNRESOLVED lines to the first line of
    the compiler's excess errors or a timeout warning printed before it."""
    msgs = {}
    if not path or not os.path.exists(path):
        return msgs
    matcher = Matcher(sets)
    pending = None
    capture = False
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if capture:
                if line.strip():
                    pending = line.strip()
                    capture = False
                continue
            if line.startswith("Excess errors:"):
                capture = True
                continue
            if line.startswith("WARNING:") and "timed out" in line:
                pending = line[len("WARNING: "):].strip()
                continue
            m = LINE_RE.match(line)
            if m:
                if m.group(1) in ("FAIL", "UNRESOLVED", "ERROR") and pending:
                    idx, key = matcher.split(m.group(2))
                    msgs.setdefault((idx, key), pending)
                if m.group(1) != "UNRESOLVED":
                    pending = None
    return msgs


def read_baseline(path):
    sets, table = [], {}
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if line.startswith("# set "):
                name, _, opts = line[len("# set "):].partition(" ")
                sets.append((name, " ".join(opts.split())))
                continue
            if not line or line.startswith("#"):
                continue
            letters, _, key = line.partition("  ")
            table[key] = letters.split(" ")
    return sets, table


def counts(table, n):
    c = [collections.Counter() for _ in range(n)]
    for letters in table.values():
        for i, l in enumerate(letters):
            if l != ".":
                c[i][l] += 1
    return c


def compiler_version():
    import subprocess
    try:
        out = subprocess.run(["powerpc-linux-gnu-gcc-12", "--version"],
                             capture_output=True, text=True).stdout
        return out.splitlines()[0]
    except (OSError, IndexError):
        return "unknown"


def write_baseline(g, table, exps, elapsed):
    n = len(g.sets)
    c = counts(table, n)
    with open(g.baseline, "w") as f:
        f.write("# ssara torture baseline '%s': stock GCC, no plugin.\n" % g.name)
        f.write("# Generated by tools/torture.sh on %s, %d s wall.\n"
                % (datetime.date.today().isoformat(), elapsed))
        f.write("# Compiler: %s\n" % compiler_version())
        f.write("# Drivers: %s\n" % exps)
        f.write("# One line per check: one status letter per option set (in\n"
                "# the order of the '# set' lines), two spaces, the result line\n"
                "# without status and options.  Letters: P PASS, F FAIL,\n"
                "# X XPASS, x XFAIL, R UNRESOLVED, U UNSUPPORTED, T UNTESTED,\n"
                "# E ERROR, K KFAIL, k KPASS, . no such line.  Regenerate with\n"
                "# tools/torture.sh baseline|baseline-wide BUILD_DIR.\n")
        for i, (name, opts) in enumerate(g.sets):
            summary = " ".join("%s=%d" % (LETTER_STATUS[l], c[i][l])
                               for l in sorted(c[i], key=lambda l: -c[i][l]))
            f.write("# set %s %s\n" % (name, opts))
            f.write("#   %s\n" % summary)
        for key in sorted(table):
            f.write("%s  %s\n" % (" ".join(table[key]), key))


def stats_key(opts):
    toks = opts.split()
    o = next((t for t in toks if t.startswith("-O")), "noopt")
    g = "-g" if "-g" in toks else ""
    nf = sum(1 for t in toks if t.startswith("-ffixed-"))
    return o + g + ("-fixed%d" % nf if nf else "")


def read_stats(prefix):
    """{stats key: Counter(by)} and Counter of fallback reasons."""
    per = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    if not prefix:
        return per, reasons
    files = [p for p in glob.glob(glob.escape(prefix) + "*")
             if p == prefix or p.startswith(prefix + ".")]
    rx = re.compile(r'^ssara: (\S+) by=(\S+)(?:.*?reason="([^"]*)")?')
    for p in files:
        key = p[len(prefix) + 1:] if p != prefix else "all"
        with open(p, errors="replace") as f:
            for line in f:
                m = rx.match(line)
                if not m:
                    continue
                per[key][m.group(2)] += 1
                if m.group(2) != "ssara":
                    reasons[m.group(3) or "(no reason given)"] += 1
    return per, reasons


def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "-"


def compare(groups, args):
    preflight = []
    if args.preflight and os.path.exists(args.preflight):
        with open(args.preflight, errors="replace") as f:
            preflight = f.read().splitlines()
    if preflight:
        args.subset = False     # nothing ran: every test counts
    out = []            # detail lines
    total_pass = total_fail = 0
    regress_lines = []
    checker_lines = []
    msg_classes = collections.Counter()
    harness_problems = []
    for g in groups:
        if not os.path.exists(g.baseline):
            raise SystemExit("torture-report: no baseline %s; run "
                             "tools/torture.sh baseline (or baseline-wide)"
                             % g.baseline)
        bsets, base = read_baseline(g.baseline)
        if bsets != g.sets:
            raise SystemExit("torture-report: %s was made for option sets %s,"
                             " this run uses %s; regenerate the baseline"
                             % (g.baseline, bsets, g.sets))
        cur = parse_sum(g.sum, g.sets)
        msgs = parse_log_messages(g.log, g.sets)
        n = len(g.sets)
        present = set()         # (set, file) that have any line now
        for key, letters in cur.items():
            for i, l in enumerate(letters):
                if l != ".":
                    present.add((i, key.split(" ", 1)[0]))
        units = {}              # (i, file) -> "pass" | "regress" | "other"
        unit_detail = collections.defaultdict(list)
        pass_lines_b = [0] * n
        pass_lines_c = [0] * n
        for key in set(base) | set(cur):
            b = base.get(key, ["."] * n)
            c = cur.get(key, ["."] * n)
            fname = key.split(" ", 1)[0]
            for i in range(n):
                bl, cl = b[i], c[i]
                pass_lines_b[i] += bl == "P"
                pass_lines_c[i] += cl == "P"
                if bl == "." and cl == ".":
                    continue
                u = (i, fname)
                if args.subset and u not in present:
                    continue
                regressed = (bl == "P" and cl != "P") or (cl in BAD and cl != bl)
                if regressed:
                    units[u] = "regress"
                    m = msgs.get((i, key))
                    unit_detail[u].append((key, bl, cl, m))
                elif cl == "P":
                    units.setdefault(u, "pass")
                elif cl != ".":
                    if units.get(u) == "pass" and cl in BAD:
                        units[u] = "other"
                    elif u not in units and cl in BAD:
                        units[u] = "other"
        npass = [0] * n
        nreg = [0] * n
        for (i, _), state in units.items():
            npass[i] += state == "pass"
            nreg[i] += state == "regress"
        total_pass += sum(npass)
        total_fail += sum(nreg)
        out.append("group %s (%s): baseline %s" % (
            g.name, g.exps,
            os.path.relpath(g.baseline, args.root)))
        out.append("  %-10s %12s %12s %12s %12s" % (
            "set", "PASS stock", "PASS now", "tests pass", "regressions"))
        for i, (name, opts) in enumerate(g.sets):
            out.append("  %-10s %12d %12d %12d %12d" % (
                name, pass_lines_b[i], pass_lines_c[i], npass[i], nreg[i]))
            if len(opts) > 10 or opts.lstrip("-") != name:
                out.append("  %-10s = %s" % ("", opts))
        for u in sorted(unit_detail, key=lambda u: (u[0], u[1])):
            i, fname = u
            for key, bl, cl, m in sorted(unit_detail[u]):
                what = key[len(fname):].strip() or "(whole file)"
                line = "  REGRESSION %s [%s] %s: %s -> %s" % (
                    fname, g.sets[i][0], what, LETTER_STATUS[bl],
                    LETTER_STATUS[cl])
                if m:
                    line += "  | " + m[:200]
                regress_lines.append(line)
                cls = m or "%s: %s" % (LETTER_STATUS[cl], what)
                cls = re.sub(r"^\S+?:\d+(:\d+)?:\s*", "", cls)
                cls = re.sub(r":\d+", ":N", cls)[:120]
                msg_classes[cls] += 1
        # Stats.
        if g.stats:
            per, reasons = read_stats(g.stats)
            keys = {stats_key(o): name for name, o in g.sets}
            if per:
                out.append("  functions allocated (from %s.*):" % os.path.basename(g.stats))
                tot = collections.Counter()
                for k in sorted(per, key=lambda k: (k not in keys, k)):
                    c = per[k]
                    tot.update(c)
                    allf = sum(c.values())
                    label = keys.get(k, k if k != "noopt" else "probes/no -O")
                    out.append("  %-14s by=ssara %7d  by=ira %7d  ssara share %s" % (
                        label, c["ssara"], allf - c["ssara"], pct(c["ssara"], allf)))
                allf = sum(tot.values())
                out.append("  %-14s by=ssara %7d  by=ira %7d  ssara share %s" % (
                    "total", tot["ssara"], allf - tot["ssara"], pct(tot["ssara"], allf)))
                if reasons:
                    out.append("  fallback reasons (top 10 of %d distinct):" % len(reasons))
                    for r, k in reasons.most_common(10):
                        out.append("    %7d  %s" % (k, r[:150]))
                # The checker must never fire: every firing is a failure.
                fired = [(r, k) for r, k in reasons.items() if "checker:" in r]
                for r, k in fired:
                    checker_lines.append("  CHECKER FIRED (%d functions): %s" % (k, r[:200]))
                    total_fail += k
            else:
                out.append("  functions allocated: no stats lines in %s.* "
                           "(plugin wrote none, or no stats option)" % g.stats)
                if args.expect_stats:
                    harness_problems.append("no ssara stats lines for group %s:"
                                            " did the plugin load?" % g.name)
        # Lines the harness should never see.
        errs = [k for k, v in cur.items() if "E" in v]
        for k in errs[:10]:
            out.append("  DejaGnu ERROR line: " + k[:200])
    out.append("checker firings: %d" % sum(
        int(l.split("(")[1].split()[0]) for l in checker_lines))
    out.extend(checker_lines)
    head = "passed=%d failed=%d" % (total_pass, total_fail)
    summary = [head]
    summary.append("torture %s: %s; wall time %s s; plugin flags: %s" % (
        args.mode, "subset run (tests not run are ignored)" if args.subset
        else "full run", args.elapsed, args.flags or "(none)"))
    if preflight:
        summary.append("SUITES NOT RUN: the compiler failed on a trivial program;"
                       " every test that passes with stock counts as failed.")
        summary.extend("  " + l for l in preflight[:20])
    summary.extend(out)
    if msg_classes:
        summary.append("regressions by message (top 15):")
        for cls, k in msg_classes.most_common(15):
            summary.append("  %6d  %s" % (k, cls))
    summary.append("regressions (%d checks in %d tests; pass with stock, "
                   "fail or missing now):" % (len(regress_lines), total_fail))
    summary.extend(regress_lines or ["  none"])
    summary.extend("NOTE: " + p for p in harness_problems)
    text = "\n".join(summary) + "\n"
    with open(args.results, "w") as f:
        f.write(text)
    if args.report:
        with open(args.report, "w") as f:
            f.write(text)
    # Terminal: everything but a very long regression list.
    limit = 150
    lines = text.splitlines()
    if len(regress_lines) > limit:
        cut = len(lines) - len(regress_lines) - len(harness_problems) + limit
        lines = lines[:cut] + ["  ... %d more in %s" % (
            len(regress_lines) - limit, args.results)] + \
            ["NOTE: " + p for p in harness_problems]
    print("\n".join(lines))
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spec")
    ap.add_argument("--mode", required=True)
    ap.add_argument("--write-baseline", action="store_true")
    ap.add_argument("--results")
    ap.add_argument("--report")
    ap.add_argument("--root", default=".")
    ap.add_argument("--subset", action="store_true")
    ap.add_argument("--preflight", help="file with the preflight failure, if any")
    ap.add_argument("--expect-stats", action="store_true")
    ap.add_argument("--elapsed", type=int, default=0)
    ap.add_argument("--flags", default="")
    args = ap.parse_args()
    groups = read_spec(args.spec)
    if args.write_baseline:
        for g in groups:
            table = parse_sum(g.sum, g.sets)
            if not table:
                raise SystemExit("torture-report: no results in " + g.sum)
            write_baseline(g, table, g.exps, args.elapsed)
            c = counts(table, len(g.sets))
            for i, (name, _) in enumerate(g.sets):
                print("baseline %s %-8s %s" % (g.name, name, " ".join(
                    "%s=%d" % (LETTER_STATUS[l], c[i][l]) for l in sorted(c[i]))))
            print("wrote " + g.baseline)
        return 0
    return compare(groups, args)


if __name__ == "__main__":
    sys.exit(main())
