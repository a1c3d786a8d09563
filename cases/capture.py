#!/usr/bin/env python3
"""The capture step: runs one case's driver and keeps what it produced.

    python3 cases/capture.py CASE.json --out DIR [--device cpu|cuda] [--env-name NAME] [--require-torch]

Contract (cases/README.md): standard library only (torch is imported only in
a probe child, and only when a requirement or --device cuda needs it), so it
runs in a chroot made by ci/provision-env.sh, on a plain machine with torch,
and, for fake drivers, with a Python that has no torch at all. It writes

    DIR/torch_trace/    fresh TORCH_TRACE folder
    DIR/<format>/       a fresh folder per other format the case lists
                        (chrome_trace, execution_trace, debug_dir): the
                        driver writes there (tracecheck_driver.artifact_dir)
    DIR/env.json        environment name, versions, .debs, CPU flags, GPU, wall time
    DIR/outcome.json    {"exit_status", "exception", "skipped"} plus
                        "term_signal" (N or null), "timed_out",
                        "uncaught_exception" (module.Name or null)
    DIR/facts.json      facts the driver recorded ({} when none)
    DIR/stderr.txt      the driver's stderr (stdout goes to DIR/stdout.txt)

and scratch folders DIR/inductor_cache (TORCHINDUCTOR_CACHE_DIR), DIR/tmp
(TMPDIR) and DIR/work (the driver's working directory). The driver runs as a
child process in its own process group, with its environment fixed from the
start (PYTHONHASHSEED=0 and the rest, see driver_environment()).

Exit status mirrors the driver: its exit code, 128+N when signal N killed it,
124 when the case's timeout_s expired, 77 when a requirement is missing or the
driver skipped itself (tracecheck_driver.skip; "skipped" then holds its
reason), 2 for a bad command line or case file. A SIGTERM, SIGINT or
SIGHUP to this process is passed to the driver's process group (SIGKILL after
$TRACECHECK_KILL_GRACE_S seconds, default 5) and outcome.json is still written.

--require-torch declares the driver a torch workload: where torch is not
found (looked up, never imported) the case is skipped with the reason
"no torch" rather than failing with the driver's ModuleNotFoundError.
Fake drivers, which need no torch, leave it out.
"""

import argparse
import glob
import importlib.util
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP_EXIT = 77
TIMEOUT_EXIT = 124
DEFAULT_TIMEOUT_S = 300
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)

# Variables that would change what torch logs or where; the driver never inherits them.
DROPPED_PREFIXES = ("TORCH_LOGS", "TORCH_TRACE", "TORCH_COMPILE_DEBUG", "TORCHDYNAMO_",
                    "TORCHINDUCTOR_", "TORCH_COMPILE_", "MASTER_ADDR", "MASTER_PORT",
                    "TRACECHECK_FACTS", "TRACECHECK_OUTCOME")

# .deb packages whose versions env.json records (dpkg-query patterns).
DEB_PATTERNS = ["python3-torch*", "libtorch*", "python3", "python3.[0-9]*", "libpython3.[0-9]*",
                "g++", "g++-[0-9]*", "gcc-[0-9]*", "libgomp1", "libc6", "libstdc++6",
                "python3-numpy", "python3-sympy", "python3-networkx", "python3-jinja2",
                "python3-filelock", "python3-fsspec", "python3-typing-extensions",
                "python3-setuptools", "python3-dev", "libopenblas0*", "libsleef*", "libgloo*",
                "libdnnl*", "libonednn*"]

PROBE = r"""
import json
r = {"torch_version": None, "cuda": False, "distributed": False, "gpu_model": None, "error": None}
try:
    import torch
    r["torch_version"] = torch.__version__
    r["distributed"] = bool(torch.distributed.is_available())
    r["cuda"] = bool(torch.cuda.is_available())
    if r["cuda"]:
        r["gpu_model"] = torch.cuda.get_device_name(0)
except Exception as e:
    r["error"] = "%s: %s" % (type(e).__name__, e)
print("tracecheck-probe: " + json.dumps(r))
"""


class UsageError(Exception):
    pass


