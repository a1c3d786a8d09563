"""Raises ValueError inside expected_exception(); exits 0."""
import tracecheck_driver as tcd

tcd.device_arg()
with tcd.expected_exception():
    raise ValueError("expected")
tcd.fact("after", True)
