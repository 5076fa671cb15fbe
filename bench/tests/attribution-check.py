#!/usr/bin/env python3
"""attribution-check.py JSON -- checks of ssara-compare --attribute's
result for bench/tests/attrib.c (run by bench/tests/run.sh).  Prints one
"PASS: ..." or "FAIL: ..." line per check.

- Exactness: per function and per build, the counts per origin tag add up
  to the function's measured dynamic count, and the functions add up to
  qemu-count's total for the program text.
- The program's own functions have no instruction without a tag.
- The stock build has only the tags IRA/LRA and the later passes give.
- Every tag is of the instruction kind it must be: reloads are loads off
  the stack pointer, spill stores stores off it, swaps xor, GPR phi
  copies mr.
- The program has what it was written to have: in the plugin build,
  kernel reloads and stores spilled values on every iteration, rotate3
  swaps, and the program copies phis.
"""
import json
import sys

STOCK_TAGS = {"original", "ra_copy", "ra_reload", "ra_spill", "ra_other",
              "prologue", "after_ra", "padding", "untagged", "unmapped"}
# tag -> the qemu-count class letters its instructions may have.
KINDS = {"reload": {"l"}, "spill_store": {"s"}, "phi_swap": {"X"},
         "phi_copy": {"M"}}
OWN = ("kernel", "rotate", "rotate3", "main")


def main(path):
    r = json.load(open(path))["run"]
    results = []

    def check(name, ok, detail=""):
        results.append(ok)
        print("%s: attribution %s%s" % ("PASS" if ok else "FAIL", name,
                                        "" if ok else " (%s)" % (detail,)))

    for side in ("stock", "ssara"):
        fns = r[side]["functions"]
        bad = {n: (d["insns"], sum(d["tags"].values())) for n, d in fns.items()
               if sum(d["tags"].values()) != d["insns"]}
        check("%s: tags add up to each function's count" % side, not bad, bad)
        total = sum(d["insns"] for d in fns.values())
        check("%s: functions add up to the program's count" % side,
              total == r[side]["dyn"]["insns"], "%d != %d" % (total, r[side]["dyn"]["insns"]))
        loose = {n: {t: c for t, c in fns[n]["tags"].items()
                     if t in ("untagged", "unmapped")} for n in OWN}
        check("%s: every instruction of the program's functions has a tag" % side,
              not any(loose.values()), loose)
        check("%s: no layout mismatch" % side, not r[side].get("layout_mismatch"),
              r[side].get("layout_mismatch"))
    odd = {t for d in r["stock"]["functions"].values() for t in d["tags"]} - STOCK_TAGS
    check("stock: only IRA/LRA's tags", not odd, odd)
    for tag, kinds in KINDS.items():
        wrong = {}
        for n, d in r["ssara"]["functions"].items():
            got = set(d.get("tag_classes", {}).get(tag, {})) - kinds
            if got:
                wrong[n] = got
        check("ssara: %s instructions are %s" % (tag, "/".join(sorted(kinds))),
              not wrong, wrong)
    k = r["ssara"]["functions"]["kernel"]["tags"]
    n = 1000
    check("ssara: kernel reloads in its loop", k.get("reload", 0) >= n, k)
    check("ssara: kernel stores spilled values", k.get("spill_store", 0) >= 1, k)
    rot = r["ssara"]["functions"]["rotate"]["tags"]
    rot3 = r["ssara"]["functions"]["rotate3"]["tags"]
    # Phi copies are what coalescing removes; rotate's phi cycle, resolved
    # outside its loop (GCC peels the exchange) through a free register,
    # still needs some.
    check("ssara: phi copies", rot.get("phi_copy", 0) + k.get("phi_copy", 0) >= 1,
          (k, rot))
    check("ssara: rotate3 swaps in its loop (three xor each)",
          rot3.get("phi_swap", 0) >= 3 * n
          and rot3.get("phi_swap", 0) % 3 == 0, rot3)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
