"""PyTorch's test_compiled_autograd_attribution
(test/dynamo/test_structured_trace.py, compiled_autograd on): a MySin
autograd.Function whose backward prints twice (graph breaks), applied to
arange(0., i) for i in 10, 100, 10, 15, 20, 25 inside one torch.compile'd
function. Recompiles inside compiled autograd stay attributed to the parent
compiled-autograd id."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_compiled_autograd_attribution():
    # multiple dynamo recompiles should still be attributed to the parent compiled autograd id
    def fn():
        class MySin(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                return torch.sin(x)

            @staticmethod
            def backward(ctx, gO):
                print("graph break")
                (x,) = ctx.saved_tensors
                print("graph break")
                return gO * torch.cos(x)

        grads = []
        for i in [10, 100, 10, 15, 20, 25]:
            x = torch.arange(0.0, i, requires_grad=True, device=DEVICE)
            out = MySin.apply(x)
            loss = out.sum()
            loss.backward()
            grads.append(x.grad)

        return grads

    fn_opt = torch.compile(fn)
    grads = fn_opt()
    tcd.fact("grad_sizes", [int(g.numel()) for g in grads])


tcd.pytorch_test_setup()
with torch._dynamo.config.patch("compiled_autograd", True):
    test_compiled_autograd_attribution()
