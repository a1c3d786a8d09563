# The HTML report in a real browser: a replay of every stored golden (and a
# --baseline replay, for a diff) becomes one page, which Debian's chromium
# opens headless from file://. The rendered DOM must hold the matrix cells,
# totals, a case view with its findings and their rule explanations, and a
# diff with its added record marked; the browser must log no console error
# and load nothing but the page. Screenshots (1280x800) go to $OUT_DIR.
# Then `check --html` on a Chrome trace and a TORCH_TRACE log, the same way.
# Usage: html_report.sh TRACECHECK OUT_DIR SOURCE_DIR
T="$1"
OUT_DIR="$2"
SRC="$3"
CHROMIUM=$(command -v chromium || command -v chromium-browser)
[ -n "$CHROMIUM" ] || { echo "tracecheck-skip: no chromium on PATH"; exit 77; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_html.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT_DIR"
export TRACECHECK_WORK_DIR="$TMP/work"
unset CI TRACECHECK_UPDATE TRACECHECK_ACCEPT
fail() { printf 'FAIL: %s\n' "$1"; [ -n "$2" ] && printf '%s\n' "$2" | head -40; exit 1; }

"$T" replay --report-json "$TMP/all.json" > "$TMP/replay.log" 2>&1 || fail "the replay of every golden failed" "$(tail -20 "$TMP/replay.log")"
"$T" replay profiler/kineto_basic --emitter torch-2.14.1 --baseline torch-2.6.0 --report-json "$TMP/baseline.json" \
  > "$TMP/baseline.log" 2>&1 || fail "the baseline replay failed" "$(cat "$TMP/baseline.log")"
"$T" report "$TMP/all.json" "$TMP/baseline.json" --html "$TMP/report.html" > "$TMP/report.log" 2>&1 ||
  fail "report --html failed" "$(cat "$TMP/report.log")"
size=$(wc -c < "$TMP/report.html")
[ "$size" -lt 10000000 ] || fail "the report is $size bytes, over 10 MB"
grep -q -E '(src|href)="(https?:)?//' "$TMP/report.html" && fail "the page refers to the network"

# browse URL-FRAGMENT NAME [PAGE]: the DOM after the page's scripts ran, in
# $TMP/NAME.dom; the browser's log in $TMP/NAME.log; a screenshot.
browse() {
  url="file://$TMP/${3:-report.html}$1"
  "$CHROMIUM" --headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir="$TMP/profile-$2" \
    --enable-logging=stderr --v=0 --dump-dom "$url" > "$TMP/$2.dom" 2> "$TMP/$2.log" ||
    fail "chromium could not open $url" "$(tail -20 "$TMP/$2.log")"
  "$CHROMIUM" --headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir="$TMP/profile-$2" \
    --window-size=1280,800 --screenshot="$OUT_DIR/$2.png" "$url" > /dev/null 2>> "$TMP/$2.log" ||
    fail "chromium could not screenshot $url" "$(tail -20 "$TMP/$2.log")"
  grep -E 'CONSOLE|Uncaught|net::ERR|Failed to load' "$TMP/$2.log" &&
    fail "the browser logged a console message or a failed request on $url" "$(cat "$TMP/$2.log")"
  [ -s "$OUT_DIR/$2.png" ] || fail "no screenshot of $url"
}
has() { grep -q -- "$2" "$TMP/$1.dom" || fail "$1: the rendered page lacks: $2" "$(head -c 2000 "$TMP/$1.dom")"; }

browse "" matrix
has matrix 'id="matrix"'
has matrix 'data-case="profiler/kineto_basic" data-emitter="torch-2.6.0"'
has matrix 'class="cell pass" data-case="emitters/clang_time_trace" data-emitter="clang-14"'
has matrix 'id="total-pass"'
# torch 1.13's legacy export passes its golden with one known defect (quote_in_name.json is not JSON).
has matrix 'data-case="emitters/torch113_legacy_profiler" data-emitter="torch-1.13.0" data-known="1"'
has matrix 'id="drift-view">Drift torch-2.6.0 -&gt; torch-2.14.1'
has matrix 'data-drift-case="profiler/kineto_basic"><summary>profiler/kineto_basic: record kinds count changed: meta 6 -&gt; 7'
has matrix 'records appeared: meta host_name'

browse "#case=emitters%2Fcmake_profiling&emitter=cmake-3.25" case
has case 'id="case-title">emitters/cmake_profiling  cmake-3.25<'
has case 'class="finding warning" data-rule="ct-bare-array"'
has case 'class="rule-doc">ct-bare-array: '
has case 'class="cell pass selected"'

browse "#case=profiler%2Fkineto_basic&emitter=torch-2.14.1" diff
has diff 'judged against torch-2.6.0'
has diff '<span class="add">.*meta host_name'
has diff 'records appeared: meta host_name'

# check --html: the verdict table, and each finding beside its trace line.
cmake_trace=$(ls "$SRC"/golden/cmake-3.25/emitters/cmake_profiling.raw/chrome_trace/* | head -1)
"$T" check --html "$TMP/check_chrome.html" "$cmake_trace" > "$TMP/check.log" 2>&1
[ $? -le 1 ] && [ -s "$TMP/check_chrome.html" ] || fail "check --html on a Chrome trace" "$(cat "$TMP/check.log")"
browse "" check_chrome check_chrome.html
has check_chrome 'id="verdicts"'
has check_chrome '<tr data-profile="hta"><td>-</td><td>hta</td><td class="verdict-fail">FAIL</td>'
has check_chrome 'class="finding warning" data-rule="ct-bare-array"'
has check_chrome '<pre class="excerpt">.*<mark>'
log="$SRC/harness/tests/data/torch_trace/comp_failure.log"
printf '\n{"bad json' >> "$TMP/broken.log"; cat "$log" "$TMP/broken.log" > "$TMP/tt.log"
"$T" check --html "$TMP/check_tt.html" "$TMP/tt.log" > "$TMP/check.log" 2>&1
[ -s "$TMP/check_tt.html" ] || fail "check --html on a TORCH_TRACE log" "$(cat "$TMP/check.log")"
browse "" check_tt check_tt.html
has check_tt '<tr data-profile="tlparse-0.4.3">'
has check_tt 'class="finding error" data-rule="'
has check_tt '<pre class="excerpt">'
echo "html report: ok ($size bytes; screenshots in $OUT_DIR)"
