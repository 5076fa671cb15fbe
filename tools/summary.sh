#!/bin/sh
# summary.sh RESULTS_DIR -- print each suite's result and the final line
# "N passed, N failed" that CI reads.
#
# Every suite writes RESULTS_DIR/SUITE.txt: first line "passed=N failed=M",
# then any detail lines.  A suite that was expected but wrote no file
# counts as one failure, so a crashed harness cannot pass silently.
set -u
dir=$1
expected="core plugin torture fuzz bench-tools"
total_pass=0
total_fail=0
for suite in $expected; do
  f="$dir/$suite.txt"
  if [ ! -f "$f" ]; then
    echo "$suite: no result (the suite did not run to completion)"
    total_fail=$((total_fail + 1))
    continue
  fi
  line=$(head -n 1 "$f")
  p=$(echo "$line" | sed -n 's/.*passed=\([0-9]*\).*/\1/p')
  n=$(echo "$line" | sed -n 's/.*failed=\([0-9]*\).*/\1/p')
  p=${p:-0}
  n=${n:-1}
  echo "$suite: $p passed, $n failed"
  tail -n +2 "$f" | sed 's/^/  /'
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + n))
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
