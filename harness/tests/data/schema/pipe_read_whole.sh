#!/bin/sh
# `validate --stream always` of one trace as a file, as stdin and as a pipe
# opened by path: the same exit status and findings. The trace is about
# 1 MB and ends with a member streaming refuses (NaN, read only by a
# Python-dialect parser), so a streamed read goes back to the whole
# document: a second read of a pipe would find it cut after the 256 KiB
# tracecheck keeps of a stream (io/kept_stream.h).
#   pipe_read_whole.sh TRACECHECK SCHEMA
set -u
T="$1"
schema="$2"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 "$(dirname "$0")/../../synthetic_trace.py" 15000 --then-nan > "$dir/t.json"
# stdout (the findings) and stderr's summary line, less the input's name.
run() {
  tail -n 1 "$dir/err" >> "$dir/out"
  sed "s|^$1:|:|" "$dir/out" > "$dir/$2"
}
"$T" validate --stream always --schema "$schema" "$dir/t.json" > "$dir/out" 2> "$dir/err"
a=$?
run "$dir/t.json" file
"$T" validate --stream always --schema "$schema" - < "$dir/t.json" > "$dir/out" 2> "$dir/err"
b=$?
run - stdin
cat "$dir/t.json" | "$T" validate --stream always --schema "$schema" /dev/stdin > "$dir/out" 2> "$dir/err"
c=$?
run /dev/stdin pipe
cat "$dir/file"
if [ "$a" != "$b" ] || [ "$a" != "$c" ] || ! cmp -s "$dir/file" "$dir/stdin" || ! cmp -s "$dir/file" "$dir/pipe"; then
  echo "FAIL: file exit $a, stdin exit $b, pipe exit $c"
  diff "$dir/file" "$dir/stdin"
  diff "$dir/file" "$dir/pipe"
  exit 1
fi
echo "ok: exit $a from the file, stdin and a pipe"
