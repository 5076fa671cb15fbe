#!/bin/sh
# run.sh BUILD_DIR -- tests of the benchmark tools: the qemu counting
# plugin (tools/qemu-count.c) on routines whose counts are derived by hand
# (count-kernels.S), and tools/ssara-compare (static counts, agreeing
# runs, and every kind of mismatch reported as a failure).
# Writes BUILD_DIR/results/bench-tools.txt: "passed=N failed=M", then the
# failing tests.  Exit status 0 when all passed.
set -u
build=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
here="$top/bench/tests"
case $build in /*) ;; *) build="$top/$build" ;; esac
cc=${TARGET_CC:-powerpc-linux-gnu-gcc-12}
qemu="qemu-ppc -L /usr/powerpc-linux-gnu"
counter="$build/qemu-count.so"
plugin="$build/ssara.so"
compare="python3 $top/tools/ssara-compare"
work="$build/bench-tools-tests"
rm -rf "$work" && mkdir -p "$work" "$build/results"
pass=0
fail=0
failed=
ok() { pass=$((pass + 1)); echo "PASS: $1"; }
ko() { fail=$((fail + 1)); failed="$failed
FAIL: $1"; echo "FAIL: $1"; }
check() { # NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then ok "$1"; else ko "$1 (expected '$2', got '$3')"; fi
}

# ---- The counting plugin on hand-counted code.
exe="$work/kernels"
$cc -O2 -no-pie -o "$exe" "$here/count-main.c" "$here/count-kernels.S" \
  || { ko "build kernels"; exe=; }
range() { # SYMBOL -> "lo hi"
  powerpc-linux-gnu-nm -S "$exe" | awk -v s="$1" \
    '$4 == s { printf "0x%s 0x%x\n", $1, strtonum("0x" $1) + strtonum("0x" $2) }'
}
count() { # SYMBOL ARGS... -> the counter's line without all=
  sym=$1; shift
  set -- $(range "$sym") "$@"
  lo=$1 hi=$2; shift 2
  rm -f "$work/count.txt"
  $qemu -plugin "$counter,lo=$lo,hi=$hi,out=$work/count.txt" "$exe" "$@" >/dev/null \
    && sed 's/ all=.*//' "$work/count.txt"
}
if [ -n "$exe" ]; then
  # loop_kernel(n): 8 + 5n instructions, 2n + 1 loads (n + 1 off sp),
  # n + 1 stores (all off sp).
  for n in 1 10 1000; do
    check "qemu-count loop_kernel n=$n" \
      "insns=$((8 + 5 * n)) loads=$((2 * n + 1)) stores=$((n + 1)) sp_loads=$((n + 1)) sp_stores=$((n + 1))" \
      "$(count loop_kernel loop $n)"
  done
  # forms_kernel: 78 instructions, 33 loads (4 off sp), 31 stores (5 off
  # sp): every integer, floating-point, multiple, string, byte-reversed
  # and reservation form, with and without update, D and X forms.
  check "qemu-count forms_kernel" \
    "insns=78 loads=33 stores=31 sp_loads=4 sp_stores=5" "$(count forms_kernel forms)"
  # The whole program's text: more than the kernel, less than everything
  # executed (libc and the dynamic loader are outside the range).
  lo=$(powerpc-linux-gnu-readelf -SW "$exe" | awk '$2 == ".text" { print "0x" $4 }')
  size=$(powerpc-linux-gnu-readelf -SW "$exe" | awk '$2 == ".text" { print "0x" $6 }')
  hi=$(printf '0x%x' $((lo + size)))
  rm -f "$work/count.txt"
  $qemu -plugin "$counter,lo=$lo,hi=$hi,out=$work/count.txt" "$exe" loop 1000 >/dev/null
  line=$(cat "$work/count.txt" 2>/dev/null)
  insns=$(echo "$line" | sed -n 's/^insns=\([0-9]*\) .*/\1/p')
  all=$(echo "$line" | sed -n 's/.* all=\([0-9]*\)$/\1/p')
  if [ -n "$insns" ] && [ "$insns" -gt 5008 ] && [ "$insns" -lt 5500 ] \
     && [ "$all" -gt $((insns + 10000)) ]; then
    ok "qemu-count program text excludes libc"
  else
    ko "qemu-count program text excludes libc ($line)"
  fi
  # pcs=: per-address counts that add up to insns=, classified.
  set -- $(range loop_kernel)
  rm -f "$work/count.txt" "$work/pcs.txt"
  $qemu -plugin "$counter,lo=$1,hi=$2,out=$work/count.txt,pcs=$work/pcs.txt" \
    "$exe" loop 10 >/dev/null
  check "qemu-count pcs= adds up to insns=" \
    "$(sed -n 's/^insns=\([0-9]*\) .*/\1/p' "$work/count.txt")" \
    "$(awk '{ s += $2 } END { print s }' "$work/pcs.txt" 2>/dev/null)"
  check "qemu-count pcs= classes (loads, sp loads, sp stores)" "10 11 11" \
    "$(awk '$3 == "L" { L += $2 } $3 == "l" { l += $2 } $3 == "s" { s += $2 }
            END { print L + 0, l + 0, s + 0 }' "$work/pcs.txt" 2>/dev/null)"
  # A bad argument makes qemu refuse the plugin.
  if $qemu -plugin "$counter,bogus=1" "$exe" >/dev/null 2>&1; then
    ko "qemu-count rejects a bad argument"
  else
    ok "qemu-count rejects a bad argument"
  fi
