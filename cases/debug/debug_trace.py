"""PyTorch's test_debug_trace (test/inductor/test_debug_trace.py):
with torch._inductor.config.trace.enabled, torch.compile of
realize(a + 1) + 2 then matmul on 16x16 tensors writes the inductor debug
directory (TORCH_COMPILE_DEBUG_DIR = the capture's debug_dir/) and logs one
WARNING "debug trace: <dir>" on torch._inductor.debug.

The WARNING records of that logger are written, as assertLogs formats them
("LEVEL:logger:message"), to debug_dir/debug_trace_log.txt for the
debug_dir format's check."""
import logging
import os
import re

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
OUT = tcd.artifact_dir("debug_dir")
# Read when torch._dynamo.config is imported.
os.environ["TORCH_COMPILE_DEBUG_DIR"] = OUT

import torch  # noqa: E402
import torch._dynamo  # noqa: E402
import torch._inductor.config as inductor_config  # noqa: E402
from torch._inductor import test_operators  # noqa: E402


class Collect(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.lines = []

    def emit(self, record):
        self.lines.append(f"{record.levelname}:{record.name}:{record.getMessage()}")


@torch.compile
def fn(a, b):
    a = test_operators.realize(a + 1) + 2
    return torch.matmul(a, b)


torch._dynamo.reset()
inductor_config.trace.enabled = True
logger = logging.getLogger("torch._inductor.debug")
handler = Collect()
logger.addHandler(handler)
old_level = logger.level
logger.setLevel(logging.WARNING)
try:
    fn(torch.randn(16, 16, device=DEVICE), torch.randn(16, 16, device=DEVICE))
finally:
    logger.removeHandler(handler)
    logger.setLevel(old_level)

with open(os.path.join(OUT, "debug_trace_log.txt"), "w", encoding="utf-8") as f:
    f.writelines(line + "\n" for line in handler.lines)
tcd.fact("debug_trace_warnings", len(handler.lines))
m = re.match(r"WARNING.* debug trace: (.*)", handler.lines[0]) if handler.lines else None
tcd.fact("debug_trace_dir_exists", bool(m) and os.path.isdir(m.group(1)))
