"""Debian bookworm's torch 1.13 (legacy formats): ExecutionGraphObserver, execution trace schema 1.0.1."""
import torch
from torch.profiler import ExecutionGraphObserver

import tracecheck_driver as td

torch.manual_seed(0)
x = torch.randn(4, 4)
observer = ExecutionGraphObserver()
observer.register_callback(td.artifact_dir("execution_trace") + "/execution_graph.json")
observer.start()
x.mm(x).relu()
observer.stop()
observer.unregister_callback()
