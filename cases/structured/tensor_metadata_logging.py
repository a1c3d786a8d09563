"""PyTorch's test_tensor_metadata_logging and
test_tensor_metadata_logging_dynamic_shapes (test/dynamo/test_structured_trace.py,
log_tlparse on): f(x) = x.transpose(0, 1).mean(dim=0).to(torch.float16)
compiled with inductor (fullgraph=True; --dynamic adds dynamic=True) on
torch.ones(2, 3). Inductor logs inductor_runtime_and_tensor_meta; its last
op, simplified to type and output shape/stride/dtype as the test does, is
the fact "last_op"."""
import argparse
import json

import torch

import tracecheck_driver as tcd
from payload_capture import capture_payloads

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--dynamic", action="store_true")
opts, rest = parser.parse_known_args()
DEVICE = tcd.device_arg(rest)


def simplify(op):
    return {
        "type": op.get("type"),
        "outputs": [
            {"shape": o.get("shape"), "stride": o.get("stride"), "dtype": o.get("dtype")}
            for o in op.get("outputs", [])
        ],
    }


def test_tensor_metadata_logging(dynamic):
    def f(x):
        y = x.transpose(0, 1)
        z = y.mean(dim=0)
        w = z.to(torch.float16)
        return w

    if dynamic:
        compiled = torch.compile(f, backend="inductor", dynamic=True, fullgraph=True)
    else:
        compiled = torch.compile(f, backend="inductor", fullgraph=True)
    with capture_payloads("inductor_runtime_and_tensor_meta") as payloads:
        compiled(torch.ones(2, 3, device=DEVICE))
    tcd.fact("payloads", len(payloads))
    ops = json.loads(payloads[-1]).get("ops", []) if payloads and payloads[-1] else []
    tcd.fact("last_op", {"ops": [simplify(op) for op in ops][-1:]})


tcd.pytorch_test_setup()
tcd.fact("dynamic", opts.dynamic)
with torch._inductor.config.patch("log_tlparse", True):
    test_tensor_metadata_logging(opts.dynamic)
