"""A record_function label containing a double quote around add(ones(1),
ones(1)), under torch.profiler.profile() (pytorch#146900: older Kineto
wrote names unescaped). torch 2.6.0 writes the name raw, so its
chrome_trace/quote.json is invalid JSON and tracecheck's diagnostic at the
exact line and column is the expected outcome; later Kineto escapes the
quote and the same workload yields a valid trace. The driver records
Python's own verdict (json.load) and, when it fails, the line and column
Python reports, so the golden holds both parsers' view."""
import json
import os

import torch
from torch.profiler import profile, record_function

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
LABEL = 'user "quoted" label'


def test_quote_in_name():
    path = os.path.join(tcd.artifact_dir("chrome_trace"), "quote.json")
    with profile() as prof:
        with record_function(LABEL):
            torch.add(torch.ones(1), torch.ones(1))
    prof.export_chrome_trace(path)
    try:
        with open(path, encoding="utf-8") as f:
            trace = json.load(f)
    except json.JSONDecodeError as e:
        tcd.fact("python_json_valid", False)
        tcd.fact("python_json_error", {"line": e.lineno, "column": e.colno, "message": e.msg})
        return
    tcd.fact("python_json_valid", True)
    tcd.fact("label_names", sorted({e.get("name") for e in trace["traceEvents"] if "quoted" in str(e.get("name"))}))


test_quote_in_name()
