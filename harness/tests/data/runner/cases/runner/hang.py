"""Hangs: a sleeping child (argv carries $TRACECHECK_OUT so tests can find
it), SIGTERM ignored, so only SIGKILL of the process group ends it."""
import os
import signal
import subprocess
import sys
import time

import tracecheck_driver as tcd

tcd.device_arg()
marker = "tracecheck-hang-marker:" + os.environ.get("TRACECHECK_OUT", "")
subprocess.Popen([sys.executable, "-c", "import time\nwhile True: time.sleep(1)", marker])
signal.signal(signal.SIGTERM, signal.SIG_IGN)
tcd.fact("hanging", True)
print("hang: sleeping", file=sys.stderr, flush=True)
while True:
    time.sleep(1)
