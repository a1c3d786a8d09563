# tracecheck drift between the committed torch-2.6.0 and torch-2.14.1
# goldens: record kinds and artifact names that appeared or disappeared.
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
# A run on an emitter with no golden set ends with the drift from one that has.
mkdir -p "$TMP/golden/torch-2.99.0/structured"
cp -r "$TMP/golden/$B/$C.raw" "$TMP/golden/torch-2.99.0/$C.raw"
tc replay "$C" --emitter torch-2.99.0
expect 1
has "no golden for torch-2.99.0"
has "drift from $E to this run (tracecheck drift):"
has "  record kinds disappeared: inductor_post_grad_graph"

tc drift "$E" ../x
expect 2
tc drift torch-9.0.0 torch-9.1.0
expect 3
echo "drift: ok"
