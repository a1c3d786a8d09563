"""PyTorch's test_make_fx_fail_partial (test/dynamo/test_structured_trace.py):
make_fx(f)(torch.randn(2)) where f computes x + 1 and then raises
RuntimeError("boo"). No compile is active, so the make_fx_fail_partial
artifact carries a `stack` instead of compile ids; its payload (the partial
graph) is kept in the golden by the payload filter of
scrubbers/torch_trace/make_fx_partial.json, as PyTorch's test captures it
with StructuredTraceTestingFilter("make_fx_fail_partial")."""
import torch
from torch.fx.experimental.proxy_tensor import make_fx

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_make_fx_fail_partial():
    def f(x):
        y = x + 1  # noqa: F841
        raise RuntimeError("boo")

    with tcd.expected_exception(RuntimeError):
        make_fx(f)(torch.randn(2, device=DEVICE))


tcd.pytorch_test_setup()
test_make_fx_fail_partial()
