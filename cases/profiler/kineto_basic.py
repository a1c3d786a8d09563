"""PyTorch's test_kineto (test/profiler/test_profiler.py): the payload
(randn 10x10 twice, mm, add) profiled through the autograd profiler with
Kineto, once to warm up and once for real. On --device cuda the tensors
move to the GPU and the profile adds kernel, runtime and memcpy events.
What the test asserts is recorded as facts; the second profile's trace is
written to chrome_trace/payload.json."""
import os

import torch
from torch.autograd.profiler import profile as _profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
STATS = [
    "profiling_window_duration_sec",
    "number_of_events",
    "profiler_prepare_call_duration_us",
    "profiler_enable_call_duration_us",
    "profiler_disable_call_duration_us",
    "parse_kineto_call_duration_us",
    "function_events_build_tree_call_duration_us",
]


def payload():
    x = torch.randn(10, 10).to(DEVICE)
    y = torch.randn(10, 10).to(DEVICE)
    z = torch.mm(x, y)
    z = z + y
    if DEVICE == "cuda":
        torch.cuda.synchronize()


def profiler(**kwargs):
    if DEVICE == "cuda":
        kwargs["use_device"] = "cuda"
    return _profile(use_kineto=True, **kwargs)


def test_kineto():
    with profiler():
        payload()
    with profiler() as p:
        payload()

    tcd.fact("mm_in_summary", "aten::mm" in str(p))
    p.key_averages().table(sort_by="self_cuda_time_total" if DEVICE == "cuda" else "self_cpu_time_total", row_limit=-1)
    names = [e.name for e in p.function_events]
    tcd.fact("found_mm", any("aten::mm" in n for n in names))
    if DEVICE == "cuda":
        tcd.fact("found_gemm", any("gemm" in n.lower() or "Cijk" in n for n in names))
        tcd.fact("found_memcpy", any("memcpy" in n.lower() or "__amd_rocclr_copyBuffer" in n for n in names))
    stats = p._stats
    tcd.fact("stats_positive", {k: getattr(stats, k, 0) > 0 for k in STATS})
    p.export_chrome_trace(os.path.join(tcd.artifact_dir("chrome_trace"), "payload.json"))


torch.manual_seed(0)
test_kineto()
