"""Debian bookworm's torch 1.13 (legacy formats): the autograd profiler's Chrome export.

torch 1.13 writes a bare array with string pids ("CPU functions") and does
not escape a double quote in a record_function name, so the file is invalid
JSON: the golden expects tracecheck's diagnostic at that exact place.
"""
import torch

import tracecheck_driver as td

torch.manual_seed(0)
x = torch.randn(4, 4)
with torch.autograd.profiler.profile() as prof:
    with torch.autograd.profiler.record_function("step"):
        x.mm(x).add(1)
prof.export_chrome_trace(td.artifact_dir("chrome_trace") + "/legacy.json")

with torch.autograd.profiler.profile() as prof:
    with torch.autograd.profiler.record_function('say "hi"'):
        x.mm(x)
prof.export_chrome_trace(td.artifact_dir("chrome_trace") + "/quote_in_name.json")
