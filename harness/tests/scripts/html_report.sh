# The HTML report in a real browser: a replay of every stored golden (and a
# --baseline replay, for a diff) becomes one page, and `check --html` makes
# two more (a Chrome trace, a TORCH_TRACE log). html_browser.cjs then opens
# them in Debian's chromium, headless, through puppeteer-core (installed by
# ci/install-deps.sh), clicks through them and asserts on the rendered DOM,
# failing on any console error or request; screenshots go to $OUT_DIR.
# Usage: html_report.sh TRACECHECK OUT_DIR SOURCE_DIR
T="$1"
OUT_DIR="$2"
SRC="$3"
CHROMIUM=$(command -v chromium || command -v chromium-browser)
[ -n "$CHROMIUM" ] || { echo "tracecheck-skip: no chromium on PATH"; exit 77; }
NODE_PATH="${XDG_CACHE_HOME:-$HOME/.cache}/tracecheck/npm/node_modules"
[ -f "$NODE_PATH/puppeteer-core/package.json" ] && command -v node > /dev/null ||
  { echo "tracecheck-skip: no puppeteer-core in $NODE_PATH (ci/install-deps.sh installs it)"; exit 77; }
export NODE_PATH
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_html.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT_DIR"
export TRACECHECK_WORK_DIR="$TMP/work"
unset CI TRACECHECK_UPDATE TRACECHECK_ACCEPT
fail() { printf 'FAIL: %s\n' "$1"; [ -n "$2" ] && printf '%s\n' "$2" | head -40; exit 1; }

"$T" replay --report-json "$TMP/all.json" > "$TMP/replay.log" 2>&1 || fail "the replay of every golden failed" "$(tail -20 "$TMP/replay.log")"
"$T" replay profiler/kineto_basic profiler/ddp_collectives --emitter torch-2.14.1 --baseline torch-2.6.0 --report-json "$TMP/baseline.json" \
  > "$TMP/baseline.log" 2>&1 || fail "the baseline replay failed" "$(cat "$TMP/baseline.log")"
"$T" report "$TMP/all.json" "$TMP/baseline.json" --html "$TMP/report.html" > "$TMP/report.log" 2>&1 ||
  fail "report --html failed" "$(cat "$TMP/report.log")"
size=$(wc -c < "$TMP/report.html")
[ "$size" -lt 10000000 ] || fail "the report is $size bytes, over 10 MB"
grep -q -E '(src|href)="(https?:)?//' "$TMP/report.html" && fail "the page refers to the network"

# check --html: a Chrome trace, and a TORCH_TRACE log cut short.
cmake_trace=$(ls "$SRC"/golden/cmake-3.25/emitters/cmake_profiling.raw/chrome_trace/* | head -1)
"$T" check --html "$TMP/check_chrome.html" "$cmake_trace" > "$TMP/check.log" 2>&1
[ $? -le 1 ] && [ -s "$TMP/check_chrome.html" ] || fail "check --html on a Chrome trace" "$(cat "$TMP/check.log")"
log="$SRC/harness/tests/data/torch_trace/comp_failure.log"
printf '\n{"bad json' >> "$TMP/broken.log"; cat "$log" "$TMP/broken.log" > "$TMP/tt.log"
"$T" check --html "$TMP/check_tt.html" "$TMP/tt.log" > "$TMP/check.log" 2>&1
[ -s "$TMP/check_tt.html" ] || fail "check --html on a TORCH_TRACE log" "$(cat "$TMP/check.log")"

node "$(dirname "$0")/html_browser.cjs" "$CHROMIUM" "$TMP" "$OUT_DIR" || exit 1
echo "html report: ok ($size bytes; screenshots in $OUT_DIR)"
