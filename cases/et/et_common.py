"""What the execution-trace drivers share: PyTorch's payload() and the node
queries of test/profiler/test_execution_trace.py, recorded as facts.

Contract: payload(device) runs the seed's workload (every argument type of
the ET value encoder: int, bool, float, tensor list and tuple, string,
tensor, inf/-inf/nan); et_path(name) is a file in the execution_trace
artifact folder; summarize(prefix, path) records the facts PyTorch's tests
assert about one ET file and returns its nodes."""
import json
import os

import torch
from torch.autograd import _record_function_with_args_enter, _record_function_with_args_exit
from torch.profiler import record_function

import tracecheck_driver as tcd

PROCESS = "[pytorch|profiler|execution_trace|process]"
THREAD = "[pytorch|profiler|execution_trace|thread]"


def payload(device="cpu"):
    u = torch.randn(3, 4, 5, requires_grad=True)
    with record_function("## TEST 1 ##", "1, 2, 3"):
        rf_handle = _record_function_with_args_enter(
            "## TEST 2 ##", 1, False, 2.5, [u, u], (u, u), "hello", u,
            float("inf"), float("-inf"), float("nan"))
        x = torch.randn(10, 10, requires_grad=True)
        y = torch.randn(10, 10, requires_grad=True)
        if device == "cuda":
            x, y = x.cuda(), y.cuda()
        z = x + y + x * y + x * y
        z.backward(z)
        gelu = torch.nn.GELU()
        gelu(torch.randn(2))
        if device == "cuda":
            z.cpu()
        _record_function_with_args_exit(rf_handle)


def et_path(name):
    return os.path.join(tcd.artifact_dir("execution_trace"), name)


def load_nodes(path):
    with open(path, encoding="utf-8") as f:
        graph = json.load(f)
    assert "nodes" in graph
    return graph["nodes"]


def rf_ids(nodes):
    """get_execution_trace_rf_ids: rf_id attrs of every non-root node, sorted."""
    ids = []
    for n in nodes:
        if n["name"] in (PROCESS, THREAD):
            continue
        for a in n.get("attrs", []):
            if a.get("name") == "rf_id" and a.get("value") is not None:
                ids.append(a["value"])
    return sorted(ids)


def summarize(prefix, path):
    nodes = load_nodes(path)
    roots = [n for n in nodes if PROCESS in n["name"]]
    tcd.fact(f"{prefix}root_nodes", len(roots))
    tcd.fact(f"{prefix}root_ids", [n["id"] for n in roots])
    tcd.fact(f"{prefix}loop_nodes", sum(1 for n in nodes if n["name"].startswith("## LOOP ")))
    return nodes
