"""PyTorch's test_profiler_op_event_args and test_profiler_strides
(test/profiler/test_profiler.py), with concrete inputs recording enabled:
ones((64, 32)) then cat([a, a]).sin() under the autograd profiler with
record_shapes=True (chrome_trace/op_event_args.json), and add of two
as_strided views of one tensor (chrome_trace/strides.json). The args the
tests assert (Input type, Concrete Inputs, Input Dims, Input Strides,
Record function id on every cpu_op) are recorded as facts."""
import json
import os

import torch
from torch.autograd.profiler import profile as _profile

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def cpu_ops(path):
    with open(path, encoding="utf-8") as f:
        return [e for e in json.load(f)["traceEvents"] if e.get("cat", "") == "cpu_op"]


def args_of(ops, name, keys):
    return [{k: e["args"].get(k) for k in keys} for e in ops if e["name"] == name]


def test_profiler_op_event_args(out):
    with _profile(record_shapes=True) as prof:
        a = torch.ones((64, 32), dtype=torch.float32)
        c = torch.cat([a, a]).sin()  # noqa: F841
    path = os.path.join(out, "op_event_args.json")
    prof.export_chrome_trace(path)
    ops = cpu_ops(path)
    tcd.fact("ones_args", args_of(ops, "aten::ones", ["Input type", "Concrete Inputs"]))
    tcd.fact("cat_args", args_of(ops, "aten::cat", ["Input Dims", "Input type"]))
    tcd.fact("op_event_args_all_have_record_function_id",
             all(e["args"].get("Record function id", -1) >= 0 for e in ops))


def test_profiler_strides(out):
    base_tensor = torch.randn(1024, dtype=torch.float32)
    a = base_tensor.as_strided((16, 16), (17, 1), 0)
    b = base_tensor.as_strided((16, 16), (25, 2), 272)
    with _profile(record_shapes=True) as prof:
        c = torch.add(a, b)  # noqa: F841
    path = os.path.join(out, "strides.json")
    prof.export_chrome_trace(path)
    tcd.fact("add_args", args_of(cpu_ops(path), "aten::add", ["Input Dims", "Input Strides"]))


torch.manual_seed(0)
torch._C._profiler._set_record_concrete_inputs_enabled_val(True)
out_dir = tcd.artifact_dir("chrome_trace")
test_profiler_op_event_args(out_dir)
test_profiler_strides(out_dir)
