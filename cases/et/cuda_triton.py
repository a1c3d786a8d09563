"""PyTorch's test_execution_trace_with_pt2: linear + add + cos compiled with
inductor on the GPU, run 10 times under a profiler schedule (skip_first=3,
wait=1, warmup=1, active=2) with record_shapes and an ET observer; the
triton kernel nodes must carry a non-empty kernel_file attr, inputs and no
outputs."""
import torch
import torch.nn.functional as F
from torch.profiler import ExecutionTraceObserver, ProfilerActivity, record_function

import et_common
import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


@torch.compile(backend="inductor")
def fn(a, b, c):
    x = F.linear(a, b)
    x = x + c
    return x.cos()


a, b, c = (torch.randn(4, 4, requires_grad=True).to(DEVICE) for _ in range(3))
inputs = [a, b, c]
with torch._inductor.config.patch(compile_threads=1):
    fn(*inputs)

path = et_common.et_path("cuda_triton_et.json")
activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if DEVICE == "cuda" else [])
with torch.profiler.profile(
    activities=activities,
    record_shapes=True,
    schedule=torch.profiler.schedule(skip_first=3, wait=1, warmup=1, active=2, repeat=1),
    execution_trace_observer=ExecutionTraceObserver().register_callback(path),
) as p:
    for idx in range(10):
        with record_function(f"## LOOP {idx} ##"):
            fn(*inputs)
        p.step()

nodes = et_common.summarize("", path)
kernels = [n for n in nodes if "triton_" in n["name"]]


def attr(n, name):
    return next((x["value"] for x in n.get("attrs", []) if x["name"] == name), None)


tcd.fact("triton_nodes_with_kernel_file", sum(1 for n in kernels if attr(n, "kernel_file")))
tcd.fact("triton_nodes_shape_ok", all(len(n["inputs"]["values"]) > 0 and len(n["outputs"]["values"]) == 0
                                      for n in kernels if attr(n, "kernel_file")))
