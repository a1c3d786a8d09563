"""The CUDA C++ emitter (cases/emitters/cuda_cupti/): main.cu, a SAXPY program
with NVTX ranges, traced by CUPTI into a Chrome trace. Built here with CMake
and nvcc for this machine's GPU, then run once.

    cuda_cupti.py                 the case's driver (cases/capture.py runs it)
    cuda_cupti.py --check TRACE   checks TRACE against the emitter's promises
                                  only: exit 0, or 1 with one line per broken
                                  promise on stderr

As a driver it skips (exit 77, tracecheck_driver.skip) where nvcc or cmake is
missing or no CUDA device answers; TRACECHECK_CUDA_ARCHITECTURES, when set,
is passed to CMake as CMAKE_CUDA_ARCHITECTURES (else the emitter's
CMakeLists.txt builds for the GPU it finds). It records the build's and the
emitter's exit statuses and what check_promises counted as facts, and exits 1
when a promise is broken.

The promises (cuda_cupti/cupti_chrome_trace.h and main.cu), checked by
check_promises:
  - the NVTX ranges "setup" and `saxpy "quoted" step` (the quotes JSON-escaped
    in the file) are complete events of cat "user_annotation", once each, on
    the thread that made the runtime calls, around the calls made inside them
    ("setup": cudaMemset and two cudaMemcpy; the step: three cudaLaunchKernel);
  - three saxpy kernels named as Kineto names them, demangled ("saxpy(int, ...)");
  - three memcpys (two "Memcpy HtoD ...", one "Memcpy DtoH ...") and one memset;
  - runtime calls named without CUPTI's "_vNNNN" suffix ("cudaLaunchKernel");
  - every kernel, memcpy and memset has an "ac2g" flow: an "f" (bp "e") on it
    whose "s" lies on a cuda_runtime call.
"""
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "cuda_cupti")
TRACE_NAME = "cuda_cupti.json"

# Each NVTX range of main.cu and the runtime calls made inside it.
NVTX_RANGES = {
    "setup": {"cudaMemset": 1, "cudaMemcpy": 2},
    'saxpy "quoted" step': {"cudaLaunchKernel": 3},
}
GPU_CATS = ("kernel", "gpu_memcpy", "gpu_memset")
EPSILON_US = 1e-6


def _inside(ts, event):
    """Whether `ts` lies within the complete event `event` (bounds included)."""
    start = float(event.get("ts", 0))
    return start - EPSILON_US <= ts <= start + float(event.get("dur", 0)) + EPSILON_US


def _thread(event):
    return event.get("pid"), event.get("tid")


def _range_problems(ranges, runtime):
    problems = []
    runtime_threads = {_thread(e) for e in runtime}
    for name, calls in NVTX_RANGES.items():
        found = [r for r in ranges if r.get("name") == name]
        if len(found) != 1:
            problems.append(f"no NVTX range {json.dumps(name)} (a complete event of cat user_annotation)" if not found
                            else f"{len(found)} NVTX ranges {json.dumps(name)}, expected one")
            continue
        r = found[0]
        if _thread(r) not in runtime_threads:
            problems.append(f"NVTX range {json.dumps(name)} is on pid {r.get('pid')} tid {r.get('tid')}, "
                            "where no runtime call is (not the thread that pushed it)")
            continue
        inside = [e.get("name") for e in runtime if _thread(e) == _thread(r) and _inside(float(e.get("ts", 0)), r)]
        got = {call: inside.count(call) for call in calls}
        if got != calls:
            problems.append(f"NVTX range {json.dumps(name)} encloses runtime calls {got}, expected {calls}")
    return problems


def _flow_problems(events, gpu, runtime):
    """Each GPU activity needs an ac2g "f" (bp "e") on it whose "s" is on a runtime call."""
    starts = {}
    finishes = []
    for e in events:
        if e.get("cat") == "ac2g" and e.get("ph") == "s":
            starts[e.get("id")] = e
        elif e.get("cat") == "ac2g" and e.get("ph") == "f":
            finishes.append(e)
    missing = []
    for g in gpu:
        ts = float(g.get("ts", 0))
        ok = False
        for f in finishes:
            if _thread(f) != _thread(g) or f.get("bp") != "e" or not _inside(float(f.get("ts", 0)), g):
                continue
            s = starts.get(f.get("id"))
            if s and any(_thread(c) == _thread(s) and _inside(float(s.get("ts", 0)), c) for c in runtime):
                ok = True
                break
        if not ok:
            missing.append(f"{g.get('name')} (ts {ts:g})")
    if not missing:
        return []
    return [f"{len(missing)} of {len(gpu)} GPU activities have no ac2g flow from a runtime call: " + "; ".join(missing)]


