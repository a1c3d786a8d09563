"""PyTorch's test_cudagraph_profiling_workaround (test/profiler/
test_profiler.py, the repro of pytorch#75504): in a fresh subprocess (so
CUPTI is not initialised yet), torch.profiler._utils._init_for_cuda_graphs()
runs before make_graphed_callables(add_one); the graphed callable is then
profiled with CPU activities and with CUDA activities. The subprocess must
exit 0 within 60 s (no hang, no illegal memory access). It writes its two
traces to chrome_trace/graphed_cpu.json and chrome_trace/graphed_cuda.json;
its exit status and whether it timed out are facts."""
import os
import subprocess
import sys

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()

SCRIPT = """
import os
import sys
import torch
from torch.profiler import ProfilerActivity, profile

out, device = sys.argv[1], sys.argv[2]

def add_one(in_: torch.Tensor):
    return in_ + 1

sample_arg = torch.zeros(10, device=device).requires_grad_(True)

# add this before cuda graphs are created
torch.profiler._utils._init_for_cuda_graphs()

add_one_graphed = torch.cuda.graphs.make_graphed_callables(add_one, sample_args=(sample_arg,))
zeros = torch.zeros(10, device=device)
out_t = add_one_graphed(zeros)
assert out_t[0] == 1

with profile(activities=[ProfilerActivity.CPU]) as p:
    add_one_graphed(zeros)
p.export_chrome_trace(os.path.join(out, "graphed_cpu.json"))

with profile(activities=[ProfilerActivity.CUDA]) as p:
    add_one_graphed(zeros)
p.export_chrome_trace(os.path.join(out, "graphed_cuda.json"))
"""


def test_cudagraph_profiling_workaround():
    out = tcd.artifact_dir("chrome_trace")
    try:
        p = subprocess.run([sys.executable, "-c", SCRIPT, out, DEVICE], text=True, timeout=60)
        tcd.fact("subprocess_exit_status", p.returncode)
        tcd.fact("subprocess_timed_out", False)
    except subprocess.TimeoutExpired:
        tcd.fact("subprocess_timed_out", True)
        raise
    if p.returncode != 0:
        sys.exit(1)


test_cudagraph_profiling_workaround()
