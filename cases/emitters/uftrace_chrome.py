"""uftrace record + dump --chrome: a function-call trace of a small C program (built with -pg)."""
import os
import subprocess
import sys

import tracecheck_driver as td

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")

td.emitter("uftrace-" + td.tool_version(["uftrace", "--version"], r"v(\d+\.\d+)"))
if td.tool(["gcc", "-pg", "-O0", os.path.join(INPUTS, "calls.c"), "-o", "calls"]) != 0:
    sys.exit(1)
# --no-sched: uftrace records a schedule event when the program is switched
# out, so a busy machine added a lone "linux:schedule" E event (three more
# B/E findings) to one capture in a CI run; the trace is of the calls only.
if td.tool(["uftrace", "record", "--no-pager", "--no-sched", "-d", "uftrace.data", "./calls"]) != 0:
    sys.exit(1)
with open(os.path.join(td.artifact_dir("chrome_trace"), "calls.json"), "wb") as out:
    status = subprocess.run(["uftrace", "dump", "--no-pager", "-d", "uftrace.data", "--chrome"], stdout=out,
                            check=False).returncode
td.fact("uftrace dump exit status", status)
sys.exit(status)