fi

# ---- ssara-compare.
# Static counts: forms_kernel's row is the hand count on both sides.
out=$($compare --plugin "$plugin" --plugin-arg fallback=ira --per-function \
  "$here/count-main.c" "$here/count-kernels.S" -- -O2 -fno-pie 2>&1)
row=$(echo "$out" | awk '$1 == "forms_kernel" { $1 = ""; print }' | sed 's/^ //')
check "ssara-compare static counts" "78 78 33 33 31 31 4 4 0 0 64 64" "$row"
case $out in
  *"functions allocated by ssara: 1, by IRA/LRA: 0"*) ok "ssara-compare stats line" ;;
  *) ko "ssara-compare stats line: $out" ;;
esac

# Agreeing runs with counts: exit 0, counts in the JSON file equal on both
# sides for the hand-written kernel's share.
$compare --plugin "$plugin" --plugin-arg fallback=ira --run --count "$counter" \
  --args "loop 1000" --json "$work/agree.json" \
  "$here/count-main.c" "$here/count-kernels.S" -- -O2 -fno-pie >"$work/agree.out" 2>&1
st=$?
check "ssara-compare --run agree: exit status" 0 "$st"
grep -q "run: outputs agree" "$work/agree.out" && ok "ssara-compare --run agree: message" \
  || ko "ssara-compare --run agree: message"
dyn=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["run"]
s=r["stock"]["dyn"]; print(s["insns"] > 5008 and s["sp_stores"] >= 1001 and r["ssara"]["dyn"]["insns"] > 5008)' "$work/agree.json" 2>&1)
check "ssara-compare --count dynamic counts" True "$dyn"

# gcc-style arguments: flags and files in any order, with ssara-compare's
# own options among them; the same static counts as the "--" form.
out2=$($compare -O2 "$here/count-main.c" --plugin "$plugin" -fno-pie \
  --per-function "$here/count-kernels.S" --plugin-arg fallback=ira 2>&1)
row2=$(echo "$out2" | awk '$1 == "forms_kernel" { $1 = ""; print }' | sed 's/^ //')
check "ssara-compare gcc-style arguments" "$row" "$row2"

