"""PyTorch's test_export_stacks (test/profiler/test_profiler.py): the
payload (randn 10x10 twice, mm, add) under the autograd profiler with
with_stack=True and the verbose experimental config, then
p.export_stacks(). The folded stacks file is kept beside the trace
(chrome_trace/stacks.txt next to chrome_trace/payload.json); its shape is
recorded as facts: line count, frames per line, the leaf frames (object
addresses masked), and the test's check that the last space-separated
token of every line is an integer > 0."""
import os
import re

from no_aslr import reexec_without_aslr

reexec_without_aslr()

import torch  # noqa: E402
from torch._C._profiler import _ExperimentalConfig  # noqa: E402
from torch.autograd.profiler import profile as _profile  # noqa: E402
from torch.profiler import kineto_available  # noqa: E402

import tracecheck_driver as tcd  # noqa: E402

DEVICE = tcd.device_arg()


def positive_int(token):
    try:
        return int(token) > 0
    except ValueError:
        return False


def test_export_stacks():
    with _profile(
        with_stack=True,
        use_kineto=kineto_available(),
        experimental_config=_ExperimentalConfig(verbose=True),
    ) as p:
        x = torch.randn(10, 10)
        y = torch.randn(10, 10)
        z = torch.mm(x, y)
        z = z + y

    out = tcd.artifact_dir("chrome_trace")
    stacks = os.path.join(out, "stacks.txt")
    p.export_stacks(stacks)
    with open(stacks, encoding="utf-8") as f:
        lines = f.readlines()
    tcd.fact("stacks_lines", len(lines))
    tcd.fact("stacks_frames_per_line", [len(line.rsplit(" ", 1)[0].split(";")) for line in lines])
    tcd.fact("stacks_last_token_positive_int", [positive_int(line.split(" ")[-1]) for line in lines])
    # Frames of built-in methods name an object address, which ASLR moves.
    leaves = {re.sub(r"0x[0-9a-f]+", "0x?", line.rsplit(" ", 1)[0].split(";")[-1]) for line in lines}
    tcd.fact("stacks_leaf_frames", sorted(leaves))
    p.export_chrome_trace(os.path.join(out, "payload.json"))


torch.manual_seed(0)
test_export_stacks()
