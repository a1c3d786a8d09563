"""PyTorch's test_execution_trace_with_kineto: 10 LOOP payloads under
torch.profiler.profile with a schedule (skip_first=3, wait=1, warmup=1,
active=2) and an execution trace observer; the Kineto trace is exported
too, and the ET rf_ids must equal Kineto's "Record function id"s."""
import json
import os

import torch
from torch.profiler import ExecutionTraceObserver, ProfilerActivity, record_function

import et_common
import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
et_file = et_common.et_path("with_kineto.et.json")
kineto_file = os.path.join(tcd.artifact_dir("chrome_trace"), "with_kineto.kineto.json")
activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if DEVICE == "cuda" else [])
trace_handler_calls = 0


def handler(_p):
    global trace_handler_calls
    trace_handler_calls += 1


with torch.profiler.profile(
    activities=activities,
    schedule=torch.profiler.schedule(skip_first=3, wait=1, warmup=1, active=2, repeat=1),
    on_trace_ready=handler,
    execution_trace_observer=ExecutionTraceObserver().register_callback(et_file),
) as p:
    for idx in range(10):
        with record_function(f"## LOOP {idx} ##"):
            et_common.payload(DEVICE)
        p.step()
    tcd.fact("output_path_matches", p.execution_trace_observer.get_output_file_path() == et_file)
p.export_chrome_trace(kineto_file)

tcd.fact("trace_handler_calls", trace_handler_calls)
nodes = et_common.summarize("", et_file)
with open(kineto_file, encoding="utf-8") as f:
    events = json.load(f)["traceEvents"]
kineto_ids = sorted(e.get("args", {}).get("Record function id", -1) for e in events
                    if e.get("cat") in ("cpu_op", "user_annotation"))
tcd.fact("rf_ids_match", et_common.rf_ids(nodes) == kineto_ids)
