#!/usr/bin/env bash
# The one command for a GPU machine: captures the torch cases and the CUDA
# C++ emitter there, for `tracecheck accept` here (cases/README.md, "GPU captures").
#   ci/gpu-capture.sh OUT
#
# Needs bash, tar, setsid and a Python with torch ($TRACECHECK_PYTHON, else
# python3; otherwise only its standard library), and nvcc and cmake for the
# CUDA C++ emitter; nothing of our C++ build. It runs cases/capture.py for
#   - each case with a "cuda" requirement (--device cuda), and the CUDA C++
#     emitter's case emitters/cuda_cupti, twice: cuda/<group>/<name>/run1, run2;
#   - each other case outside cases/emitters/ (the torch workloads; emitters/
#     holds third-party and legacy torch 1.13 emitters), once: cpu/<group>/<name>.
# The torch cases run with --require-torch (without torch, one skips with "no
# torch"). emitters/cuda_cupti needs no torch: its driver builds the emitter
# with cmake and nvcc in its work folder, runs it and checks its trace, and
# skips itself with its reason where nvcc, cmake or a CUDA device is missing.
#
# OUT gets at most 8 .tar.gz archives of those folders, each under 16 MiB
# (cuda-cases, cpu-cases; one too big is split in halves:
# cpu-cases-1, cpu-cases-2, ...), summary.txt (one line per capture, also
# printed) and machine.txt. Earlier archives and those two files in OUT are
# replaced. The scratch folders a capture leaves (inductor_cache, tmp, work,
# rendezvous) are not kept, as tracecheck drops them after a pass too.
#
# Exit status: 0 when every capture exited 0 (what every torch case expects:
# a driver swallows its expected exceptions) or was a declared skip (77, with
# its reason); 1 when one failed, was stopped at the deadline, or an archive
# broke the limits; 2 for a bad command line or no Python.
#
# Time: captures run TRACECHECK_CAPTURE_JOBS at a time (default nproc), the
# CUDA ones first, then CPU ones, longest timeout first. Each of cuda and cpu
# is archived as soon as its captures end. At TRACECHECK_CAPTURE_DEADLINE_S
# seconds (default 150) what still runs is stopped: SIGTERM to its process
# group (capture.py stops its driver within TRACECHECK_KILL_GRACE_S, default
# 5, and still writes outcome.json), SIGKILL 6 s after that; those report
# "timed out", and what exists is archived, so the whole run ends within 3
# minutes.
#
# Other settings: CUDA_ARCHS (the emitter's CMAKE_CUDA_ARCHITECTURES, passed
# to its driver as TRACECHECK_CUDA_ARCHITECTURES; unset: native, the GPUs
# found); CUDACXX (nvcc, which the driver reads; default nvcc on PATH, else
# /usr/local/cuda/bin/nvcc). For tests: TRACECHECK_CASES_ROOT (the cases/
# folder to capture) and TRACECHECK_ARCHIVE_LIMIT_BYTES.
set -euo pipefail

