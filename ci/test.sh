#!/usr/bin/env bash
# README's test command: sets everything up on a fresh machine (Debian
# packages, build, the trixie emitter environment), then runs ctest.
#   ci/test.sh [ctest args...]
set -euo pipefail
cd "$(dirname "$0")/.."

ci/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default -j"$(nproc)"
if [ -x ci/provision-env.sh ] && [ "${TRACECHECK_SKIP_ENV:-0}" != 1 ]; then
  ci/provision-env.sh trixie
fi
(cd build && ctest --output-on-failure -j"$(nproc)" "$@")
# Fuzz smoke: builds the reader and JSON fuzz targets with clang, 10 s each
# (TRACECHECK_SKIP_FUZZ=1 leaves it out; ci/fuzz.sh runs longer on demand).
if [ "${TRACECHECK_SKIP_FUZZ:-0}" != 1 ]; then
  ci/fuzz.sh --smoke
fi
