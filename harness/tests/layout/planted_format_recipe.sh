#!/bin/sh
# Shows that the recipe test catches what it guards: in a scratch copy of
# the project, a new C++ file listing every format that the recipe does not
# name fails check_format_recipe.py, naming the file.
#   planted_format_recipe.sh SOURCE_DIR SCRATCH_DIR
set -eu
source_dir=$1 scratch=$2
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch"
git -C "$source_dir" ls-files -z | (cd "$source_dir" && xargs -0 tar cf -) | tar xf - -C "$scratch"
git -C "$scratch" init -q && git -C "$scratch" add -A
python3 "$here/check_format_recipe.py" "$scratch" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: the unchanged copy does not pass"; exit 1; }
ids=$(cd "$scratch/harness/formats" && for d in */format.h; do printf '"%s", ' "${d%/format.h}"; done)
printf 'const char* kAll[] = {%s};\n' "$ids" >"$scratch/harness/report/format_list.cpp"
git -C "$scratch" add harness/report/format_list.cpp
if python3 "$here/check_format_recipe.py" "$scratch" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted list passed"; exit 1
fi
grep -q "error\[recipe\]: harness/report/format_list.cpp lists every format" "$scratch/planted.out" ||
  { cat "$scratch/planted.out"; echo "FAIL: harness/report/format_list.cpp not reported"; exit 1; }
echo "PASS: the unnamed list harness/report/format_list.cpp was found"
