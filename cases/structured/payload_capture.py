"""PyTorch's _setup_collective_schedule_capture / _setup_runtime_estimates_capture
(test/dynamo/test_structured_trace.py): a DEBUG handler on the torch.__trace
logger that keeps the payloads of one artifact, like a handler with
StructuredTraceTestingFilter(match_name) and StructuredTracePayloadFormatter.
Imported by the drivers beside it (standard library only)."""
import contextlib
import logging


class _PayloadHandler(logging.Handler):
    def __init__(self, match_name):
        super().__init__(logging.DEBUG)
        self.match_name = match_name
        self.payloads = []

    def emit(self, record):
        metadata = getattr(record, "metadata", None)
        if not isinstance(metadata, dict) or "str" in metadata:
            return
        artifact = metadata.get("artifact")
        if isinstance(artifact, dict):
            if artifact.get("name") != self.match_name:
                return
        elif self.match_name not in metadata:
            return
        payload = getattr(record, "payload", None)
        self.payloads.append("" if payload is None else payload.strip())


@contextlib.contextmanager
def capture_payloads(match_name):
    """Yields the list the payloads of `match_name` records are appended to."""
    trace_log = logging.getLogger("torch.__trace")
    handler = _PayloadHandler(match_name)
    old_level = trace_log.level
    trace_log.setLevel(logging.DEBUG)
    trace_log.addHandler(handler)
    try:
        yield handler.payloads
    finally:
        trace_log.removeHandler(handler)
        trace_log.setLevel(old_level)
