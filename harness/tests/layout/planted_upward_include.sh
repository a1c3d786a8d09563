#!/bin/sh
# Shows that the include-graph test catches an upward include and an
# include of another module's own header: a scratch copy of harness/ passes
# check_layers.py, then fails once io/utf8.cpp (the bottom layer) includes
# cli/command.h (the top) and json/parse.cpp includes io/memory_source.h,
# which io keeps off its surface; each one-line finding names the file, the
# line and the modules.
#   planted_upward_include.sh HARNESS_DIR LAYERS_FILE SURFACES_FILE SCRATCH_DIR
set -eu
harness=$1 layers=$2 surfaces=$3 scratch=$4
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch"
cp -R "$harness" "$scratch/harness"
python3 "$here/check_layers.py" "$scratch/harness" "$layers" "$surfaces" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: the unchanged copy does not pass"; exit 1; }
target="$scratch/harness/io/utf8.cpp"
line=$(($(wc -l <"$target") + 1))
echo '#include "cli/command.h"' >>"$target"
internal="$scratch/harness/json/parse.cpp"
internal_line=$(($(wc -l <"$internal") + 1))
echo '#include "io/memory_source.h"' >>"$internal"
if python3 "$here/check_layers.py" "$scratch/harness" "$layers" "$surfaces" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted includes passed"; exit 1
fi
cat "$scratch/planted.out"
grep -q "^harness/io/utf8.cpp:$line: error\[upward-include\]: module io includes cli/command.h of module cli" \
  "$scratch/planted.out" || { echo "FAIL: no finding at harness/io/utf8.cpp:$line"; exit 1; }
grep -q "^harness/json/parse.cpp:$internal_line: error\[internal-include\]: module json includes io/memory_source.h, which is io's own" \
  "$scratch/planted.out" || { echo "FAIL: no finding at harness/json/parse.cpp:$internal_line"; exit 1; }
echo "PASS: the upward include at io/utf8.cpp:$line and the internal one at json/parse.cpp:$internal_line were found"
