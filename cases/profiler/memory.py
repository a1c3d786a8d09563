"""PyTorch's test_memory_profiler (test/profiler/test_profiler.py), plus
test_oom_tracing on --device cuda. CPU: rand(10, 10) allocated inside the
record_function scope test_user_scope_alloc and freed inside
test_user_scope_dealloc, under the autograd profiler (profile_memory,
record_shapes) for the key_averages metrics the test checks, and under
torch.profiler.profile(profile_memory=True) for the trace
(chrome_trace/scopes.json, with its [memory] instant events); then the
top-level allocate/free/gc.collect() profile (chrome_trace/toplevel.json).
CUDA adds the device tensor variant (chrome_trace/device_scopes.json) and
a 4 TiB allocation that fails (chrome_trace/oom.json, [OutOfMemory]).
Facts: the signs of the memory metrics per key and the [memory] args."""
import gc
import json
import os

import torch
from torch.autograd.profiler import profile as _profile
from torch.profiler import kineto_available, profile, record_function

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
MEMORY_ARGS = ["Addr", "Bytes", "Device Id", "Device Type"]
OOM_ARGS = ["Bytes", "Device Id", "Device Type"]


def metric_signs(stats, metric, keys):
    """-1, 0 or 1 per key (None when the key is missing), as check_metrics reads them."""
    values = {s.key: getattr(s, metric) for s in stats}
    return {k: (None if k not in values else (values[k] > 0) - (values[k] < 0)) for k in keys}


def run_profiler(create):
    with _profile(profile_memory=True, record_shapes=True, use_kineto=kineto_available()) as prof:
        x = None
        with record_function("test_user_scope_alloc"):
            x = create()
        with record_function("test_user_scope_dealloc"):
            del x
    return prof.key_averages(group_by_input_shape=True)


def traced_scopes(create, path):
    with profile(profile_memory=True) as prof:
        x = None
        with record_function("test_user_scope_alloc"):
            x = create()
        with record_function("test_user_scope_dealloc"):
            del x
    prof.export_chrome_trace(path)
    return memory_event_facts(path, "[memory]", MEMORY_ARGS)


def memory_event_facts(path, name, keys):
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    events = [e for e in trace["traceEvents"] if e.get("name") == name]
    return {
        "all_events_named": all("name" in e for e in trace["traceEvents"]),
        "count": len(events),
        "args_present": all(all(k in e.get("args", {}) for k in keys) for e in events),
        "no_dur_or_cat_in_args": all("dur" not in e.get("args", {}) and "cat" not in e.get("args", {}) for e in events),
    }


def test_memory_profiler(out):
    def create_cpu_tensor():
        return torch.rand(10, 10)

    stats = run_profiler(create_cpu_tensor)
    tcd.fact("cpu_memory_usage", metric_signs(
        stats, "cpu_memory_usage", ["aten::empty", "aten::rand", "test_user_scope_alloc", "test_user_scope_dealloc"]))
    tcd.fact("scopes_memory_events", traced_scopes(create_cpu_tensor, os.path.join(out, "scopes.json")))

    if DEVICE == "cuda":
        def create_device_tensor():
            return torch.rand(10, 10).to(DEVICE)

        create_device_tensor()
        stats = run_profiler(create_device_tensor)
        tcd.fact("device_memory_usage", metric_signs(
            stats, "device_memory_usage",
            ["test_user_scope_alloc", "aten::to", "aten::empty_strided", "test_user_scope_dealloc"]))
        tcd.fact("device_scopes_memory_events",
                 traced_scopes(create_device_tensor, os.path.join(out, "device_scopes.json")))

    with _profile(profile_memory=True, use_kineto=kineto_available()) as prof:
        x = torch.rand(10, 10)
        del x
        if DEVICE == "cuda":
            y = torch.rand(10, 10).to(DEVICE)
            del y
        gc.collect()
    stats = prof.key_averages(group_by_input_shape=True)
    tcd.fact("toplevel_cpu_memory_usage",
             metric_signs(stats, "cpu_memory_usage", ["aten::rand", "aten::empty", "[memory]"]))
    prof.export_chrome_trace(os.path.join(out, "toplevel.json"))


def test_oom_tracing(out):
    with _profile(profile_memory=True, record_shapes=True) as prof:
        with tcd.expected_exception(RuntimeError):
            torch.empty(1024, 1024, 1024, 1024, dtype=torch.float32, device="cuda:0")
    path = os.path.join(out, "oom.json")
    prof.export_chrome_trace(path)
    tcd.fact("oom_events", memory_event_facts(path, "[OutOfMemory]", OOM_ARGS))


torch.manual_seed(0)
out_dir = tcd.artifact_dir("chrome_trace")
test_memory_profiler(out_dir)
if DEVICE == "cuda":
    test_oom_tracing(out_dir)
