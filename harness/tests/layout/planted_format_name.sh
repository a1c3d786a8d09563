#!/bin/sh
# Shows that the format-name test catches format knowledge outside
# harness/formats/: a scratch copy of harness/ and schemas/ passes
# check_format_names.py, then fails once golden/drift.cpp (a generic layer)
# names the Chrome trace's event array, with the finding at its line.
#   planted_format_name.sh SOURCE_DIR SCRATCH_DIR
set -eu
source=$1 scratch=$2
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch"
cp -R "$source/harness" "$source/schemas" "$scratch/"
python3 "$here/check_format_names.py" "$scratch" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: the unchanged copy does not pass"; exit 1; }
target="$scratch/harness/golden/drift.cpp"
line=$(($(wc -l <"$target") + 1))
echo 'static const char* const kPlanted = "traceEvents";' >>"$target"
if python3 "$here/check_format_names.py" "$scratch" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted format field passed"; exit 1
fi
cat "$scratch/planted.out"
grep -q "^harness/golden/drift.cpp:$line: error\[format-name\]: names traceEvents" "$scratch/planted.out" ||
  { echo "FAIL: no finding at harness/golden/drift.cpp:$line"; exit 1; }
echo "PASS: the planted \"traceEvents\" in golden/drift.cpp:$line was found"
