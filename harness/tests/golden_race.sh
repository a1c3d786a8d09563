#!/bin/sh
# Races concurrent accepts of one golden, as `TRACECHECK_ACCEPT=1 ctest -j`
# does when a case's live test and its replay test accept together: N
# `tracecheck accept` processes, each with a capture whose facts differ,
# write golden fixture/tiny at once. Afterwards the golden must be exactly
# one of the N versions, its raw artifacts (raw/facts.json) the same
# version as its text, and no temp file or folder may be left behind.
#
# usage: golden_race.sh TRACECHECK DATA_DIR [ROUNDS] [WRITERS]
#   DATA_DIR: harness/tests/data/golden (cases/ and capture/)
set -u
T="$1"
data="$2"
rounds="${3:-5}"
writers="${4:-6}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TRACECHECK_CASES_DIR="$data/cases"
export TRACECHECK_GOLDEN_DIR="$work/golden"
export TRACECHECK_FORCE_UPDATE=1
export TRACECHECK_WORK_DIR="$work/runs"
unset TRACECHECK_ACCEPT TRACECHECK_UPDATE
failed=0

i=1
while [ $i -le "$writers" ]; do
  cp -r "$data/capture" "$work/capture_$i"
  printf '{"version": %d}\n' $i >"$work/capture_$i/facts.json"
  i=$((i + 1))
done

round=1
while [ $round -le "$rounds" ]; do
  i=1
  while [ $i -le "$writers" ]; do
    "$T" accept fixture/tiny "$work/capture_$i" >"$work/out_$i" 2>&1 &
    i=$((i + 1))
  done
  wait
  golden=$(find "$work/golden" -name tiny.txt)
  if [ -z "$golden" ]; then
    echo "round $round: no golden written"
    cat "$work"/out_*
    exit 1
  fi
  text_version=$(sed -n 's/^ *"version": \([0-9]*\).*/\1/p' "$golden")
  raw_version=$(sed -n 's/.*"version": \([0-9]*\).*/\1/p' "${golden%.txt}.raw/facts.json" 2>/dev/null)
  if [ -z "$text_version" ] || [ "$text_version" != "$raw_version" ]; then
    echo "round $round: the golden text is version '$text_version', its raw artifacts version '$raw_version'"
    failed=1
  fi
  leftovers=$(find "$work/golden" -name '*.tmp.*' -o -name '*.old')
  if [ -n "$leftovers" ]; then
    echo "round $round: left behind: $leftovers"
    failed=1
  fi
  round=$((round + 1))
done
[ $failed -eq 0 ] && echo "$rounds rounds of $writers concurrent accepts: one complete version each time"
exit $failed
