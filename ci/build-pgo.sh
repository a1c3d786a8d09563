#!/usr/bin/env bash
# Builds a CMake preset's tracecheck with profile-guided optimisation, trained
# on the project's own real traces (harness/bench/PERFORMANCE.md has what it
# gains):
#
#   ci/build-pgo.sh PRESET [TARGET...]     e.g. ci/build-pgo.sh bench parse_limit
#
# 1. builds tracecheck with TRACECHECK_PGO=generate in
#    build-pgo-generate/PRESET/ (the preset's settings, another folder; kept,
#    so it rebuilds only what changed);
# 2. trains it: `check` on one thread and on two, and `validate`, over inputs
#    made by harness/bench/make_inputs.py from the raw captures committed
#    beside the goldens (a GPU Kineto trace, execution traces, a compiled
#    model's TORCH_TRACE), sized so that each format's check takes a like
#    share of the training; then `check` of every raw trace file, for the
#    paths the big inputs do not take (the debug-trace folders are not
#    trained: that reader is optimised as usual). The profile is made anew
#    each time;
# 3. builds tracecheck and the preset's other TARGETs with TRACECHECK_PGO=use
#    from scratch (the whole folder: the build cannot tell that a profile
#    changed), and fails unless every object the profile covers was built
#    from it: same folder layout (each profile file has its object) and
#    same sources (no -Wcoverage-mismatch);
# 4. replays the training runs with the optimised tracecheck, and fails
#    unless its output and exit codes are the trained build's, byte for byte
#    (a check on the compiler, not on the traces).
#
# Both folders are configured afresh from the preset (cmake --fresh), so
# that the settings that name objects (unity batches, precompiled headers)
# and compile them are the same in both: a setting of one's own in the
# preset's folder is dropped. That folder keeps TRACECHECK_PGO=use in its
# cache: a later build there without retraining warns of the sources changed
# since, and optimises those as usual. `cmake --preset PRESET
# -DTRACECHECK_PGO=` turns it off.
set -euo pipefail
cd "$(dirname "$0")/.."

preset=${1:?usage: ci/build-pgo.sh PRESET [TARGET...]}
shift
targets=(tracecheck "$@")

# The preset's folder, from CMakePresets.json (following "inherits").
# shellcheck disable=SC2016  # ${sourceDir} is CMake's, not the shell's
dir=$(python3 -c '
import json, sys
presets = {p["name"]: p for p in json.load(open("CMakePresets.json"))["configurePresets"]}
p = presets[sys.argv[1]]
while "binaryDir" not in p:
    p = presets[p["inherits"]]
print(p["binaryDir"].replace("${sourceDir}", "."))' "$preset")

gen="build-pgo-generate/$preset"
profile="$PWD/$gen/profile"
cmake --preset "$preset" -B "$gen" --fresh -DTRACECHECK_PGO=generate -DTRACECHECK_PGO_DIR="$profile" >/dev/null
cmake --build "$gen" -j"$(nproc)" --target tracecheck

train="$gen/train"
mkdir -p "$train"
python3 harness/bench/make_inputs.py chrome_trace "$train/kineto.json" --mb 8 >/dev/null
python3 harness/bench/make_inputs.py execution_trace "$train/et.json" --mb 24 >/dev/null
python3 harness/bench/make_inputs.py torch_trace "$train/torch_trace.log" --mb 16 >/dev/null
mapfile -t raws < <(find golden -path '*.raw/*' -type f \( -name '*.json' -o -name '*.json.gz' -o -name '*.log' \
  -o -name '*.log.gz' \) ! -name env.json ! -name facts.json ! -name outcome.json | sort)

runs=()
for input in "$train/kineto.json" "$train/et.json" "$train/torch_trace.log"; do
  runs+=("check --jobs 2 $input" "check --jobs 1 $input")
done
runs+=("validate --schema schemas/chrome_trace/kineto.schema.json $train/kineto.json"
       "validate --schema schemas/execution_trace/execution_trace.schema.json $train/et.json"
       "check --jobs 2 ${raws[*]}")

# replay BINARY OUT: every run, its output and its exit code into OUT. A run
# that finds errors exits 1: a finished run; any other code stops the build.
replay() {
  local run code
  : >"$2"
  for run in "${runs[@]}"; do
    code=0
    # shellcheck disable=SC2086  # a run is its words; no path has a space
    "$1" $run >>"$2" 2>&1 || code=$?
    echo "exit $code" >>"$2"
    if [ "$code" -gt 1 ]; then
      echo "build-pgo.sh: $1 $run: exit $code" >&2
      exit 1
    fi
  done
}

rm -rf "$profile"
replay "$gen/harness/tracecheck" "$train/output.generate.txt"
echo "build-pgo.sh: trained on ${#runs[@]} runs over $(du -ch "$train"/kineto.json "$train"/et.json \
  "$train"/torch_trace.log | tail -n 1 | cut -f1) of inputs and ${#raws[@]} raw captures" >&2

cmake --preset "$preset" --fresh -DTRACECHECK_PGO=use -DTRACECHECK_PGO_DIR="$profile" >/dev/null
cmake --build --preset "$preset" -j"$(nproc)" --clean-first --target "${targets[@]}" 2>&1 | tee "$train/use-build.log"

# The profile's files are named by their objects, the build folder left out
# ("harness#CMakeFiles#x.dir#Unity#unity_0_cxx.cxx.gcda"): one without its
# object was not used, and g++ would only have said so in a warning we turn
# off for the untrained targets.
shopt -s nullglob
profiles=("$profile"/*.gcda)
shopt -u nullglob
[ ${#profiles[@]} -gt 0 ] || { echo "build-pgo.sh: the training wrote no profile in $profile" >&2; exit 1; }
unused=0
for data in "${profiles[@]}"; do
  object="$dir/$(basename "$data" .gcda | tr '#' /).o"
  [ -f "$object" ] || { echo "build-pgo.sh: no $object for the profile's $(basename "$data")" >&2; unused=1; }
done
[ "$unused" = 0 ] || exit 1
if grep -q 'coverage-mismatch' "$train/use-build.log"; then
  echo "build-pgo.sh: sources changed between the training and the build (-Wcoverage-mismatch above)" >&2
  exit 1
fi

replay "$dir/harness/tracecheck" "$train/output.use.txt"
if ! cmp -s "$train/output.generate.txt" "$train/output.use.txt"; then
  echo "build-pgo.sh: the optimised tracecheck's output differs from the trained one's:" >&2
  diff "$train/output.generate.txt" "$train/output.use.txt" | head -20 >&2
  exit 1
fi
echo "build-pgo.sh: $dir/harness/tracecheck gave the trained build's output on every training run" >&2
