#!/usr/bin/env bash
# Builds the libFuzzer targets (harness/fuzz) with clang and runs each one.
#   ci/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]   on demand: 600 s per target by default
#   ci/fuzz.sh --smoke [TARGET...]                CI: 10 s per target
# The smoke's default targets are the readers, the JSON parser and the array
# splitter's scanners compared. The readers' targets read through
# formats/registry, so the smoke builds every instrumented folder but case/
# (the case loader's, which only case_loader_fuzz needs) and report's
# (golden_compare_fuzz's: golden, report, runner, external, html); the fuzz_replay
# tests replay every target's seeds in every build anyway.
# The build goes to $TRACECHECK_FUZZ_BUILD_DIR (default build-fuzz); the
# corpus each run grows is kept in <build>/corpus/<target> (seeds from
# harness/fuzz/seeds.tsv are read, never written). A crash, leak, timeout or
# out-of-memory stops the run: its input is saved under
# <build>/artifacts/<target>/ and the script exits 1. To turn it into a
# regression: minimise it (<build>/harness/fuzz/<target> -minimize_crash=1
# -runs=100000 ARTIFACT), fix the bug, and commit the minimised input to
# harness/fuzz/regressions/<target>/ (the fuzz_replay/<target> test replays it).
# An input of up to 8 KiB is also printed in base64, for runs whose build
# folder does not outlive them.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=600
smoke=0
if [ "${1:-}" = --smoke ]; then
  seconds=10
  smoke=1
  shift
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
build="${TRACECHECK_FUZZ_BUILD_DIR:-build-fuzz}"
corpus_dir="${TRACECHECK_CORPUS_DIR:-../shared/corpus}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ] && [ $smoke -eq 1 ]; then
  targets=(json_parse_fuzz json_split_fuzz torch_trace_reader_fuzz et_reader_fuzz chrome_trace_reader_fuzz)
elif [ ${#targets[@]} -eq 0 ]; then
  for src in harness/fuzz/*_fuzz.cpp; do targets+=("$(basename "$src" .cpp)"); done
fi

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake --preset fuzz -B "$build" \
  -DCMAKE_CXX_COMPILER="${CXX_FUZZ:-clang++}" -DCMAKE_C_COMPILER="${CC_FUZZ:-clang}" \
  "${launcher[@]}" >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

status=0
for target in "${targets[@]}"; do
  seeds=()
  while IFS=$'\t' read -r name path; do
    path=${path/#corpus:/$corpus_dir/}
    [ "$name" = "$target" ] && [ -e "$path" ] && seeds+=("$path")
  done < <(grep -v '^#' harness/fuzz/seeds.tsv)
  [ -d "harness/fuzz/regressions/$target" ] && seeds+=("harness/fuzz/regressions/$target")
  corpus="$build/corpus/$target"
  artifacts="$build/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  echo "== $target: ${seconds}s"
  # Seed files (not folders) are copied in: libFuzzer reads folders only.
  dirs=()
  for s in "${seeds[@]}"; do
    if [ -d "$s" ]; then dirs+=("$s"); else cp "$s" "$corpus/"; fi
  done
  if ! "$build/harness/fuzz/$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
      -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts" "$corpus" "${dirs[@]}" \
      >"$build/$target.log" 2>&1; then
    echo "FAIL $target: see $build/$target.log and $artifacts"
    grep -E "ERROR|SUMMARY|Test unit written" "$build/$target.log" | head -n 10
    # CI's clone is gone after the run: print small inputs so the log keeps them.
    for f in "$artifacts"*; do
      if [ -f "$f" ] && [ "$(stat -c %s "$f")" -le 8192 ]; then
        echo "input $(basename "$f") (base64): $(base64 -w0 "$f")"
      fi
    done
    status=1
  else
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$build/$target.log" | tr '\n' ' '
    echo
  fi
done
exit $status
