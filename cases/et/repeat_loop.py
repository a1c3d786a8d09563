"""PyTorch's test_execution_trace_repeat_in_loop: a new observer and ET file
at iterations 3, 4, 6 and 8, each around one LOOP payload."""
from torch.profiler import ExecutionTraceObserver, record_function

import et_common
import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
total_loops = 0
for idx in range(10):
    if idx in (3, 4, 6, 8):
        path = et_common.et_path(f"repeat_{idx}.et.json")
        et = ExecutionTraceObserver().register_callback(path)
        et.start()
    with record_function(f"## LOOP {idx} ##"):
        et_common.payload(DEVICE)
    if idx in (3, 4, 6, 8):
        et.stop()
        et.unregister_callback()
        nodes = et_common.summarize(f"repeat_{idx}.", path)
        total_loops += sum(1 for n in nodes if n["name"].startswith("## LOOP "))
tcd.fact("total_loop_nodes", total_loops)
