#!/bin/sh
# Shows that the source-comment path test catches what it guards: a tree
# whose comments name files that exist (and cite another repository's)
# passes check_source_paths.py; a comment naming a missing file fails at
# its line.
#   planted_source_path.sh SCRATCH_DIR
set -eu
scratch=$1
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch/harness/json" "$scratch/harness/io"
printf '// Reads what io/input.h gives; see json/text.h and formats/ID/x.h.\n' >"$scratch/harness/json/text.h"
printf '// The source (catapult@6fd8bbe tracing/model/slice.h:3).\n' >"$scratch/harness/io/input.h"
mkdir -p "$scratch/harness/formats/a"
: >"$scratch/harness/formats/a/x.h"
python3 "$here/check_source_paths.py" "$scratch" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: comments naming existing files do not pass"; exit 1; }
printf 'int f();\n// The other half lives in io/output.h.\n' >>"$scratch/harness/io/input.h"
if python3 "$here/check_source_paths.py" "$scratch" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted path passed"; exit 1
fi
grep -q "^harness/io/input.h:3: error\[missing-path\]: a comment names io/output.h" "$scratch/planted.out" ||
  { cat "$scratch/planted.out"; echo "FAIL: no finding at harness/io/input.h:3"; exit 1; }
echo "PASS: the comment naming io/output.h at harness/io/input.h:3 was found"
