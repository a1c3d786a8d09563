#!/bin/sh
# Shows that the include-graph test catches an upward include: a scratch
# copy of harness/ passes check_layers.py, then fails once io/utf8.cpp (the
# bottom layer) includes cli/command.h (the top), with the one-line finding
# naming the file, the line and both modules.
#   planted_upward_include.sh HARNESS_DIR LAYERS_FILE SCRATCH_DIR
set -eu
harness=$1 layers=$2 scratch=$3
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch"
cp -R "$harness" "$scratch/harness"
python3 "$here/check_layers.py" "$scratch/harness" "$layers" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: the unchanged copy does not pass"; exit 1; }
target="$scratch/harness/io/utf8.cpp"
line=$(($(wc -l <"$target") + 1))
echo '#include "cli/command.h"' >>"$target"
if python3 "$here/check_layers.py" "$scratch/harness" "$layers" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted upward include passed"; exit 1
fi
cat "$scratch/planted.out"
grep -q "^harness/io/utf8.cpp:$line: error\[upward-include\]: module io includes cli/command.h of module cli" \
  "$scratch/planted.out" || { echo "FAIL: no finding at harness/io/utf8.cpp:$line"; exit 1; }
echo "PASS: the planted include of cli/command.h in io/utf8.cpp:$line was found"
