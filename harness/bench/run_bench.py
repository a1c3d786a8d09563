#!/usr/bin/env python3
"""Throughput and peak memory of tracecheck against the hardware limits.

    run_bench.py --build BUILD_DIR [--scratch DIR] [--runs N] [--mb N]

Generates the inputs (make_inputs.py; kept in --scratch and reused while
their size matches), then for each input runs every applicable command N
times (in rounds: md5sum and the check a target judges back to back,
parse_limit last; run_order) and prints the median CPU seconds (user +
sys: one core's work, so other load on the machine barely moves it), MB/s,
the median wall seconds, the largest peak RSS, and the ratio to each limit
measured in the same run (and, for wall time, to md5sum; `check` runs with
--jobs 1 and --jobs 2, and the targets at the end judge --jobs 2 against
md5sum, and an execution trace's --jobs 1 against `validate`, those two
rows pinned to one CPU a round and judged by the median of the rounds'
ratios):
`md5sum` of the file (every payload byte must be hashed) and simdjson
parse-only (parse_limit). A row whose reader or schema is not there prints
"not available". A line before the rows and one after them time the same
small check pinned to each CPU (cpu_probe), so a run on a VM whose CPUs
were not alike says so. Exit 0 when everything ran, 1 when a command failed.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MB = 1 << 20
TIME = "/usr/bin/time"  # GNU time, for peak RSS (Debian package 'time')


def measure(cmd, stdout=subprocess.DEVNULL, cpu=None):
    """Runs cmd (pinned to `cpu` when given); returns (exit code, cpu
    seconds, wall seconds, peak RSS MiB, stderr).

    Peak RSS comes from /usr/bin/time, whose small process forks the command:
    a child forked from Python starts with Python's pages and keeps their
    high-water mark through exec. CPU time is the rusage wait4 gives for that
    child, which includes the command it reaped."""
    timed = os.access(TIME, os.X_OK)
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss_file:
        full = [TIME, "-f", "%M", "-o", rss_file.name] + cmd if timed else cmd
        start = time.monotonic()
        pin = (lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None
        proc = subprocess.Popen(full, stdout=stdout, stderr=subprocess.PIPE, preexec_fn=pin)
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - start
        text = rss_file.read().strip().splitlines()
        rss_kb = int(text[-1]) if timed and text and text[-1].isdigit() else usage.ru_maxrss
    return proc.returncode, usage.ru_utime + usage.ru_stime, wall, rss_kb / 1024, err.decode(errors="replace")


class Row:
    def __init__(self, name, cmd, ok_codes=(0, 1)):
        self.name, self.cmd, self.ok_codes = name, cmd, ok_codes
        self.cpu, self.wall, self.rss, self.codes, self.error = [], [], [], set(), ""
        self.stderr = ""  # the last run's
        self.pinned = False  # run on one CPU a round (run_rows), as the row it is compared with

    def run(self, on_cpu=None):
        code, cpu, wall, rss, err = measure(self.cmd, cpu=on_cpu)
        self.codes.add(code)
        self.stderr = err
        if code not in self.ok_codes:
            self.error = f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"
        self.cpu.append(cpu)
        self.wall.append(wall)
        self.rss.append(rss)


def best_pinned(cmd, cpu, runs=3):
    """The least wall time of `runs` runs of `cmd` pinned to `cpu`."""
    best = None
    for _ in range(runs):
        start = time.monotonic()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))
        took = time.monotonic() - start
        best = took if best is None else min(best, took)
    return best


def cpu_probe(tracecheck, scratch):
    """Times `check --jobs 1` of a 16 MiB Kineto input pinned to each CPU
    (best of 3) and prints them: a shared VM's CPUs do not always run at one
    speed (a busy neighbour on one of them), and a wall ratio taken while
    one is slow says little. Then md5sum of the same file on the faster
    CPU: the host can slow our memory-heavy work and not md5sum's loop (up
    to 1.55x in "After f8e7743" of PERFORMANCE.md), which two CPUs that
    agree do not show, and the ratio of the two does. None when it cannot run here."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    path = os.path.join(scratch, "cpu_probe_16.json")
    if len(cpus) < 2 or not ensure_input("chrome_trace", path, 16):
        return None
    times = [best_pinned([tracecheck, "check", "--jobs", "1", path], cpu) for cpu in cpus]
    spread = max(times) / min(times)
    line = ", ".join(f"cpu{c} {t:.3f} s" for c, t in zip(cpus, times))
    verdict = "the CPUs agree" if spread < 1.15 else "the CPUs differ: wall ratios of this run are unreliable"
    print(f"cpu probe (check --jobs 1 of 16 MiB, pinned, best of 3): {line}; {spread:.2f}x apart, {verdict}")
    fast = cpus[times.index(min(times))]
    md5 = best_pinned(["md5sum", path], fast)
    print(f"host probe: on cpu{fast}, md5sum of the same file {md5:.3f} s; the check takes "
          f"{min(times) / md5:.2f}x md5sum's time (compare with other runs: the lower, the faster our work runs here)")
    return spread


