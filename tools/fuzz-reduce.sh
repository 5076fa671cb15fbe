#!/bin/sh
# fuzz-reduce.sh -- reduce a failure kept by tools/fuzz.py with cvise, and
# optionally turn it into a DejaGnu test.  See docs/fuzzing.md.
#
# Usage: tools/fuzz-reduce.sh [-j JOBS] [-s SIGNATURE] [-d NAME] [-r] FAILDIR
#   FAILDIR    RESULTS_DIR/failures/SEED-SET, as fuzz.py kept it (prog.c,
#              info, stats, plugin.err, stock.out).  Its info file names
#              the plugin used; that plugin must still exist.
#   -j JOBS    cvise's parallel tests (default 2)
#   -s SIG     what must stay in the failure: ice, a fixed string in the
#              compiler's messages (default: the ICE text, or the reason of
#              a sorry); internal, an extended regexp on the by=ira stats
#              line (default: the reason up to " at block", every number
#              matching any number, since they change while reducing)
#   -d NAME    also write testsuite/fuzz-found/NAME.c with DejaGnu
#              directives (expected to fail until the bug is fixed)
#   -r         reuse FAILDIR/reduced.c from an earlier run (with -d: only
#              write the test)
#
# Writes FAILDIR/reduce/ (the preprocessed program being reduced, the
# interestingness test test.sh, cvise.log) and FAILDIR/reduced.c.
#
# The interestingness test, by class:
#   every class  the program compiles with stock GCC under the seed's
#                options, and -O1 -Wall -Wextra shows none of the
#                warnings that usually mean undefined behaviour crept in
#                (uninitialized, return-type, implicit, sequence-point,
#                array-bounds, shift-count, integer overflow, ...; csmith's
#                own programs give none of them)
#   mismatch     the stock program exits 0 and prints the same at -O0 and
#                at the seed's options; a host build with
#                -fsanitize=address,undefined runs cleanly; the plugin's
#                program prints something else, exits differently or
#                times out
#   ice          the plugin compile fails and its messages contain SIG
#   internal     the plugin compile succeeds and a by=ira stats line
#                matches SIG
set -eu

jobs=2 sig= dgname= reuse=
while getopts j:s:d:r o; do
  case $o in
    j) jobs=$OPTARG ;;
    s) sig=$OPTARG ;;
    d) dgname=$OPTARG ;;
    r) reuse=1 ;;
    *) echo "usage: $0 [-j JOBS] [-s SIGNATURE] [-d NAME] [-r] FAILDIR" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: $0 [-j JOBS] [-s SIGNATURE] [-d NAME] [-r] FAILDIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd -P)
fail=$(cd "$1" && pwd -P)
[ -f "$fail/info" ] && [ -f "$fail/prog.c" ] || { echo "$0: $fail is not a fuzz.py failure directory" >&2; exit 2; }

info() { sed -n "s/^$1=//p" "$fail/info"; }
class=$(info class)
opts=$(info options)
seed=$(info seed)
set_name=$(info set)
detail=$(info detail)
plugin=$(info plugin | sed -n 's/.*-fplugin=\([^ ]*\).*/\1/p')
[ -f "$plugin" ] || { echo "$0: the plugin $plugin is gone" >&2; exit 2; }
cc=${SSARA_TARGET_CC:-powerpc-linux-gnu-gcc-12}

if [ -z "$sig" ]; then
  case $class in
    internal) sig=$(printf '%s\n' "$detail" | sed -n 's/.*reason="\([^"]*\)".*/\1/p' \
      | sed -e 's/ at block .*/ at block/' -e 's/[].[\\*^$()+?{|]/\\&/g' -e 's/[0-9][0-9]*/[0-9]+/g') ;;
    ice)
      case $detail in
        "compile timeout") sig=timeout ;;
        ICE:*) sig="internal compiler error: ${detail#ICE: }" ;;
        sorry:*) sig=${detail#sorry: }; sig=${sig##*\': } ;;
        *) sig=${detail#error: } ;;
      esac ;;
  esac
fi
case $class in
  mismatch|ice|internal) ;;
  *) echo "$0: class '$class' is not a failure" >&2; exit 2 ;;
esac

work=$fail/reduce
if [ -n "$reuse" ]; then
  [ -f "$fail/reduced.c" ] || { echo "$0: -r: no $fail/reduced.c" >&2; exit 2; }
else
rm -rf "$work"
mkdir -p "$work"
# Reduce the preprocessed program: csmith.h's safe-math functions are
# reduced with the rest, and the result needs no include path.
# shellcheck disable=SC2086 # opts is a list of options
$cc $opts -E -P -I/usr/include/csmith "$fail/prog.c" > "$work/red.c"

