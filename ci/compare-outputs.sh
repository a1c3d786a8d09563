#!/usr/bin/env bash
# Compares what two tracecheck builds print for the same inputs: every
# stored raw capture beside the goldens and every file of the corpus of real
# traces (TRACECHECK_CORPUS_DIR, default ../shared/corpus), through `check`
# (text, JSON, every consumer profile), `scrub` (each format's default rule
# set) and `validate` (each trace schema), stdout, stderr and exit code.
# For a change that must not change behaviour: exit 0 when both builds'
# transcripts are byte-identical, else 1 with the first differences.
#
#   ci/compare-outputs.sh OLD_TRACECHECK NEW_TRACECHECK [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "${1:?usage: ci/compare-outputs.sh OLD_TRACECHECK NEW_TRACECHECK [OUT_DIR]}")
new=$(realpath "${2:?usage: ci/compare-outputs.sh OLD_TRACECHECK NEW_TRACECHECK [OUT_DIR]}")
out=${3:-$(mktemp -d)}
corpus=${TRACECHECK_CORPUS_DIR:-../shared/corpus}
mkdir -p "$out"

inputs=()
while IFS= read -r -d '' f; do inputs+=("$f"); done < <(
  { find golden -path '*.raw/*' \( -type f -o -type d \) -print0
    [ -d "$corpus" ] && find "$corpus" \( -type f ! -name MANIFEST.tsv ! -name '*.md' -o -type d \) -print0
  } | sort -z)

# One transcript: for each input and command, a header line, the md5 of its
# stdout and of its stderr (a scrub of a big trace prints megabytes), and
# its exit code. Paths are the same for both builds; rerun a command that
# differs to see how.
transcript() {
  local bin=$1 scratch=$2 file
  for file in "${inputs[@]}"; do
    run "$bin" "$scratch" check "$file"
    [ -d "$file" ] && continue
    run "$bin" "$scratch" check --output json "$file"
    for profile in tlparse chrome perfetto hta chakra param; do run "$bin" "$scratch" check --profile "$profile" "$file"; done
    for rules in torch_trace/pytorch_test chrome_trace/default execution_trace/default; do
      run "$bin" "$scratch" scrub --rules "$rules" "$file"
    done
    for schema in chrome_trace/kineto.schema.json chrome_trace/trace.schema.json execution_trace/execution_trace.schema.json; do
      run "$bin" "$scratch" validate --schema "schemas/$schema" "$file"
    done
  done
}
run() {
  local bin=$1 scratch=$2; shift 2
  local rc=0
  echo "=== tracecheck $*"
  timeout 120 "$bin" "$@" >"$scratch.stdout" 2>"$scratch.stderr" </dev/null || rc=$?
  echo "stdout $(md5sum <"$scratch.stdout" | cut -c1-32) stderr $(md5sum <"$scratch.stderr" | cut -c1-32) exit $rc"
}

# Both builds at once (one process each, so each command's output is the
# same as alone; --jobs stays at its default in both).
transcript "$old" "$out/old" >"$out/old.txt" &
transcript "$new" "$out/new" >"$out/new.txt" &
wait
commands=$(grep -c '^=== tracecheck ' "$out/new.txt")
if cmp -s "$out/old.txt" "$out/new.txt"; then
  echo "compare-outputs: identical: ${#inputs[@]} inputs, $commands commands ($out/new.txt)"
  exit 0
fi
diff -u "$out/old.txt" "$out/new.txt" | head -60
echo "compare-outputs: DIFFERENT: ${#inputs[@]} inputs, $commands commands (diff $out/old.txt $out/new.txt)"
exit 1
