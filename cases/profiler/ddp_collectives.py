"""DDP on gloo under the profiler: a Linear(10, 10) in
DistributedDataParallel (world size 1, rank 0, file rendezvous in
$TRACECHECK_RENDEZVOUS, as structured/ddp_graphs), two SGD training steps
on randn(4, 10) inside profile(record_shapes=True). The trace
(chrome_trace/ddp.json) carries the collective events (c10d:: ops, gloo:
annotations from gloo's own thread, record_param_comms where torch emits
it) and the top-level distributedInfo; their counts and what
distributedInfo says of the process group are recorded as facts."""
import collections
import json
import os
import time

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.profiler import ProfilerActivity, profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_ddp_collectives():
    init_method = os.environ.get("TRACECHECK_RENDEZVOUS") or "file://" + os.path.abspath("rendezvous")
    dist.init_process_group("gloo", init_method=init_method, rank=0, world_size=1)
    if DEVICE == "cuda":
        model = DDP(torch.nn.Linear(10, 10).to("cuda:0"), device_ids=[0])
        activities = [ProfilerActivity.CPU, ProfilerActivity.CUDA]
    else:
        model = DDP(torch.nn.Linear(10, 10))
        activities = [ProfilerActivity.CPU]
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(4, 10, device=DEVICE)
    # DDP's constructor broadcasts the module's state on gloo's worker
    # thread; a broadcast that worker runs late lands in the trace as one
    # more gloo:broadcast (1 run in about 10 on a loaded machine). A barrier
    # waits for the work before it, and the pause lets the worker close its
    # own record_function before the profiler starts.
    dist.barrier()
    time.sleep(0.2)

    with profile(activities=activities, record_shapes=True) as prof:
        for _ in range(2):
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
        # gloo's worker closes its record_function (gloo:all_reduce) just
        # after the main thread sees the result; a profiler stopped in that
        # moment keeps the event without its inputs (1 run in 6 here). A
        # pause lets the worker finish; it records no event itself.
        time.sleep(0.2)
    path = os.path.join(tcd.artifact_dir("chrome_trace"), "ddp.json")
    prof.export_chrome_trace(path)
    dist.destroy_process_group()

    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    info = trace.get("distributedInfo", {})
    tcd.fact("distributed_info", {k: info.get(k) for k in ("backend", "rank", "world_size")})
    collectives = collections.Counter(
        f'{e.get("cat")} {e["name"]}' for e in trace["traceEvents"]
        if e["name"].startswith(("c10d::", "gloo:", "record_param_comms")))
    tcd.fact("collective_events", dict(sorted(collectives.items())))


torch.manual_seed(0)
test_ddp_collectives()
