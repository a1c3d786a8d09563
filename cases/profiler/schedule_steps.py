"""PyTorch's test_kineto_profiler_api (test/profiler/test_profiler.py) on
CPU: a warm-up profile, then profile(schedule=schedule(wait=1, warmup=1,
active=2)) over 8 steps of the payload (mm + add) with p.step(). Each call
of the trace handler writes chrome_trace/cycle_<N>.json (N = 1, 2), so the
file names are fixed and each trace holds two ProfilerStep#N annotations.
Facts: the handler's call count and step numbers, the KinetoStepTracker
advance, and schedule(skip_first=3, wait=2, warmup=1, active=4, repeat=2)
for steps 0..20 next to the test's expected actions.

As the test does (patch.dict), KINETO_USE_DAEMON=1 and
KINETO_DAEMON_INIT_DELAY_S=1 are set for the test's duration: newer torch
advances the step tracker only when KINETO_USE_DAEMON is set. Not on torch
2.6.0, which advances it anyway, and where Kineto's daemon thread crashes
key_averages() now and then (SIGSEGV in _parse_kineto_results under Python
3.13: 7 runs in 40 with it, none in 40 without)."""
import os

import torch
from torch.autograd.profiler import KinetoStepTracker
from torch.profiler import ProfilerAction, ProfilerActivity, profile, schedule

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
ACTIVITIES = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if DEVICE == "cuda" else [])

# The test's expected outputs of schedule(skip_first=3, wait=2, warmup=1, active=4, repeat=2).
EXPECTED = ["NONE"] * 5 + ["WARMUP"] + ["RECORD"] * 3 + ["RECORD_AND_SAVE"]
EXPECTED += ["NONE"] * 2 + ["WARMUP"] + ["RECORD"] * 3 + ["RECORD_AND_SAVE"] + ["NONE"] * 4


def payload():
    x = torch.randn(10, 10).to(DEVICE)
    y = torch.randn(10, 10).to(DEVICE)
    z = torch.mm(x, y)
    z = z + y


def test_kineto_profiler_api():
    with profile(activities=ACTIVITIES):
        payload()

    out = tcd.artifact_dir("chrome_trace")
    handled = []

    def trace_handler(p):
        p.key_averages().table(sort_by="self_cpu_time_total", row_limit=-1)
        handled.append(p.step_num)
        p.export_chrome_trace(os.path.join(out, f"cycle_{len(handled)}.json"))

    initial_step = KinetoStepTracker.current_step()
    with profile(
        activities=ACTIVITIES,
        schedule=schedule(wait=1, warmup=1, active=2),
        on_trace_ready=trace_handler,
    ) as p:
        for _ in range(8):
            payload()
            p.step()
    tcd.fact("handler_calls", len(handled))
    tcd.fact("handler_step_nums", handled)
    tcd.fact("step_tracker_advance", KinetoStepTracker.current_step() - initial_step)

    with profile(activities=ACTIVITIES) as p:
        payload()
        payload()
    p.key_averages().table(sort_by="self_cpu_time_total", row_limit=-1)

    test_schedule = schedule(skip_first=3, wait=2, warmup=1, active=4, repeat=2)
    actions = [test_schedule(step).name for step in range(len(EXPECTED))]
    tcd.fact("schedule_actions", actions)
    tcd.fact("schedule_matches_test", actions == EXPECTED)
    tcd.fact("profiler_actions", sorted(a.name for a in ProfilerAction))


torch.manual_seed(0)
saved = {k: os.environ.get(k) for k in ("KINETO_USE_DAEMON", "KINETO_DAEMON_INIT_DELAY_S")}
if tuple(int(part) for part in torch.__version__.split(".")[:2]) >= (2, 7):
    os.environ.update({"KINETO_USE_DAEMON": "1", "KINETO_DAEMON_INIT_DELAY_S": "1"})
try:
    test_kineto_profiler_api()
finally:
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
