"""PyTorch's test_ddp_graphs (test/dynamo/test_structured_trace.py): a
ToyModel of two Linear(1024, 1024) layers in DistributedDataParallel
(gloo, world_size 1, rank 0, bucket_cap_mb=4), compiled with inductor, on
a 1024x1024 input. The process group meets through a file in the output
folder ($TRACECHECK_RENDEZVOUS), not a port; device_ids only on CUDA.
Which golden applies depends on torch._dynamo.config.inline_inbuilt_nn_modules,
recorded as a fact."""
import os
import warnings

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_ddp_graphs():
    class ToyModel(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.layers = torch.nn.Sequential(
                torch.nn.Linear(1024, 1024),
                torch.nn.Linear(1024, 1024),
            )

        def forward(self, x):
            return self.layers(x)

    init_method = os.environ.get("TRACECHECK_RENDEZVOUS") or "file://" + os.path.abspath("rendezvous")
    dist.init_process_group("gloo", init_method=init_method, rank=0, world_size=1)

    if DEVICE == "cuda":
        model = DDP(ToyModel().to("cuda:0"), device_ids=[0], bucket_cap_mb=4)
        x = torch.randn(1024, 1024, device="cuda:0")
    else:
        model = DDP(ToyModel(), bucket_cap_mb=4)
        x = torch.randn(1024, 1024)
    ddp_model = torch.compile(model, backend="inductor")

    out = ddp_model(x)
    tcd.fact("output_shape", list(out.shape))

    dist.destroy_process_group()


def inline_inbuilt_nn_modules():
    # Newer torch deprecates the flag (always True) and warns on reading it.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return getattr(torch._dynamo.config, "inline_inbuilt_nn_modules", None)


tcd.pytorch_test_setup()
tcd.fact("inline_inbuilt_nn_modules", inline_inbuilt_nn_modules())
tcd.fact("distributed_available", dist.is_available())
test_ddp_graphs()
