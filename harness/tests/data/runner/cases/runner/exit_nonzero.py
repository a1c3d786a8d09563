"""Records a fact, writes to stderr, exits 3."""
import sys

import tracecheck_driver as tcd

tcd.device_arg()
tcd.fact("answer", 42)
print("exit_nonzero: failing on purpose", file=sys.stderr)
sys.exit(3)
