#!/bin/sh
# fuzz-found.sh BUILD_DIR -- run the reduced fuzzing failures of
# testsuite/fuzz-found/ as DejaGnu tests (plugin with the checker on,
# programs under qemu-ppc) and print their results.  Not part of make
# check: these tests fail until their bugs are fixed.  See docs/fuzzing.md.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd -P)
mkdir -p "$1"
build=$(cd "$1" && pwd -P)

gccts=$("$root/tools/torture.sh" extract "$build" | tail -n 1)
ts=$build/fuzz-found-testsuite/testsuite
mkdir -p "$ts"
ln -sfn "$gccts/lib" "$ts/lib"
ln -sfn "$gccts/config" "$ts/config"
ln -sfn "$root/testsuite/fuzz-found" "$ts/fuzz-found"

work=$build/fuzz-found
rm -rf "$work"
mkdir -p "$work"
"$root/config/write-site-exp.sh" "$ts" "$work" > /dev/null
export SSARA_DG_FLAGS="-fplugin=$build/ssara.so -fplugin-arg-ssara-check=on -fplugin-arg-ssara-fallback=ira"
export SSARA_BOARD_CFLAGS=""
cd "$work"
DEJAGNU="$work/site.exp" runtest --tool gcc --srcdir "$ts" \
  --target_board=ppc-qemu fuzz-found/dg.exp > "$work/runtest.out" 2>&1 || true
[ -f "$work/gcc.sum" ] || { tail -n 20 "$work/runtest.out"; exit 2; }
grep -E '^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|ERROR): ' "$work/gcc.sum" || true
echo "fuzz-found: $(grep -c '^PASS: ' "$work/gcc.sum") passed," \
  "$(grep -cE '^(FAIL|XPASS|UNRESOLVED|ERROR): ' "$work/gcc.sum") failed (log: $work/gcc.log)"
