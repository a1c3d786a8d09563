"""PyTorch's test_guards_recompiles (test/dynamo/test_structured_trace.py):
fn(x, ys, zs) calls inner, which loops x += y * z over zip(ys, zs); compiled
with the eager backend on ys=[1.0, 2.0], zs=[3.0], x=tensor([1.0]), then
called with ys[:1]: the list-length guard fails and frame 0 recompiles."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_guards_recompiles():
    def fn(x, ys, zs):
        return inner(x, ys, zs)

    def inner(x, ys, zs):
        for y, z in zip(ys, zs):
            x += y * z
        return x

    ys = [1.0, 2.0]
    zs = [3.0]
    x = torch.tensor([1.0], device=DEVICE)

    fn_opt = torch.compile(fn, backend="eager")
    fn_opt(x, ys, zs)
    fn_opt(x, ys[:1], zs)
    tcd.fact("x", x.tolist())


tcd.pytorch_test_setup()
test_guards_recompiles()
