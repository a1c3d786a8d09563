#!/usr/bin/env python3
"""Writes synthetic_edge_cases.log beside this file: a hand-made TORCH_TRACE
log (not emitter output) that reaches every pytorch_test rule and the edge
cases of the formatter that no committed real log reaches: dump_file
payloads with every str.splitlines() boundary and Unicode whitespace,
create_symbol / guard_added_fast / create_unbacked_symbol (first-of), records
PyTorch's formatter raises on, R1 matches, and reader edge cases (CRLF,
blank lines, launcher prefix, JSON errors, orphan payload lines).

Lines are written as TorchLogsFormatter(trace=True) writes them: the glog
prefix, json.dumps(metadata), then "\\n\\t" + line for each payload line;
has_payload is the payload's md5, as trace_structured computes it.
Rerun after editing; the output is committed.
"""

import hashlib
import json
import os

PREFIX = "V0101 00:00:{:02d}.{:06d} 4242 torch/_dynamo/synthetic.py:{}] "
lines = []


def emit(metadata, payload=None, raw_prefix=""):
    n = len(lines)
    if payload is not None:
        metadata = dict(metadata)
        metadata["has_payload"] = hashlib.md5(payload.encode("utf-8")).hexdigest()
    line = raw_prefix + PREFIX.format(n % 60, n, 10 + n) + json.dumps(metadata)
    if payload is not None:
        line += "".join("\n\t" + l for l in payload.split("\n"))
    lines.append(line)


ctx = {"frame_id": 0, "frame_compile_id": 0, "attempt": 0}
stack = [{"line": 1, "name": "<module>", "filename": 0}]

emit({"str": ["/tmp/synthetic.py", 0]})
emit({"dynamo_start": {"stack": stack}, **ctx})
emit({"describe_storage": {"id": 0, "describer_id": 7, "size": 12}, **ctx})
emit({"describe_tensor": {"id": 0, "ndim": 1, "dtype": "torch.float32", "size": [3], "is_leaf": True,
                          "stride": [1], "storage": 0, "view_func": "<built-in method _view_func>",
                          "describer_id": 7}, **ctx})
emit({"describe_tensor": {"id": 1, "ndim": 0, "describer_id": 7}, **ctx})  # no view_func: left absent
emit({"describe_source": {"describer_id": 7, "id": 0, "source": "L['x']"}, **ctx})
# dump_file: every splitlines boundary, Unicode whitespace to rstrip, a lone
# \r inside a line, \x1f (whitespace, not a boundary), a leading blank line.
emit({"dump_file": {"name": "<eval_with_key>.12"}, **ctx},
     "\n\ndef forward(self, x):   \n"
     "    a = 1\x0b    b = 2 \x0c    c\x1c d\x1d e\x1e f\x85 g\u2028 h\u2029 i\n"
     "    cr\r mid-line \x1f\n"
     "    wide\u3000\u00a0\u2003\t\n"
     "    zero-width stays\u200b\n"
     "    # \"code_gen_time_s\": 2.25 and \"inductor_compile_time_s\":\u2003 3.5 and \"code_gen_time_s\": \u0661.\u0662\n"
     "    return x\n    \n")
emit({"dump_file": {"name": "<eval_with_key>.13"}, **ctx}, "")  # empty payload: one empty line
emit({"dump_file": {"name": "<eval_with_key>.14", "extra": True}, **ctx}, "single line, no newline  ")
emit({"create_symbol": {"symbol": "s0", "val": "3", "vr": "[2, int_oo]", "source": "L['x'].size()[0]",
                        "user_stack": stack, "stack": stack}, **ctx})
