"""PyTorch's test_source_multithreaded (test/profiler/test_profiler.py),
configuration "multiple_preexisting" with work_in_main_thread=True: two
threads started before profiling wait on a barrier inside
known_preexisting_function, then each thread (and the main thread) builds
Sequential(Linear(10, 10), ReLU()), calls invoked_during_run and runs it on
rand(4, 10), under torch.profiler.profile(with_stack=True). The test's
assertions on the Python tracer's event tree (thread count, no
2**64-1 tid, one known_preexisting_function and one invoked_during_run per
worker thread) are recorded as facts; the trace is written to
chrome_trace/threads.json."""
import collections
import os
import threading

from no_aslr import reexec_without_aslr

reexec_without_aslr()

import torch  # noqa: E402
from torch._C._profiler import _ExtraFields_PyCall  # noqa: E402
from torch.profiler import _utils  # noqa: E402

import tracecheck_driver as tcd  # noqa: E402

DEVICE = tcd.device_arg()
THREAD_SPEC = ((False, False),) * 2  # (started under the profiler, joined under the profiler)
WORK_IN_MAIN_THREAD = True
TIMEOUT = 120  # the test uses 15 s; profiler start alone can take longer on a loaded machine


def test_source_multithreaded(thread_spec, work_in_main_thread):
    num_threads = len(thread_spec) + 1  # and the main thread
    start_barrier = threading.Barrier(num_threads, timeout=TIMEOUT)
    end_barrier = threading.Barrier(num_threads, timeout=TIMEOUT)

    class Task(threading.Thread):
        def __init__(self) -> None:
            self._end_gate = threading.Event()
            super().__init__(daemon=True)
            self.start()
            self.finished = False

        def run(self):
            self._run(self._end_gate)

        def release(self):
            self._end_gate.set()

        @staticmethod
        def _run(end_gate=None):
            def known_preexisting_function():
                start_barrier.wait()

            # A fixed point already running when profiling starts.
            known_preexisting_function()

            model = torch.nn.Sequential(torch.nn.Linear(10, 10), torch.nn.ReLU())

            def invoked_during_run():
                pass

            invoked_during_run()

            _ = model(torch.rand(4, 10))
            end_barrier.wait()

            if end_gate is not None:
                end_gate.wait(timeout=TIMEOUT)

    threads = {}

    def add_threads(context):
        for idx, (start_under_profiler, _) in enumerate(thread_spec):
            if start_under_profiler == context:
                threads[idx] = Task()

    def join_threads(context):
        for idx, (_, end_under_profiler) in enumerate(thread_spec):
            if end_under_profiler == context:
                threads[idx].release()
        for idx, (_, end_under_profiler) in enumerate(thread_spec):
            if end_under_profiler == context:
                threads[idx].join(timeout=TIMEOUT)

    try:
        add_threads(False)
        with torch.profiler.profile(with_stack=True) as prof:
            add_threads(True)
            if work_in_main_thread:
                Task._run()
            else:
                start_barrier.wait()
                end_barrier.wait()
            join_threads(True)
        join_threads(False)
    finally:
        start_barrier.abort()
        end_barrier.abort()
        for t in threads.values():
            t.release()
        for t in threads.values():
            t.join(timeout=TIMEOUT)
    tcd.fact("all_threads_joined", not any(t.is_alive() for t in threads.values()))

    roots = prof.profiler.kineto_results.experimental_event_tree()
    nodes = [node for node in _utils.traverse_dfs(roots) if isinstance(node.extra_fields, _ExtraFields_PyCall)]
    tid_counts = collections.Counter([node.start_tid for node in nodes])
    prior_threads = sum(not start_under_profiler for start_under_profiler, _ in thread_spec)
    worker_threads = prior_threads + (1 if work_in_main_thread else 0)
    preexisting = [n.start_tid for n in nodes if "known_preexisting_function" in n.name]
    during_run = [n.start_tid for n in nodes if "invoked_during_run" in n.name]
    tcd.fact("expected_threads", prior_threads + 1)
    tcd.fact("observed_threads", len(tid_counts))
    tcd.fact("no_tid_absent", (2**64 - 1) not in tid_counts)
    tcd.fact("expected_worker_threads", worker_threads)
    tcd.fact("known_preexisting_function", {"count": len(preexisting), "distinct_tids": len(set(preexisting))})
    tcd.fact("invoked_during_run", {"count": len(during_run), "distinct_tids": len(set(during_run))})

    prof.export_chrome_trace(os.path.join(tcd.artifact_dir("chrome_trace"), "threads.json"))


torch.manual_seed(0)
test_source_multithreaded(THREAD_SPEC, WORK_IN_MAIN_THREAD)
