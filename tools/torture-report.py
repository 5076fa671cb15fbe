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
    fallback none|ira|- (optional: the plugin's fallback in this group, - for
                         no plugin)
    stats PATH          (optional: the -fplugin-arg-ssara-stats FILE)
    set SETNAME OPTIONS (one line per option set, in TORTURE_OPTIONS order)

Units.  DejaGnu prints one line per check (a compile, an execution); the
harness counts *tests*, a test being one test file at one option set.  A
test is a regression when a check of it that passes with stock GCC does
not pass with the plugin (FAIL, UNRESOLVED, UNSUPPORTED or missing), or
when it gets a FAIL/XPASS/UNRESOLVED/ERROR line that stock does not have.
A test passes when it has at least one PASS, no such bad line and no
regression.  Tests that fail with stock as well count as neither.

Declines.  A function the plugin cannot allocate goes to IRA/LRA under
fallback=ira, and the plugin's stats file says so ("by=ira reason=...");
under fallback=none it is a "sorry" diagnostic, hence an excess error of
the test, and the report takes it from the log.  Both are listed per
option set, grouped by reason.
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
        self.fallback = "-"
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
            elif word in ("sum", "log", "baseline", "stats", "exps", "fallback"):
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


# The plugin's decline under fallback=none (plugin/pass.cc), in the C
# locale GCC's testsuite sets or with typographic quotes.
SORRY_RE = re.compile(r"sorry, unimplemented: ssara cannot allocate function "
                      r"['\u2018](.*?)['\u2019]: (.*?)(?: \(use ['\u2018]-fplugin-arg-ssara-fallback|$)")
# Lines that end an "Excess errors:" block (DejaGnu writes the block after
# the FAIL line it explains).
BLOCK_END_RE = re.compile(r"^(Executing on |Running |spawn |doing |"
                          r"Setting LD_LIBRARY_PATH|WARNING: |ERROR: )")
# The diagnostic kinds worth naming a failure by; the first excess-error
# line of one of these kinds wins over the block's first line.
DIAG_RE = re.compile(r"(internal compiler error|error:|sorry, unimplemented|"
                     r"warning:|Segmentation fault|Killed)")