def ensure_input(kind, path, mb, source=None):
    """Makes `path` (gzipped when it ends in .gz) unless a file of about that
    size is there; a .gz is judged by the size of the JSON inside."""
    want = mb * MB
    if os.path.exists(path):
        have = os.path.getsize(path)
        if path.endswith(".gz"):
            with open(path, "rb") as f:
                f.seek(-4, os.SEEK_END)
                have = int.from_bytes(f.read(4), "little")  # ISIZE: the size mod 2^32
            want %= 1 << 32
        if abs(have - want) < want * 0.1 + 4 * MB:
            return True
    cmd = [sys.executable, os.path.join(HERE, "make_inputs.py"), kind, path, "--mb", str(mb)]
    if source:
        cmd += ["--source", source]
    if path.endswith(".gz"):
        cmd.append("--gzip")
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(r.stdout + r.stderr)
    return r.returncode == 0


FINDINGS = re.compile(r"(\d+) errors?, (\d+) warnings?")


def findings_of(rows):
    """'E errors, W warnings' of the first `check` row among `rows`, from its
    last run's summary line: what reporting costs is part of each row's time,
    so the table says how much there was."""
    check = next((r for r in rows if isinstance(r, Row) and r.cmd[1:2] == ["check"] and r.stderr), None)
    m = FINDINGS.findall(check.stderr) if check else []
    return f"{int(m[-1][0]):,} errors, {int(m[-1][1]):,} warnings" if m else "findings: ?"