# Attribution (docs/attribution.md): bench/tests/attrib.c with r3-r10
# allocatable, checked by attribution-check.py.  The paper's spilling
# (spill=pereira), whose code for it has every kind of edit the check
# looks for; the default's splitting spiller leaves no phi copy in it.
fix8="-ffixed-r0 -ffixed-r11 -ffixed-r12"
for r in $(seq 14 31); do fix8="$fix8 -ffixed-r$r"; done
$compare --plugin "$plugin" --plugin-arg spill=pereira --run --count "$counter" --attribute \
  --json "$work/attrib.json" "$here/attrib.c" -O2 -fno-pie $fix8 \
  >"$work/attrib.out" 2>&1
check "ssara-compare --attribute: exit status" 0 "$?"
grep -q "extra dynamic instructions by origin" "$work/attrib.out" \
  && ok "ssara-compare --attribute: table" || ko "ssara-compare --attribute: table"
python3 "$here/attribution-check.py" "$work/attrib.json" >"$work/attrib-check.out" 2>&1
st=$?
while IFS= read -r line; do
  case $line in
    PASS:*) ok "${line#PASS: }" ;;
    FAIL:*) ko "${line#FAIL: }" ;;
  esac
done <"$work/attrib-check.out"
grep -q '^PASS' "$work/attrib-check.out" || ko "attribution-check.py ran: $(tail -n 3 "$work/attrib-check.out")"
# A crash after some checks passed (a Python error) is a failure too.
[ "$st" -eq 0 ] || grep -q '^FAIL' "$work/attrib-check.out" \
  || ko "attribution-check.py exit status $st: $(tail -n 1 "$work/attrib-check.out")"

