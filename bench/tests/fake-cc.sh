#!/bin/sh
# fake-cc.sh -- a stand-in compiler for testing ssara-compare: the stock
# compiler, except that a compile given -fplugin=... drops the plugin
# flags and defines SSARA_SIDE instead, so that the two builds of a test
# program can be made to differ on purpose.
for a do
  shift
  case $a in
    -fplugin=*) set -- "$@" -DSSARA_SIDE ;;
    -fplugin-arg-*) ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec "${TARGET_CC:-powerpc-linux-gnu-gcc-12}" "$@"
