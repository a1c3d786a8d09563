"""PyTorch's test_codecache (test/dynamo/test_structured_trace.py): fn(a) =
a.sin() compiled with inductor (fx_graph_cache on) on tensor([1.0]), then
torch._dynamo.reset() and called again: the first compile misses the FX
graph and AOTAutograd caches, the second (also 0/0 after the reset) hits
them."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_codecache():
    def fn(a):
        return a.sin()

    x = torch.tensor([1.0], device=DEVICE)
    fn_opt = torch.compile(fn, backend="inductor")
    fn_opt(x)
    torch._dynamo.reset()
    # Trigger a cache hit
    out = fn_opt(x)
    tcd.fact("output", [round(v, 6) for v in out.tolist()])


tcd.pytorch_test_setup()
with torch._inductor.config.patch("fx_graph_cache", True):
    test_codecache()
