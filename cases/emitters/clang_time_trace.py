"""clang++ -ftime-trace: clang's Chrome trace of one compile (a third-party emitter).

Granularity 0 keeps every event, so the set of events does not depend on how
fast the machine is.
"""
import os
import sys

import tracecheck_driver as td

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")

td.emitter("clang-" + td.tool_version(["clang++", "--version"], r"clang version (\d+)\."))
status = td.tool(["clang++", "-ftime-trace", "-ftime-trace-granularity=0", "-c",
                  os.path.join(INPUTS, "small.cpp"), "-o", "small.o"])
td.collect("small.json", "chrome_trace")
sys.exit(status)
