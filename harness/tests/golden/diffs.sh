# Record-aligned diffs (default), the bounded unified diff, colour.
. "$(dirname "$0")/lib.sh"
mutate
tc replay "$C" --emitter "$E"
expect 1
has "record 3 (describe_tensor, 0/0): size changed from [10, 10] to [1000, 1000]"
hasnt "@@ "
tc replay "$C" --emitter "$E" --diff unified
expect 1
has "@@ "
has '-{"describe_tensor": {"id": 0, "ndim": 2, "dtype": "torch.float32", "device": "device(type='"'cpu'"')", "size": [10, 10]'
esc=$(printf '\033[')
tc replay "$C" --emitter "$E" --color always
printf '%s' "$OUT" | grep -qF "${esc}33mrecord 3" || fail "no colour with --color always"
OUT=$(NO_COLOR=1 "$T" replay "$C" --emitter "$E" 2>&1)
printf '%s' "$OUT" | grep -qF "$esc" && fail "colour although NO_COLOR is set"
# On a terminal colour is on by default, and NO_COLOR turns it off.
if command -v script > /dev/null; then
  OUT=$(TERM=xterm script -qec "'$T' replay '$C' --emitter '$E'" /dev/null 2>&1)
  printf '%s' "$OUT" | grep -qF "${esc}33mrecord 3" || fail "no colour on a terminal"
  OUT=$(TERM=xterm NO_COLOR=1 script -qec "'$T' replay '$C' --emitter '$E'" /dev/null 2>&1)
  printf '%s' "$OUT" | grep -qF "${esc}33m" && fail "colour on a terminal although NO_COLOR is set"
fi
echo "diffs: ok"
