#!/bin/sh
# Writes the large bad inputs (too big to commit) into OUT_DIR with their
# manifest OUT_DIR/MANIFEST.tsv (columns as in
# harness/tests/data/bad_inputs/MANIFEST.tsv). Deterministic; POSIX sh and
# coreutils only.
#
# usage: bad_inputs_gen.sh OUT_DIR
set -eu
out="$1"
mkdir -p "$out"
prefix='V1206 15:20:13.927000 1543231 torch/_logging/structured.py:22] '

# repeat TEXT COUNT: TEXT written COUNT times, no newline.
repeat() {
  yes "$1" | head -n "$2" | tr -d '\n'
}

{
  printf '%s{"str": ["/a.py", 0]}\n' "$prefix"
  printf '%s{"a": ' "$prefix"
  repeat '[' 100000
  repeat ']' 100000
  printf '}\n'
} >"$out/deep_nesting_100000.log"

{
  printf '%s{"str": ["/a.py", 0]}\n' "$prefix"
  printf '%s' "$prefix"
  repeat '{"a":' 100000
  printf '1'
  repeat '}' 100000
  printf '\n'
} >"$out/deep_objects_100000.log"

# Unclosed: deep and truncated at once.
{
  printf '%s{"str": ["/a.py", 0]}\n' "$prefix"
  printf '%s{"a": ' "$prefix"
  repeat '[' 100000
} >"$out/deep_unclosed_100000.log"

# A JSON document as deep, for the Chrome trace reader (no format claims
# "[[[", so --format names it): its splitter stops at 512 levels, past which
# the file is not checked (ct-nesting-depth). JSON.parse reads it, so for
# catapult the one element is an array, not an event: it warns, exit 0.
{
  repeat '[' 100000
  repeat ']' 100000
} >"$out/deep_nesting_100000.json"

# An envelope line over the reader's 4 MiB piece size: valid, but no
# emitter writes one.
{
  printf '%s{"str": ["/a.py", 0]}\n' "$prefix"
  printf '%s{"str": ["/' "$prefix"
  head -c 5000000 /dev/zero | tr '\0' 'a'
  printf '.py", 1]}\n'
} >"$out/warn_long_line.log"

# 2000 records whose md5 is wrong: the report stays bounded (at most 200
# findings shown per rule).
{
  i=0
  while [ $i -lt 2000 ]; do
    printf '%s{"artifact": {"name": "a%d", "encoding": "string"}, "has_payload": "00000000000000000000000000000000"}\n\tx\n' "$prefix" $i
    i=$((i + 1))
  done
} >"$out/many_bad_md5.log"

tab=$(printf '\t')
cat >"$out/MANIFEST.tsv" <<EOF
# path${tab}exit${tab}rule${tab}line${tab}column${tab}args
deep_nesting_100000.log${tab}1${tab}json-syntax${tab}2${tab}1093
deep_objects_100000.log${tab}1${tab}json-syntax${tab}2${tab}5184
deep_unclosed_100000.log${tab}1${tab}json-syntax${tab}2${tab}100070
warn_long_line.log${tab}0${tab}input-long-line${tab}2${tab}1
many_bad_md5.log${tab}1${tab}tt-payload-md5${tab}1${tab}130
deep_nesting_100000.json${tab}0${tab}ct-nesting-depth${tab}1${tab}514${tab}check --format chrome_trace deep_nesting_100000.json
EOF
