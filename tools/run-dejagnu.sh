#!/bin/sh
# run-dejagnu.sh BUILD_DIR -- run the plugin's DejaGnu tests
# (testsuite/ssara.dg) with GCC's testsuite libraries and the ppc-qemu
# board, and write BUILD_DIR/results/plugin.txt.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd -P)
mkdir -p "$1"
build=$(cd "$1" && pwd -P)

# GCC's lib/ and config/ come from the gcc-12-source tarball (cached).
gccts=$("$root/tools/torture.sh" extract "$build" | tail -n 1)
ts=$build/ssara-testsuite/testsuite
mkdir -p "$ts"
ln -sfn "$gccts/lib" "$ts/lib"
ln -sfn "$gccts/config" "$ts/config"
ln -sfn "$root/testsuite/ssara.dg" "$ts/ssara.dg"

work=$build/ssara-dg
rm -rf "$work"
mkdir -p "$work"
"$root/config/write-site-exp.sh" "$ts" "$work" > /dev/null

export SSARA_PLUGIN="$build/ssara.so"
# Every compile: the plugin with the checker on; a function it declines
# goes to IRA/LRA, and the tests' scans of "by=ssara" notice.
# (SSARA_DG_FLAGS, not the board's cflags: board flags come after a
# test's dg-options, and -fplugin must come before -fplugin-arg-ssara-*.)
export SSARA_DG_FLAGS="-fplugin=$build/ssara.so -fplugin-arg-ssara-check=on -fplugin-arg-ssara-fallback=ira"
export SSARA_BOARD_CFLAGS=""

cd "$work"
DEJAGNU="$work/site.exp" runtest --tool gcc --srcdir "$ts" \
  --target_board=ppc-qemu ssara.dg/dg.exp ssara.dg/options.exp \
  > "$work/runtest.out" 2>&1 || true

sum="$work/gcc.sum"
mkdir -p "$build/results"
if [ ! -f "$sum" ]; then
  { echo "passed=0 failed=1"; echo "runtest wrote no gcc.sum; see $work/runtest.out"; } \
    > "$build/results/plugin.txt"
  tail -n 20 "$work/runtest.out"
  exit 1
fi
p=$(grep -c '^PASS: ' "$sum" || true)
n=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|ERROR): ' "$sum" || true)
{
  echo "passed=$p failed=$n"
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR): ' "$sum" || true
} > "$build/results/plugin.txt"
cat "$build/results/plugin.txt"
