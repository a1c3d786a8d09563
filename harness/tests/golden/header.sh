# The golden header records format version, case, emitter and the rule
# fingerprint; a rule change is reported as needing re-acceptance; scrub
# output never carries the header.
. "$(dirname "$0")/lib.sh"
head -1 "$G" | grep -Eq "^# tracecheck golden v2 case=$C emitter=$E rules=torch_trace/pytorch_test@md5:[0-9a-f]{32}\$" ||
  { OUT=$(head -2 "$G"); fail "bad header"; }

mkdir -p "$TMP/rules/torch_trace"
rules="$TMP/rules/torch_trace/pytorch_test.json"
# Rewording a reason keeps the fingerprint.
sed 's/"user stack: file layout and line numbers"/"reworded"/' "$SRC/scrubbers/torch_trace/pytorch_test.json" > "$rules"
cmp -s "$rules" "$SRC/scrubbers/torch_trace/pytorch_test.json" && fail "the reason edit did not apply"
OUT=$(TRACECHECK_SCRUBBERS_DIR="$TMP/rules" "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
expect 0
# Changing what a rule does is a rules change, not a plain diff.
sed 's/"path": \["describe_tensor", "view_func"\], "value": "VIEW_FUNC"/"path": ["describe_tensor", "view_func"], "value": "VF"/' \
  "$SRC/scrubbers/torch_trace/pytorch_test.json" > "$rules"
cmp -s "$rules" "$SRC/scrubbers/torch_trace/pytorch_test.json" && fail "the rule edit did not apply"
OUT=$(TRACECHECK_SCRUBBERS_DIR="$TMP/rules" "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
expect 1
has "needs re-acceptance: rules torch_trace/pytorch_test changed (golden made with md5:"
has "view_func changed from \"VIEW_FUNC\" to \"VF\""
hasnt "differs from"

# scrub prints records only.
mkdir -p "$TMP/log"
for f in "$TMP/golden/$E/$C.raw/torch_trace/"*.gz; do gzip -dc "$f" > "$TMP/log/$(basename "$f" .gz)"; done
tc scrub --rules torch_trace/pytorch_test "$TMP/log"
expect 0
hasnt "# tracecheck golden"
printf '%s' "$OUT" | head -1 | grep -q '^{"dynamo_start"' || fail "scrub output does not start with a record"
echo "header: ok"
