# `check` shows a progress line (bytes read, MB/s) on a terminal, never when
# stderr is not a terminal, and never under CI. The input is a FIFO whose
# writer waits 2 s mid-trace, so the read outlasts the 1 s before the line
# appears; `script` gives the check a terminal.
T="$1"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_progress.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
unset CI
fail() { printf 'FAIL: %s\n--- output:\n%s\n' "$1" "$OUT"; exit 1; }
slow_trace() {
  rm -f "$TMP/fifo"; mkfifo "$TMP/fifo"
  { printf '{"traceEvents": [{"ph": "i", "name": "a", "pid": 1, "tid": 1, "ts": 1, "s": "g"}'; sleep 2; printf ']}\n'; } > "$TMP/fifo" &
}

slow_trace
OUT=$(script -qec "\"$T\" check --format chrome_trace \"$TMP/fifo\"" /dev/null 2>&1)
printf '%s' "$OUT" | grep -q "tracecheck: [0-9]* MB read, [0-9]* MB/s" || fail "no progress line on a terminal"
printf '%s' "$OUT" | grep -q "0 errors" || fail "the check did not finish"

slow_trace
OUT=$(CI=true script -qec "\"$T\" check --format chrome_trace \"$TMP/fifo\"" /dev/null 2>&1)
printf '%s' "$OUT" | grep -q "MB read" && fail "a progress line under CI"

slow_trace
OUT=$("$T" check --format chrome_trace "$TMP/fifo" 2>&1)
printf '%s' "$OUT" | grep -q "MB read" && fail "a progress line without a terminal"
wait
echo "check progress: ok"
