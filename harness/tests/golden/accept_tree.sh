# tracecheck accept DIR: a folder of captures made elsewhere, accepted in one
# command. The tree is made from committed raw captures: a case captured
# twice alike (accepted), a case captured once (accepted), and a case whose
# two runs differ (et/alone's run2 is et/start_stop's capture: it fails,
# names the unstable lines and writes nothing).
. "$(dirname "$0")/lib.sh"

raw() { printf '%s/golden/%s/%s.raw' "$SRC" "$E" "$1"; }
# capture CASE DIR: DIR is the capture CASE's raw artifacts were stored
# from (the capture layout: each stored file gunzipped once).
capture() {
  cp -r "$(raw "$1")" "$2"
  find "$2" -name '*.gz' > "$TMP/gz.list"
  while read -r f; do gunzip "$f"; done < "$TMP/gz.list"
}
for c in profiler/kineto_basic et/alone et/start_stop; do
  [ -d "$(raw $c)" ] || { echo "tracecheck-skip: no committed raw capture $E/$c"; exit 77; }
done
TREE="$TMP/tree"
mkdir -p "$TREE/gpu/structured/example_fn" "$TREE/cpu/profiler" "$TREE/gpu/et/alone"
capture $C "$TREE/gpu/structured/example_fn/run1"
capture $C "$TREE/gpu/structured/example_fn/run2"
capture profiler/kineto_basic "$TREE/cpu/profiler/kineto_basic"
capture et/alone "$TREE/gpu/et/alone/run1"
capture et/start_stop "$TREE/gpu/et/alone/run2"
K="$TMP/golden/$E/profiler/kineto_basic.txt"
A="$TMP/golden/$E/et/alone.txt"
cp "$A" "$TMP/alone.before"
rm "$G" "$K"
rm -r "$TMP/golden/$E/profiler/kineto_basic.raw"

tc accept "$TREE"
expect 1
# One report per case, then one line per case and the summary.
has "ACCEPTED $C"
has "ACCEPTED profiler/kineto_basic"
has "FAIL et/alone  (2 runs, unstable)"
has "render different goldens"
has "accept $TREE: 3 cases"
printf '%s\n' "$OUT" | grep -Eq '^  accepted +structured/example_fn +torch-2\.6\.0 +2 runs$' || fail "no summary line for $C"
printf '%s\n' "$OUT" | grep -Eq '^  accepted +profiler/kineto_basic +torch-2\.6\.0 +1 run$' ||
  fail "no summary line for profiler/kineto_basic"
printf '%s\n' "$OUT" | grep -Eq '^  unstable +et/alone +torch-2\.6\.0 +2 runs$' || fail "no summary line for et/alone"
has "summary: 2 accepted, 1 unstable"
# The accepted goldens are what the committed captures render; the raw
# capture is stored for replay; the unstable case's golden is untouched.
# (Line 2 says how to update the golden: accept names the capture folder.)
body() { sed 2d "$1" > "$2"; }
body "$G" "$TMP/1.got"; body "$TMP/reference.txt" "$TMP/1.want"; same "$TMP/1.got" "$TMP/1.want"
body "$K" "$TMP/2.got"; body "$SRC/golden/$E/profiler/kineto_basic.txt" "$TMP/2.want"; same "$TMP/2.got" "$TMP/2.want"
[ -d "$TMP/golden/$E/profiler/kineto_basic.raw" ] || fail "no raw capture stored for profiler/kineto_basic"
same "$A" "$TMP/alone.before"
tc replay profiler/kineto_basic --emitter "$E"
expect 0

# A folder with nothing to accept, and a stray capture, are reported.
mkdir -p "$TMP/empty" "$TMP/stray/profiler/no_such_case"
echo '{}' > "$TMP/stray/profiler/no_such_case/outcome.json"
tc accept "$TMP/empty"
expect 3
has "no capture of a known case"
mkdir -p "$TMP/stray/structured"
capture $C "$TMP/stray/structured/example_fn"
tc accept "$TMP/stray"
expect 1
has "PROBLEM $TMP/stray/profiler/no_such_case: a capture of no known case"
has "summary: 1 pass, 1 problem(s) above"
echo "accept_tree: ok"
