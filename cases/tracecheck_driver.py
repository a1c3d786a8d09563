"""Helpers a case driver imports (standard library; torch only when asked).

Contract (cases/README.md):
  device_arg()           parses the driver's command line (--device cpu|cuda)
                         and returns the device.
  fact(key, value)       records a JSON-serialisable fact in $TRACECHECK_FACTS;
                         the file is rewritten atomically on every call, so
                         facts recorded before a crash survive.
  expected_exception()   context manager that swallows an exception of the
                         given types (default: Exception, as PyTorch's tests
                         do with `try: ... except Exception: pass`) and records
                         its qualified type name ("module.Name") as "exception"
                         in $TRACECHECK_OUTCOME; capture.py merges it into
                         outcome.json.
  artifact_dir(fmt)      the folder a driver writes its traces of format `fmt`
                         into ($TRACECHECK_OUT/<fmt>, e.g. "chrome_trace",
                         "execution_trace", "debug_dir"); capture.py makes it
                         fresh for every format the case lists. TORCH_TRACE
                         logs need no call: torch writes them to torch_trace/.
  skip(reason)           ends the driver as skipped (exit 77) when something the
                         case file cannot require is missing here (a tool, a
                         device a third-party emitter needs): records `reason`
                         as "skipped" in $TRACECHECK_OUTCOME, which capture.py
                         then reports as the case's skip.
  emitter(emitter_id)    names the emitter whose traces this driver captures
                         when it is not torch (e.g. "clang-14"); the golden
                         folder is golden/<emitter_id>/. Ids follow the
                         emitter-id rule: [a-z0-9][a-z0-9.+-]*.
  tool(argv, cwd=None)   runs a third-party emitter's command (stdout and
                         stderr go to ours), records its exit status as the
                         fact "<argv[0]> exit status", returns it.
  tool_version(argv, pattern)
                         the first group of RE `pattern` in what `argv`
                         printed (e.g. clang's major version); raises when
                         it does not match, so a changed tool is noticed.
  collect(pattern, fmt)  copies the files matching glob `pattern` into
                         artifact_dir(fmt) under their own names, sorted;
                         returns their names.
  pytorch_test_setup()   what StructuredTraceTest.setUp and its base classes
                         (torch._dynamo / torch._inductor test_case.TestCase)
                         do before each test; see its docstring.

Importing this module also records the type of an uncaught exception as
"uncaught_exception" in $TRACECHECK_OUTCOME. Without the TRACECHECK_*
variables (a driver run by hand) nothing is written.
"""

import argparse
import contextlib
import json
import os
import sys

_facts = {}


def _write_json(path, obj):
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def _update_outcome(key, value):
    path = os.environ.get("TRACECHECK_OUTCOME")
    if not path:
        return
    try:
        with open(path, encoding="utf-8") as f:
            outcome = json.load(f)
    except (OSError, ValueError):
        outcome = {}
    outcome[key] = value
    _write_json(path, outcome)


def qualified_name(exc_type):
    """"module.QualName" of an exception type, e.g. "torch._dynamo.exc.Unsupported"."""
    return f"{exc_type.__module__}.{exc_type.__qualname__}"


def fact(key, value):
    """Records one fact; value must be JSON-serialisable."""
    json.dumps(value)  # fail here, in the driver, rather than at the end
    _facts[key] = value
    path = os.environ.get("TRACECHECK_FACTS")
    if path:
        _write_json(path, _facts)


@contextlib.contextmanager
def expected_exception(*types):
    """Runs the block; an exception of `types` (default Exception) is recorded
    in the outcome and swallowed. Other exceptions propagate."""
    types = types or (Exception,)
    try:
        yield
    except types as e:
        _update_outcome("exception", qualified_name(type(e)))


def artifact_dir(fmt):
    out = os.environ.get("TRACECHECK_OUT")
    path = os.path.join(out, fmt) if out else os.path.join(os.getcwd(), fmt)
    os.makedirs(path, exist_ok=True)
    return path


SKIP_EXIT = 77


def skip(reason):
    """Skips the case: exit 77 with `reason` recorded (see the module docstring)."""
    _update_outcome("skipped", str(reason))
    print(f"skipped: {reason}", file=sys.stderr)
    sys.exit(SKIP_EXIT)


