"""PyTorch's test_graph_breaks (test/dynamo/test_structured_trace.py):
fn(x) = graph_break(); x + 1, compiled with inductor on torch.ones(1): frame
0 breaks (attempt 0 -> 1) and the resume function is compiled as frame 1.
The golden keeps the graph code, guards and output code
(scrubbers/torch_trace/with_payloads.json)."""
import os

# Generated kernels must not depend on the CPU's vector ISA.
os.environ["ATEN_CPU_CAPABILITY"] = "default"

import torch  # noqa: E402

import tracecheck_driver as tcd  # noqa: E402

DEVICE = tcd.device_arg()


def test_graph_breaks():
    @torch.compile(backend="inductor")
    def fn(x):
        torch._dynamo.graph_break()
        return x + 1

    out = fn(torch.ones(1, device=DEVICE))
    tcd.fact("output", out.tolist())


tcd.pytorch_test_setup()
test_graph_breaks()