usage() { echo "usage: ci/gpu-capture.sh OUT" >&2; exit 2; }
die() { echo "gpu-capture: $*" >&2; exit 2; }
is_count() { [[ $1 =~ ^[0-9]+$ ]]; }
if [ $# -ne 1 ] || [ -z "$1" ]; then usage; fi

REPO=$(cd "$(dirname "$0")/.." && pwd)
CAPTURE=$REPO/cases/capture.py
CASES=$(cd "${TRACECHECK_CASES_ROOT:-$REPO/cases}" && pwd)
PY=${TRACECHECK_PYTHON:-python3}
JOBS=${TRACECHECK_CAPTURE_JOBS:-$(nproc)}
DEADLINE_S=${TRACECHECK_CAPTURE_DEADLINE_S:-150}
ARCHIVE_LIMIT=${TRACECHECK_ARCHIVE_LIMIT_BYTES:-$((16 * 1024 * 1024))}  # an archive stays below
MAX_ARCHIVES=8
grace=${TRACECHECK_KILL_GRACE_S:-5}
grace=${grace%%.*}
{ is_count "$JOBS" && [ "$JOBS" -gt 0 ]; } || die "TRACECHECK_CAPTURE_JOBS must be a positive integer"
is_count "$DEADLINE_S" || die "TRACECHECK_CAPTURE_DEADLINE_S must be whole seconds"
is_count "$ARCHIVE_LIMIT" || die "TRACECHECK_ARCHIVE_LIMIT_BYTES must be a number of bytes"
is_count "${grace:-0}" || die "TRACECHECK_KILL_GRACE_S must be seconds"
command -v "$PY" > /dev/null || die "no Python '$PY' (set TRACECHECK_PYTHON)"
command -v setsid > /dev/null || die "needs setsid (util-linux)"
# How long stopped jobs get before SIGKILL: capture.py's grace (whole seconds) and 6 s.
STOP_WAIT_S=$(( ${grace:-0} + 6 ))
if [ -n "${CUDA_ARCHS:-}" ]; then export TRACECHECK_CUDA_ARCHITECTURES=$CUDA_ARCHS; fi
# The nvcc the emitter's driver finds, for machine.txt.
NVCC=${CUDACXX:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}

log() { printf 'gpu-capture: [%3ds] %s\n' "$SECONDS" "$*" >&2; }

# record ORDER KIND LINE: one summary line. KIND: ok, skip or fail (counted),
# or info. ORDER sorts the summary: 1 cuda, 2 cpu, 3 archives.
record() {
  printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$STAGE/summary.tsv"
  log "$3"
}

# machine_info PY NVCC JOBS DEADLINE_S: what machine.txt says (run by
# run_in_group in a bash of its own: importing torch takes seconds).
machine_info() {
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "kernel: $(uname -srm)"
  echo "nproc: $(nproc)  capture jobs: $3  deadline: $4 s"
  echo "python ($1): $("$1" -c 'import sys; print(sys.version.split()[0], sys.executable)' 2>&1)"
  echo "torch: $("$1" -c 'import torch; print(torch.__version__, "cuda", torch.version.cuda, "available", torch.cuda.is_available())' 2>&1 | tail -n 1)"
  echo "nvcc ($2): $({ "$2" --version 2>&1 || true; } | tail -n 1)"
  echo "cmake: $({ cmake --version 2>&1 || true; } | head -n 1)"
  echo "nvidia-smi -L:"
  if command -v nvidia-smi > /dev/null; then nvidia-smi -L 2>&1 | sed 's/^/  /' || true
  else echo "  (no nvidia-smi)"; fi
}
export -f machine_info

# list_cases: "cuda|emitter|cpu <TAB> name", the CUDA ones (emitter: the
# CUDA C++ emitter's case) first, then the longest timeout_s first (the
# likeliest to run long starts early). A case file that does not parse is
# listed too: capture.py reports it (exit 2).
list_cases() {
  timeout 60 "$PY" - "$CASES" << 'EOF'
import json, os, sys
root = sys.argv[1]
EMITTER = "emitters/cuda_cupti"  # the one case of emitters/ captured here
rows = []
for d, subdirs, files in os.walk(root):
    rel = os.path.relpath(d, root)
    subdirs.sort()
    if rel.split(os.sep)[0] == "emitters":
        subdirs[:] = []
    for f in files:
        name = os.path.join(rel, f[:-5]).replace(os.sep, "/")
        if rel == "." or not f.endswith(".json") or (name.startswith("emitters/") and name != EMITTER):
            continue
        try:
            with open(os.path.join(d, f), encoding="utf-8") as fh:
                case = json.load(fh)
        except (OSError, ValueError):
            case = {}
        case = case if isinstance(case, dict) else {}
        if case.get("environment") == "host" and name != EMITTER:
            continue  # pinned to the project machine's own tools
        reqs = case.get("requires") if isinstance(case.get("requires"), list) else []
        cuda = any(isinstance(r, dict) and r.get("feature") == "cuda" for r in reqs)
        kind = "emitter" if name == EMITTER else "cuda" if cuda else "cpu"
        timeout = case.get("timeout_s") if isinstance(case.get("timeout_s"), int) else 300
        rows.append((kind == "cpu", -timeout, name, kind))
for _, _, name, kind in sorted(rows):
    print(kind + "\t" + name)
EOF
}

# --- jobs. A capture is queued (QUEUE), then running (RUNNING), then reaped
# into a summary line.
declare -A LABEL DIR CASEFILE FLAGS PART STOPPED ARCHIVED PENDING=([cuda]=0 [cpu]=0)
QUEUE=""
RUNNING=""
N_RUNNING=0
n_jobs=0

add_capture() {  # PART LABEL DIR CASE_FILE FLAGS (capture.py's options, space-separated)
  local id=c$n_jobs
  n_jobs=$((n_jobs + 1))
  PART[$id]=$1 LABEL[$id]=$2 DIR[$id]=$3 CASEFILE[$id]=$4 FLAGS[$id]=$5
  PENDING[$1]=$(( PENDING[$1] + 1 ))
  QUEUE="$QUEUE $id"
}

# run_in_group ID LOG CMD...: runs CMD in a session (so a process group) of
# its own, so that a stop reaches all it started; writes $J/ID.pid at once
# and $J/ID.rc, its exit status, when it ends (one write: complete once not
# empty). The wrapper ignores the signals a terminal sends to our group, so
# the status is always written.
run_in_group() {
  local id=$1 log=$2
  shift 2
  (
    setsid -w "$@" > "$log" 2>&1 < /dev/null &
    pid=$!
    trap '' INT TERM HUP
    echo "$pid" > "$J/$id.pid"
    wait "$pid" && rc=0 || rc=$?
    echo "$rc" > "$J/$id.rc"
  ) 2> /dev/null &  # not bash's "Killed" notices: the summary says it
}
ended() { [ -s "$J/$1.rc" ]; }
# exit_status ID: the job's exit status, "?, killed" when it wrote none.
exit_status() {
  local rc="?, killed"
  if ended "$1"; then read -r rc < "$J/$1.rc"; fi
  echo "$rc"
}

# signal_job SIGNAL ID: to the job's process group (its pid when the group is
# gone). SIGKILL goes to its children's groups too: capture.py's driver has a
# group of its own, which a killed capture.py can no longer stop.
signal_job() {
  local pid="" child
  for _ in $(seq 50); do [ -s "$J/$2.pid" ] && break; sleep 0.1; done
  read -r pid 2> /dev/null < "$J/$2.pid" || return 0
  if [ "$1" = KILL ] && command -v pgrep > /dev/null; then
    for child in $(pgrep -P "$pid" || true); do kill -s KILL -- "-$child" 2> /dev/null || true; done
  fi
  kill -s "$1" -- "-$pid" 2> /dev/null || kill -s "$1" "$pid" 2> /dev/null || true
}

start_capture() {
  local id=$1 dir=${DIR[$1]} flags
  read -ra flags <<< "${FLAGS[$id]}"
  local args=("$CAPTURE" "${CASEFILE[$id]}" --out "$dir" "${flags[@]}")
  mkdir -p "$dir"
  run_in_group "$id" "$dir/capture.log" "$PY" "${args[@]}"
  RUNNING="$RUNNING $id"
  N_RUNNING=$((N_RUNNING + 1))
}

# finish_capture ID: its summary line, once it ended or was killed.
finish_capture() {
  local id=$1 dir=${DIR[$1]} label=${LABEL[$1]} order=2 rc reason
  if [ "${PART[$id]}" = cuda ]; then order=1; fi
  rc=$(exit_status "$id")
  rm -rf "$dir/inductor_cache" "$dir/tmp" "$dir/work" "$dir/rendezvous"
  PENDING[${PART[$id]}]=$(( PENDING[${PART[$id]}] - 1 ))
  case $rc in
    0) record "$order $label" ok "$label: exit 0" ;;
    77) reason=$(sed -n 's/^capture: skipped: //p' "$dir/capture.log" | tail -n 1)
        record "$order $label" skip "$label: skip: ${reason:-no reason given}" ;;
    *) if [ -n "${STOPPED[$id]:-}" ]; then
         record "$order $label" fail "$label: exit $rc ($STOP_NOTE)"
       elif [ "$rc" = 124 ]; then
         record "$order $label" fail "$label: exit 124 (timed out: the case's timeout_s)"
       else
         record "$order $label" fail "$label: exit $rc (failed; see its stderr.txt and capture.log)"
       fi ;;
  esac
}

