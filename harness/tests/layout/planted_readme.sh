#!/bin/sh
# Shows that the README test catches what it guards: a page whose commands
# all answer passes check_readme.py; a command that is no subcommand fails
# at its line, and so does a page over the line limit.
#   planted_readme.sh TRACECHECK SCRATCH_DIR
set -eu
tracecheck=$1 scratch=$2
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch"
printf '# A page\n\n    build/harness/tracecheck check FILE\n\nThen `tracecheck rules RULE`.\n' >"$scratch/README.md"
python3 "$here/check_readme.py" "$scratch" "$tracecheck" >"$scratch/clean.out" ||
  { cat "$scratch/clean.out"; echo "FAIL: a page whose commands answer does not pass"; exit 1; }
printf '\n    build/harness/tracecheck chek FILE\n' >>"$scratch/README.md"
if python3 "$here/check_readme.py" "$scratch" "$tracecheck" >"$scratch/planted.out"; then
  cat "$scratch/planted.out"; echo "FAIL: the planted command passed"; exit 1
fi
grep -q "^README.md:7: error\[unknown-command\]: .tracecheck chek --help." "$scratch/planted.out" ||
  { cat "$scratch/planted.out"; echo "FAIL: no finding at README.md:7"; exit 1; }
printf '# A page\n' >"$scratch/README.md"
i=0
while [ $i -lt 200 ]; do echo "line $i" >>"$scratch/README.md"; i=$((i + 1)); done
if python3 "$here/check_readme.py" "$scratch" "$tracecheck" >"$scratch/long.out"; then
  cat "$scratch/long.out"; echo "FAIL: a 201-line page passed"; exit 1
fi
grep -q "error\[too-long\]" "$scratch/long.out" || { cat "$scratch/long.out"; echo "FAIL: no too-long finding"; exit 1; }
echo "PASS: the unknown command at README.md:7 and the 201-line page were found"
