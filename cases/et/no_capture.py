"""PyTorch's test_execution_trace_no_capture: an observer registered and
unregistered without ever starting; the file is still finalized."""
from torch.profiler import ExecutionTraceObserver

import et_common
import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
path = et_common.et_path("no_capture.et.json")
et = ExecutionTraceObserver().register_callback(path)
tcd.fact("output_path_matches", et.get_output_file_path() == path)
et.unregister_callback()
et_common.summarize("", path)