def reader_available(tracecheck, path):
    """True when `check` recognises the file's format (its reader exists)."""
    r = subprocess.run([tracecheck, "check", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = r.stdout + r.stderr
    return r.returncode in (0, 1) and "input-format" not in out and "unrecognized" not in out.lower()


def schema_for(kind):
    for name in (f"{kind}.schema.json", f"{kind}/{kind}.schema.json", f"{kind}/kineto.schema.json"):
        path = os.path.join(REPO, "schemas", name)
        if os.path.isfile(path):
            return path
    return None


def fmt_rate(size, seconds):
    return f"{size / MB / seconds:8.0f}" if seconds > 0 else "     inf"


TARGETS = []  # (title, row, md5 row): `check --jobs 2` against md5sum, wall time
STREAMING = []  # (title, check --jobs 1 row, validate row): one thread against the streamed validate
RSS_LIMIT_MB = 100  # peak RSS of `check --jobs 2` on every input but the single-huge-line ones


def wall_ratio(limit, row):
    w = statistics.median(row.wall)
    return statistics.median(limit.wall) / w if w else 0


def round_ratios(limit_walls, walls):
    """Each round's ratio of limit's wall to the other's, in round order."""
    return [a / b for a, b in zip(limit_walls, walls) if b > 0]


def paired_ratio(limit, row):
    """The median over rounds of limit's wall over row's in that round."""
    ratios = round_ratios(limit.wall, row.wall)
    return statistics.median(ratios) if ratios else 0


def report(title, size, rows, limits, runs, findings=""):
    print(f"\n== {title}: {size / MB:.0f} MiB, median of {runs} run(s)" + (f"; {findings}" if findings else ""))
    print(f"{'command':38} {'cpu s':>7} {'MB/s':>8} {'wall s':>7} {'peak RSS':>9}   ratios (cpu time; wall vs md5sum)")
    for row in rows:
        if isinstance(row, str):
            print(f"{row:38} not available")
            continue
        cpu, wall = statistics.median(row.cpu), statistics.median(row.wall)
        ratios = []
        for lim in limits:
            if isinstance(lim, Row) and lim is not row and lim.cpu:
                ratios.append(f"{statistics.median(lim.cpu) / cpu if cpu else 0:.2f}x {lim.name.split()[0]}")
        md5 = next((lim for lim in limits if isinstance(lim, Row) and "md5sum" in lim.name), None)
        if md5 is not None and md5 is not row and md5.wall:
            ratios.append(f"wall {wall_ratio(md5, row):.2f}x {md5.name}")
        note = f"  FAILED {row.error}" if row.error else ""
        print(f"{row.name:38} {cpu:7.2f} {fmt_rate(size, cpu)} {wall:7.2f} {max(row.rss):7.0f}MB   "
              f"{', '.join(ratios)}{note}")


def check_rows(tracecheck, path, title, md5):
    """`check` on one thread and on two (payloads hashed or events parsed
    ahead); the two-thread row is the one the targets judge."""
    one = Row("tracecheck check --jobs 1", [tracecheck, "check", "--jobs", "1", path])
    two = Row("tracecheck check --jobs 2", [tracecheck, "check", "--jobs", "2", path])
    TARGETS.append((title, two, md5))
    return [one, two]


def run_order(row):
    """Where a row runs in each round (the report keeps the rows' own
    order): md5sum, then the `check --jobs 2` a target holds against it, so
    that the two a ratio divides run back to back rather than 20 s apart on
    a VM whose speed for our work drifts by the minute; then the others as
    listed; parse_limit last, whose whole-file DOM takes gigabytes of fresh
    memory right before whatever runs next ("After 12b2b15" in
    PERFORMANCE.md)."""
    if "md5sum" in row.name:
        return 0
    if any(row is two for _, two, _ in TARGETS):
        return 1
    return 3 if row.name.startswith("parse_limit") else 2


def print_targets():
    if not TARGETS:
        return
    print("\n== targets: `check --jobs 2` at least as fast as md5sum of the same file (wall, median), "
          f"peak RSS under {RSS_LIMIT_MB} MB")
    for title, row, md5 in TARGETS:
        if not row.wall or not md5.wall or row.error:
            print(f"{title:24} not measured")
            continue
        r = wall_ratio(md5, row)
        rss = max(row.rss)
        print(f"{title:24} {r:.2f}x {md5.name}  {'met' if r >= 1.0 else 'NOT met'};  "
              f"{rss:.0f} MB  {'met' if rss < RSS_LIMIT_MB else 'NOT met'}")
    for title, one, validate in STREAMING:
        if not one.wall or not validate.wall or one.error or validate.error:
            print(f"{title:24} check --jobs 1 against validate: not measured")
            continue
        r = paired_ratio(validate, one)
        print(f"{title:24} check --jobs 1 at {r:.2f}x the streamed validate of the same file (wall, the median "
              f"of each round's ratio, both on one CPU a round)  {'met' if r >= 1.0 else 'NOT met'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, help="build folder with harness/tracecheck and harness/bench/parse_limit")
    ap.add_argument("--scratch", default=os.path.join(REPO, "build-bench-inputs"))
    ap.add_argument("--runs", type=int, default=int(os.environ.get("TRACECHECK_BENCH_RUNS", "3")))
    ap.add_argument("--mb", type=int, default=int(os.environ.get("TRACECHECK_BENCH_MB", "1024")),
                    help="size of the TORCH_TRACE and Chrome inputs (the execution trace is 0.3x)")
    ap.add_argument("--only", default="", help="comma-separated subset: torch_trace,huge_line,huge_json_payload,"
                    "parallel,chrome_trace,execution_trace")
    args = ap.parse_args()
    tracecheck = os.path.join(args.build, "harness", "tracecheck")
    parse_limit = os.path.join(args.build, "harness", "bench", "parse_limit")
    for exe in (tracecheck, parse_limit):
        if not os.access(exe, os.X_OK):
            print(f"run_bench: {exe} is missing; build with -DTRACECHECK_BUILD_BENCH=ON", file=sys.stderr)
            return 2
    os.makedirs(args.scratch, exist_ok=True)
    only = set(filter(None, args.only.split(",")))
    failed = False
    cpu_probe(tracecheck, args.scratch)

    # The CPUs the pinned rows take in turn, a round each. A one-thread
    # row runs on one vCPU, and the host slows one of them for minutes at a
    # time (a row's CPU time up by half for the same work: "After 2b35db1"
    # in PERFORMANCE.md); two rows compared run on the same one.
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []

    def run_rows(rows):
        nonlocal failed
        for round_ in range(args.runs):
            cpu = cpus[round_ % len(cpus)] if cpus else None
            for row in sorted((r for r in rows if isinstance(r, Row)), key=run_order):
                row.run(cpu if row.pinned else None)
        failed |= any(isinstance(r, Row) and r.error for r in rows)

    def wanted(kind):
        return not only or kind in only

    if wanted("torch_trace"):
        path = os.path.join(args.scratch, f"torch_trace_{args.mb}.log")
        if ensure_input("torch_trace", path, args.mb):
            md5 = Row("md5sum", ["md5sum", path], ok_codes=(0,))
            parse = Row("parse_limit lines (simdjson)", [parse_limit, "lines", path], ok_codes=(0,))
            rows = [md5, parse] + check_rows(tracecheck, path, "TORCH_TRACE", md5) + [
                    Row("tracecheck check --profile tlparse", [tracecheck, "check", "--profile", "tlparse", path]),
                    Row("tracecheck scrub", [tracecheck, "scrub", "--rules", "torch_trace/pytorch_test", path])]
            run_rows(rows)
            report("TORCH_TRACE log (a compiled training step's, torch 2.11)", os.path.getsize(path), rows,
                   [md5, parse], args.runs, findings_of(rows))
        gz = os.path.join(args.scratch, f"torch_trace_{args.mb}.log.gz")
        if ensure_input("torch_trace", gz, args.mb):
            md5 = Row("zcat | md5sum", ["sh", "-c", 'zcat "$0" | md5sum', gz], ok_codes=(0,))
            rows = [md5] + check_rows(tracecheck, gz, "TORCH_TRACE (.log.gz)", md5)
            run_rows(rows)
            report("TORCH_TRACE log (the same, .log.gz)", os.path.getsize(gz), rows, [md5], args.runs,
                   findings_of(rows))

    if wanted("huge_line"):
        size = max(16, min(300, args.mb * 300 // 1024))
        path = os.path.join(args.scratch, f"huge_line_{size}.log")
        if ensure_input("huge_line", path, size):
            md5 = Row("md5sum", ["md5sum", path], ok_codes=(0,))
            rows = [md5, Row("tracecheck check", [tracecheck, "check", path]),
                    Row("tracecheck scrub", [tracecheck, "scrub", "--rules", "torch_trace/pytorch_test", path])]
            run_rows(rows)
            report(f"TORCH_TRACE log with a {size} MiB envelope line and a {size} MiB payload line",
                   os.path.getsize(path), rows, [md5], args.runs)

    if wanted("huge_json_payload"):
        # Issue 11: a 60 MiB json artifact payload (peak RSS is the point).
        path = os.path.join(args.scratch, "huge_json_payload_60.log")
        if ensure_input("huge_json_payload", path, 60):
            md5 = Row("md5sum", ["md5sum", path], ok_codes=(0,))
            rows = [md5, Row("tracecheck check", [tracecheck, "check", path])]
            run_rows(rows)
            report("TORCH_TRACE log with a 60 MiB json artifact payload", os.path.getsize(path), rows, [md5],
                   args.runs)

    if wanted("parallel"):
        # Four files of a quarter each: one worker against two.
        ranks = os.path.join(args.scratch, f"ranks_{args.mb}")
        os.makedirs(ranks, exist_ok=True)
        ok = all(ensure_input("torch_trace", os.path.join(ranks, f"dedicated_log_torch_trace_rank_{r}_bench.log"),
                              max(1, args.mb // 4)) for r in range(4))
        if ok:
            size = sum(os.path.getsize(os.path.join(ranks, f)) for f in os.listdir(ranks))
            files = [os.path.join(ranks, f) for f in sorted(os.listdir(ranks))]
            md5 = Row("md5sum (4 files)", ["md5sum"] + files, ok_codes=(0,))
            rows = [md5, Row("tracecheck check --jobs 1 FILE x4", [tracecheck, "check", "--jobs", "1"] + files),
                    Row("tracecheck check --jobs 2 FILE x4", [tracecheck, "check", "--jobs", "2"] + files)]
            run_rows(rows)
            report("4 TORCH_TRACE files as separate inputs (compare the wall column)", size, rows, [md5], args.runs)
            one, two = rows[1], rows[2]
            if one.wall and two.wall and not (one.error or two.error):
                print(f"parallel speedup (wall, --jobs 2 vs 1): "
                      f"{statistics.median(one.wall) / statistics.median(two.wall):.2f}x")

    # The real-shaped inputs: the committed raw captures repeated (make_inputs.py),
    # at --mb with ts and ids shifted, gzipped too, and at 200 MiB verbatim
    # (only ts shifted); then the extra rows: the corpus traces the bench used
    # before, and ../shared/gpu's, when present.
    verbatim_mb = max(16, min(200, args.mb * 200 // 1024))
    gpu = os.path.join(REPO, "..", "shared", "gpu", "h100-torch-2.11.0-cu130", "extra")
    corpus = os.environ.get("TRACECHECK_CORPUS_DIR", os.path.join(REPO, "..", "shared", "corpus"))
    inputs = [
        ("chrome_trace", "chrome_trace", "Kineto trace (torch 2.11 GPU capture, ids shifted)", args.mb, "", None),
        ("chrome_trace", "chrome_trace", "Kineto trace (the same, .json.gz)", args.mb, ".gz", None),
        ("chrome_trace", "chrome_trace_verbatim", "Kineto trace (torch 2.11 GPU capture, verbatim)", verbatim_mb, "",
         None),
        ("execution_trace", "execution_trace", "execution trace (torch 2.11 captures, ids shifted)", args.mb, "", None),
        ("execution_trace", "execution_trace", "execution trace (the same, .json.gz)", args.mb, ".gz", None),
        ("chrome_trace", "chrome_trace", "extra: Kineto trace (corpus: HTA's simple add)", args.mb, "",
         os.path.join(corpus, "chrome_trace", "kineto_hta_simple_add_trace.json")),
        ("execution_trace", "execution_trace", "extra: execution trace (corpus: Chakra's 1.0.2)", args.mb, "",
         os.path.join(corpus, "execution_trace", "et_chakra_1.0.2-chakra.0.0.4.json")),
        ("chrome_trace", "chrome_trace", "extra: Kineto trace (shared/gpu: compiled MLP)", args.mb, "",
         os.path.join(gpu, "compiled_mlp", "compiled_mlp_kineto_4.json")),
    ]
    for kind, maker, title, mb, suffix, source in inputs:
        if not wanted(kind):
            continue
        if source is not None and not os.path.isfile(source):
            continue  # an extra row whose source is not here
        tag = os.path.splitext(os.path.basename(source))[0] if source else maker
        path = os.path.join(args.scratch, f"{tag}_{mb}.json{suffix}")
        if not ensure_input(maker, path, mb, source):
            print(f"\n== {title}: not available (no real {kind} to build it from)")
            continue
        # A .gz is judged against gunzip and md5sum of what it holds: the floor
        # for any reader of it (md5sum of the small file alone would be no limit).
        md5 = (Row("zcat | md5sum", ["sh", "-c", 'zcat "$0" | md5sum', path], ok_codes=(0,)) if suffix
               else Row("md5sum", ["md5sum", path], ok_codes=(0,)))
        rows = [md5]
        if not suffix:
            rows.append(Row("parse_limit json (simdjson DOM)", [parse_limit, "json", path], ok_codes=(0,)))
        if reader_available(tracecheck, path):
            rows += check_rows(tracecheck, path, title, md5)
        else:
            rows.append("tracecheck check")
        schema = schema_for(kind)
        rows.append(Row("tracecheck validate", [tracecheck, "validate", "--schema", schema, path])
                    if schema else "tracecheck validate")
        if kind == "execution_trace" and isinstance(rows[-1], Row) and isinstance(rows[-3], Row):
            STREAMING.append((title, rows[-3], rows[-1]))  # the check at streaming speed
            rows[-3].pinned = rows[-1].pinned = True
        run_rows(rows)
        report(title, os.path.getsize(path), rows, rows[:1] if suffix else rows[:2], args.runs,
               findings_of(rows))
    print_targets()
    cpu_probe(tracecheck, args.scratch)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
