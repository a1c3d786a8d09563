#!/usr/bin/env bash
# Speed and memory against the hardware limits (never part of the test run):
# builds tracecheck and the bench tools (Release, build-bench/), generates the
# inputs from the raw captures committed beside the goldens (a torch 2.11 GPU
# Kineto trace, its execution traces, a compiled training step's TORCH_TRACE:
# repeated with ts and ids shifted, gzipped too, and verbatim) into a scratch
# folder, and prints for each input its findings and the median CPU seconds,
# MB/s, wall seconds and peak RSS of check / scrub / validate beside md5sum
# and simdjson parse-only on the same file, with the ratios; the corpus's and
# ../shared/gpu's traces are extra rows when present.
#
#   ci/bench.sh [run_bench.py options]      e.g. --only torch_trace --runs 5
#
# tracecheck is built as a release would be: trained on the raw captures
# (ci/build-pgo.sh, about 7 minutes on two cores).
#
# Environment: TRACECHECK_BENCH_PGO (1, the default; 0 builds without the
# profile, as the tests' build is), TRACECHECK_BENCH_MB (input size in MiB,
# default 1024; 64 for a quick run), TRACECHECK_BENCH_RUNS (default 3),
# TRACECHECK_BENCH_DIR (the scratch folder, default build-bench/inputs;
# inputs are reused while their size matches), TRACECHECK_CORPUS_DIR (the
# extra rows' real traces, default ../shared/corpus beside the checkout).
#
# Wall times on a shared VM drift by more than one change's step. For
# comparing two builds (neither is run here):
# harness/bench/count_work.py counts instructions and branch mispredicts
# of `check` on the same inputs (valgrind's cachegrind), and
# harness/bench/compare_wall.py times the binaries on one input in turn,
# md5sum among them, so that the drift falls on all alike, and gives each
# binary's ratio to the first paired round by round.
set -euo pipefail
cd "$(dirname "$0")/.."

ci/install-deps.sh
if [ "${TRACECHECK_BENCH_PGO:-1}" = 1 ]; then
  ci/build-pgo.sh bench parse_limit
else
  cmake --preset bench -DTRACECHECK_PGO= >/dev/null
  cmake --build --preset bench -j"$(nproc)" --target tracecheck parse_limit
fi
python3 harness/bench/run_bench.py --build build-bench \
  --scratch "${TRACECHECK_BENCH_DIR:-build-bench/inputs}" "$@"

# The HTML report of a replay of every stored golden: its size and the
# median of 3 renders (report --html over the replay's JSON report).
scratch="${TRACECHECK_BENCH_DIR:-build-bench/inputs}"
mkdir -p "$scratch"
TRACECHECK_WORK_DIR="$scratch/runs" build-bench/harness/tracecheck replay --report-json "$scratch/all.json" >/dev/null
times=()
for _ in 1 2 3; do
  start=$(date +%s.%N)
  build-bench/harness/tracecheck report "$scratch/all.json" --html "$scratch/report.html" >/dev/null
  times+=("$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }')")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
printf 'html report: %s bytes, render median %s s (3 runs)\n' "$(wc -c < "$scratch/report.html")" "$median"
