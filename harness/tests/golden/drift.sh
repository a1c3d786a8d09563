# tracecheck drift between the committed torch-2.6.0 and torch-2.14.1
# goldens: record kinds, artifact names and the records of every format
# that appeared, disappeared or changed.
. "$(dirname "$0")/lib.sh"
B=torch-2.14.1
[ -f "$TMP/golden/$B/$C.txt" ] || { echo "tracecheck-skip: no golden $B/$C"; exit 77; }
block() { printf '%s\n' "$OUT" | awk -v c="$1" '$0 == c {on = 1; next} /^[^ ]/ {on = 0} on'; }

tc drift "$E" "$B"
expect 0
has "drift $E -> $B"
# 2.14.1 logs the post-grad graph as an artifact instead of its own record
# kind, no longer logs aotautograd_cache_hash, and adds torch_version.
ex=$(block "$C")
printf '%s' "$ex" | grep -q "^  record kinds disappeared: inductor_post_grad_graph$" || fail "kind drift of $C"
printf '%s' "$ex" | grep -q "^  artifacts appeared: .*\binductor_post_grad_graph\b" || fail "artifact drift of $C"
printf '%s' "$ex" | grep -q "^  artifacts appeared: .*\btorch_version\b" || fail "torch_version drift of $C"
printf '%s' "$ex" | grep -q "^  artifacts disappeared: aotautograd_cache_hash$" || fail "disappeared artifact of $C"
has "case(s), "
# Every format drifts: 2.14.1's Kineto traces add the host_name metadata.
ex=$(block profiler/kineto_basic)
printf '%s' "$ex" | grep -q "^  records appeared: .*\bmeta host_name\b" || fail "Chrome metadata drift of profiler/kineto_basic"
# And no case whose goldens' traces differ is "no drift".
for c in $(printf '%s\n' "$OUT" | sed -n 's/: no drift$//p'); do
  a="$TMP/golden/$E/$c.txt" b="$TMP/golden/$B/$c.txt"
  sed -n '/^\[trace /,$p' "$a" > "$TMP/from_traces"
  sed -n '/^\[trace /,$p' "$b" > "$TMP/to_traces"
  cmp -s "$TMP/from_traces" "$TMP/to_traces" || fail "$c: its traces differ between $E and $B, but drift says no drift"
done

# The other direction mirrors it.
tc drift "$B" "$E"
expect 0
ex=$(block "$C")
printf '%s' "$ex" | grep -q "^  record kinds appeared: inductor_post_grad_graph$" || fail "reverse kind drift"
printf '%s' "$ex" | grep -q "^  artifacts appeared: aotautograd_cache_hash$" || fail "reverse artifact drift"

tc drift "$E" "$B" --output json
expect 0
has '"from": "torch-2.6.0"'
has '"to": "torch-2.14.1"'
has '"case": "structured/example_fn"'
has '"presence": "both"'
printf '%s' "$OUT" | tr -d ' \n' | grep -q '"disappeared":\["inductor_post_grad_graph"\]' || fail "JSON kind drift"

# A golden for one emitter only.
mkdir -p "$TMP/golden/$B/structured"
cp "$G" "$TMP/golden/$B/structured/only_new.txt"
tc drift "$E" "$B"
expect 0
has "structured/only_new: golden only for $B"
# An emitter with no golden set (a torch being built): outside CI it is
# judged against the nearest older golden set, and passes when it adds no
# defect; under CI it fails as a missing golden, with the drift from that set.
mkdir -p "$TMP/golden/torch-2.99.0/structured"
cp -r "$TMP/golden/$E/$C.raw" "$TMP/golden/torch-2.99.0/$C.raw"
tc replay "$C" --emitter torch-2.99.0
expect 0
has "judged against $B's golden (baseline"
has "drift from $B to this run (tracecheck drift):"
has "  record kinds appeared: inductor_post_grad_graph"
OUT=$(CI=true "$T" replay "$C" --emitter torch-2.99.0 2>&1); RC=$?
expect 1
has "no golden for torch-2.99.0"
has "drift from $B to this run (tracecheck drift):"

# --baseline: the stored 2.14.1 capture judged against 2.6.0's golden shows
# the known drift and passes (no new defect); the same against a golden
# whose known defects it does not share fails.
tc replay "$C" --emitter "$B" --baseline "$E"
expect 0
has "judged against $E's golden (baseline"
has "  record kinds disappeared: inductor_post_grad_graph"
sed -i 's/^\[diagnostics default\]$/[diagnostics default]\nerror tt-fork - log/' "$G"
tc replay "$C" --emitter "$B" --baseline "$E"
expect 0
has "defects fixed (errors $E had): default: tt-fork"
cp "$TMP/reference.txt" "$G"
# A new defect fails: torch 1.13's legacy export (its quote_in_name.json is
# not JSON) against a baseline golden without that error.
L=emitters/torch113_legacy_profiler
if [ -f "$TMP/golden/torch-1.13.0/$L.txt" ]; then
  mkdir -p "$TMP/golden/torch-1.12.0/emitters"
  grep -v '^error json-syntax' "$TMP/golden/torch-1.13.0/$L.txt" > "$TMP/golden/torch-1.12.0/$L.txt"
  tc replay "$L" --emitter torch-1.13.0 --baseline torch-1.12.0
  expect 1
  has "new defects (errors torch-1.12.0 did not have): chrome: json-syntax, default: json-syntax"
fi

tc drift "$E" ../x
expect 2
tc drift torch-9.0.0 torch-9.1.0
expect 3
echo "drift: ok"
