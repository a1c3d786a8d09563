"""Would need CUDA; its case requires it, so it is skipped without a GPU."""
import tracecheck_driver as tcd

tcd.fact("ran", tcd.device_arg())
