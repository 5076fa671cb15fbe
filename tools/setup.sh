#!/bin/sh
# setup.sh -- install what ssara needs on a Debian 12 machine and extract
# the GCC headers the plugin-dev package lacks.  Idempotent: when
# everything is present it only checks, in about a second.
#
# Usage: tools/setup.sh [BUILD_DIR]   (default: build)
set -eu

build=${1:-build}

# The Debian packages the project uses (see README).
packages="make g++ python3 xz-utils
 gcc-12-powerpc-linux-gnu g++-12-powerpc-linux-gnu
 gcc-12-plugin-dev-powerpc-linux-gnu libc6-dev-powerpc-cross
 qemu-user dejagnu libboost-graph-dev libgmp-dev libmpfr-dev
 gcc-12-source libgtest-dev csmith libcsmith-dev cvise"

missing=
for p in $packages; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing="$missing $p"
  fi
done
if [ -n "$missing" ]; then
  echo "setup: installing:$missing"
  sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
fi

# The rtl-ssa headers, their .inl files and splay-tree-utils.tcc are not in
# gcc-12-plugin-dev; take them from the GCC source tarball.  Never
# committed: they live in the build tree.
tarball=$(ls /usr/src/gcc-12/gcc-*.tar.xz | head -n 1)
inc="$build/gcc-include"
stamp="$inc/.extracted"
if [ ! -f "$stamp" ] || [ "$tarball" -nt "$stamp" ]; then
  echo "setup: extracting rtl-ssa headers from $tarball"
  rm -rf "$inc" && mkdir -p "$inc"
  top=$(tar tJf "$tarball" | head -n 1 | cut -d/ -f1)
  tar xJf "$tarball" -C "$inc" --strip-components=2 \
    --wildcards "$top/gcc/rtl-ssa/*.h" "$top/gcc/rtl-ssa/*.inl" \
    "$top/gcc/splay-tree-utils.tcc"
  touch "$stamp"
fi
