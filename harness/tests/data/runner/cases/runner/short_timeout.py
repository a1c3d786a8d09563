"""Sleeps past its case's timeout_s, so capture.py itself stops it."""
import time

import tracecheck_driver as tcd

tcd.device_arg()
time.sleep(600)
