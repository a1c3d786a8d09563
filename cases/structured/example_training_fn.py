"""PyTorch's test_example_training_fn (test/dynamo/test_structured_trace.py):
torch.compile(example_training_fn, backend="inductor") on a 1000x1000 leaf
that requires grad; the .backward() inside the compiled function breaks the
graph and compiles a backward lazily."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()

if DEVICE == "cpu":
    def example_training_fn(a):
        output = a.mul(torch.ones(1000, 1000, requires_grad=True))
        output = output.add(torch.ones(1000, 1000))
        output.sum().backward()
        return output
else:
    def example_training_fn(a):
        output = a.mul(torch.ones(1000, 1000, requires_grad=True, device=DEVICE))
        output = output.add(torch.ones(1000, 1000, device=DEVICE))
        output.sum().backward()
        return output


def test_example_training_fn():
    fn_opt = torch.compile(example_training_fn, backend="inductor")
    a = torch.ones(1000, 1000, requires_grad=True, device=DEVICE)
    out = fn_opt(a)
    tcd.fact("output_sum", float(out.detach().sum()))
    tcd.fact("input_grad_sum", None if a.grad is None else float(a.grad.sum()))


tcd.pytorch_test_setup()
test_example_training_fn()
