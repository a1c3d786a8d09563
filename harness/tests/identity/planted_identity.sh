#!/bin/sh
# Shows that the identity test catches what it guards: against a copy of
# project.tsv where one run's output digest is changed and another run's row
# is gone, findings_identity.py exits 1 and names both.
#   planted_identity.sh TRACECHECK SOURCE_DIR SCRATCH_DIR
set -eu
tracecheck=$1 source_dir=$2 scratch=$3
here=$(dirname "$0")
only=harness/tests/data/chrome_trace/
rm -rf "$scratch" && mkdir -p "$scratch"
grep -v "^$only" "$here/project.tsv" >"$scratch/planted.tsv"
grep "^$only" "$here/project.tsv" | awk -F'\t' -v OFS='\t' '
  NR == 1 { $5 = "00000000000000000000000000000000" }
  NR == 2 { next }
  { print }' >>"$scratch/planted.tsv"
changed=$(grep "^$only" "$here/project.tsv" | sed -n 1p | cut -f1,2)
dropped=$(grep "^$only" "$here/project.tsv" | sed -n 2p | cut -f1,2)
if python3 "$here/findings_identity.py" project --tracecheck "$tracecheck" --source-dir "$source_dir" \
     --only "$only" --manifest "$scratch/planted.tsv" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted manifest passed"; exit 1
fi
for key in "$changed" "$dropped"; do
  file=${key%%	*} profile=${key#*	}
  grep -q "^$file: --profile $profile: " "$scratch/planted.out" ||
    { cat "$scratch/planted.out"; echo "FAIL: $file --profile $profile not reported"; exit 1; }
done
grep -q " 2 differ$" "$scratch/planted.out" || { cat "$scratch/planted.out"; echo "FAIL: not 2 differences"; exit 1; }
echo "PASS: the changed and the missing row were both reported"
