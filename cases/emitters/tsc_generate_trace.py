"""tsc --generateTrace: the TypeScript compiler's Chrome trace (a bare array) of one file."""
import os
import sys

import tracecheck_driver as td

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")

td.emitter("tsc-" + td.tool_version(["tsc", "--version"], r"Version (\d+\.\d+)\."))
status = td.tool(["tsc", "--generateTrace", "tsc_trace", "--outDir", "out", os.path.join(INPUTS, "typed.ts")])
td.collect("tsc_trace/trace.json", "chrome_trace")
sys.exit(status)
