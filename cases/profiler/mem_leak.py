"""PyTorch's test_mem_leak (test/profiler/test_profiler.py), CUDA only: ten
runs of the autograd profiler with use_device="cuda" over 1024 torch.mm of a
1x1 CUDA tensor, each followed by gc.collect() and empty_cache(), with the
process's resident set size read after each. Judged as the test judges it:
a leak is the last five readings strictly increasing with a step of more
than 100 KiB (CUDA events leaking grew RSS by about 7 MB a run). The
readings go to stdout (they differ from run to run, so they are no fact);
the verdict is the fact "leak", and a leak fails the workload (exit 1), as
it fails the test. The last profile's trace is chrome_trace/last_run.json."""
import collections
import gc
import os
import sys

import torch
from torch.autograd.profiler import profile as _profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
RUNS = 10
MM_PER_RUN = 1024
LEAK_STEP_BYTES = 100 * 1024


def rss_bytes():
    """Resident set size from /proc/self/statm (the test reads psutil's rss)."""
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def judge(last_rss):
    """test_mem_leak's verdict on its deque of the last five readings."""
    increasing = all(last_rss[i] > last_rss[i - 1] for i in range(1, len(last_rss)))
    max_step = max(last_rss[i] - last_rss[i - 1] for i in range(1, len(last_rss)))
    return increasing and max_step > LEAK_STEP_BYTES


def test_mem_leak(out):
    t = torch.rand(1, 1).to(DEVICE)
    last_rss = collections.deque(maxlen=5)
    for _ in range(RUNS):
        with _profile(use_device="cuda") as prof:
            for _ in range(MM_PER_RUN):
                t = torch.mm(t, t)
        gc.collect()
        torch.cuda.empty_cache()
        last_rss.append(rss_bytes())
        print(f"rss after run: {last_rss[-1]} bytes", flush=True)
    prof.export_chrome_trace(os.path.join(out, "last_run.json"))
    leak = judge(list(last_rss))
    tcd.fact("runs", RUNS)
    tcd.fact("leak", leak)
    return leak


if DEVICE != "cuda":
    print("test_mem_leak needs --device cuda", file=sys.stderr)
    sys.exit(2)
torch.manual_seed(0)
sys.exit(1 if test_mem_leak(tcd.artifact_dir("chrome_trace")) else 0)
