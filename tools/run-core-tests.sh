#!/bin/sh
# run-core-tests.sh BUILD_DIR -- run the allocator core's host tests
# (GoogleTest) and write BUILD_DIR/results/core.txt.
set -u
build=$1
mkdir -p "$build/results"
log="$build/results/core.log"
"$build/core-tests/run" --gtest_brief=1 > "$log" 2>&1
status=$?
# GoogleTest's closing lines: "[  PASSED  ] N tests." and
# "[  FAILED  ] N tests, listed below:".
p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
n=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
p=${p:-0}
n=${n:-0}
if [ "$status" -ne 0 ] && [ "$n" -eq 0 ]; then
  n=1  # crashed before its summary
fi
{
  echo "passed=$p failed=$n"
  grep '^\[  FAILED  \] [A-Za-z]' "$log" | sort -u
  [ "$status" -ne 0 ] && echo "exit status $status; log: $log"
} > "$build/results/core.txt"
tail -n 3 "$log"
exit $status