def parse_log(path, sets):
    """Read the merged log.  Return (msgs, unit_msg, sorries):

    msgs maps (set index, key) of FAIL/UNRESOLVED/ERROR lines to the first
    line of the compiler's excess errors (preferring an error, ICE, sorry
    or warning line), to a timeout warning printed before it, or, for a
    program run, to the program's first line of output ("qemu: uncaught
    target signal 6 (Aborted)"); a test's later UNRESOLVED lines (such as
    "execution test" after a failed compile) get the same message.

    unit_msg maps (set index, test file) to the first message of the test
    at that set (for its checks that have no line at all now).

    sorries is a list of (set index, test file, function, reason) for each
    "ssara cannot allocate function" in an excess-errors block."""
    msgs = {}
    sorries = []
    if not path or not os.path.exists(path):
        return msgs, {}, sorries
    matcher = Matcher(sets)
    pending = None          # timeout warning for the next FAIL
    prog_out = None         # first output line of the last program run
    in_run = False          # between "spawn [open ..." and a result
    last = None             # (idx, key) of the last FAIL/UNRESOLVED/ERROR
    unit_msg = {}           # (idx, file) -> message, for later UNRESOLVED
    block = None            # lines of the current Excess errors block

    def close_block():
        if block is None or last is None:
            return
        lines = [l.strip() for l in block if l.strip()]
        if not lines:
            return
        first = next((l for l in lines if DIAG_RE.search(l)), lines[0])
        msgs.setdefault(last, first)
        idx, key = last
        fname = key.split(" ", 1)[0]
        unit_msg.setdefault((idx, fname), first)
        for l in lines:
            m = SORRY_RE.search(l)
            if m:
                sorries.append((idx, fname, m.group(1), m.group(2)))

    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            m = LINE_RE.match(line)
            if block is not None:
                if not m and not BLOCK_END_RE.match(line):
                    block.append(line)
                    continue
                close_block()
                block = None
            if line.startswith("Excess errors:"):
                block = []
                continue
            if line.startswith("spawn [open "):
                in_run, prog_out = True, None
                continue
            if in_run and not m:
                if BLOCK_END_RE.match(line):
                    # A new compile: the run was a probe's.
                    in_run, prog_out = False, None
                elif prog_out is None and line.strip():
                    prog_out = "program: " + line.strip()
                    continue
            if line.startswith("WARNING:") and "timed out" in line:
                pending = line[len("WARNING: "):].strip()
                continue
            if m:
                if m.group(1) in ("FAIL", "UNRESOLVED", "ERROR"):
                    idx, key = matcher.split(m.group(2))
                    last = (idx, key)
                    fname = key.split(" ", 1)[0]
                    msg = pending or (in_run and prog_out) or unit_msg.get((idx, fname))
                    if msg:
                        msgs.setdefault(last, msg)
                        unit_msg.setdefault((idx, fname), msg)
                else:
                    last = None
                pending = None
                in_run, prog_out = False, None
        if block is not None:
            close_block()
    return msgs, unit_msg, sorries


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
    """The statistics file key of an option set; tools/torture-cc computes
    the same from a compile's command line."""
    toks = opts.split()
    o = next((t for t in toks if t.startswith("-O")), "noopt")
    g = "-g" if "-g" in toks else ""
    nums, names = set(), []
    for t in toks:
        m = re.match(r"^-ffixed-r(\d{1,2})$", t)
        if m:
            nums.add(int(m.group(1)))
        elif t.startswith("-ffixed-"):
            names.append(t[len("-ffixed-"):])
    parts = []
    for n in sorted(nums):
        if parts and parts[-1][1] == n - 1:
            parts[-1][1] = n
        else:
            parts.append([n, n])
    fixed = ",".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in parts)
    fixed = ("r" + fixed if fixed else "")
    fixed = ",".join(x for x in [fixed] + names if x)
    return o + g + ("-fixed-" + fixed if fixed else "")


# One line per function compiled (plugin/report.cc).  C++ names contain
# blanks ("std::vector<int, std::allocator<int> >::push_back"), so the name
# runs up to the last " by=".
STATS_RE = re.compile(r'^ssara: (.*) by=(\S+)(?: .*?reason="(.*)")?')


def read_stats(prefix):
    """{stats key: Counter(by)}, Counter of fallback reasons and
    {stats key: [(function, reason, source)]} of the functions not
    allocated.  tools/torture-cc names the files PREFIX.KEY@SOURCE (the
    source file's base name) or PREFIX.KEY."""
    per = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    declined = collections.defaultdict(list)
    if not prefix:
        return per, reasons, declined
    files = [p for p in glob.glob(glob.escape(prefix) + "*")
             if p == prefix or p.startswith(prefix + ".")]
    for p in files:
        key = p[len(prefix) + 1:] if p != prefix else "all"
        key, _, src = key.partition("@")
        with open(p, errors="replace") as f:
            for line in f:
                m = STATS_RE.match(line.rstrip("\n"))
                if not m:
                    continue
                per[key][m.group(2)] += 1
                if m.group(2) != "ssara":
                    reason = m.group(3) or "(no reason given)"
                    reasons[reason] += 1
                    declined[key].append((m.group(1), reason, src or "?"))
    return per, reasons, declined


def reason_class(reason):
    """A decline reason without its pseudo, insn and block numbers, so
    that the same limitation in different functions groups together
    (pattern names such as *movtf_32bit keep theirs)."""
    return re.sub(r"\b(r|insn |block |slot |offset )\d+", r"\1N", reason)


