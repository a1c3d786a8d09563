# `tracecheck check` of one input on several threads prints byte for byte
# what one thread prints: the same findings in the same order, the same exit
# code. Each input is checked with --jobs 1, --jobs 2 (blocks of 4 KiB) and
# --jobs 8 (blocks of 256 bytes: a boundary every few lines). Inputs: the raw
# captures committed beside the goldens, the bad inputs, the fuzz
# regressions and the reader fuzz targets' seeds, a 24 MiB TORCH_TRACE log,
# a 16 MiB Kineto trace and a 16 MiB execution trace made from real records
# (harness/bench/make_inputs.py), and ../shared/corpus when present.
# Usage: jobs_differential.sh TRACECHECK SOURCE_DIR [CORPUS_DIR]
T="$1"
SRC="$2"
CORPUS="$3"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_jobs.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
unset CI
: > "$TMP/inputs"
find "$SRC/golden" -path '*.raw/*/*' -type f | sort >> "$TMP/inputs"
find "$SRC/harness/tests/data/bad_inputs" "$SRC/harness/fuzz/regressions" -type f ! -name '*.md' ! -name '*.tsv' |
  sort >> "$TMP/inputs"
# The seeds of the reader fuzz targets (harness/fuzz/seeds.tsv) in the tree.
awk -F '\t' '$1 ~ /_reader_fuzz$/ && $2 !~ /^corpus:/ { print $2 }' "$SRC/harness/fuzz/seeds.tsv" | sort -u |
  while IFS= read -r seed; do
    [ -e "$SRC/$seed" ] && find "$SRC/$seed" -type f ! -name '*.md' ! -name '*.tsv'
  done | sort -u >> "$TMP/inputs"
sort -u -o "$TMP/inputs" "$TMP/inputs"
for made in "torch_trace big.log 24" "chrome_trace big.json 16" "execution_trace big_et.json 16"; do
  set -- $made
  if python3 "$SRC/harness/bench/make_inputs.py" "$1" "$TMP/$2" --mb "$3" > "$TMP/make.log" 2>&1; then
    echo "$TMP/$2" >> "$TMP/inputs"
  else
    echo "note: no generated $1 input: $(tail -1 "$TMP/make.log")"
  fi
done
[ -n "$CORPUS" ] && [ -d "$CORPUS" ] && find "$CORPUS" -type f ! -name '*.md' ! -name '*.tsv' | sort >> "$TMP/inputs"

n=0
failed=0
while IFS= read -r input; do
  n=$((n + 1))
  "$T" check --jobs 1 "$input" > "$TMP/one" 2>&1; r1=$?
  for run in "2 4096" "8 256"; do
    set -- $run
    "$T" check --jobs "$1" --block-bytes "$2" "$input" > "$TMP/many" 2>&1; rn=$?
    if [ "$r1" -ne "$rn" ] || ! cmp -s "$TMP/one" "$TMP/many"; then
      echo "FAIL: $input: --jobs 1 (exit $r1) and --jobs $1 --block-bytes $2 (exit $rn) differ:"
      diff "$TMP/one" "$TMP/many" | head -10
      failed=$((failed + 1))
    fi
  done
done < "$TMP/inputs"
[ "$n" -gt 100 ] || { echo "FAIL: only $n inputs found under $SRC"; exit 1; }
[ "$failed" -eq 0 ] || { echo "$failed of $((2 * n)) comparisons differ"; exit 1; }
echo "jobs differential: $n inputs, each the same with --jobs 1, 2 and 8"
