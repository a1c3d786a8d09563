#!/bin/sh
# Shows that the namespace test catches what it guards: a tree whose files
# declare their folders' namespaces (a nested one, a forward declaration of
# another module's type, case/'s tc::cases) passes check_namespaces.py; a
# file declaring another folder's namespace fails at its line.
#   planted_namespace.sh SCRATCH_DIR
set -eu
scratch=$1
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch/harness/json" "$scratch/harness/formats/chrome_trace" "$scratch/harness/case"
printf 'namespace tc::json {\nint f();\n}  // namespace tc::json\nnamespace tc::json::pointer {\nint g();\n}  // namespace tc::json::pointer\n' \
  >"$scratch/harness/json/pointer.h"
printf 'namespace tc::scrub {\nstruct RuleUse;\n}\nnamespace tc::formats::chrome_trace {\nint h();\n}  // namespace tc::formats::chrome_trace\n' \
  >"$scratch/harness/formats/chrome_trace/reader.h"
printf 'namespace tc::cases {\nint k();\n}  // namespace tc::cases\n' >"$scratch/harness/case/case_name.h"
python3 "$here/check_namespaces.py" "$scratch" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: files in their folders' namespaces do not pass"; exit 1; }
printf 'namespace tc::reader {\nint read();\n}  // namespace tc::reader\n' >>"$scratch/harness/formats/chrome_trace/reader.h"
if python3 "$here/check_namespaces.py" "$scratch" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted namespace passed"; exit 1
fi
grep -q "^harness/formats/chrome_trace/reader.h:7: error\[namespace\]: declares tc::reader" "$scratch/planted.out" ||
  { cat "$scratch/planted.out"; echo "FAIL: no finding at harness/formats/chrome_trace/reader.h:7"; exit 1; }
echo "PASS: tc::reader in harness/formats/chrome_trace/reader.h:7 was found"
