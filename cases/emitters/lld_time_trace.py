"""ld.lld --time-trace: the linker's Chrome trace of one link (a third-party emitter)."""
import os
import sys

import tracecheck_driver as td

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")

td.emitter("lld-" + td.tool_version(["ld.lld", "--version"], r"LLD (\d+)\."))
if td.tool(["clang++", "-c", os.path.join(INPUTS, "small.cpp"), "-o", "small.o"]) != 0:
    sys.exit(1)
status = td.tool(["clang++", "-fuse-ld=lld", "-Wl,--time-trace,--time-trace-granularity=0,--time-trace-file=link.json",
                  "small.o", "-o", "small"])
td.collect("link.json", "chrome_trace")
sys.exit(status)
