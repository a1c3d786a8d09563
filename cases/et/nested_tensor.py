"""PyTorch's test_execution_trace_nested_tensor: sin().cos() of nested jagged
tensors under torch.profiler.profile with an execution trace observer."""
import torch
from torch.profiler import ExecutionTraceObserver

import et_common
import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
path = et_common.et_path("nested_tensor.et.json")
observer = ExecutionTraceObserver().register_callback(path)
with torch.profiler.profile(execution_trace_observer=observer):
    for i in range(3):
        values = torch.rand((8 + i, 4 + i), device=DEVICE)
        offsets = torch.tensor([0, 2, 4, 6, 8 + i], device=DEVICE)
        nt = torch.nested.nested_tensor_from_jagged(values, offsets)
        nt.sin().cos()
observer.unregister_callback()

nodes = et_common.summarize("", path)
tcd.fact("has_cos_node", any("cos" in n["name"] for n in nodes))
