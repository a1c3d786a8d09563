"""DDP with two processes (gloo, world size 2): PyTorch's test_ddp_graphs
workload (a ToyModel of two Linear(1024, 1024) in DistributedDataParallel,
bucket_cap_mb=4, compiled with inductor, on a 1024x1024 input) run by rank 0
(this process) and rank 1 (a child it starts). Both meet through the file
in $TRACECHECK_RENDEZVOUS and write their own rank file into the one
TORCH_TRACE folder. Rank 1 records no facts; rank 0 records the child's
exit status. Bounded: the process group times out after 300 s and the
child is killed if rank 0 gives up."""
import datetime
import os
import subprocess
import sys

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

import tracecheck_driver as tcd

RANK = int(os.environ.get("TRACECHECK_DDP_RANK", "0"))
WORLD_SIZE = 2
DEVICE = tcd.device_arg()  # records nothing in rank 1 (no TRACECHECK_FACTS)
TIMEOUT = datetime.timedelta(seconds=300)


def start_rank_1():
    env = dict(os.environ)
    env["TRACECHECK_DDP_RANK"] = "1"
    # Its own inductor cache: with a shared one, whichever rank compiles
    # second hits the other's FX graph cache, and the trace depends on
    # which rank was faster.
    cache = os.environ.get("TORCHINDUCTOR_CACHE_DIR")
    if cache:
        env["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(cache, "rank_1")
    for key in ("TRACECHECK_FACTS", "TRACECHECK_OUTCOME"):
        env.pop(key, None)  # one writer of facts and outcome: rank 0
    return subprocess.Popen([sys.executable] + sys.argv, env=env)


def test_ddp_world_size_2():
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
    dist.init_process_group("gloo", init_method=init_method, rank=RANK, world_size=WORLD_SIZE, timeout=TIMEOUT)

    if DEVICE == "cuda":
        model = DDP(ToyModel().to(f"cuda:{RANK}"), device_ids=[RANK], bucket_cap_mb=4)
        x = torch.randn(1024, 1024, device=f"cuda:{RANK}")
    else:
        model = DDP(ToyModel(), bucket_cap_mb=4)
        x = torch.randn(1024, 1024)
    ddp_model = torch.compile(model, backend="inductor")

    out = ddp_model(x)
    if RANK == 0:
        tcd.fact("output_shape", list(out.shape))

    dist.destroy_process_group()


tcd.pytorch_test_setup()
if RANK == 0:
    child = start_rank_1()
    try:
        test_ddp_world_size_2()
        status = child.wait(timeout=TIMEOUT.total_seconds())
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    tcd.fact("rank_1_exit_status", status)
    sys.exit(0 if status == 0 else 1)
else:
    test_ddp_world_size_2()
