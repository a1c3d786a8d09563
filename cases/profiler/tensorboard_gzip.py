"""PyTorch's test_tensorboard_trace_handler (test/profiler/test_profiler.py)
on CPU: profile(schedule=schedule(wait=1, warmup=1, active=2, repeat=3))
over 18 payload steps (mm + add), first with tensorboard_trace_handler
writing plain files (into work/, checked for their names only), then with
use_gzip=True through explicit p.start() / p.stop() into chrome_trace/,
whose three .pt.trace.json.gz files are the traces this case checks.
Torch names them <host>_<pid>.<ms-epoch>.pt.trace.json[.gz]; the facts
record what the test asserts of those names, never the names themselves."""
import os

import torch
from torch.profiler import ProfilerActivity, profile, schedule, tensorboard_trace_handler

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
ACTIVITIES = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if DEVICE == "cuda" else [])


def payload():
    x = torch.randn(10, 10).to(DEVICE)
    y = torch.randn(10, 10).to(DEVICE)
    z = torch.mm(x, y)
    z = z + y


def name_checks(dname, suffix):
    """The test's checks of each file name: more than 4 dot-separated parts,
    a positive number before the suffix parts, and the suffix itself."""
    names = sorted(os.listdir(dname))
    checks = []
    for name in names:
        parts = name.split(".")
        number = parts[-len(suffix) - 1] if len(parts) > len(suffix) else ""
        checks.append(
            {
                "parts_gt_4": len(parts) > 4,
                "number_positive": number.isdigit() and int(number) > 0,
                "suffix": parts[-len(suffix):] == suffix,
            }
        )
    return {"count": len(names), "checks": checks}


def test_tensorboard_trace_handler():
    with profile(activities=ACTIVITIES):
        payload()

    plain = os.path.abspath("tb_plain")
    with profile(
        activities=ACTIVITIES,
        schedule=schedule(wait=1, warmup=1, active=2, repeat=3),
        on_trace_ready=tensorboard_trace_handler(plain),
    ) as p:
        for _ in range(18):
            payload()
            p.step()
    tcd.fact("plain_files", name_checks(plain, ["pt", "trace", "json"]))

    gz = tcd.artifact_dir("chrome_trace")
    p = profile(
        activities=ACTIVITIES,
        schedule=schedule(wait=1, warmup=1, active=2, repeat=3),
        on_trace_ready=tensorboard_trace_handler(gz, use_gzip=True),
    )
    p.start()
    for _ in range(18):
        payload()
        p.step()
    p.stop()
    tcd.fact("gzip_files", name_checks(gz, ["pt", "trace", "json", "gz"]))


torch.manual_seed(0)
test_tensorboard_trace_handler()
