"""PyTorch's test_debug_multi_tempalte (test/inductor/test_debug_trace.py):
Linear(100, 100) + ReLU compiled with mode="max-autotune" under
trace.enabled with a fresh inductor cache (capture.py's), on the GPU; the
multi-template (autotuning) path must compile, run and log at least one
WARNING on torch._inductor.debug. The debug directory goes to the capture's
debug_dir/ (TORCH_COMPILE_DEBUG_DIR); the log lines to
debug_dir/debug_trace_log.txt as in debug/debug_trace."""
import logging
import os

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
OUT = tcd.artifact_dir("debug_dir")
os.environ["TORCH_COMPILE_DEBUG_DIR"] = OUT

import torch  # noqa: E402
import torch._dynamo  # noqa: E402
import torch._inductor.config as inductor_config  # noqa: E402


class Collect(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.lines = []

    def emit(self, record):
        self.lines.append(f"{record.levelname}:{record.name}:{record.getMessage()}")


class ToyModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(100, 100)
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        return self.relu(self.l(x))


torch._dynamo.reset()
inductor_config.trace.enabled = True
logger = logging.getLogger("torch._inductor.debug")
handler = Collect()
logger.addHandler(handler)
logger.setLevel(logging.WARNING)
m = torch.compile(ToyModel().to(device=DEVICE), mode="max-autotune")
out = m(torch.randn(100).to(device=DEVICE))
logger.removeHandler(handler)

with open(os.path.join(OUT, "debug_trace_log.txt"), "w", encoding="utf-8") as f:
    f.writelines(line + "\n" for line in handler.lines)
tcd.fact("output_shape", list(out.shape))
tcd.fact("debug_warnings_at_least_one", len(handler.lines) >= 1)
