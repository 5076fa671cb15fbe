#!/bin/sh
# fake-cc.sh -- a stand-in compiler for testing ssara-compare: the stock
# compiler, except that a compile given -fplugin=... drops the plugin
# flags and defines SSARA_SIDE instead, so that the two builds of a test
# program can be made to differ on purpose.  With FAKE_ICE=NAME in the
# environment, a plugin-side compile that does not decline NAME fails the
# way GCC reports a crash in function NAME.
ice=
for a do
  shift
  case $a in
    -fplugin=*) set -- "$@" -DSSARA_SIDE; ice=${FAKE_ICE-} ;;
    -fplugin-arg-ssara-decline=*) case ":${a#*=}:" in *":${FAKE_ICE-}:"*) ice= ;; esac ;;
    -fplugin-arg-*) ;;
    *) set -- "$@" "$a" ;;
  esac
done
if [ -n "$ice" ]; then
  echo "x.c: In function 'other':" >&2
  echo "x.c:3:1: warning: unused variable" >&2
  echo "x.c: In function '$ice':" >&2
  echo "x.c:9:1: internal compiler error: Segmentation fault" >&2
  exit 1
fi
exec "${TARGET_CC:-powerpc-linux-gnu-gcc-12}" "$@"
