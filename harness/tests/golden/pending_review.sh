# TRACECHECK_UPDATE=pending writes <golden>.new into the build tree and
# lists it; `tracecheck review` rejects or accepts it.
. "$(dirname "$0")/lib.sh"
mutate
pending() {
  OUT=$(TRACECHECK_UPDATE=pending "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
  expect 1
  has "pending goldens (review them with: tracecheck review):"
  has "$TMP/work/pending/$E/$C.txt.new"
  [ -f "$TMP/work/pending/$E/$C.txt.new" ] || fail "no pending file"
  same "$G" "$TMP/mutated.txt"
  [ -z "$(find "$TMP/golden" -name '*.new')" ] || fail "a pending file landed in the golden tree"
}

pending
tc review --reject-all
expect 0
has "REJECTED $TMP/work/pending/$E/$C.txt.new"
[ -f "$TMP/work/pending/$E/$C.txt.new" ] && fail "rejected file still there"
same "$G" "$TMP/mutated.txt"

pending
# Not a terminal and no decision: shows the diff, keeps the entry, fails.
OUT=$("$T" review < /dev/null 2>&1); RC=$?
expect 1
has "pending 1/1: $C  $E (from a replay run)"
has "size changed from [10, 10] to [1000, 1000]"
has "1 pending golden(s) left (stdin is not a terminal"
# Under CI accepting is refused.
OUT=$(CI=1 "$T" review --accept-all 2>&1); RC=$?
expect 1
has "REFUSED refusing to write goldens under CI"
same "$G" "$TMP/mutated.txt"
tc review --accept-all
expect 0
has "ACCEPTED $G"
same "$G" "$TMP/reference.txt"
tc review
expect 0
has "no pending goldens under $TMP/work/pending"

# accept (a capture made elsewhere) respects the policy too.
raw="$TMP/golden/$E/$C.raw"
mkdir -p "$TMP/cap/torch_trace"
for f in "$raw/torch_trace/"*.gz; do gzip -dc "$f" > "$TMP/cap/torch_trace/$(basename "$f" .gz)"; done
cp "$raw/"*.json "$TMP/cap/"
cp "$TMP/mutated.txt" "$G"
OUT=$(TRACECHECK_UPDATE=pending "$T" accept "$C" "$TMP/cap" 2>&1); RC=$?
expect 1
has "pending: $TMP/work/pending/$E/$C.txt.new"
[ -d "$TMP/work/pending/$E/$C.raw.new/torch_trace" ] || fail "no raw artifacts in the pending entry"
same "$G" "$TMP/mutated.txt"
rm -r "$raw"
tc review --accept-all
expect 0
same "$G" "$TMP/reference.txt"
[ -d "$raw/torch_trace" ] || fail "accepting did not store the raw artifacts"
tc replay "$C" --emitter "$E"
expect 0
echo "pending/review: ok"