class Terminated(Exception):
    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def write_json(path, obj):
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def load_case(path):
    try:
        with open(path, encoding="utf-8") as f:
            case = json.load(f)
    except (OSError, ValueError) as e:
        raise UsageError(f"cannot read case file {path}: {e}")
    if not isinstance(case, dict) or not isinstance(case.get("driver"), str):
        raise UsageError(f"{path}: a case file is an object with a string 'driver'")
    if not isinstance(case.get("args", []), list) or not all(isinstance(a, str) for a in case.get("args", [])):
        raise UsageError(f"{path}: 'args' must be a list of strings")
    timeout = case.get("timeout_s", DEFAULT_TIMEOUT_S)
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout <= 0:
        raise UsageError(f"{path}: 'timeout_s' must be a positive number")
    return case


def cases_root(case_path, case):
    """The folder `driver` is relative to: the case file's path without its
    name ("<root>/<name>.json"); the case file's folder when name does not match."""
    path = os.path.abspath(case_path)
    name = case.get("name")
    if isinstance(name, str) and name and path.endswith(os.sep + name + ".json"):
        return path[: -len(name + ".json") - 1]
    return os.path.dirname(path)


def driver_args(case, device):
    args = list(case.get("args", []))
    if device is None:
        return args
    if "--device" in args:
        i = args.index("--device")
        if i + 1 < len(args):
            args[i + 1] = device
            return args
    return args + ["--device", device]


def requested_device(args):
    if "--device" in args:
        i = args.index("--device")
        if i + 1 < len(args):
            return args[i + 1]
    return "cpu"


def fresh_dir(path):
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    os.makedirs(path)


