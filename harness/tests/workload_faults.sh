#!/bin/sh
# Workload faults provoked for real in the trixie chroot, all in one
# `tracecheck run`: a segfault, an unexpected non-zero exit, a hang past the
# case timeout, no trace at all, a trace cut mid-payload; then a normal case,
# which must still pass. Each fault must fail its case and name its cause,
# with the tail of the workload's stderr where it wrote one. Then a Python
# without torch (python3 -S hides dist-packages) must be reported as such.
# Exit 77 when trixie is not provisioned (a failure under $CI).
#
# usage: workload_faults.sh TRACECHECK RUNNER_CASES_DIR
set -u
T="$1"
export TRACECHECK_CASES_DIR="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TRACECHECK_GOLDEN_DIR="$work/golden"
export TRACECHECK_WORK_DIR="$work/runs"
unset TRACECHECK_ACCEPT TRACECHECK_UPDATE
failed=0

# The normal case's golden, made here by a real run.
TRACECHECK_FORCE_UPDATE=1 "$T" run runner/valid_trace --env trixie --no-provision --accept >"$work/accept.out" 2>&1
rc=$?
if [ $rc -eq 77 ]; then
  echo "SKIP: the trixie environment is not provisioned (ci/provision-env.sh trixie)"
  exit 77
elif [ $rc -ne 0 ]; then
  echo "cannot make the golden of runner/valid_trace (exit $rc):"
  cat "$work/accept.out"
  exit 1
fi

"$T" run runner/segfault runner/exit_nonzero runner/short_timeout runner/no_trace runner/truncated_trace \
  runner/valid_trace --env trixie --no-provision >"$work/run.out" 2>&1
rc=$?
cat "$work/run.out"
echo "---"
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, expected 1"; failed=1; }

# expect CASE TEXT...: the report block of CASE holds each TEXT.
expect() {
  case_name="$1"
  shift
  block=$(awk -v c="$case_name" '/^[A-Z]+ / { on = ($2 == c) } on' "$work/run.out")
  for text in "$@"; do
    if ! printf '%s\n' "$block" | grep -qF -- "$text"; then
      echo "FAIL $case_name: no '$text' in its report"
      failed=1
    fi
  done
}
expect runner/segfault "FAIL runner/segfault" "killed by signal 11" "Segmentation fault"
expect runner/exit_nonzero "FAIL runner/exit_nonzero" "exited with status 3" "exit_nonzero: failing on purpose"
expect runner/short_timeout "FAIL runner/short_timeout" "ran past its timeout"
expect runner/no_trace "FAIL runner/no_trace" "error[input-format]: the directory holds no dedicated_log_torch_trace"
expect runner/truncated_trace "FAIL runner/truncated_trace" "error[tt-payload-md5]" "truncated_trace: wrote a cut log"
expect runner/valid_trace "PASS runner/valid_trace"

# No torch: the capture says so and nothing else is blamed.
python=$(command -v python3)
printf '#!/bin/sh\nexec %s -S "$@"\n' "$python" >"$work/python-without-torch"
chmod +x "$work/python-without-torch"
"$T" run runner/valid_trace --python "$work/python-without-torch" >"$work/notorch.out" 2>&1
rc=$?
cat "$work/notorch.out"
[ $rc -ne 0 ] || { echo "FAIL: a run without torch exited 0"; failed=1; }
grep -qF "did not find torch" "$work/notorch.out" || { echo "FAIL: the run without torch does not say so"; failed=1; }

[ $failed -eq 0 ] && echo "every fault named its cause; the next case passed"
exit $failed
