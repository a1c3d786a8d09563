"""Dies of SIGSEGV, as a crashing native extension would."""
import os
import signal

import tracecheck_driver as tcd

tcd.device_arg()
tcd.fact("about_to_crash", True)
os.kill(os.getpid(), signal.SIGSEGV)
