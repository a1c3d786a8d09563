"""Writes a TORCH_TRACE log the way a killed process leaves it: the last
artifact's payload stops mid-line and its md5 no longer matches. Exits 0."""
import hashlib
import os
import sys

import tracecheck_driver as tcd

tcd.device_arg()
prefix = "V1206 15:20:13.927000 4242 torch/_logging/structured.py:22] "
payload = "line one\nline two\nline three"
md5 = hashlib.md5(payload.encode()).hexdigest()
path = os.path.join(os.environ["TORCH_TRACE"], "dedicated_log_torch_trace_trunc.log")
with open(path, "w") as f:
    f.write(prefix + '{"str": ["/a.py", 0]}\n')
    f.write(prefix + '{"artifact": {"name": "x", "encoding": "string"}, "has_payload": "%s"}\n' % md5)
    f.write("\tline one\n\tline t")  # cut here: no newline, no rest
print("truncated_trace: wrote a cut log", file=sys.stderr)
