#!/usr/bin/env bash
# README's run command: builds tracecheck, provisions the emitter environment
# (default trixie, torch 2.6.0) and runs every case live, printing one report
# line per case.
#   ci/conformance.sh [--env trixie|sid] [CASE...]
set -euo pipefail
cd "$(dirname "$0")/.."

env_name=trixie
if [ "${1:-}" = "--env" ]; then env_name=$2; shift 2; fi

ci/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default -j"$(nproc)" --target tracecheck
ci/provision-env.sh "$env_name"

if [ $# -eq 0 ]; then
  mapfile -t cases < <(cd cases && find . -name '*.json' ! -path './emitters/*' | sed 's|^\./||; s|\.json$||' | sort)
  set -- "${cases[@]}"
fi
exec build/harness/tracecheck run --env "$env_name" "$@"
