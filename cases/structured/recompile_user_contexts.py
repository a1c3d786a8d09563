"""PyTorch's test_recompile_user_contexts (test/dynamo/test_structured_trace.py):
f(x) = x + 1 compiled (default backend); a recompile user-context hook is
registered with torch._dynamo.register_hook_for_recompile_user_context;
f(randn(1, 5)) ten times, then f(randn(i, 5)) for i in 2..9. The hook must
run once per compile: its call counts after each phase (1, then 2) are
facts in the golden."""
import torch

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()


def test_recompile_user_contexts():
    # test that user_context is called only once per recompile
    num_calls = 0

    def f(x):
        return x + 1

    f = torch.compile(f)

    def user_context() -> str:
        nonlocal num_calls
        num_calls += 1
        return "user_context: " + str(num_calls)

    torch._dynamo.register_hook_for_recompile_user_context(user_context)
    for _ in range(10):
        f(torch.randn(1, 5, device=DEVICE))

    # first compile
    tcd.fact("hook_calls_after_first_compile", num_calls)

    for i in range(2, 10):
        f(torch.randn(i, 5, device=DEVICE))

    # first compile + recompile once
    tcd.fact("hook_calls_after_recompile", num_calls)


tcd.pytorch_test_setup()
test_recompile_user_contexts()