emit({"create_symbol": {"symbol": "s1"}, **ctx})  # no stacks: both appended
emit({"guard_added_fast": {"expr": "Eq(s0, 3)", "stack": stack, "user_stack": stack}, **ctx})
emit({"create_unbacked_symbol": {"symbol": "u0", "vr": "[-int_oo, int_oo]", "user_stack": stack}, **ctx})
# Both keys: only create_symbol is edited (the walrus-or chain stops there).
emit({"guard_added_fast": {"expr": "x", "stack": stack}, "create_symbol": {"symbol": "s2", "stack": stack}, **ctx})
emit({"dynamo_output_graph": {"sizes": {"l_x_": ["s0"], "add": ["s0"]}}, **ctx}, "graph payload\n")
emit({"inductor_output_code": {"filename": "/tmp/torchinductor/ab/cabc.py", "file_path": "/tmp/x.py"}, **ctx},
     "# kernel\n")
emit({"inductor_output_code": {}, **ctx}, "# no filename: set appends it\n")
emit({"artifact": {"name": "make_fx_fail_partial", "encoding": "string"}, "stack": stack},
     "\ndef forward(self, x_1):\n    add = x_1 + 1  \n\n")
emit({"artifact": {"name": "unicode \u00e9\u2603\U0001F600", "encoding": "string"}, **ctx},
     "caf\u00e9 \u2603 \U0001F600 \u2028 payload\u3000\n")
emit({"chromium_event": {}, **ctx}, '{"name": "dynamo", "ts": 1733527213926572.8, "ph": "B"}')
emit({"compilation_metrics": {"inductor_compile_time_s": 1.25, "code_gen_time_s": 0.5}, **ctx})
emit({"bwd_compilation_metrics": {"code_gen_time_s": 0.25}, **ctx})
emit({"compilation_metrics_runtime": {"runtime_ms": 3}, "frame_id": 0, "frame_compile_id": 0})
emit({"bwd_compilation_metrics_runtime": None, **ctx})
# R1 on the rendered JSON: a top-level timing key outside the metrics.
emit({"artifact": {"name": "timings", "encoding": "json"}, "code_gen_time_s": 1.5,
      "structured_logging_overhead_s": 2, "inductor_compile_time_s": 1e-05, **ctx})
# Records PyTorch's formatter raises on (nothing printed for them).
emit({"dynamo_start": "not an object", **ctx})
emit({"describe_tensor": [1, 2], **ctx})
emit({"create_unbacked_symbol": None, **ctx})
emit({"dump_file": {"name": "no payload"}, **ctx})
emit({"artifact": {"encoding": "string"}, **ctx}, "artifact without a name")
emit({"artifact": "not an object", **ctx}, "x")
# has_payload null: a record without payload.
emit({"aot_forward_graph": {}, "has_payload": None, **ctx})
# Numbers and strings as Python's json round-trips them.
emit({"numbers": {"big": 12345678901234567890123, "neg0": -0.0, "f": 1e16, "small": 1e-7, "nan": float("nan"),
                  "inf": float("inf"), "esc": "tab\t\"q\" \\ \u0001 \u007f"}, **ctx})
emit({"compilation_metrics": {"x": 1}, "frame_id": 1, "frame_compile_id": 0, "attempt": 0})

text = "\n".join(lines) + "\n"
# Reader edge cases, appended as raw text.
text += "\n"  # a blank line between records
text += "[rank0]:" + PREFIX.format(1, 1, 900) + json.dumps({"dynamo_start": {"stack": []}, "rank": 0, **ctx}) + "\r\n"
text += PREFIX.format(1, 2, 901) + '{"broken": [1, 2}\n\tpayload of a broken record\n'
text += "\tan orphan payload line\n"
text += "not a glog line at all\n"
text += PREFIX.format(1, 3, 902) + "[1, 2, 3]\n"
payload = "line one\n\nline three"
text += PREFIX.format(1, 4, 903) + json.dumps(
    {"dump_file": {"name": "crlf"}, "has_payload": hashlib.md5(payload.encode()).hexdigest(), **ctx}) + "\r\n"
text += "\tline one\r\n\t\r\n\n\tline three\r\n"  # a blank line inside the payload (dropped) and CRLF ends
text += PREFIX.format(1, 5, 904) + json.dumps({"compilation_metrics": {}, **ctx})  # no final newline

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "synthetic_edge_cases.log"), "w", encoding="utf-8", newline="") as f:
    f.write(text)
