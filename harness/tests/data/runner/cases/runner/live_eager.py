"""A tiny real torch workload: torch.compile with the eager backend."""
import torch

import tracecheck_driver as tcd


def tiny(x):
    return x.sin() + 1


device = tcd.device_arg()
tcd.pytorch_test_setup()
out = torch.compile(tiny, backend="eager")(torch.ones(4, device=device))
tcd.fact("output_sum", round(float(out.sum()), 4))
