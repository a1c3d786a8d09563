"""PyTorch's test_example_fn (test/dynamo/test_structured_trace.py):
torch.compile(example_fn, backend="inductor")(torch.ones(1000, 1000)).
With --device cuda the constants and the input live on the GPU."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()

if DEVICE == "cpu":
    def example_fn(a):
        output = a.mul(torch.ones(1000, 1000))
        output = output.add(torch.ones(1000, 1000))
        return output
else:
    def example_fn(a):
        output = a.mul(torch.ones(1000, 1000, device=DEVICE))
        output = output.add(torch.ones(1000, 1000, device=DEVICE))
        return output


def test_example_fn():
    fn_opt = torch.compile(example_fn, backend="inductor")
    out = fn_opt(torch.ones(1000, 1000, device=DEVICE))
    tcd.fact("output_sum", float(out.sum()))


tcd.pytorch_test_setup()
test_example_fn()