def driver_environment(out):
    env = {k: v for k, v in os.environ.items() if not k.startswith(DROPPED_PREFIXES)}
    env.update({
        "PYTHONHASHSEED": "0",
        "OMP_NUM_THREADS": "1",
        "TORCHINDUCTOR_COMPILE_THREADS": "1",
        "TORCHINDUCTOR_CACHE_DIR": os.path.join(out, "inductor_cache"),
        "TORCH_TRACE": os.path.join(out, "torch_trace"),
        # torch 2.6's TCPStore defaults to libuv, which Debian builds lack.
        "USE_LIBUV": "0",
        "TMPDIR": os.path.join(out, "tmp"),
        "TRACECHECK_FACTS": os.path.join(out, "facts.json"),
        "TRACECHECK_OUTCOME": os.path.join(out, "outcome.json"),
        "TRACECHECK_OUT": out,
        "TRACECHECK_RENDEZVOUS": "file://" + os.path.join(out, "rendezvous"),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
        "PYTHONFAULTHANDLER": "1",
    })
    # World-size-1 process groups need no network: gloo binds loopback
    # instead of resolving the host name (which a chroot may not know).
    env.setdefault("GLOO_SOCKET_IFNAME", "lo")
    # Drivers import tracecheck_driver from beside this file.
    env["PYTHONPATH"] = os.pathsep.join([HERE] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def torch_version_without_import():
    """Reads torch/version.py so that cases without torch needs never import it."""
    try:
        spec = importlib.util.find_spec("torch")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        try:
            with open(os.path.join(location, "version.py"), encoding="utf-8") as f:
                m = re.search(r"""^__version__\s*=\s*['"]([^'"]+)['"]""", f.read(), re.M)
            if m:
                return m.group(1)
        except OSError:
            continue
    return None


def probe_torch(env):
    try:
        p = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return {"error": "the torch probe timed out"}
    for line in p.stdout.splitlines():
        if line.startswith("tracecheck-probe: "):
            return json.loads(line[len("tracecheck-probe: "):])
    return {"error": f"the torch probe exited {p.returncode}: {p.stderr.strip()[-500:]}"}


def version_tuple(text):
    return tuple(int(x) for x in re.findall(r"\d+", text.split("+")[0])[:3])


def missing_requirement(requires, probe):
    """Returns the reason of the first unmet requirement, or None."""
    for req in requires:
        feature = req.get("feature", "") if isinstance(req, dict) else str(req)
        reason = (req.get("reason") if isinstance(req, dict) else None) or f"requires {feature}"
        version = probe.get("torch_version")
        m = re.fullmatch(r"torch\s*(>=|<)\s*(\d+(?:\.\d+)*)", feature)
        if feature == "cuda":
            ok = bool(probe.get("cuda"))
        elif feature == "distributed":
            ok = bool(probe.get("distributed"))
        elif m:
            if version is None:
                ok = False
            else:
                have, want = version_tuple(version), version_tuple(m.group(2))
                ok = have >= want if m.group(1) == ">=" else have < want
        else:
            return f"unknown requirement '{feature}'"
        if not ok:
            if probe.get("error") and version is None:
                return f"{reason} (torch not importable: {probe['error']})"
            return reason
    return None


def cpu_info():
    model, flags = None, []
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                key = key.strip()
                if key == "model name" and model is None:
                    model = value.strip()
                elif key in ("flags", "Features") and not flags:
                    flags = sorted(set(value.split()))
                if model and flags:
                    break
    except OSError:
        pass
    return {"model": model, "flags": flags, "count": os.cpu_count()}


def gpu_model(probe):
    if probe.get("gpu_model"):
        return probe["gpu_model"]
    for info in sorted(glob.glob("/proc/driver/nvidia/gpus/*/information")):
        try:
            with open(info, encoding="utf-8") as f:
                for line in f:
                    if line.startswith("Model:"):
                        return line.split(":", 1)[1].strip()
        except OSError:
            continue
    smi = shutil.which("nvidia-smi")
    if smi:
        try:
            p = subprocess.run([smi, "--query-gpu=name", "--format=csv,noheader"],
                               capture_output=True, text=True, timeout=30)
            names = [n.strip() for n in p.stdout.splitlines() if n.strip()]
            if p.returncode == 0 and names:
                return names[0]
        except (OSError, subprocess.TimeoutExpired):
            pass
    return None


def deb_versions():
    if not shutil.which("dpkg-query"):
        return None
    try:
        p = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${Version}\t${db:Status-Abbrev}\n"] + DEB_PATTERNS,
                           capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    debs = {}
    for line in p.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[2].startswith("ii"):
            debs[parts[0]] = parts[1]
    return dict(sorted(debs.items()))


def run_driver(cmd, env, out, timeout_s, grace_s):
    """Runs the driver in its own process group. Returns (returncode, timed_out, terminated_by)."""
    stop = {}

    def on_signal(signum, _frame):
        if "signum" not in stop:
            stop["signum"] = signum
            raise Terminated(signum)

    def child_setup():
        os.setpgrp()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)

    # Signals stay blocked until the driver's pid is known, so a stop request
    # can never leave a driver that nobody will kill.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    for s in STOP_SIGNALS:
        signal.signal(s, on_signal)
    with open(os.path.join(out, "stdout.txt"), "wb") as so, open(os.path.join(out, "stderr.txt"), "wb") as se:
        proc = subprocess.Popen(cmd, env=env, cwd=os.path.join(out, "work"), stdin=subprocess.DEVNULL,
                                stdout=so, stderr=se, preexec_fn=child_setup)
    timed_out, terminated_by, kill_with = False, None, None
    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        timed_out, kill_with = True, signal.SIGTERM
    except Terminated as t:
        terminated_by, kill_with = t.signum, t.signum
    # From here on a stop request changes nothing: the driver is stopped next,
    # and the outcome files take milliseconds to write.
    for s in STOP_SIGNALS:
        signal.signal(s, signal.SIG_IGN)
    if kill_with is not None:
        stop_group(proc, kill_with, grace_s)
    else:
        # The driver is gone; anything it left in its group goes with it.
        kill_group(proc.pid, signal.SIGKILL)
    return proc.returncode, timed_out, terminated_by


