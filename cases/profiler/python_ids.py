"""PyTorch's test_source (test/profiler/test_profiler.py): eager ops, two
TorchScript functions and an nn.Module (Conv2d) called through a wrapper,
with backward passes, profiled with with_stack=True (verbose experimental
config). The Chrome trace links Python function events by "Python id" and
"Python parent id": the DummyModule_0 event is the child of call_module.
What the test asserts is recorded as facts; the trace is written to
chrome_trace/source.json."""
import json
import os
import re

from no_aslr import reexec_without_aslr

reexec_without_aslr()

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
from torch._C._profiler import _ExperimentalConfig  # noqa: E402
from torch.autograd.profiler import profile as _profile  # noqa: E402
from torch.profiler import kineto_available  # noqa: E402

import tracecheck_driver as tcd  # noqa: E402

DEVICE = tcd.device_arg()


def test_source():
    prev_opt = torch._C._get_graph_executor_optimize()
    torch._C._set_graph_executor_optimize(False)  # avoid automatic inlining

    @torch.jit.script
    def ts_method_2(x, y):
        return torch.matmul(x, y)

    @torch.jit.script
    def ts_method_1(x, y, z):
        a = x + z
        w = ts_method_2(x, y) + a
        return w.sum()

    class DummyModule(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.conv = torch.nn.Conv2d(3, 2, kernel_size=1, stride=2, padding=3, bias=False)

        def forward(self, x):
            return self.conv(x)

    mod = DummyModule()

    def call_module(x):
        return mod(x)

    with _profile(
        with_stack=True,
        use_kineto=kineto_available(),
        experimental_config=_ExperimentalConfig(verbose=True),
    ) as p:
        x = torch.randn(10, 10, requires_grad=True)
        y = torch.randn(10, 10, requires_grad=True)
        z = x + y
        w = ts_method_1(x, y, z)
        v = 2 * w
        v.backward()
        a = torch.randn(2, 3, 2, 2, requires_grad=True)
        b = call_module(a)
        c = b.sum()
        c.backward()

    # The test's stack attribution: every add (forward or backward) names
    # this file and one of the functions that ran it.
    attributed = []
    for e in p.function_events:
        if "aten::add" in e.name or "AddBackward" in e.name:
            attributed.append(
                any("python_ids" in entry for entry in e.stack)
                and any(("test_source" in entry or "ts_method_1" in entry or "ts_method_2" in entry) for entry in e.stack)
            )
    tcd.fact("add_events_attributed", attributed)

    path = os.path.join(tcd.artifact_dir("chrome_trace"), "source.json")
    p.export_chrome_trace(path)
    with open(path, encoding="utf-8") as f:
        events = json.load(f)["traceEvents"]

    def matching(pattern):
        return [e for e in events if re.search(pattern, e["name"])]

    module_events, wrapper_events = matching(r"DummyModule_0"), matching(r"call_module")
    tcd.fact("module_event_count", len(module_events))
    tcd.fact("wrapper_event_count", len(wrapper_events))
    if len(module_events) == 1 and len(wrapper_events) == 1:
        tcd.fact(
            "module_parent_is_wrapper",
            module_events[0]["args"].get("Python parent id") == wrapper_events[0]["args"].get("Python id"),
        )
    torch._C._set_graph_executor_optimize(prev_opt)


torch.manual_seed(0)
test_source()
