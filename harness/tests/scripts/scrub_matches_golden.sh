#!/bin/sh
# scrub_matches_golden.sh TRACECHECK RULES GOLDEN SECTION TRACE
# Passes when `tracecheck scrub --rules RULES TRACE` prints exactly the
# golden's "[trace SECTION]" section (the lines up to the next "[" header).
set -eu
tracecheck=$1 rules=$2 golden=$3 section=$4 trace=$5
expected=$(mktemp) actual=$(mktemp)
trap 'rm -f "$expected" "$actual"' EXIT
awk -v header="[trace $section]" '$0 == header { f = 1; next } substr($0, 1, 1) == "[" { f = 0 } f' "$golden" >"$expected"
[ -s "$expected" ] || { echo "no [trace $section] section in $golden"; exit 1; }
"$tracecheck" scrub --rules "$rules" "$trace" >"$actual" 2>/dev/null || [ $? -eq 1 ]
diff -u "$expected" "$actual"