# Mismatches are failures (exit 1): other output, other exit status, a
# plugin-side run that never ends.  A compile failure is exit 2.
for mode in 1:1:output 2:1:exit-status 3:1:timeout 4:2:compile-error 0:0:no-difference; do
  m=${mode%%:*}; rest=${mode#*:}; want=${rest%%:*}; what=${rest#*:}
  $compare --cc "$here/fake-cc.sh" --run --timeout 5 "$here/differ.c" -- -O2 -DMODE=$m \
    >"$work/differ-$m.out" 2>&1
  st=$?
  check "ssara-compare differ $what: exit status" "$want" "$st"
  if [ "$want" = 1 ]; then
    grep -q "run: MISMATCH" "$work/differ-$m.out" && ok "ssara-compare differ $what: reported" \
      || ko "ssara-compare differ $what: reported"
  fi
done

# A plugin-side compiler crash in a function: reported, and with
# --decline-ice the file is compiled again with that function declined;
# the run is measured but the exit status is 1.  Without --decline-ice
# the crash is a compile failure (exit 2).
FAKE_ICE=main $compare --cc "$here/fake-cc.sh" --run --decline-ice 2 "$here/differ.c" \
  -- -O2 >"$work/ice.out" 2>&1
st=$?
check "ssara-compare plugin crash declined: exit status" 1 "$st"
grep -q "PLUGIN CRASH in main (differ.c): internal compiler error: Segmentation fault; compiled again with decline=main" \
  "$work/ice.out" && grep -q "run: outputs agree" "$work/ice.out" \
  && ok "ssara-compare plugin crash declined: reported, run measured" \
  || ko "ssara-compare plugin crash declined: reported, run measured"
FAKE_ICE=main $compare --cc "$here/fake-cc.sh" --run "$here/differ.c" -- -O2 \
  >"$work/ice2.out" 2>&1
st=$?
check "ssara-compare plugin crash: exit status" 2 "$st"

# ---- The pass-timing plugin (tools/pass_times.cc): the allocator passes
# that ran, each once per function, and nothing for a pass gated off.
timer="$build/pass_times.so"
passes() { # OUT FLAGS... -> "ira=RUNS reload=RUNS ssara=RUNS" (0 when absent)
  out=$1; shift
  rm -f "$out"
  $cc -O2 -c -o "$work/pt.o" "$here/differ.c" "-fplugin=$timer" \
    "-fplugin-arg-pass_times-out=$out" "$@" \
    && awk '{ n[$1] = $2 } END { printf "ira=%d reload=%d ssara=%d\n", n["ira"], n["reload"], n["ssara"] }' "$out"
}
funcs=1   # differ.c defines main alone
check "pass_times stock: IRA and LRA per function" \
  "ira=$funcs reload=$funcs ssara=0" "$(passes "$work/pt-stock.txt")"
check "pass_times with ssara: the ssara pass, no IRA or LRA" \
  "ira=0 reload=0 ssara=$funcs" "$(passes "$work/pt-ssara.txt" "-fplugin=$plugin")"
# (A name may hold spaces: "rtl pre".)
check "pass_times: each line NAME RUNS USER SYSTEM" "ok" \
  "$(awk 'NF < 4 || $(NF-2) !~ /^[0-9]+$/ || $(NF-1) !~ /^[0-9.]+$/ || $NF !~ /^[0-9.]+$/ { bad = 1 }
          END { print (NR && !bad) ? "ok" : "bad" }' "$work/pt-stock.txt")"
$cc -O2 -c -o "$work/pt.o" "$here/differ.c" "-fplugin=$timer" \
  -fplugin-arg-pass_times-outfile=x >"$work/pt-bad.out" 2>&1
st=$?
grep -q "pass_times: unknown argument 'outfile'" "$work/pt-bad.out" && [ "$st" -ne 0 ] \
  && ok "pass_times: an unknown argument is an error" \
  || ko "pass_times: an unknown argument is an error"

# ---- bench.py's compile cost: each side's best of COST_RUNS compiles,
# the sides in turns, every run's time kept.
best=$(cd "$top/tools" && python3 -c '
import bench as b
order = []
times = {"stock": [2.0, 1.5], "ssara": [0.9, 1.2]}
def compile_side(side):
    order.append(side)
    t = times[side][sum(1 for x in order if x == side) - 1]
    key = "ra" if side == "stock" else "ssara"
    return {"ok": True, "ra": 9, "ssara": 9, "incl": {key: t, "ra" if key == "ssara" else "ssara": 0}}
b.COST_RUNS = 2
r = b.best_of_compiles("test", compile_side)
print(" ".join(order), r["stock"]["incl"]["ra"], r["ssara"]["incl"]["ssara"],
      r["stock"]["alloc_runs"], r["ssara"]["alloc_runs"])' 2>&1 | grep -v "^bench:")
check "bench.py best_of_compiles: turns, least time, all runs kept" \
  "stock ssara stock ssara 1.5 0.9 [2.0, 1.5] [0.9, 1.2]" "$best"

# ---- bench_report's growth fit (the generated functions' table):
# seconds ~ values^2 and ~ values^1, and a step that grows as values^2
# in the table's k column.
k=$(cd "$top/tools" && python3 -c '
import bench_report as b
print("%.2f %.2f" % (b.fitted_exponent([(1000, 1.0), (2000, 4.0), (4000, 16.0)]),
                     b.fitted_exponent([(10, 3.0), (100, 30.0)])))
rows = [{"stmts": n, "stock": {"ok": True, "incl": {"ra": n / 1e3, "ssara": 0}},
         "ssara": {"ok": True, "values": 2 * n, "incl": {"ra": 0, "ssara": n / 1e4},
                   "phases": {"spill": (n / 1e3) ** 2, "total": 1}}}
        for n in (5000, 10000, 20000)]
L = []
b.growth_table(L.append, rows)
print([l for l in L if l.startswith("| spill ")][0].split("|")[-2].strip())' 2>&1)
check "bench_report fitted_exponent and growth_table" "2.00 1.00
2.00" "$k"

{ echo "passed=$pass failed=$fail"; [ -n "$failed" ] && echo "$failed" | sed '/^$/d'; } \
  >"$build/results/bench-tools.txt"
echo "bench-tools: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
