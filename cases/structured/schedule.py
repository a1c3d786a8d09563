"""PyTorch's test_schedule and test_cudagraphs (test/dynamo/test_structured_trace.py):
inductor_schedule_fn(a) = a.add(torch.ones(1000, 1000, device=...)) compiled
on torch.ones(1000, 1000); test_schedule with backend="inductor",
test_cudagraphs (--mode reduce-overhead) with torch.compile(mode=...) and the
default backend. PyTorch runs both on CUDA only (--device cuda)."""
import argparse

import torch

import tracecheck_driver as tcd

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--mode", choices=["reduce-overhead"], default=None)
opts, rest = parser.parse_known_args()
DEVICE = tcd.device_arg(rest)


def inductor_schedule_fn(a):
    output = a.add(torch.ones(1000, 1000, device=DEVICE))
    return output


def test_schedule(mode):
    if mode:
        fn_opt = torch.compile(mode=mode)(inductor_schedule_fn)
    else:
        fn_opt = torch.compile(inductor_schedule_fn, backend="inductor")
    out = fn_opt(torch.ones(1000, 1000, device=DEVICE))
    tcd.fact("output_sum", float(out.sum()))


tcd.pytorch_test_setup()
tcd.fact("mode", opts.mode)
test_schedule(opts.mode)
