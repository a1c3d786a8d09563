"""node --trace-event-categories: Node.js trace events (node_trace.1.log) of a small script.

The script is read from stdin: given as a path, node resolves it with one
lstat per path component, so the trace's fs.sync events would count the
depth of the checkout.
"""
import os
import sys

import tracecheck_driver as td

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")

td.emitter("node-" + td.tool_version(["node", "--version"], r"v(\d+)\."))
status = td.tool(["node", "--trace-event-categories", "v8,node,node.async_hooks",
                  "--trace-event-file-pattern", "node_trace.${rotation}.log", "-"],
                 stdin_file=os.path.join(INPUTS, "timers.js"))
td.collect("node_trace.*.log", "chrome_trace")
sys.exit(status)
