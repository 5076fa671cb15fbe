#!/bin/sh
# demo.sh BUILD_DIR -- the main job: compile zlib (from the gcc-12-source
# tarball) and bench/zlib-driver.c with and without the plugin, compare
# the code function by function, run both under qemu and compare outputs.
set -eu
build=$1
top=$(cd "$(dirname "$0")/.." && pwd)
zdir="$build/zlib"
if [ ! -f "$zdir/.extracted" ]; then
  tarball=$(ls /usr/src/gcc-12/gcc-*.tar.xz | head -n 1)
  rm -rf "$zdir" && mkdir -p "$zdir"
  tar xJf "$tarball" -C "$zdir" --strip-components=2 --wildcards \
    '*/zlib/*.c' '*/zlib/*.h' --exclude='*/contrib/*' --exclude='*/examples/*' \
    --exclude='*/test/*'
  touch "$zdir/.extracted"
fi
# The plugin's default fallback=none: every function must be allocated by
# ssara (a decline would be a "sorry"), with the checker on;
# SSARA_DEMO_ARGS overrides.
args=${SSARA_DEMO_ARGS:---plugin-arg check=on}
srcs=""
for f in adler32 compress crc32 deflate inffast inflate inftrees trees uncompr zutil; do
  srcs="$srcs $zdir/$f.c"
done
# shellcheck disable=SC2086
exec python3 "$top/tools/ssara-compare" --plugin "$top/$build/ssara.so" $args \
  --run --keep "$build/demo" "$top/bench/zlib-driver.c" $srcs -- -O2 -I"$zdir"
