# A write is refused when two captures of the workload disagree: the test
# case's rule set leaves compilation_metrics (timings) unscrubbed. Runs
# torch live on trixie, twice.
. "$(dirname "$0")/lib.sh"
DATA="$SRC/harness/tests/data/golden"
rm -rf "$TMP/golden"
mkdir -p "$TMP/golden"
OUT=$(TRACECHECK_CASES_DIR="$DATA/cases" TRACECHECK_SCRUBBERS_DIR="$DATA/scrubbers" TRACECHECK_UPDATE=always \
      "$T" run fixture/unstable_timing --env trixie --no-provision 2>&1); RC=$?
if [ "$RC" -eq 77 ]; then
  echo "tracecheck-skip: the trixie environment is unavailable"
  printf '%s\n' "$OUT"
  exit 77
fi
printf '%s\n' "$OUT"
expect 1
has "stability: capturing fixture/unstable_timing a second time before writing"
has "unstable: two captures of the workload, each in a fresh process, gave different scrubbed results; nothing was written"
has "record (compilation_metrics, 0/0):"
has "field compilation_metrics."
has "add a scrub rule to torch_trace/unstable_timing for the unstable fields, e.g.:"
has '{"id": "S?", "op": "replace", "path": ["compilation_metrics"'
[ -z "$(find "$TMP/golden" -type f)" ] || fail "a golden was written although the captures differ"
echo "stability: ok"
