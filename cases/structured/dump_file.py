"""PyTorch's test_dump_file (test/dynamo/test_structured_trace.py): f(x, y) =
x.add(y) traced by torch.fx.symbolic_trace, then compiled with the eager
backend on two randn(3): Dynamo dumps the generated FX source (dump_file,
payload kept in the golden), and the golden also keeps the graph code and
guards payloads (scrubbers/torch_trace/with_payloads.json)."""
import os

# Guards and graph code must not depend on the CPU's vector ISA.
os.environ["ATEN_CPU_CAPABILITY"] = "default"

import torch  # noqa: E402
import torch.fx as fx  # noqa: E402

import tracecheck_driver as tcd  # noqa: E402

DEVICE = tcd.device_arg()


def test_dump_file():
    def f(x, y):
        return x.add(y)

    gm = fx.symbolic_trace(f)
    out = torch.compile(gm, backend="eager")(torch.randn(3, device=DEVICE), torch.randn(3, device=DEVICE))
    tcd.fact("output_shape", list(out.shape))


tcd.pytorch_test_setup()
test_dump_file()
