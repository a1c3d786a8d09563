"""PyTorch's test_flops (test/profiler/test_profiler.py): Sequential(Conv2d(16,
33, 18), ReLU(), Linear(243, 243), ReLU()) on randn(40, 16, 18, 260) under the
autograd profiler with record_shapes and with_flops, and a jagged nested
tensor added to itself inside the same profile, which must not raise while
its FLOPs are computed. The test asserts "Total MFLOPs" in the table grouped
by input shape; that and the table's FLOPs column are facts, and so are the
"flops" args of the trace (none on CPU in torch 2.6 and 2.14: the counts
reach the table, not the Kineto trace), written to chrome_trace/flops.json. On
--device cuda the model runs on the GPU under torch.profiler with CPU and
CUDA activities, as the test's second half does (chrome_trace/kineto.json)."""
import json
import os
import re

import torch
from torch import nn
from torch.autograd.profiler import profile as _profile
from torch.profiler import ProfilerActivity, kineto_available, profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def flops_args(path):
    """Per event name, the sorted "flops" args of the trace's events that carry one."""
    with open(path, encoding="utf-8") as f:
        events = json.load(f)["traceEvents"]
    found = {}
    for e in events:
        args = e.get("args") or {}
        if "flops" in args:
            found.setdefault(e["name"], []).append(args["flops"])
    return {name: sorted(values) for name, values in sorted(found.items())}


def flops_column(table):
    """The table's FLOPs column header ("Total MFLOPs"): its unit is scaled to
    the smallest count, so a FLOP counted for the nested add changes it."""
    found = re.search(r"Total \w*FLOPs", table)
    return found.group(0) if found else None


def test_flops(out):
    model = nn.Sequential(nn.Conv2d(16, 33, 18), nn.ReLU(), nn.Linear(243, 243), nn.ReLU())
    inputs = torch.randn(40, 16, 18, 260)
    nested = torch.nested.nested_tensor([torch.randn((2, 5)), torch.randn((3, 5))], layout=torch.jagged)
    with _profile(record_shapes=True, with_flops=True, use_kineto=kineto_available()) as prof:
        model(inputs)
        nested = nested + nested  # the nested tensor must not break the FLOP count
    table = prof.key_averages(group_by_input_shape=True).table(sort_by="cpu_time_total", row_limit=10)
    print(table, flush=True)
    tcd.fact("total_mflops_in_table", "Total MFLOPs" in table)
    tcd.fact("flops_column", flops_column(table))
    path = os.path.join(out, "flops.json")
    prof.export_chrome_trace(path)
    tcd.fact("flops_args", flops_args(path))

    if DEVICE == "cuda":
        model = model.to(DEVICE)
        inputs = inputs.to(DEVICE)
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA], record_shapes=True,
                     with_flops=True) as kineto_profiler:
            model(inputs)
            torch.cuda.synchronize()
        table = kineto_profiler.key_averages().table(sort_by="self_cuda_time_total", row_limit=-1)
        tcd.fact("cuda_total_mflops_in_table", "Total MFLOPs" in table)
        tcd.fact("cuda_flops_column", flops_column(table))
        path = os.path.join(out, "kineto.json")
        kineto_profiler.export_chrome_trace(path)
        tcd.fact("cuda_flops_args", flops_args(path))


torch.manual_seed(0)
test_flops(tcd.artifact_dir("chrome_trace"))
