#!/usr/bin/env bash
# Installs this build as a CMake package into a scratch prefix, then
# configures, builds and tests the example emitter project
# (cases/emitters/package_example) against it, as another project would.
# Usage: package_example.sh BUILD_DIR SOURCE_DIR SCRATCH_DIR
set -euo pipefail
build=$1 source=$2 scratch=$3
rm -rf "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$source/cases/emitters/package_example" -B "$scratch/example" "${generator[@]}" \
  -DCMAKE_PREFIX_PATH="$scratch/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$scratch/example" >/dev/null
# The installed tracecheck must find its data in share/tracecheck, not in
# this source tree.
if TRACECHECK_DATA_DIR= "$scratch/prefix/bin/tracecheck" rules input-format | grep -q input-format; then :; else
  echo "installed tracecheck cannot explain a rule" >&2; exit 1
fi
ctest --test-dir "$scratch/example" --output-on-failure
