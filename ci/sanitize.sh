#!/usr/bin/env bash
# Builds with ASan + UBSan (CMakePresets.json "asan": Debug,
# TRACECHECK_SANITIZE=ON, into build-asan) and runs the unit, bad-input,
# fuzz-replay, corpus and replay tests under it. On demand (not part of
# ci/test.sh): about the cost of a full build plus a few minutes of tests.
#   ci/sanitize.sh [ctest args...]
set -euo pipefail
cd "$(dirname "$0")/.."

build="${TRACECHECK_ASAN_BUILD_DIR:-build-asan}"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake --preset asan -B "$build" "${launcher[@]}" >/dev/null
cmake --build "$build" -j"$(nproc)"
# halt_on_error: a finding fails its test; detect_leaks: leaks are findings.
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
cd "$build"
ctest --output-on-failure -j"$(nproc)" -L 'unit|bad_inputs|fuzz|corpus|replay|cli' "$@"
