"""Exits 0 and writes no trace at all."""
import tracecheck_driver as tcd

tcd.device_arg()