def check_promises(trace):
    """The promises (module docstring) `trace`, a parsed Chrome trace, breaks: one line each."""
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        return ["not a Chrome trace object with a traceEvents array"]
    events = [e for e in trace["traceEvents"] if isinstance(e, dict)]
    complete = [e for e in events if e.get("ph") == "X"]

    def of_cat(cat):
        return [e for e in complete if e.get("cat") == cat]

    runtime = of_cat("cuda_runtime")
    kernels, memcpys, memsets = of_cat("kernel"), of_cat("gpu_memcpy"), of_cat("gpu_memset")
    problems = _range_problems(of_cat("user_annotation"), runtime)

    saxpy = [k for k in kernels if str(k.get("name", "")).startswith("saxpy(")]
    if len(saxpy) != 3:
        names = sorted({str(k.get("name")) for k in kernels})
        problems.append(f"{len(saxpy)} kernels named \"saxpy(...)\" (demangled), expected 3; kernel names: {names}")
    htod = sum(str(m.get("name", "")).startswith("Memcpy HtoD ") for m in memcpys)
    dtoh = sum(str(m.get("name", "")).startswith("Memcpy DtoH ") for m in memcpys)
    if (len(memcpys), htod, dtoh) != (3, 2, 1):
        names = sorted({str(m.get("name")) for m in memcpys})
        problems.append(f"{len(memcpys)} memcpys ({htod} \"Memcpy HtoD ...\", {dtoh} \"Memcpy DtoH ...\"), "
                        f"expected 3 (2 HtoD, 1 DtoH); memcpy names: {names}")
    if len(memsets) != 1:
        problems.append(f"{len(memsets)} memsets, expected 1")
    if not runtime:
        problems.append("no runtime calls (cat cuda_runtime)")
    suffixed = sorted({str(e.get("name")) for e in runtime if re.search(r"_v\d+$", str(e.get("name")))})
    if suffixed:
        problems.append("runtime calls named with CUPTI's version suffix (Kineto: \"cudaLaunchKernel\"): "
                        + ", ".join(suffixed))
    problems += _flow_problems(events, kernels + memcpys + memsets, runtime)
    return problems


def load_and_check(path):
    """(trace or None, problems) for the trace file at `path`."""
    try:
        with open(path, encoding="utf-8") as f:
            trace = json.load(f)
    except (OSError, ValueError) as e:
        return None, [f"{path}: not readable as JSON: {e}"]
    return trace, check_promises(trace)


def counts(names):
    return {n: names.count(n) for n in sorted(set(names))}


def record_facts(td, trace):
    events = [e for e in trace.get("traceEvents", []) if isinstance(e, dict)]

    def names(cat):
        return [str(e.get("name")) for e in events if e.get("ph") == "X" and e.get("cat") == cat]

    td.fact("nvtx ranges", sorted(names("user_annotation")))
    td.fact("kernels", counts(names("kernel")))
    td.fact("memcpys", counts(names("gpu_memcpy")))
    td.fact("memsets", counts(names("gpu_memset")))
    td.fact("runtime calls", counts(names("cuda_runtime")))
    td.fact("ac2g flows", sum(1 for e in events if e.get("cat") == "ac2g" and e.get("ph") == "f"))


def find_nvcc():
    for candidate in (os.environ.get("CUDACXX"), shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def cuda_device_answers(nvcc):
    """Whether a CUDA device answers nvcc's own device query (what -arch=native
    runs) or nvidia-smi; either may be missing."""
    for argv in ([os.path.join(os.path.dirname(nvcc), "__nvcc_device_query")], ["nvidia-smi", "-L"]):
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0 and done.stdout.strip():
            return True
    return False


def build_emitter(td, nvcc, cmake):
    """Builds cuda_cupti_emitter in ./build; returns its path, or None."""
    configure = [cmake, "-S", SOURCE, "-B", "build", "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_CUDA_COMPILER={nvcc}"]
    if shutil.which("ninja"):
        configure += ["-G", "Ninja"]
    if os.environ.get("TRACECHECK_CUDA_ARCHITECTURES"):
        configure.append("-DCMAKE_CUDA_ARCHITECTURES=" + os.environ["TRACECHECK_CUDA_ARCHITECTURES"])
    build = [cmake, "--build", "build", "--target", "cuda_cupti_emitter"]
    for step, argv in (("configure", configure), ("build", build)):
        status = subprocess.run(argv, check=False).returncode
        td.fact(f"emitter {step} exit status", status)
        if status != 0:
            return None
    return os.path.abspath(os.path.join("build", "cuda_cupti_emitter"))


def run_case():
    import tracecheck_driver as td

    nvcc = find_nvcc()
    if not nvcc:
        td.skip("nvcc not found (CUDACXX, PATH, /usr/local/cuda/bin)")
    td.emitter("cupti-" + td.tool_version([nvcc, "--version"], r"release (\d+\.\d+)"))
    cmake = shutil.which("cmake")
    if not cmake:
        td.skip("cmake not found: the emitter cannot be built")
    if not cuda_device_answers(nvcc):
        td.skip("no CUDA device (neither __nvcc_device_query nor nvidia-smi -L found one)")
    emitter = build_emitter(td, nvcc, cmake)
    if not emitter:
        sys.exit(1)
    path = os.path.join(td.artifact_dir("chrome_trace"), TRACE_NAME)
    status = td.tool([emitter, path])
    if status == 77:
        td.skip("the emitter found no CUDA device")
    if status != 0:
        sys.exit(status)
    trace, problems = load_and_check(path)
    if trace is not None:
        record_facts(td, trace)
    for problem in problems:
        print(f"cuda_cupti: broken promise: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


def main(argv):
    if argv[:1] == ["--check"]:
        if len(argv) != 2:
            print("usage: cuda_cupti.py --check TRACE.json", file=sys.stderr)
            return 2
        _, problems = load_and_check(argv[1])
        for problem in problems:
            print(f"cuda_cupti: broken promise: {problem}", file=sys.stderr)
        return 1 if problems else 0
    # capture.py appends --device when `tracecheck run --device` names one;
    # the emitter uses whatever CUDA device there is.
    if argv and not (len(argv) == 2 and argv[0] == "--device"):
        print("usage: cuda_cupti.py [--check TRACE.json]", file=sys.stderr)
        return 2
    run_case()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
