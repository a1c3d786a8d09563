"""PyTorch's test_chromium_event (test/dynamo/test_structured_trace.py,
@show_chrome_events, fx_graph_cache on): the test_codecache workload, fn(a)
= a.sin() on tensor([1.0]), compiled with inductor, reset, called again.
The case keeps the chromium_event records (rule set
torch_trace/show_chrome_events); tracecheck validates their payloads as
Chrome trace events with B/E balanced per compile id."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_chromium_event():
    def fn(a):
        return a.sin()

    x = torch.tensor([1.0], device=DEVICE)
    fn_opt = torch.compile(fn, backend="inductor")
    fn_opt(x)
    torch._dynamo.reset()
    # Trigger a cache hit
    fn_opt(x)


tcd.pytorch_test_setup()
with torch._inductor.config.patch("fx_graph_cache", True):
    test_chromium_event()
