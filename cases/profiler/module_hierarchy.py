"""PyTorch's test_module_hierarchy (test/profiler/test_profiler.py): a
TorchScript module C with submodules A0 (A) and B0 (B), called on two
128x128 inputs under profile(activities=[CPU], with_modules=True). The
"Module Hierarchy" arg of aten::sub, aten::mul and aten::add must be one
of the test's expected strings; the strings seen and the test's verdict
are facts, and the trace is written to chrome_trace/module_hierarchy.json."""
import json
import os
import warnings

import torch
import torch.nn as nn
from torch.profiler import ProfilerActivity, profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()

EXPECTED = {
    "aten::sub": ["TOP(C)::forward.A0(A)::forward."],
    "aten::mul": ["TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_.SELF(A)::my_new_method."],
    "aten::add": [
        "TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_.",
        "TOP(C)::forward.SELF(C)::call_b.B0(B)::forward.",
        "TOP(C)::forward.",
    ],
}


class A(nn.Module):
    def my_new_method(self, x):
        return x * 3

    def forward_impl_(self, x, y):
        return self.my_new_method(x) + y

    def forward(self, x, y):
        y = y - 2
        return self.forward_impl_(x, y)


class B(nn.Module):
    def forward(self, x):
        return x + 2


class C(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.A0 = A()
        self.B0 = B()

    def call_b(self, x):
        return self.B0.forward(x)

    def forward(self, x, y):
        return self.A0.forward(x, y) + self.call_b(x)


def test_module_hierarchy():
    model = torch.jit.script(C())
    input_a = torch.rand(128, 128)
    input_b = torch.rand(128, 128)
    path = os.path.join(tcd.artifact_dir("chrome_trace"), "module_hierarchy.json")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        with profile(activities=[ProfilerActivity.CPU], with_modules=True) as prof:
            model(input_a, input_b)
    prof.export_chrome_trace(path)
    with open(path, encoding="utf-8") as f:
        events = json.load(f)["traceEvents"]
    seen, checked = {}, 0
    for evt in events:
        hierarchy = evt.get("args", {}).get("Module Hierarchy")
        if hierarchy is not None and evt["name"] in EXPECTED:
            checked += 1
            seen.setdefault(evt["name"], set()).add(hierarchy)
    tcd.fact("hierarchies", {name: sorted(values) for name, values in sorted(seen.items())})
    tcd.fact("checked_events", checked)
    tcd.fact("all_expected", all(h in EXPECTED[name] for name, values in seen.items() for h in values))


torch.manual_seed(0)
test_module_hierarchy()
