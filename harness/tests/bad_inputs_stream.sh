#!/bin/sh
# One line of SIZE bytes streamed into `tracecheck check -` (never written to
# disk): a glog prefix then an endless JSON string, and the same without a
# prefix. Asserts the exit code and the one-line diagnostic under bounded
# memory (ulimit -v $TRACECHECK_VMEM_KB, default 2 GiB) and time (timeout).
#
# usage: bad_inputs_stream.sh TRACECHECK [SIZE_BYTES]   (default 1 GiB)
set -u
T="$1"
size="${2:-1073741824}"
vmem="${TRACECHECK_VMEM_KB:-2097152}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
failed=0

# stream KIND: KIND "envelope" starts the line with a glog prefix.
stream() {
  if [ "$1" = envelope ]; then
    printf 'V1206 15:20:13.927000 1543231 torch/_logging/structured.py:22] {"str": ["'
  fi
  head -c "$size" /dev/zero | tr '\0' 'a'
  printf '\n'
}

# expect KIND EXIT DIAGNOSTIC
expect() {
  stream "$1" | (ulimit -v "$vmem" || exit 125; exec timeout -s KILL 300 "$T" check -) >"$out" 2>&1
  rc=$?
  if [ "$rc" -ne "$2" ]; then
    echo "FAIL $1 line of $size bytes: exit $rc, expected $2"
    head -c 2000 "$out"
    failed=1
  elif ! grep -qF -- "$3" "$out"; then
    echo "FAIL $1 line of $size bytes: no diagnostic '$3'"
    head -c 2000 "$out"
    failed=1
  else
    echo "ok   $1 line of $size bytes: $3"
  fi
}

expect envelope 1 '<stdin>:1:1: error[input-line-too-long]: '
expect garbage 1 '<stdin>:1:1: error[input-format]: '
exit $failed