def kill_group(pgid, signum):
    try:
        os.killpg(pgid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def stop_group(proc, signum, grace_s):
    kill_group(proc.pid, signum)
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        pass
    kill_group(proc.pid, signal.SIGKILL)
    proc.wait()


def parse_command_line(argv):
    parser = argparse.ArgumentParser(description="Runs one tracecheck case's driver and keeps its traces.")
    parser.add_argument("case", help="the case file (cases/<group>/<name>.json)")
    parser.add_argument("--out", required=True, help="output folder")
    parser.add_argument("--device", choices=["cpu", "cuda"], help="overrides the case's --device argument")
    parser.add_argument("--env-name", default="host", help="environment name recorded in env.json")
    parser.add_argument("--require-torch", action="store_true",
                        help="the driver is a torch workload: skip the case (77, 'no torch') where torch is not found")
    return parser.parse_args(argv)


def main(argv):
    opts = parse_command_line(argv)
    started = time.time()
    try:
        case = load_case(opts.case)
    except UsageError as e:
        print(f"capture: {e}", file=sys.stderr)
        return 2
    root = cases_root(opts.case, case)
    driver = os.path.join(root, case["driver"])
    if not os.path.isfile(driver):
        print(f"capture: driver {driver} not found (relative to {root})", file=sys.stderr)
        return 2
    args = driver_args(case, opts.device)
    device = requested_device(args)
    timeout_s = case.get("timeout_s", DEFAULT_TIMEOUT_S)
    grace_s = float(os.environ.get("TRACECHECK_KILL_GRACE_S", "5"))

    out = os.path.abspath(opts.out)
    os.makedirs(out, exist_ok=True)
    artifact_formats = [f for f in case.get("formats", []) if f != "torch_trace"]
    for sub in ["torch_trace", "inductor_cache", "tmp", "work"] + artifact_formats:
        fresh_dir(os.path.join(out, sub))
    for name in ("env.json", "outcome.json", "facts.json", "stderr.txt", "stdout.txt", "rendezvous"):
        if os.path.lexists(os.path.join(out, name)):
            os.unlink(os.path.join(out, name))
    write_json(os.path.join(out, "facts.json"), {})
    env = driver_environment(out)

    requires = list(case.get("requires", []))
    if device == "cuda":
        requires.append({"feature": "cuda", "reason": "--device cuda needs a CUDA device"})
    if opts.require_torch and torch_version_without_import() is None:
        probe, skip = {"torch_version": None}, "no torch"
    else:
        probe = probe_torch(env) if requires else {"torch_version": torch_version_without_import()}
        skip = missing_requirement(requires, probe)

    outcome = {"exit_status": SKIP_EXIT, "exception": None, "skipped": skip, "term_signal": None,
               "timed_out": False, "uncaught_exception": None}
    cmd = [sys.executable, driver] + args
    driver_wall = None
    emitter_id = None
    if skip is None:
        t0 = time.monotonic()
        returncode, timed_out, terminated_by = run_driver(cmd, env, out, timeout_s, grace_s)
        driver_wall = round(time.monotonic() - t0, 3)
        try:
            with open(os.path.join(out, "outcome.json"), encoding="utf-8") as f:
                recorded = json.load(f)  # what tracecheck_driver wrote
        except (OSError, ValueError):
            recorded = {}
        emitter_id = recorded.get("emitter")
        if returncode == SKIP_EXIT and isinstance(recorded.get("skipped"), str) and recorded["skipped"]:
            outcome["skipped"] = recorded["skipped"]  # the driver's own skip (tracecheck_driver.skip)
        outcome["exception"] = recorded.get("exception")
        outcome["uncaught_exception"] = recorded.get("uncaught_exception")
        outcome["exit_status"] = returncode if returncode >= 0 else 128 - returncode
        outcome["term_signal"] = -returncode if returncode < 0 else None
        outcome["timed_out"] = timed_out
        if terminated_by is not None:
            outcome["terminated_by"] = signal.Signals(terminated_by).name
    else:
        for name in ("stderr.txt", "stdout.txt"):
            open(os.path.join(out, name), "wb").close()
    write_json(os.path.join(out, "outcome.json"), outcome)

    env_record = {
        "environment": opts.env_name,
        "device": device,
        "case": case.get("name"),
        # The driver as the repository names it: a capture is committed, and
        # names no path of the machine that made it.
        "command": [cmd[0], os.path.relpath(driver, os.path.dirname(HERE))] + cmd[2:],
        "torch_version": probe.get("torch_version"),
        "python_version": platform.python_version(),
        "python_executable": sys.executable,
        "debs": deb_versions(),
        "cpu": cpu_info(),
        "gpu_model": gpu_model(probe),
        "kernel": platform.release(),
        "machine": platform.machine(),
        "started_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
        "driver_wall_s": driver_wall,
        "wall_s": round(time.time() - started, 3),
    }
    if emitter_id:
        env_record["emitter"] = emitter_id
    write_json(os.path.join(out, "env.json"), env_record)
    if outcome["skipped"] is not None:
        print(f"capture: skipped: {outcome['skipped']}", file=sys.stderr)
        return SKIP_EXIT
    if outcome["timed_out"]:
        return TIMEOUT_EXIT
    return outcome["exit_status"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
