#!/usr/bin/env python3
"""Times two or more tracecheck binaries on one input, their runs
interleaved, with md5sum of the same file among them.

    compare_wall.py FILE TRACECHECK [TRACECHECK ...] [--runs 8] [--jobs 2]

On the 2-core VM the host's speed for this work drifts by up to 2x from
hour to hour while md5sum's hardly moves (PERFORMANCE.md), so the medians of
two bench runs an hour apart compare the hours, not the builds. Runs taken
in turn (md5sum, A, B, md5sum, A, B, ...) meet the same drift: each binary's
minimum and median wall and CPU seconds of `check --jobs J FILE` are
comparable with the others' and with md5sum's of the same round, and the
ratios to the first binary are printed with them. The order within a round
alternates (forward, then backward), and each binary's paired ratio is
the median over rounds of the first binary's wall over its own in that
round, with how many rounds it was faster: on a host whose speed moves
within seconds, a pair of runs side by side says more than two medians.
count_work.py counts instructions instead; this is for what instructions
miss (cache misses, the balance of the two threads). Exit 0, 1 when a run
of a binary failed (an exit code other than check's 0 and 1) or the
outputs differ.
"""
import argparse
import hashlib
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run_bench import measure, round_ratios  # noqa: E402  (one way of timing and pairing for both scripts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", help="the trace to check")
    ap.add_argument("binaries", nargs="+", help="tracecheck binaries; ratios are to the first")
    ap.add_argument("--runs", type=int, default=8, help="rounds (default 8)")
    ap.add_argument("--jobs", type=int, default=2, help="check --jobs (default 2)")
    args = ap.parse_args()

    rows = [("md5sum", ["md5sum", args.file])]
    rows += [(path, [path, "check", "--jobs", str(args.jobs), args.file]) for path in args.binaries]
    wall = {name: [] for name, _ in rows}
    cpu = {name: [] for name, _ in rows}
    outputs = {}
    failed = False
    for r in range(args.runs):
        for name, cmd in rows if r % 2 == 0 else reversed(rows):
            code, cpu_s, wall_s, _, _ = measure(cmd)
            if name != "md5sum" and code not in (0, 1):
                print(f"{name}: exit {code}", file=sys.stderr)
                failed = True
            wall[name].append(wall_s)
            cpu[name].append(cpu_s)
    # The binaries compared must agree on what they report.
    for name, cmd in rows[1:]:
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
        outputs[name] = (out.returncode, hashlib.md5(out.stdout).hexdigest())
    if len(set(outputs.values())) > 1:
        print("the binaries' outputs differ: " + ", ".join(f"{n} {o}" for n, o in outputs.items()), file=sys.stderr)
        failed = True

    first = args.binaries[0]
    md5_median = statistics.median(wall["md5sum"])
    print(f"{os.path.basename(args.file)}: {args.runs} interleaved round(s), check --jobs {args.jobs}")
    print(f"{'binary':40s} {'wall min':>9s} {'median':>8s} {'cpu min':>8s} {'median':>8s}  ratios (median wall)")
    for name, _ in rows:
        w, c = sorted(wall[name]), sorted(cpu[name])
        ratios = ""
        if name != "md5sum":
            ratios = f"{md5_median / statistics.median(w):.2f}x md5sum"
            if name != first:
                ratios += f", {statistics.median(wall[first]) / statistics.median(w):.2f}x the first"
        print(f"{name[-40:]:40s} {w[0]:9.3f} {statistics.median(w):8.3f} {c[0]:8.3f} {statistics.median(c):8.3f}  {ratios}")
    for name in args.binaries[1:]:
        paired = round_ratios(wall[first], wall[name])
        if not paired:
            continue
        faster = sum(1 for x in paired if x > 1)
        print(f"paired, {name[-40:]}: {statistics.median(paired):.3f}x the first (faster in {faster} of "
              f"{len(paired)} rounds, {min(paired):.2f}x-{max(paired):.2f}x)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
