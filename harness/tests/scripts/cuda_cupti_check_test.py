#!/usr/bin/env python3
"""The CUDA emitter's promise check (cases/emitters/cuda_cupti.py) can pass,
and fails for each broken promise, without a GPU.

    cuda_cupti_check_test.py DRIVER OLD_TRACE

OLD_TRACE is a real trace of the emitter before it kept its promises
(harness/tests/data/chrome_trace/cupti_without_nvtx.json). The test derives
from it the trace the emitter now promises, the way the emitter would have
written that run: demangled kernel names, Kineto's memcpy/memset names,
runtime names without "_vNNNN", ac2g flows from the memcpy and memset calls
too, and the two NVTX ranges around the calls main.cu makes inside them.
The check must accept that trace and reject each mutation of it with the
matching message. Exit 0, or 1 with what went wrong. Standard library only.
"""
import copy
import importlib.util
import json
import os
import re
import sys
import tempfile

SAXPY = "saxpy(int, float, float const*, float*)"  # what __cxa_demangle gives for _Z5saxpyifPKfPf


def load_driver(path):
    spec = importlib.util.spec_from_file_location("cuda_cupti", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def derive_promised(old):
    trace = copy.deepcopy(old)
    events = trace["traceEvents"]
    runtime = sorted((e for e in events if e.get("cat") == "cuda_runtime"), key=lambda e: e["ts"])
    for e in runtime:
        e["name"] = re.sub(r"_v\d+$", "", e["name"])
    memcpys = sorted((e for e in events if e.get("cat") == "gpu_memcpy"), key=lambda e: e["ts"])
    for e, name in zip(memcpys, ["Memcpy HtoD (Pageable -> Device)"] * 2 + ["Memcpy DtoH (Device -> Pageable)"]):
        e["name"] = name
    for e in events:
        if e.get("cat") == "kernel":
            e["name"] = SAXPY
        elif e.get("cat") == "gpu_memset":
            e["name"] = "Memset (Device)"
    # Flows from memcpy and memset calls, paired by correlation id as kernels are.
    by_correlation = {e["args"]["correlation"]: e for e in runtime}
    for g in [e for e in events if e.get("cat") in ("gpu_memcpy", "gpu_memset")]:
        call = by_correlation[g["args"]["correlation"]]
        flow = {"id": g["args"]["correlation"], "cat": "ac2g", "name": "ac2g"}
        events.append(dict(flow, ph="s", pid=call["pid"], tid=call["tid"], ts=call["ts"]))
        events.append(dict(flow, ph="f", pid=g["pid"], tid=g["tid"], ts=g["ts"], bp="e"))

    # The ranges main.cu pushes: around the second cudaMalloc .. second
    # cudaMemcpy, and around the three launches .. cudaDeviceSynchronize.
    def called(name):
        return [e for e in runtime if e["name"] == name]

    def nvtx(name, first, last):
        return {"ph": "X", "cat": "user_annotation", "name": name, "pid": first["pid"], "tid": first["tid"],
                "ts": first["ts"] - 1, "dur": round(last["ts"] + last["dur"] - first["ts"] + 2, 3), "args": {}}

    events.append(nvtx("setup", called("cudaMalloc")[1], called("cudaMemcpy")[1]))
    events.append(nvtx('saxpy "quoted" step', called("cudaLaunchKernel")[0], called("cudaDeviceSynchronize")[0]))
    return trace


def ranges(trace, name):
    return [e for e in trace["traceEvents"] if e.get("cat") == "user_annotation" and e["name"] == name]


def mutations(good):
    """(what, mutated trace, regex one problem must match)."""
    out = []
    t = copy.deepcopy(good)
    memset = next(e for e in t["traceEvents"] if e.get("cat") == "gpu_memset")
    t["traceEvents"] = [e for e in t["traceEvents"]
                        if not (e.get("ph") == "f" and e["id"] == memset["args"]["correlation"])]
    out.append(("the memset's flow dropped", t, r"^1 of 7 GPU activities have no ac2g flow .*Memset \(Device\)"))
    t = copy.deepcopy(good)
    ranges(t, "setup")[0]["tid"] = 1
    out.append(("setup on another thread", t, r"^NVTX range \"setup\" is on pid .* tid 1, where no runtime call is"))
    t = copy.deepcopy(good)
    ranges(t, 'saxpy "quoted" step')[0]["dur"] = 0
    out.append(("the step range with dur 0", t, r"^NVTX range \"saxpy \\\"quoted\\\" step\" encloses runtime calls"))
    t = copy.deepcopy(good)
    t["traceEvents"].append(copy.deepcopy(ranges(t, "setup")[0]))
    out.append(("setup twice", t, r"^2 NVTX ranges \"setup\", expected one"))
    t = copy.deepcopy(good)
    for e in t["traceEvents"]:
        if e.get("cat") == "kernel":
            e["name"] = "_Z5saxpyifPKfPf"
            break
    out.append(("one mangled kernel name", t, r"^2 kernels named \"saxpy\(...\)\""))
    t = copy.deepcopy(good)
    t["traceEvents"] = [e for e in t["traceEvents"] if e.get("cat") != "gpu_memset"]
    out.append(("no memset", t, r"^0 memsets, expected 1"))
    t = copy.deepcopy(good)
    next(e for e in t["traceEvents"] if e.get("name") == "cudaLaunchKernel")["name"] = "cudaLaunchKernel_v7000"
    out.append(("a suffixed runtime name", t,
                r"^runtime calls named with CUPTI's version suffix.*cudaLaunchKernel_v7000"))
    return out


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    driver = load_driver(argv[0])
    with open(argv[1], encoding="utf-8") as f:
        old = json.load(f)
    failures = []
    old_problems = driver.check_promises(old)
    for name in ("setup", 'saxpy "quoted" step'):
        if not any(p.startswith(f"no NVTX range {json.dumps(name)}") for p in old_problems):
            failures.append(f"the old trace: no problem names the missing range {json.dumps(name)}: {old_problems}")
    good = derive_promised(old)
    if driver.check_promises(good):
        failures.append(f"the promised trace is rejected: {driver.check_promises(good)}")
    for what, trace, pattern in mutations(good):
        problems = driver.check_promises(trace)
        if not any(re.search(pattern, p) for p in problems):
            failures.append(f"{what}: no problem matches {pattern!r}: {problems}")
    # The quoted range name must be JSON-escaped in the file: written raw, the
    # file is not JSON and the check says so.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "trace.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(good, f)
        if driver.load_and_check(path)[1]:
            failures.append(f"the promised trace, from a file, is rejected: {driver.load_and_check(path)[1]}")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace('saxpy \\"quoted\\" step', 'saxpy "quoted" step'))
        problems = driver.load_and_check(path)[1]
        if not (len(problems) == 1 and "not readable as JSON" in problems[0]):
            failures.append(f"an unescaped quote: {problems}")
    for failure in failures:
        print(f"cuda_cupti_check_test: {failure}", file=sys.stderr)
    if not failures:
        print("cuda_cupti_check_test: the promised trace passes; the old trace and 8 mutations fail as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