# The test runs in a cvise temp directory holding red.c.
cat > "$work/test.sh" <<EOF
#!/bin/sh
# Interestingness test written by tools/fuzz-reduce.sh for
# $fail (class $class).
CC='$cc'
OPTS='$opts'
PLUGIN='-fplugin=$plugin -fplugin-arg-ssara-fallback=ira -fplugin-arg-ssara-check=on'
CLASS='$class'
SIG='$(printf '%s' "$sig" | sed "s/'/'\\\\''/g")'
QEMU='qemu-ppc -L /usr/powerpc-linux-gnu'
f=red.c
\$CC \$OPTS -O1 -Wall -Wextra -c \$f -o /dev/null 2> warn.txt || exit 1
if grep -Eq 'error:|integer overflow in expression|\\[-W(uninitialized|maybe-uninitialized|return-type|implicit|incompatible-pointer-types|int-conversion|sequence-point|aggressive-loop-optimizations|array-bounds|stringop|div-by-zero|shift-count|shift-negative|return-local-addr|dangling|nonnull|int-to-pointer|pointer-to-int|free-nonheap|use-after-free|restrict|main|builtin-declaration|old-style|missing-parameter-type)' warn.txt; then
  exit 1
fi
case \$CLASS in
mismatch)
  \$CC \$OPTS -w \$f -o stock.exe || exit 1
  timeout 10 \$QEMU ./stock.exe > stock.out 2>/dev/null || exit 1
  \$CC -O0 -w \$f -o o0.exe || exit 1
  timeout 10 \$QEMU ./o0.exe > o0.out 2>/dev/null || exit 1
  cmp -s stock.out o0.out || exit 1
  gcc -O0 -w -fsanitize=address,undefined -fno-sanitize-recover=all \$f -o host.exe || exit 1
  timeout 10 ./host.exe > /dev/null 2> host.err || exit 1
  [ ! -s host.err ] || exit 1
  \$CC \$PLUGIN \$OPTS -w \$f -o plugin.exe || exit 1
  timeout 10 \$QEMU ./plugin.exe > plugin.out 2>/dev/null || exit 0
  cmp -s plugin.out stock.out && exit 1
  exit 0 ;;
ice)
  \$CC \$OPTS -w -c \$f -o /dev/null || exit 1
  if [ "\$SIG" = timeout ]; then
    timeout 60 \$CC \$PLUGIN \$OPTS -w -c \$f -o /dev/null 2> err.txt
    [ \$? -eq 124 ] || exit 1
    exit 0
  fi
  \$CC \$PLUGIN \$OPTS -w -c \$f -o /dev/null 2> err.txt && exit 1
  grep -qF -- "\$SIG" err.txt ;;
internal)
  rm -f stats
  \$CC \$PLUGIN -fplugin-arg-ssara-stats=stats \$OPTS -w -c \$f -o /dev/null || exit 1
  grep 'by=ira' stats | grep -qE -- "\$SIG" ;;
esac
EOF
chmod +x "$work/test.sh"

echo "fuzz-reduce: $fail: $class, signature: ${sig:-(outputs differ)}"
(cd "$work" && ./test.sh) || {
  echo "fuzz-reduce: the unreduced program is not interesting (see $work/test.sh)" >&2
  exit 1
}
lines0=$(wc -l < "$work/red.c")
(cd "$work" && cvise --n "$jobs" --timeout 120 --tidy ./test.sh red.c > cvise.log 2>&1) || {
  echo "fuzz-reduce: cvise failed, see $work/cvise.log" >&2
  exit 1
}
cp "$work/red.c" "$fail/reduced.c"
echo "fuzz-reduce: $lines0 lines -> $(wc -l < "$fail/reduced.c") lines: $fail/reduced.c"
fi

[ -n "$dgname" ] || exit 0

# The DejaGnu test: the seed's options with fallback=none, so that the
# test passes only when ssara allocates every function correctly.
out=$root/testsuite/fuzz-found/$dgname.c
mkdir -p "$(dirname "$out")"
case $class in
  mismatch)
    d=$(mktemp -d)
    # shellcheck disable=SC2086
    $cc $opts -w "$fail/reduced.c" -o "$d/stock.exe"
    # dg-output: the stock program's output as a Tcl regexp.
    expected=$(qemu-ppc -L /usr/powerpc-linux-gnu "$d/stock.exe" \
      | python3 -c 'import sys
# A regexp inside a Tcl "string": regexp metacharacters get a backslash
# (written \\), brackets also escape Tcl command substitution (\\\[).
out = ""
for line in sys.stdin.read().splitlines():
    for ch in line:
        if ch in "[]":
            out += "\\\\\\" + ch
        elif ch in ".*+?(){}^$|\\":
            out += "\\\\" + ch
        elif ch == "\"":
            out += "\\\""
        else:
            out += ch
    out += "(\\n|\\r\\n|\\r)"
print(out)')
    rm -rf "$d"
    do=run ;;
  *) do=compile ;;
esac
{
  echo "/* Found by tools/fuzz.py: csmith seed $seed, option set $set_name."
  echo "   $class: $detail"
  echo "   Reduced by tools/fuzz-reduce.sh.  */"
  echo "/* { dg-do $do } */"
  echo "/* { dg-options \"$opts -w -fplugin-arg-ssara-fallback=none\" } */"
  [ "$class" != mismatch ] || echo "/* { dg-output \"$expected\" } */"
  echo
  cat "$fail/reduced.c"
} > "$out"
echo "fuzz-reduce: wrote $out"
