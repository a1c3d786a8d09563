"""PyTorch's test_compiled_autograd_chromium
(test/dynamo/test_structured_trace.py, @show_chrome_events): under
torch._dynamo.compiled_autograd._enable(torch.compile), x.sum().backward()
for x = arange(0., i, requires_grad=True), i in 10, 100, 10, 15, 20, 25.
The chromium events of the compiled-autograd graphs carry
compiled_autograd_id."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_compiled_autograd_chromium():
    sizes = []
    with torch._dynamo.compiled_autograd._enable(torch.compile):
        for i in [10, 100, 10, 15, 20, 25]:
            x = torch.arange(0.0, i, requires_grad=True, device=DEVICE)
            loss = x.sum()
            loss.backward()
            sizes.append(int(x.grad.numel()))
    tcd.fact("grad_sizes", sizes)


tcd.pytorch_test_setup()
test_compiled_autograd_chromium()