def decline_lines(items, indent, examples=12):
    """items: [(reason, example)].  Lines grouping them by reason_class,
    most frequent first, each with up to EXAMPLES distinct examples."""
    by = collections.defaultdict(list)
    for reason, ex in items:
        by[reason_class(reason)].append(ex)
    out = []
    for cls, exs in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        uniq = list(dict.fromkeys(exs))
        shown = ", ".join(uniq[:examples])
        if len(uniq) > examples:
            shown += ", ... %d more" % (len(uniq) - examples)
        out.append("%s%5d  %s" % (indent, len(exs), cls[:160]))
        out.append("%s       e.g. %s" % (indent, shown))
    return out


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
        msgs, unit_msg, sorries = parse_log(g.log, g.sets)
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
                    m = msgs.get((i, key)) or unit_msg.get(u)
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
        per, reasons, declined = read_stats(g.stats)
        keys = {stats_key(o): name for name, o in g.sets}
        # Declines per set: by=ira lines of the stats files, sorry lines of
        # the log (fallback=none).
        ira_by_set = [[] for _ in range(n)]
        for k, items in declined.items():
            for i, (_, o) in enumerate(g.sets):
                if stats_key(o) == k:
                    ira_by_set[i].extend((r, "%s (%s)" % (src, f))
                                         for f, r, src in items)
        sorry_by_set = [[] for _ in range(n)]
        for idx, fname, func, reason in sorries:
            for i in (range(n) if idx is None else [idx]):
                sorry_by_set[i].append((reason, "%s (%s)" % (fname, func)))
        out.append("group %s (%s): baseline %s; fallback=%s" % (
            g.name, g.exps,
            os.path.relpath(g.baseline, args.root), g.fallback))
        out.append("  %-10s %12s %12s %12s %12s %12s" % (
            "set", "PASS stock", "PASS now", "tests pass", "regressions",
            "declines"))
        for i, (name, opts) in enumerate(g.sets):
            out.append("  %-10s %12d %12d %12d %12d %12d" % (
                name, pass_lines_b[i], pass_lines_c[i], npass[i], nreg[i],
                len(ira_by_set[i]) + len(sorry_by_set[i])))
            if len(opts) > 10 or opts.lstrip("-") != name:
                out.append("  %-10s = %s" % ("", opts))
        if any(ira_by_set) or any(sorry_by_set):
            out.append("  (declines: functions the plugin did not allocate: "
                       "by=ira in the stats files, \"sorry\" in the log)")
        for i, (name, _) in enumerate(g.sets):
            if ira_by_set[i]:
                out.append("  declines at %s, by=ira (%d functions), by reason:"
                           % (name, len(ira_by_set[i])))
                out.extend(decline_lines(ira_by_set[i], "    "))
            if sorry_by_set[i]:
                out.append("  declines at %s, sorry with fallback=none "
                           "(%d functions), by reason:" % (name, len(sorry_by_set[i])))
                out.extend(decline_lines(sorry_by_set[i], "    "))
        # A checker firing under fallback=none is a sorry: its test fails
        # already (no second count), but it is named like the others.
        fired_sorry = collections.Counter(
            r for _, _, _, r in sorries if "checker:" in r)
        for r, k in sorted(fired_sorry.items()):
            checker_lines.append("  CHECKER FIRED (%d functions, sorry): %s" % (k, r[:200]))
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
                sm = SORRY_RE.search(cls)
                if sm:
                    # One class per decline reason, whatever the function.
                    cls = "ssara declines: " + reason_class(sm.group(2))
                cls = re.sub(r"^\S+?:\d+(:\d+)?:\s*", "", cls)
                cls = re.sub(r":\d+", ":N", cls)[:120]
                msg_classes[cls] += 1
        # Stats.
        if g.stats:
            if per:
                out.append("  functions allocated (from %s.*):" % os.path.basename(g.stats))
                tot = collections.Counter()
                order = {stats_key(o): i for i, (_, o) in enumerate(g.sets)}
                for k in sorted(per, key=lambda k: (order.get(k, len(order)), k)):
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
    # torture.sh's default flags say fallback=@FALLBACK@: the group's.
    fallbacks = sorted({g.fallback for g in groups})
    flags = args.flags.replace("@FALLBACK@", fallbacks[0] if len(fallbacks) == 1
                               else "@FALLBACK@ (the group's, below)")
    summary.append("torture %s: %s; wall time %s s; plugin flags: %s" % (
        args.mode, "subset run (tests not run are ignored)" if args.subset
        else "full run", args.elapsed, flags or "(none)"))
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
