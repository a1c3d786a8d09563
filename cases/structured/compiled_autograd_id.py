"""PyTorch's test_compiled_autograd_id (test/dynamo/test_structured_trace.py,
compiled_autograd and fx_graph_cache on, @show_chrome_events): fn(a) =
a.sin().sum().backward() optimized with inductor on tensor([1.0],
requires_grad=True), reset, called again. Records inside compiled autograd
carry compiled_autograd_id (compile ids "!A/F/C" and "!A")."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_compiled_autograd_id():
    def fn(a):
        return a.sin().sum().backward()

    x = torch.tensor([1.0], requires_grad=True, device=DEVICE)
    fn_opt = torch._dynamo.optimize("inductor")(fn)
    fn_opt(x)
    torch._dynamo.reset()
    # Trigger a cache hit
    fn_opt(x)
    tcd.fact("grad", [round(v, 6) for v in x.grad.tolist()])


tcd.pytorch_test_setup()
with torch._dynamo.config.patch("compiled_autograd", True), torch._inductor.config.patch("fx_graph_cache", True):
    test_compiled_autograd_id()
