"""PyTorch's test_export_stacks (test/profiler/test_profiler.py): the
payload (randn 10x10 twice, mm, add) under the autograd profiler with
with_stack=True and the verbose experimental config, then
p.export_stacks(). The folded stacks file is kept beside the trace
(chrome_trace/stacks.txt next to chrome_trace/payload.json); its shape is
recorded as facts: whether it has lines, the test's check that the last
space-separated token of every line is an integer > 0, and the built-in
methods the workload called below the test function (randn and mm; object
addresses masked). export_stacks writes a line only for a stack whose self
time is at least 1 us, so which lines appear depends on the machine's
speed: line counts, depths and the profiler's own frames (its
_start_trace appears in some runs of torch 2.14) are not facts; the
workload's randn and mm take far longer than 1 us."""
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
    tcd.fact("stacks_nonempty", len(lines) > 0)
    tcd.fact("stacks_last_token_positive_int", all(positive_int(line.split(" ")[-1]) for line in lines))
    # Frames of built-in methods name an object address, which ASLR moves.
    stacks = [line.rsplit(" ", 1)[0].split(";") for line in lines]
    builtins = {re.sub(r"0x[0-9a-f]+", "0x?", frames[-1]) for frames in stacks
                if frames[-1].startswith("<built-in_method_") and any("test_export_stacks" in f for f in frames)}
    tcd.fact("stacks_workload_builtins", sorted(builtins))
    p.export_chrome_trace(os.path.join(out, "payload.json"))


torch.manual_seed(0)
test_export_stacks()
