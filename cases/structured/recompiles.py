"""PyTorch's test_recompiles (test/dynamo/test_structured_trace.py): fn(x, y)
= torch.add(x, y) compiled with inductor, called with two tensors, then
with y an int, which recompiles (frame 0, compile 1)."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_recompiles():
    def fn(x, y):
        return torch.add(x, y)

    fn_opt = torch.compile(fn, backend="inductor")
    first = fn_opt(torch.ones(1000, 1000, device=DEVICE), torch.ones(1000, 1000, device=DEVICE))
    second = fn_opt(torch.ones(1000, 1000, device=DEVICE), 1)
    tcd.fact("output_sums", [float(first.sum()), float(second.sum())])


tcd.pytorch_test_setup()
test_recompiles()
