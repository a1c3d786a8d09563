#!/bin/sh
# The bad-input corpus: runs `tracecheck check` on every file a manifest lists
# and asserts its exit code and its diagnostic.
#
# usage: bad_inputs.sh TRACECHECK MANIFEST...
#        bad_inputs.sh --print TRACECHECK MANIFEST   prints each row as the
#          binary behaves now (the first error, or warning when it exits 0),
#          to review and then record a reader's new behaviour
#
# A manifest is a TSV file beside its inputs: path (relative to the
# manifest's folder), exit code, rule id, line, column, and optionally the
# command line after "tracecheck" (space-separated; default "check PATH").
# Commands run in the manifest's folder. Lines starting with '#' are comments.
# For each row the script asserts that:
#  - the command exits with the given code (never a signal or a timeout);
#  - stdout holds the one-line diagnostic "PATH:LINE:COL: SEVERITY[RULE]: ...",
#    the severity being "error" for exit 1 and "warning" for exit 0;
#  - every stdout line is a diagnostic or a hint (no raw input bytes leak
#    into the report);
#  - for `check`: stderr ends with the "N errors, M warnings" summary, and a
#    row that exits 0 with a warning exits 1 under --werror.
# Memory is bounded by `ulimit -v` ($TRACECHECK_VMEM_KB, default 2 GiB;
# "unlimited" under ASan, which reserves terabytes of address space); each
# run is bounded by `timeout` so a hang fails the row instead of the suite.
set -u
export LC_ALL=C
print=0
if [ "$1" = --print ]; then
  print=1
  shift
fi
T="$1"
shift
vmem="${TRACECHECK_VMEM_KB:-2097152}"
per_file_timeout="${TRACECHECK_BAD_INPUT_TIMEOUT:-60}"
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
tab=$(printf '\t')
checked=0
failed=0

fail() {
  echo "FAIL $1: $2"
  sed 's/^/    stdout: /' "$out" | head -n 5
  sed 's/^/    stderr: /' "$err" | tail -n 3
  return 1
}

# run_tracecheck ARGS: runs tracecheck with bounded memory and time.
run_tracecheck() {
  # shellcheck disable=SC2086 # ARGS is a space-separated list
  (ulimit -v "$vmem" || exit 125; exec timeout -s KILL "$per_file_timeout" "$T" $1) >"$out" 2>"$err"
}

# check_row PATH EXIT RULE LINE COL ARGS (in the manifest's folder); fails
# (status 1) when an assertion does not hold.
check_row() {
  path="$1" want_exit="$2" rule="$3" line="$4" col="$5" args="$6"
  command="${args:-check $path}"
  run_tracecheck "$command"
  rc=$?
  if [ $print -eq 1 ]; then
    severity=error
    [ "$rc" -eq 0 ] && severity=warning
    got=$(grep -m1 -E "^$path:[0-9]+:[0-9]+: $severity\[" "$out" |
      sed -E 's/^[^:]+:([0-9]+):([0-9]+): [a-z]+\[([a-z0-9-]+)\].*/\3	\1	\2/')
    printf '%s\t%s\t%s%s\n' "$path" "$rc" "$got" "${args:+	$args}"
    return 0
  fi
  if [ "$rc" -ge 124 ]; then
    fail "$path" "exit $rc: killed, timed out or crashed"
    return 1
  fi
  if [ "$rc" -ne "$want_exit" ]; then
    fail "$path" "exit $rc, expected $want_exit"
    return 1
  fi
  severity=error
  [ "$want_exit" -eq 0 ] && severity=warning
  want="$path:$line:$col: $severity[$rule]: "
  if ! grep -qF -- "$want" "$out"; then
    fail "$path" "no diagnostic '$want'"
    return 1
  fi
  if grep -vqE '^(.+:[0-9]+:[0-9]+: (error|warning)\[[a-z0-9-]+\]: .+|    hint: .*)$' "$out"; then
    fail "$path" "a report line is neither a diagnostic nor a hint"
    return 1
  fi
  case "$command" in check\ *) ;; *) return 0 ;; esac
  if ! tail -n 1 "$err" | grep -qE '^[0-9]+ errors, [0-9]+ warnings$'; then
    fail "$path" "stderr does not end with the summary"
    return 1
  fi
  if [ "$want_exit" -eq 0 ]; then
    run_tracecheck "check --werror ${command#check }"
    rc=$?
    if [ "$rc" -ne 1 ]; then
      fail "$path" "exit $rc under --werror, expected 1"
      return 1
    fi
  fi
}

T=$(cd "$(dirname "$T")" && pwd)/$(basename "$T")
for manifest in "$@"; do
  dir=$(cd "$(dirname "$manifest")" && pwd)
  while IFS="$tab" read -r path want_exit rule line col args; do
    case "$path" in '' | '#'*) continue ;; esac
    (cd "$dir" && check_row "$path" "$want_exit" "$rule" "$line" "$col" "${args:-}") || failed=$((failed + 1))
    checked=$((checked + 1))
  done <"$dir/$(basename "$manifest")"
done

echo "$checked inputs checked, $failed failed"
[ "$checked" -gt 0 ] && [ "$failed" -eq 0 ]