def emitter(emitter_id):
    if not emitter_id or not all(c.islower() or c.isdigit() or c in ".+-" for c in emitter_id) \
            or not (emitter_id[0].islower() or emitter_id[0].isdigit()):
        raise ValueError(f"bad emitter id {emitter_id!r}")
    _update_outcome("emitter", emitter_id)


def tool(argv, cwd=None, stdin_file=None):
    """Runs a tool, records its exit status as a fact; `stdin_file` is fed to its stdin."""
    import subprocess
    if stdin_file is None:
        status = subprocess.run(argv, cwd=cwd, check=False).returncode
    else:
        with open(stdin_file, "rb") as stdin:
            status = subprocess.run(argv, cwd=cwd, check=False, stdin=stdin).returncode
    fact(f"{os.path.basename(argv[0])} exit status", status)
    return status


def tool_version(argv, pattern):
    import re
    import subprocess
    done = subprocess.run(argv, check=False, capture_output=True, text=True)
    found = re.search(pattern, done.stdout + done.stderr)
    if not found:
        raise RuntimeError(f"{argv}: no {pattern!r} in its output")
    return found.group(1)


def collect(pattern, fmt):
    import glob
    import shutil
    names = []
    for path in sorted(glob.glob(pattern)):
        shutil.copyfile(path, os.path.join(artifact_dir(fmt), os.path.basename(path)))
        names.append(os.path.basename(path))
    return names


def device_arg(argv=None):
    """Parses `--device cpu|cuda` (the only option every driver takes)."""
    parser = argparse.ArgumentParser(description=sys.modules["__main__"].__doc__)
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    device = parser.parse_args(argv).device
    fact("device", device)
    return device


def _patch_config(module, **values):
    """Sets config values that exist in this torch; returns the names it could not set."""
    missing = []
    for name, value in values.items():
        if hasattr(module, name):
            setattr(module, name, value)
        else:
            missing.append(f"{module.__name__}.{name}")
    return missing


def pytorch_test_setup():
    """Mirrors test/dynamo/test_structured_trace.py's fixture:
    torch._dynamo.test_case.TestCase.setUpClass patches dynamo config
    (raise_on_ctx_manager_usage=True, suppress_errors=False,
    log_compilation_metrics=False); torch._inductor.test_case.TestCase.setUp
    enables fx_graph_cache and functorch's enable_autograd_cache (its fresh
    cache directory is capture.py's fresh TORCHINDUCTOR_CACHE_DIR); and
    StructuredTraceTest.setUp calls torch._dynamo.reset() and clears the
    string intern table so ids start at 0. Config keys this torch lacks are
    recorded as the fact "fixture_missing_config".

    Added: inductor's cpp.vec_isa_ok=False, so inductor generates scalar C++
    without probing the CPU. Otherwise it checks each vector ISA the CPU
    advertises (AMX, AVX-512, AVX2) by compiling a test program, one
    compile_file chromium event and about a dozen log lines each, so the same
    workload's trace had one compile more on an AMX host than on one without;
    and which probes pass depends on the host and the headers (trixie's
    chroot has no sleef.h, so every probe failed and the code was scalar
    anyway).

    Not mirrored: importing torch.testing._internal.common_utils (it seeds
    torch's RNG and disables global backend flags; neither reaches a trace),
    and the test's own log handlers (TORCH_TRACE writes the raw log that
    the test's second handler would)."""
    import torch
    import torch._dynamo
    import torch._functorch.config
    import torch._inductor.config
    import torch._logging.structured

    missing = _patch_config(
        torch._dynamo.config,
        raise_on_ctx_manager_usage=True,
        suppress_errors=False,
        log_compilation_metrics=False,
    )
    missing += _patch_config(torch._inductor.config, fx_graph_cache=True, **{"cpp.vec_isa_ok": False})
    missing += _patch_config(torch._functorch.config, enable_autograd_cache=True)
    torch._dynamo.reset()
    intern_table = getattr(torch._logging.structured, "INTERN_TABLE", None)
    if intern_table is not None:
        intern_table.clear()
    else:
        missing.append("torch._logging.structured.INTERN_TABLE")
    fact("fixture_missing_config", missing)


def _excepthook(exc_type, exc, tb):
    try:
        _update_outcome("uncaught_exception", qualified_name(exc_type))
    finally:
        sys.__excepthook__(exc_type, exc, tb)


sys.excepthook = _excepthook
