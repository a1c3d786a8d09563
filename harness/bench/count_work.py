#!/usr/bin/env python3
"""Counts the work of `tracecheck check` on the real-shaped bench inputs,
instead of timing it: instructions and branch mispredicts per MiB, from
valgrind's cachegrind with its branch simulator, for one build or two.

    count_work.py --build BUILD_DIR [--against TRACECHECK] [--mb 16]
                  [--scratch DIR] [--only chrome_trace,...] [--top 12]

Wall and CPU times on the 2-core VM drift by more than the steps one
change takes (PERFORMANCE.md), and a step of 2% is invisible in them.
Instruction counts of one binary repeat within a few hundredths of a
percent from run to run (the mispredicts move by a fraction of a percent
with where the code is loaded), so two builds compare on one run each: the same input (make_inputs.py, MiB of real traces
repeated, kept in --scratch), `check --jobs 1` (one thread, so no order of
events between threads enters). Instruction counts are all but exact; the
mispredicts come from cachegrind's model of a predictor, whose tables
alias by address, so a change that moves code shifts other functions'
counts by a few percent: compare the functions a change touched, and
totals beyond that. Each kind is counted at two sizes, --mb and 1 MiB, and
reported as the work a MiB of trace adds (the slope between the two) and
the work before the first event (schemas compiled, tables built: the
intercept), so that neither hides in the other. For each input it prints
both for each binary and, for the first build, the functions with the most
mispredicts on the larger input. Exit 0, 1 when a run failed, 77 without
valgrind.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run_bench import MB, ensure_input  # noqa: E402  (the same inputs as the timed bench)

KINDS = {  # kind -> the file made of it
    "chrome_trace": "chrome_trace_{mb}.json",
    "chrome_trace_verbatim": "chrome_trace_verbatim_{mb}.json",
    "execution_trace": "execution_trace_{mb}.json",
    "torch_trace": "torch_trace_{mb}.log",
}
# cg_annotate (valgrind 3.19) prints a count of 0 without its percentage.
TOTAL = re.compile(r"^\s*([\d,]+)\s+(?:\(100\.0%\)\s+)?([\d,]+)\s+(?:\(100\.0%\)\s+)?([\d,]+)\s+(?:\(100\.0%\)\s+)?"
                   r"PROGRAM TOTALS")
FUNCTION = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?(\S.*)$")


def number(text):
    return int(text.replace(",", ""))


def count(tracecheck, path):
    """(instructions, mispredicts, [(mispredicts, instructions, function)]) of one run, or None."""
    with tempfile.NamedTemporaryFile(suffix=".cachegrind") as out:
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--branch-sim=yes",
                              f"--cachegrind-out-file={out.name}", tracecheck, "check", "--jobs", "1", path],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode not in (0, 1):
            sys.stderr.write(run.stderr[-2000:])
            return None
        text = subprocess.run(["cg_annotate", "--show=Ir,Bcm,Bim", "--sort=Bcm", out.name],
                              stdout=subprocess.PIPE, text=True).stdout
    total, functions = None, []
    for line in text.splitlines():
        m = TOTAL.match(line)
        if m:
            total = (number(m.group(1)), number(m.group(2)) + number(m.group(3)))
            continue
        m = FUNCTION.match(line)
        if m and total:
            name = m.group(4).split(":", 1)[-1]
            functions.append((number(m.group(2)) + number(m.group(3)), number(m.group(1)), name))
    if total is None:
        return None
    functions.sort(reverse=True)
    return total[0], total[1], functions


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="build folder with harness/tracecheck")
    ap.add_argument("--against", help="another tracecheck binary to count beside it")
    ap.add_argument("--scratch", default=os.path.join(os.path.dirname(os.path.dirname(HERE)), "build-bench-inputs"))
    ap.add_argument("--mb", type=int, default=16, help="input size in MiB (default 16: a minute under valgrind)")
    ap.add_argument("--only", default="", help="comma-separated subset of " + ",".join(KINDS))
    ap.add_argument("--top", type=int, default=12, help="functions listed per input")
    args = ap.parse_args()
    if not shutil.which("valgrind") or not shutil.which("cg_annotate"):
        print("count_work: valgrind is not installed (Debian package valgrind)")
        return 77
    binaries = [os.path.join(args.build, "harness", "tracecheck")] + ([args.against] if args.against else [])
    os.makedirs(args.scratch, exist_ok=True)
    failed = False
    for kind, name in KINDS.items():
        if args.only and kind not in args.only.split(","):
            continue
        paths = [os.path.join(args.scratch, name.format(mb=mb)) for mb in (args.mb, 1)]
        if not all(ensure_input(kind, p, mb) for p, mb in zip(paths, (args.mb, 1))):
            print(f"\n== {kind}: no real source to build the input from")
            continue
        sizes = [os.path.getsize(p) / MB for p in paths]
        if sizes[0] <= sizes[1]:
            print(f"\n== {kind}: --mb {args.mb} makes no input larger than 1 MiB's ({sizes[1]:.1f} MiB)")
            continue
        print(f"\n== {kind}: {sizes[0]:.0f} and {sizes[1]:.1f} MiB, `check --jobs 1` under cachegrind")
        counted = []  # (binary, counts on the larger input, (instructions/MiB, mispredicts/MiB, startup))
        for binary in binaries:
            c = [count(binary, p) for p in paths]
            if None in c:
                print(f"{binary}: FAILED")
                failed = True
                continue
            span = sizes[0] - sizes[1]
            per_mib = ((c[0][0] - c[1][0]) / span, (c[0][1] - c[1][1]) / span)
            work = (per_mib[0], per_mib[1], c[1][0] - per_mib[0] * sizes[1])
            first = counted[0] if counted else None
            counted.append((binary, c[0], work))
            ratio = (f"   ({work[0] / first[2][0]:.3f}x, {work[1] / first[2][1]:.3f}x, {work[2] / first[2][2]:.3f}x "
                     f"{first[0]})" if first else "")
            print(f"{binary}: {work[0] / 1e6:8.2f} M instructions/MiB {work[1] / 1e3:8.1f} K mispredicts/MiB, "
                  f"startup {work[2] / 1e6:6.1f} M instructions{ratio}")
        if counted and args.top > 0:
            binary, c, _ = counted[0]
            print(f"most mispredicts ({binary}, {sizes[0]:.0f} MiB): mispredicts, instructions, function")
            for mispredicts, instructions, function in c[2][:args.top]:
                print(f"  {mispredicts:>11,} {instructions:>14,}  {function[:110]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
