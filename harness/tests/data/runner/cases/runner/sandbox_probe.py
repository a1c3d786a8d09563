"""Records what the workload sees of its sandbox as facts."""
import os

import tracecheck_driver as tcd

tcd.device_arg()
cases = os.path.dirname(os.path.abspath(tcd.__file__))
try:
    open(os.path.join(cases, "write-probe"), "w").close()
    os.unlink(os.path.join(cases, "write-probe"))
    tcd.fact("cases_writable", True)
except OSError:
    tcd.fact("cases_writable", False)
tcd.fact("cases_dir", cases)
tcd.fact("cwd", os.getcwd())
tcd.fact("tmp_entries", sorted(os.listdir("/tmp")))
tcd.fact("tmpdir", os.environ.get("TMPDIR"))
with open("/proc/1/cmdline", "rb") as f:
    tcd.fact("pid1", f.read().split(b"\0")[0].decode(errors="replace"))
tcd.fact("pid", os.getpid())
tcd.fact("hashseed", os.environ.get("PYTHONHASHSEED"))
tcd.fact("torch_trace", os.environ.get("TORCH_TRACE"))
