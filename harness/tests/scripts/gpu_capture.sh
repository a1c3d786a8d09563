#!/usr/bin/env bash
# ci/gpu-capture.sh where there is no GPU and no torch, then against its
# deadline.
#   gpu_capture.sh CI/GPU-CAPTURE.SH PYTHON3
# 1. The repository's cases, with a Python that cannot import torch (a venv
#    without system packages), a fake nvcc (CUDACXX) and no CUDA device (a
#    failing __nvcc_device_query beside it and nvidia-smi first on PATH): exit
#    0; every capture is a skip with its reason, the torch cases' "no torch",
#    the CUDA C++ emitter's (emitters/cuda_cupti, twice) its driver's own; at
#    most 8 archives, each under 16 MiB, holding cuda/<group>/<name>/run1/ and
#    run2/ for each case requiring cuda and for emitters/cuda_cupti, and
#    cpu/<group>/<name>/ for each other case outside emitters/ (outcome.json
#    and the empty format folders kept, scratch folders left out).
# 2. Fake cases (TRACECHECK_CASES_ROOT) and a fake torch that has a CUDA
#    device, two captures at a time and an 8 s deadline: the CUDA ones (a
#    fake emitters/cuda_cupti among them, run without --device and with
#    CUDA_ARCHS as TRACECHECK_CUDA_ARCHITECTURES) and the quick ones end and
#    are archived (the CUDA archive before the deadline), sleeping ones are
#    stopped (or never started) and reported as timed out, nothing of theirs
#    keeps running, and the exit status is 1. Two captures of 2000 random
#    bytes each and a 4000-byte archive limit split the CPU archive in
#    pieces, each under the limit.
# Exits 77 (skip) when no torch-less Python can be made.
set -euo pipefail
SCRIPT=$1
PY=$2
LIMIT=$((16 * 1024 * 1024))
CASES=$(cd "$(dirname "$SCRIPT")/../cases" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tc_gpu_capture.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
unset PYTHONPATH TRACECHECK_PYTHON TRACECHECK_CASES_ROOT TRACECHECK_CAPTURE_DEADLINE_S \
      TRACECHECK_CAPTURE_JOBS TRACECHECK_KILL_GRACE_S TRACECHECK_ARCHIVE_LIMIT_BYTES CUDACXX CUDA_ARCHS \
      TRACECHECK_CUDA_ARCHITECTURES
fail() {
  echo "FAIL: $1"
  for f in "${@:2}"; do echo "--- $f:"; cat "$f"; done
  exit 1
}

if ! command -v "$PY" > /dev/null; then echo "skipped: no python3"; exit 77; fi
if ! "$PY" -m venv --without-pip "$TMP/venv" > "$TMP/venv.log" 2>&1; then
  echo "skipped: python3 -m venv failed: $(tail -n 1 "$TMP/venv.log")"; exit 77
fi
VPY=$TMP/venv/bin/python3
if "$VPY" -c 'import torch' 2> /dev/null; then
  echo "skipped: torch is importable even in a venv without system packages"; exit 77
fi

# --- 1. no torch, no GPU
# A fake nvcc, so that no real one on this machine is used, and no CUDA device
# for the emitter's driver to find: its device query and nvidia-smi fail.
mkdir -p "$TMP/fakecuda/bin" "$TMP/fakebin"
printf '#!/bin/sh\necho "Cuda compilation tools, release 12.0, V12.0.0"\n' > "$TMP/fakecuda/bin/nvcc"
printf '#!/bin/sh\nexit 1\n' > "$TMP/fakecuda/bin/__nvcc_device_query"
printf '#!/bin/sh\necho "NVIDIA-SMI has failed" >&2\nexit 9\n' > "$TMP/fakebin/nvidia-smi"
chmod +x "$TMP/fakecuda/bin/nvcc" "$TMP/fakecuda/bin/__nvcc_device_query" "$TMP/fakebin/nvidia-smi"
if command -v cmake > /dev/null; then emitter_skip="no CUDA device (neither __nvcc_device_query nor nvidia-smi -L found one)"
else emitter_skip="cmake not found: the emitter cannot be built"; fi
OUT=$TMP/out
rc=0
PATH=$TMP/fakebin:$PATH TRACECHECK_PYTHON=$VPY TRACECHECK_CAPTURE_JOBS=4 CUDACXX=$TMP/fakecuda/bin/nvcc \
  "$SCRIPT" "$OUT" > "$TMP/stdout" 2> "$TMP/stderr" || rc=$?
S=$OUT/summary.txt
[ "$rc" -eq 0 ] || fail "exit $rc without torch" "$TMP/stdout" "$TMP/stderr"
cmp -s "$TMP/stdout" "$S" || fail "stdout is not summary.txt" "$TMP/stdout" "$S"
[ -s "$OUT/machine.txt" ] || fail "no machine.txt"

# The torch cases: outside emitters/ and not pinned to the host's own tools.
cuda_cases=() cpu_cases=()
for f in "$CASES"/*/*.json; do
  c=${f#"$CASES"/}
  c=${c%.json}
  if [[ $c == emitters/* ]] || grep -qE '"environment" *: *"host"' "$f"; then continue; fi
  if grep -qE '"feature" *: *"cuda"' "$f"; then cuda_cases+=("$c"); else cpu_cases+=("$c"); fi
done
if [ ${#cuda_cases[@]} -eq 0 ] || [ ${#cpu_cases[@]} -eq 0 ]; then fail "found no cases in $CASES"; fi
[ -f "$CASES/emitters/cuda_cupti.json" ] || fail "no emitters/cuda_cupti case in $CASES"
expected=("cuda/emitters/cuda_cupti run1: skip: $emitter_skip" "cuda/emitters/cuda_cupti run2: skip: $emitter_skip")
for c in "${cuda_cases[@]}"; do expected+=("cuda/$c run1: skip: no torch" "cuda/$c run2: skip: no torch"); done
for c in "${cpu_cases[@]}"; do expected+=("cpu/$c: skip: no torch"); done
for line in "${expected[@]}"; do grep -qxF "$line" "$S" || fail "summary lacks '$line'" "$S"; done
# Every other line is an archive or the total: no case ran or failed.
results=$(grep -cvE '^archive |^[0-9]+ results: ' "$S" || true)
[ "$results" -eq ${#expected[@]} ] || fail "$results result lines, expected ${#expected[@]}" "$S"
grep -qE "^${#expected[@]} results: 0 ok, ${#expected[@]} skipped, 0 failed" "$S" || fail "wrong total" "$S"

archives=("$OUT"/*.tar.gz)
if [ ! -e "${archives[0]}" ] || [ ${#archives[@]} -gt 8 ]; then fail "${#archives[@]} archives" "$S"; fi
for a in "${archives[@]}"; do
  [ "$(stat -c %s "$a")" -lt "$LIMIT" ] || fail "$a is not under 16 MiB"
  tar -tzf "$a" >> "$TMP/listing" || fail "tar cannot list $a"
done
want=(cuda/emitters/cuda_cupti/run1/outcome.json cuda/emitters/cuda_cupti/run2/outcome.json)
for c in "${cuda_cases[@]}"; do want+=("cuda/$c/run1/outcome.json" "cuda/$c/run2/outcome.json"); done
for c in "${cpu_cases[@]}"; do want+=("cpu/$c/outcome.json" "cpu/$c/torch_trace/"); done
for p in "${want[@]}"; do grep -qxF "$p" "$TMP/listing" || fail "no $p in the archives" "$TMP/listing"; done
if grep -qE '/(inductor_cache|tmp|work)/$' "$TMP/listing"; then fail "scratch folders archived" "$TMP/listing"; fi
outcome=$(tar -xzOf "$OUT/cpu-cases.tar.gz" "cpu/${cpu_cases[0]}/outcome.json")
grep -q '"skipped": "no torch"' <<< "$outcome" || fail "outcome.json of ${cpu_cases[0]}: $outcome"
outcome=$(tar -xzOf "$OUT/cuda-cases.tar.gz" cuda/emitters/cuda_cupti/run2/outcome.json)
grep -qF "\"skipped\": \"$emitter_skip\"" <<< "$outcome" || fail "outcome.json of emitters/cuda_cupti: $outcome"

# --- 2. the deadline, with fake cases and a fake torch
F=$TMP/cases
mkdir -p "$F/fake" "$F/emitters" "$TMP/faketorch/torch"
cat > "$TMP/faketorch/torch/__init__.py" <<'EOF'
"""Stands in for torch: found, importable, with one CUDA device."""
import types
__version__ = "0.0"
cuda = types.SimpleNamespace(is_available=lambda: True, get_device_name=lambda i: "fake GPU")
distributed = types.SimpleNamespace(is_available=lambda: True)
EOF
echo '__version__ = "0.0"' > "$TMP/faketorch/torch/version.py"
printf 'import tracecheck_driver as tcd\ntcd.device_arg()\n' > "$F/fake/quick.py"
printf 'import os\nimport tracecheck_driver as tcd\ntcd.device_arg()\nwith open(os.path.join(tcd.artifact_dir("torch_trace"), "random.bin"), "wb") as f:\n    f.write(os.urandom(2000))\n' > "$F/fake/big.py"
printf 'import time\nimport tracecheck_driver as tcd\ntcd.device_arg()\ntime.sleep(600)\n' > "$F/fake/sleep.py"
printf 'import os, sys\nimport tracecheck_driver as tcd\ntcd.fact("argv", sys.argv[1:])\ntcd.fact("archs", os.environ.get("TRACECHECK_CUDA_ARCHITECTURES"))\n' > "$F/emitters/cuda_cupti.py"
fake_case() {  # NAME DRIVER TIMEOUT_S [REQUIRES]
  printf '{"name": "%s", "description": "fake", "driver": "%s", "args": ["--device", "cpu"], "formats": ["torch_trace"], "rules": "torch_trace/pytorch_test", "profiles": ["default"], "requires": [%s], "timeout_s": %s}\n' \
    "$1" "$2" "${4:-}" "$3" > "$F/$1.json"
}
fake_case fake/gpu fake/quick.py 60 '{"feature": "cuda", "reason": "needs a CUDA device"}'
fake_case fake/big1 fake/big.py 900  # the longest timeouts: the first CPU captures
fake_case fake/big2 fake/big.py 900
fake_case fake/fast fake/quick.py 900
fake_case fake/slow fake/sleep.py 600
fake_case fake/slow2 fake/sleep.py 600
fake_case fake/slow3 fake/sleep.py 600  # both slots busy with slow ones: never starts
fake_case emitters/ignored fake/quick.py 60
# The CUDA C++ emitter's case: pinned to the host, no requirement, no --device.
printf '{"name": "emitters/cuda_cupti", "driver": "emitters/cuda_cupti.py", "environment": "host", "formats": ["chrome_trace"], "timeout_s": 60}\n' \
  > "$F/emitters/cuda_cupti.json"
OUT=$TMP/out2
rc=0
start=$SECONDS
PYTHONPATH=$TMP/faketorch TRACECHECK_PYTHON=$VPY TRACECHECK_CASES_ROOT=$F TRACECHECK_CAPTURE_JOBS=2 \
  TRACECHECK_CAPTURE_DEADLINE_S=8 TRACECHECK_KILL_GRACE_S=1 TRACECHECK_ARCHIVE_LIMIT_BYTES=4000 CUDA_ARCHS=86 \
  "$SCRIPT" "$OUT" > "$TMP/stdout2" 2> "$TMP/stderr2" || rc=$?
S=$OUT/summary.txt
[ "$rc" -eq 1 ] || fail "exit $rc after the deadline, expected 1" "$TMP/stdout2" "$TMP/stderr2"
[ $((SECONDS - start)) -le 20 ] || fail "took $((SECONDS - start)) s for an 8 s deadline" "$TMP/stderr2"
for line in "cuda/fake/gpu run1: exit 0" "cuda/fake/gpu run2: exit 0" "cpu/fake/fast: exit 0" \
            "cuda/emitters/cuda_cupti run1: exit 0" "cuda/emitters/cuda_cupti run2: exit 0" \
            "cpu/fake/big1: exit 0" "cpu/fake/big2: exit 0" \
            "cpu/fake/slow3: not started (timed out: stopped at the deadline)"; do
  grep -qxF "$line" "$S" || fail "summary lacks '$line'" "$S"
done
grep -qx 'cpu/fake/slow: exit [0-9]* (timed out: stopped at the deadline)' "$S" || fail "slow not stopped" "$S"
grep -q '^cpu/fake/slow2: .*(timed out: stopped at the deadline)$' "$S" || fail "slow2 not stopped" "$S"
if grep -q ignored "$S"; then fail "a case under emitters/ was captured" "$S"; fi
grep -q '^10 results: 7 ok, 0 skipped, 3 failed' "$S" || fail "wrong total" "$S"
# The CUDA captures were archived as soon as they ended, before the deadline.
archived=$(grep -n 'archive cuda-cases.tar.gz' "$TMP/stderr2" | cut -d: -f1)
stopped=$(grep -n 'deadline: stopping' "$TMP/stderr2" | cut -d: -f1)
if [ -z "$archived" ] || [ -z "$stopped" ] || [ "$archived" -ge "$stopped" ]; then fail "cuda not archived first" "$TMP/stderr2"; fi
[ ! -e "$OUT/cpu-cases.tar.gz" ] || fail "the CPU archive was not split" "$S"
archives=("$OUT"/*.tar.gz)
[ ${#archives[@]} -le 8 ] || fail "${#archives[@]} archives" "$S"
for a in "${archives[@]}"; do
  [ "$(stat -c %s "$a")" -lt 4000 ] || fail "$a is not under the 4000-byte limit"
  tar -tzf "$a" >> "$TMP/listing2" || fail "tar cannot list $a"
done
for p in cuda/fake/gpu/run1/outcome.json cuda/fake/gpu/run2/outcome.json cpu/fake/fast/outcome.json \
         cuda/emitters/cuda_cupti/run1/facts.json cuda/emitters/cuda_cupti/run2/facts.json \
         cpu/fake/slow/outcome.json cpu/fake/big1/torch_trace/random.bin cpu/fake/big2/torch_trace/random.bin; do
  grep -qxF "$p" "$TMP/listing2" || fail "no $p in the archives" "$TMP/listing2"
done
if grep -q slow3 "$TMP/listing2"; then fail "a capture never started was archived" "$TMP/listing2"; fi
facts=$(tar -xzOf "$OUT/cuda-cases.tar.gz" cuda/emitters/cuda_cupti/run1/facts.json | tr -d ' \n')
[[ $facts == *'"argv":[]'* && $facts == *'"archs":"86"'* ]] || fail "the emitter's facts (argv, TRACECHECK_CUDA_ARCHITECTURES): $facts"
outcome=$(for a in "$OUT"/cpu-cases-*.tar.gz; do tar -xzOf "$a" cpu/fake/slow/outcome.json 2> /dev/null || true; done)
grep -q '"terminated_by": "SIGTERM"' <<< "$outcome" || fail "slow's outcome.json: $outcome"
if pgrep -f "$F/fake/sleep.py" > /dev/null; then fail "a stopped driver still runs: $(pgrep -af "$F/fake/sleep.py")"; fi
echo "gpu-capture: ok"
