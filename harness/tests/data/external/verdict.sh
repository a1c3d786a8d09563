#!/bin/sh
# An external parser that reads its artifact: exits 0 when the file holds
# "good", 1 otherwise (like tlparse --strict), after writing to {tmp}.
echo "artifact=$1"
echo "tmp=$2"
test -d "$2" || { echo "no tmp dir" >&2; exit 9; }
echo ok > "$2/index.html"
if grep -q good "$1"; then exit 0; fi
echo "strict mode: 1 failure" >&2
exit 1
