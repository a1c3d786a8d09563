"""Raises KeyError and lets it escape (exit 1)."""
import tracecheck_driver as tcd

tcd.device_arg()
raise KeyError("nobody catches this")