# not_started ID: the summary line of a capture stopped before it started.
not_started() {
  local order=2
  if [ "${PART[$1]}" = cuda ]; then order=1; fi
  PENDING[${PART[$1]}]=$(( PENDING[${PART[$1]}] - 1 ))
  record "$order ${LABEL[$1]}" fail "${LABEL[$1]}: not started ($STOP_NOTE)"
}

# reap: finishes the captures that ended.
reap() {
  local id still=""
  N_RUNNING=0
  for id in $RUNNING; do
    if ended "$id"; then finish_capture "$id"; else still="$still $id" N_RUNNING=$((N_RUNNING + 1)); fi
  done
  RUNNING=$still
}

# stop_all: stops every running capture (SIGTERM, then SIGKILL after
# STOP_WAIT_S), reaps them as stopped, and reports the queued ones as never
# started; their lines say STOP_NOTE.
stop_all() {
  local id until_s stopping=$RUNNING
  for id in $stopping; do STOPPED[$id]=1; signal_job TERM "$id"; done
  until_s=$(( SECONDS + STOP_WAIT_S ))
  for id in $stopping; do
    while ! ended "$id" && [ "$SECONDS" -lt "$until_s" ]; do sleep 0.2; done
    ended "$id" || signal_job KILL "$id"
  done
  for id in $stopping; do
    for _ in $(seq 25); do ended "$id" && break; sleep 0.2; done
  done
  for id in $RUNNING; do finish_capture "$id"; done
  RUNNING="" N_RUNNING=0
  for id in $QUEUE; do not_started "$id"; done
  QUEUE=""
}

