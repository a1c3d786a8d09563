"""Skips itself with tracecheck_driver.skip, as a driver does when a tool or device it needs is missing."""
import tracecheck_driver as tcd

tcd.device_arg()
tcd.skip("driver_skip: the tool it needs is not here")
