"""Writes a small, valid TORCH_TRACE log by hand (no torch needed) and
exits 0: the normal case that must pass after faulty ones."""
import hashlib
import os

import tracecheck_driver as tcd

tcd.device_arg()
prefix = "V1206 15:20:13.927000 4242 torch/_logging/structured.py:22] "
payload = "line one\nline two"
md5 = hashlib.md5(payload.encode()).hexdigest()
path = os.path.join(os.environ["TORCH_TRACE"], "dedicated_log_torch_trace_valid.log")
with open(path, "w") as f:
    f.write(prefix + '{"str": ["/a.py", 0]}\n')
    f.write(prefix + '{"artifact": {"name": "x", "encoding": "string"}, "has_payload": "%s"}\n' % md5)
    f.write("".join("\t" + line + "\n" for line in payload.split("\n")))
tcd.fact("records", 2)
