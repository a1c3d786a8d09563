"""PyTorch's test_inductor_error (test/dynamo/test_structured_trace.py):
every inductor lowering whose name contains "round" is patched to raise
AssertionError, then torch.round is compiled; the test swallows the
exception (expected_exception records its type)."""
import unittest.mock

import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def inductor_error_fn(a):
    output = torch.round(a)
    return output


ARGS = (torch.ones(1000, 1000, requires_grad=True, device=DEVICE),)


def test_inductor_error():
    import torch._inductor.lowering

    def throw(x):
        raise AssertionError

    # inject an error in the lowerings
    dict_entries = {}
    for x in list(torch._inductor.lowering.lowerings.keys()):
        if "round" in x.__name__:
            dict_entries[x] = throw
    tcd.fact("patched_lowerings", sorted(str(x) for x in dict_entries))

    with unittest.mock.patch.dict(torch._inductor.lowering.lowerings, dict_entries):
        with tcd.expected_exception():
            fn_opt = torch.compile(inductor_error_fn, backend="inductor")
            fn_opt(*ARGS)


tcd.pytorch_test_setup()
test_inductor_error()
