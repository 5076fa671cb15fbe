#!/bin/sh
# bench-setup.sh BUILD_DIR -- what `make bench` needs beyond tools/setup.sh:
# the Debian packages (matplotlib for the plots, npm to fetch sources, GNU
# time for peak memory), and the benchmark programs' sources, fetched into
# BUILD_DIR/bench/src (never committed):
#   sqlite     the SQLite amalgamation from the better-sqlite3 npm package
#   secp256k1  libsecp256k1 bundled in the secp256k1 npm package
#   argon2     the Argon2 reference code bundled in the argon2 npm package
#   brotli     Brotli bundled in the iltorb npm package
#   lz4        LZ4 bundled in the lz4 npm package
#   treesitter the Tree-sitter library (tree-sitter npm package) and the
#              JSON grammar's generated parser (tree-sitter-json)
#   zlib       zlib from Debian's gcc-12-source tarball
# Versions are pinned so that every run measures the same code.
# Idempotent: a source already extracted is kept.
set -eu
build=${1:-build}
src="$build/bench/src"
dl="$build/bench/dl"
mkdir -p "$src" "$dl"

packages="python3-matplotlib npm time"
missing=
for p in $packages; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing="$missing $p"
  fi
done
# npm may come from elsewhere than Debian's package (e.g. a node install).
if command -v npm >/dev/null 2>&1; then
  missing=$(echo "$missing" | sed 's/ npm//')
fi
if [ -n "$missing" ]; then
  echo "bench-setup: installing:$missing"
  sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
fi

# npm_fetch NAME SPEC PATH-IN-PACKAGE: extract PATH-IN-PACKAGE of the npm
# package SPEC (name@version) into $src/NAME.
npm_fetch() {
  name=$1 spec=$2 inner=$3
  [ -f "$src/$name/.extracted" ] && return 0
  tgz=$(cd "$dl" && npm pack --silent "$spec" | tail -n 1)
  rm -rf "$src/$name" "$dl/$name.tmp" && mkdir -p "$src/$name" "$dl/$name.tmp"
  tar xzf "$dl/$tgz" -C "$dl/$name.tmp"
  cp -R "$dl/$name.tmp/package/$inner/." "$src/$name/"
  rm -rf "$dl/$name.tmp"
  echo "$spec" >"$src/$name/.extracted"
  echo "bench-setup: $name from npm $spec"
}

npm_fetch sqlite better-sqlite3@12.11.1 deps/sqlite3
npm_fetch secp256k1 secp256k1@5.0.2 src/secp256k1
npm_fetch argon2 argon2@0.45.1 argon2
npm_fetch brotli iltorb@2.4.5 brotli/c
npm_fetch lz4 lz4@0.6.5 deps/lz4/lib
npm_fetch treesitter tree-sitter@0.25.1 vendor/tree-sitter/lib
npm_fetch treesitter-json tree-sitter-json@0.24.8 src

if [ ! -f "$src/zlib/.extracted" ]; then
  tarball=$(ls /usr/src/gcc-12/gcc-*.tar.xz | head -n 1)
  rm -rf "$src/zlib" && mkdir -p "$src/zlib"
  tar xJf "$tarball" -C "$src/zlib" --strip-components=2 --wildcards \
    '*/zlib/*.c' '*/zlib/*.h' --exclude='*/contrib/*' --exclude='*/examples/*' \
    --exclude='*/test/*'
  basename "$tarball" >"$src/zlib/.extracted"
  echo "bench-setup: zlib from $tarball"
fi
