"""PyTorch's test_execution_trace_alone (test/profiler/test_execution_trace.py):
an ExecutionTraceObserver started and stopped around 5 LOOP payloads."""
from torch.profiler import ExecutionTraceObserver, record_function

import et_common
import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
path = et_common.et_path("alone.et.json")
et = ExecutionTraceObserver().register_callback(path)
tcd.fact("output_path_matches", et.get_output_file_path() == path)
et.start()
for idx in range(5):
    with record_function(f"## LOOP {idx} ##"):
        et_common.payload(DEVICE)
et.stop()
et.unregister_callback()

nodes = et_common.summarize("", path)
test2 = [n for n in nodes if n["name"] == "## TEST 2 ##"]
tcd.fact("test2_nodes", len(test2))
tcd.fact("test2_list_tensor_entries", [len(n["inputs"]["values"][3][0]) for n in test2])
