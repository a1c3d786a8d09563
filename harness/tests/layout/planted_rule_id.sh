#!/bin/sh
# Shows that the rule-id test catches a rule the catalog does not hold: a
# scratch git repository with a README.md that names `ct-be-unmatched` in a
# code span passes check_rule_ids.py, then fails once a code span names
# `ct-be-unbalanced`, with the finding at its line.
#   planted_rule_id.sh TRACECHECK SCRATCH_DIR
set -eu
tracecheck=$1 scratch=$2
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch"
git -C "$scratch" init -q
printf '# A page\n\nAn E with no open B is `ct-be-unmatched`.\n' >"$scratch/README.md"
git -C "$scratch" add README.md
python3 "$here/check_rule_ids.py" "$scratch" "$tracecheck" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: the page with a real rule id does not pass"; exit 1; }
printf 'Match it with `HasFinding("ct-be-unbalanced")`.\n' >>"$scratch/README.md"
if python3 "$here/check_rule_ids.py" "$scratch" "$tracecheck" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted rule id passed"; exit 1
fi
cat "$scratch/planted.out"
grep -q "^README.md:4: error\[unknown-rule\]: names rule 'ct-be-unbalanced'" "$scratch/planted.out" ||
  { echo "FAIL: no finding at README.md:4"; exit 1; }
echo "PASS: the planted ct-be-unbalanced at README.md:4 was found"