# pack NAME PATH...: OUT/NAME.tar.gz of the PATHs (relative to TREE), kept
# only when under ARCHIVE_LIMIT. One too big is replaced by smaller ones: a
# lone folder by its entries, several paths by their halves (NAME-1, NAME-2);
# a lone file too big is reported and left out.
pack() {
  local name=$1 size half entries=()
  shift
  tar -czf "$OUT/$name.tar.gz" -C "$TREE" "$@"
  size=$(stat -c %s "$OUT/$name.tar.gz")
  if [ "$size" -lt "$ARCHIVE_LIMIT" ]; then
    record "3 $name" info "archive $name.tar.gz: $size bytes"
    return
  fi
  rm -f "$OUT/$name.tar.gz"
  if [ $# -eq 1 ]; then
    if [ -d "$TREE/$1" ]; then mapfile -t entries < <(cd "$TREE" && find "$1" -mindepth 1 -maxdepth 1 | sort); fi
    if [ ${#entries[@]} -eq 0 ]; then
      record "3 $name" fail "archive $name.tar.gz: $1 alone is $size bytes compressed, over the limit; left out"
      return
    fi
    set -- "${entries[@]}"
    if [ $# -eq 1 ]; then pack "$name" "$1"; return; fi
  fi
  half=$(( $# / 2 ))
  pack "$name-1" "${@:1:half}"
  pack "$name-2" "${@:half+1}"
}

# archive_ready: archives each of cuda and cpu whose captures all ended.
archive_ready() {
  local part
  for part in cuda cpu; do
    if [ -z "${ARCHIVED[$part]:-}" ] && [ "${PENDING[$part]}" -eq 0 ]; then
      ARCHIVED[$part]=1
      pack "$part-cases" "$part"
    fi
  done
}

# --- the run
mkdir -p "$1"
OUT=$(cd "$1" && pwd)
rm -f "$OUT"/*.tar.gz "$OUT/summary.txt" "$OUT/machine.txt"
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/gpu-capture.XXXXXX")
TREE=$STAGE/tree  # what the archives hold: cuda/, cpu/
J=$STAGE/jobs     # ID.pid and ID.rc per job
mkdir -p "$TREE/cuda" "$TREE/cpu" "$J"
touch "$STAGE/summary.tsv"
# On an unexpected exit what still runs is stopped (capture.py stops its driver).
cleanup() {
  local id
  for id in $RUNNING machine; do
    if [ -e "$J/$id.pid" ] && ! ended "$id"; then signal_job TERM "$id"; fi
  done
  rm -rf "$STAGE"
}
trap cleanup EXIT
INTERRUPTED=0
trap 'INTERRUPTED=1' INT TERM HUP

run_in_group machine "$OUT/machine.txt" bash -c 'machine_info "$@"' machine_info "$PY" "$NVCC" "$JOBS" "$DEADLINE_S"
list_cases > "$STAGE/cases.tsv"
# The emitter's case needs no torch, and --device cuda would make capture.py
# look for a CUDA device through torch: its driver looks for one itself.
declare -A KIND_FLAGS=([cuda]="--require-torch --device cuda" [emitter]="" [cpu]="--require-torch")
for run in 1 2; do
  while IFS=$'\t' read -r kind name; do
    if [ "$kind" != cpu ]; then
      add_capture cuda "cuda/$name run$run" "$TREE/cuda/$name/run$run" "$CASES/$name.json" "${KIND_FLAGS[$kind]}"
    fi
  done < "$STAGE/cases.tsv"
done
while IFS=$'\t' read -r kind name; do
  if [ "$kind" = cpu ]; then add_capture cpu "cpu/$name" "$TREE/cpu/$name" "$CASES/$name.json" "${KIND_FLAGS[cpu]}"; fi
done < "$STAGE/cases.tsv"
log "${PENDING[cuda]} CUDA captures, ${PENDING[cpu]} CPU captures, $JOBS at a time, deadline ${DEADLINE_S} s"

STOP_NOTE=""
while :; do
  reap
  archive_ready
  if [ -z "$QUEUE$RUNNING" ]; then break; fi
  if [ "$INTERRUPTED" = 1 ]; then
    log "interrupted: stopping what still runs"
    STOP_NOTE="interrupted: stopped early"
    break
  fi
  if [ "$SECONDS" -ge "$DEADLINE_S" ]; then
    log "deadline: stopping what still runs (${DEADLINE_S} s)"
    STOP_NOTE="timed out: stopped at the deadline"
    break
  fi
  while [ "$N_RUNNING" -lt "$JOBS" ] && [ -n "$QUEUE" ]; do
    read -r id QUEUE <<< "$QUEUE"
    start_capture "$id"
  done
  sleep 0.2
done
if [ -n "$STOP_NOTE" ]; then
  stop_all
  archive_ready
fi

# machine.txt, begun first, gets at most 10 s more.
for _ in $(seq 50); do ended machine && break; sleep 0.2; done
if ! ended machine; then
  signal_job KILL machine
  echo "(stopped here: too slow)" >> "$OUT/machine.txt"
fi
archives=$(find "$OUT" -maxdepth 1 -name '*.tar.gz' | wc -l)
if [ "$archives" -gt "$MAX_ARCHIVES" ]; then
  record "3 ~" fail "archives: $archives, more than $MAX_ARCHIVES"
fi
count() { awk -F'\t' -v k="$1" '$2 == k' "$STAGE/summary.tsv" | wc -l; }
failed=$(count fail)
{
  LC_ALL=C sort -t$'\t' -k1,1 "$STAGE/summary.tsv" | cut -f3
  echo "$(( $(count ok) + $(count skip) + failed )) results: $(count ok) ok, $(count skip) skipped, $failed failed; $archives archives; $SECONDS s"
} > "$OUT/summary.txt"
cat "$OUT/summary.txt"
[ "$failed" -eq 0 ]
