"""PyTorch's test_dynamo_error (test/dynamo/test_structured_trace.py): a
1000x1000 + 10x10 shape mismatch while Dynamo traces dynamo_error_fn; the
test swallows the exception (expected_exception records its type)."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()

if DEVICE == "cpu":
    def dynamo_error_fn(a):
        output = a.mul(torch.ones(1000, 1000))
        output = output.add(torch.ones(10, 10))
        return output
else:
    def dynamo_error_fn(a):
        output = a.mul(torch.ones(1000, 1000, device=DEVICE))
        output = output.add(torch.ones(10, 10, device=DEVICE))
        return output

ARGS = (torch.ones(1000, 1000, requires_grad=True, device=DEVICE),)


def test_dynamo_error():
    with tcd.expected_exception():
        fn_opt = torch.compile(dynamo_error_fn, backend="inductor")
        fn_opt(*ARGS)


tcd.pytorch_test_setup()
test_dynamo_error()
