"""PyTorch's test_execution_trace_start_stop: one observer started at
iterations 3 and 8 and stopped at 5 and 9 of 10 LOOP payloads."""
from torch.profiler import ExecutionTraceObserver, record_function

import et_common
import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
path = et_common.et_path("start_stop.et.json")
et = ExecutionTraceObserver().register_callback(path)
tcd.fact("output_path_matches", et.get_output_file_path() == path)
expected = 0
for idx in range(10):
    if idx in (3, 8):
        et.start()
    elif idx in (5, 9):
        et.stop()
    if et._execution_trace_running:
        expected += 1
    with record_function(f"## LOOP {idx} ##"):
        et_common.payload(DEVICE)
et.unregister_callback()

tcd.fact("expected_loop_nodes", expected)
et_common.summarize("", path)
