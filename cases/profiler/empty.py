"""PyTorch's test_profiler_tracing (test/profiler/test_profiler.py), both
parametrizations on CPU: add(ones(1), ones(1)) and then an empty profile
block, through the autograd profiler with Kineto (chrome_trace/kineto_add.json,
chrome_trace/kineto_empty.json) and without it (the legacy profiler's
bare-array form: chrome_trace/legacy_add.json, chrome_trace/legacy_empty.json).
Every file must be valid JSON; for the empty Kineto trace the test requires
that a top-level "WARNING" list, when present, contains "No Valid Trace
Events". Both verdicts are facts."""
import json
import os

import torch
from torch.autograd.profiler import profile as _profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def valid_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return True, json.load(f)
    except ValueError:
        return False, None


def test_profiler_tracing(use_kineto, out):
    prefix = "kineto" if use_kineto else "legacy"
    with _profile(use_kineto=use_kineto) as prof:
        t1, t2 = torch.ones(1), torch.ones(1)
        torch.add(t1, t2)
    path = os.path.join(out, f"{prefix}_add.json")
    prof.export_chrome_trace(path)
    tcd.fact(f"{prefix}_add_valid_json", valid_json(path)[0])

    with _profile(use_kineto=use_kineto) as prof:
        pass
    path = os.path.join(out, f"{prefix}_empty.json")
    prof.export_chrome_trace(path)
    valid, contents = valid_json(path)
    tcd.fact(f"{prefix}_empty_valid_json", valid)
    if use_kineto and isinstance(contents, dict):
        warnings = contents.get("WARNING")
        tcd.fact("kineto_empty_has_warning", warnings is not None)
        if warnings is not None:
            tcd.fact("kineto_empty_warning_found", any("No Valid Trace Events" in w for w in warnings))


out_dir = tcd.artifact_dir("chrome_trace")
test_profiler_tracing(False, out_dir)
test_profiler_tracing(True, out_dir)
