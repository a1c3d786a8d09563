"""PyTorch's test_graph_sizes_dynamic (test/dynamo/test_structured_trace.py):
fn(a, b) = a @ b compiled with the eager backend, first with dynamic=False
on (10, 20) @ (20, 30), then with dynamic=True on (5, 10) @ (10, 15): the
second compile (0/1) creates symbols, adds a fast guard and logs symbolic
sizes."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_graph_sizes_dynamic():
    def fn(a, b):
        return a @ b

    fn_opt = torch.compile(fn, backend="eager", dynamic=False)
    fn_opt(torch.randn(10, 20, device=DEVICE), torch.randn(20, 30, device=DEVICE))

    fn_opt2 = torch.compile(fn, backend="eager", dynamic=True)
    out = fn_opt2(torch.randn(5, 10, device=DEVICE), torch.randn(10, 15, device=DEVICE))
    tcd.fact("output_shape", list(out.shape))


tcd.pytorch_test_setup()
test_graph_sizes_dynamic()
