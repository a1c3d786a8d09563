"""PyTorch's test_profiler_metadata (test/profiler/test_profiler.py):
add(ones(1), ones(1)) under torch.profiler.profile(), with
add_metadata("test_key1", "test_value1") and
add_metadata_json("test_key2", "[1,2,3]") called inside the profile. The
trace (chrome_trace/metadata.json) carries both as top-level keys; the
values read back are recorded as facts."""
import json
import os

import torch
from torch.profiler import profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_profiler_metadata():
    t1, t2 = torch.ones(1), torch.ones(1)
    with profile() as prof:
        torch.add(t1, t2)
        prof.add_metadata("test_key1", "test_value1")
        prof.add_metadata_json("test_key2", "[1,2,3]")
    path = os.path.join(tcd.artifact_dir("chrome_trace"), "metadata.json")
    prof.export_chrome_trace(path)
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    tcd.fact("test_key1", trace.get("test_key1"))
    tcd.fact("test_key2", trace.get("test_key2"))
    tcd.fact("top_level_keys", sorted(trace))


test_profiler_metadata()
