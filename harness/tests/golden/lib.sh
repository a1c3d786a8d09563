# Shared by the golden workflow tests (harness/tests/golden_workflow.cmake).
# Sourced with $1 = the tracecheck binary, $2 = the source tree. Copies the
# committed goldens into a private temp tree (tests never write the
# committed ones) and points tracecheck at it.
T="$1"
SRC="$2"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_golden_test.XXXXXX") || exit 1
trap '[ -n "$KEEP_TMP" ] || rm -rf "$TMP"' EXIT
unset CI TRACECHECK_ACCEPT TRACECHECK_UPDATE TRACECHECK_FORCE_UPDATE TRACECHECK_PENDING_DIR \
      TRACECHECK_SCRUBBERS_DIR TRACECHECK_CASES_DIR NO_COLOR
export TRACECHECK_GOLDEN_DIR="$TMP/golden" TRACECHECK_WORK_DIR="$TMP/work"
# The example case every test uses: a real golden and its stored capture.
E=torch-2.6.0
C=structured/example_fn
G="$TMP/golden/$E/$C.txt"
if [ ! -f "$SRC/golden/$E/$C.txt" ] || [ ! -d "$SRC/golden/$E/$C.raw" ]; then
  echo "tracecheck-skip: no committed golden $E/$C"
  exit 77
fi
cp -r "$SRC/golden" "$TMP/golden"
# The reference: the example golden as this build renders it from its stored
# capture (a version 1 golden gains the v2 header here).
TRACECHECK_UPDATE=always "$T" replay "$C" --emitter "$E" > "$TMP/rerender.log" 2>&1 ||
  { OUT=$(cat "$TMP/rerender.log"); echo "cannot re-render $E/$C:"; printf '%s\n' "$OUT"; exit 1; }
cp "$G" "$TMP/reference.txt"

fail() {
  printf 'FAIL: %s\n--- output of the last command:\n%s\n' "$*" "$OUT"
  exit 1
}
# tc ARGS...: runs tracecheck, keeps stdout+stderr in $OUT and the code in $RC.
tc() {
  OUT=$("$T" "$@" 2>&1)
  RC=$?
}
expect() { [ "$RC" -eq "$1" ] || fail "exit $RC, expected $1"; }
has() { printf '%s' "$OUT" | grep -qF -- "$1" || fail "output lacks: $1"; }
hasnt() { printf '%s' "$OUT" | grep -qF -- "$1" && fail "output has: $1"; return 0; }
same() { cmp -s "$1" "$2" || fail "$1 differs from $2"; }
# Makes the example golden expect a 10x10 tensor where the capture has 1000x1000.
mutate() {
  sed -i '0,/"size": \[1000, 1000\], "is_leaf"/s//"size": [10, 10], "is_leaf"/' "$G"
  cmp -s "$G" "$TMP/reference.txt" && fail "the mutation did not apply to $G"
  cp "$G" "$TMP/mutated.txt"
}
