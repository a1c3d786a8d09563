# JSON summary, JUnit XML, dead rules, progress lines, and merging shards.
. "$(dirname "$0")/lib.sh"
C2=structured/recompiles
[ -f "$TMP/golden/$E/$C2.txt" ] || { echo "tracecheck-skip: no golden $E/$C2"; exit 77; }
tc replay "$C" "$C2" --emitter "$E" --report-json "$TMP/a.json" --junit "$TMP/a.xml"
expect 0
has "[1/2] $C $E"
has "[2/2] $C2 $E"
has "summary: 2 case(s): 2 passed (0 accepted), 0 failed (0 pending), 0 skipped, 0 errors"
# S8 (runtime metrics) only fires on CUDA runs; S1 (payload hashes) always.
has "dead rules in torch_trace/pytorch_test (matched nothing in this run): "
printf '%s' "$OUT" | grep -E "^dead rules in torch_trace/pytorch_test .*: .*\bS8\b" > /dev/null || fail "S8 not dead"
printf '%s' "$OUT" | grep -E "^dead rules in torch_trace/pytorch_test .*: .*\bS1\b" > /dev/null && fail "S1 reported dead"
grep -q '"case": "structured/example_fn"' "$TMP/a.json" || fail "JSON lacks the case"
grep -q '"S1": [1-9]' "$TMP/a.json" || fail "JSON lacks rule hits"
grep -q '"passed": 2' "$TMP/a.json" || fail "JSON totals"
# The harness's own time per case: in the JSON, and summed up on the terminal.
grep -Eq '"harness_seconds": [0-9.e-]*[1-9]' "$TMP/a.json" || fail "JSON lacks the harness time"
printf '%s' "$OUT" | grep -E "^harness time per case \(workloads and external parsers excluded\): median [0-9]+ ms, max [0-9]+ ms \((structured/example_fn|structured/recompiles)\)$" > /dev/null || fail "no harness time line"
grep -q "<testcase classname=\"replay.$E\" name=\"$C\"" "$TMP/a.xml" || fail "JUnit lacks the case"
grep -q '<testsuites name="tracecheck" tests="2" failures="0"' "$TMP/a.xml" || fail "JUnit totals"

mutate
tc replay "$C" --emitter "$E" --report-json "$TMP/b.json" --junit "$TMP/b.xml"
expect 1
grep -q '"status": "fail"' "$TMP/b.json" || fail "JSON lacks the failure"
grep -q '<failure message="differs">' "$TMP/b.xml" || fail "JUnit lacks the failure"
grep -q 'size changed from \[10, 10\] to \[1000, 1000\]' "$TMP/b.xml" || fail "JUnit lacks the diff"
if command -v xmllint > /dev/null; then
  xmllint --noout "$TMP/a.xml" "$TMP/b.xml" || fail "JUnit is not well-formed XML"
fi

tc report --merge "$TMP/a.json" "$TMP/b.json" --junit "$TMP/m.xml" --report-json "$TMP/m.json"
expect 1
has "summary: 3 case(s): 2 passed (0 accepted), 1 failed (0 pending), 0 skipped, 0 errors"
has "FAIL $C $E (differs)"
grep -q '<testsuites name="tracecheck" tests="3" failures="1"' "$TMP/m.xml" || fail "merged JUnit totals"
grep -q '"cases": 3' "$TMP/m.json" || fail "merged JSON totals"
has "harness time per case (workloads and external parsers excluded): median "
tc report --merge "$TMP/a.json"
expect 0
echo '{"no": "cases"}' > "$TMP/bad.json"
tc report --merge "$TMP/bad.json"
expect 3
has "not a tracecheck JSON report"
tc report --merge "$TMP/none.json"
expect 3
echo "reports: ok"
