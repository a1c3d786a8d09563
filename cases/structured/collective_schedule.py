"""PyTorch's test_collective_schedule_real (test/dynamo/test_structured_trace.py,
fx_graph_cache off): a fake process group (backend "fake", FakeStore, rank 0
of world size 2); CollectiveModule runs _c10d_functional.all_reduce then
wait_tensor then * 2, compiled with inductor on randn(4, 4). Inductor logs
the artifact inductor_collective_schedule; its payload (the list of
collective ops) is recorded as the fact "collective_schedule"."""
import json

import torch
import torch.distributed as dist
from torch.testing._internal.distributed.fake_pg import FakeStore

import tracecheck_driver as tcd
from payload_capture import capture_payloads

DEVICE = tcd.device_arg()


def test_collective_schedule_real():
    class CollectiveModule(torch.nn.Module):
        def forward(self, x):
            # Use the c10d functional ops directly
            ar = torch.ops._c10d_functional.all_reduce.default(x, "sum", "0")
            ar = torch.ops._c10d_functional.wait_tensor.default(ar)
            return ar * 2

    # Initialize a fake process group
    store = FakeStore()
    dist.init_process_group(backend="fake", rank=0, world_size=2, store=store)
    try:
        with capture_payloads("inductor_collective_schedule") as payloads:
            torch._dynamo.reset()
            mod = CollectiveModule()
            compiled = torch.compile(mod, backend="inductor")
            compiled(torch.randn(4, 4, device=DEVICE))
        tcd.fact("collective_schedule", [json.loads(p) if p else None for p in payloads])
    finally:
        dist.destroy_process_group()


tcd.pytorch_test_setup()
with torch._inductor.config.patch("fx_graph_cache", False):
    test_collective_schedule_real()
