#!/usr/bin/env python3
"""ctest oracle/CONSUMER: does `tracecheck check --profile P` say what the
real consumer does? (README.md here.)

    oracle_test.py CONSUMER --tracecheck BIN --source-dir DIR --shared DIR
                   [--extra DIR]... [-j N] [--update-known REASON]

For every file of the set (oracle_table.py's FileSet) whose kind CONSUMER
reads, the consumer's answer comes from verdicts.tsv (or, where the table
lacks the file, from running the oracle now), the contract below maps it to
the exit code the profile must give, and that is compared with what
`tracecheck check --profile P FILE` exits.

Exit 0 when every disagreement is listed in known_disagreements.tsv and every
listed one still disagrees; 1 on a new disagreement or a stale listed one;
77 (skip) without the shared folder, its oracle, the Debian packages it needs
or node. --update-known REASON rewrites this consumer's rows of the list to
the current disagreements (listed reasons kept, new ones get REASON).
"""
import argparse
import concurrent.futures
import gzip
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import oracle_table  # noqa: E402

PROFILE = {"hta": "hta", "catapult": "chrome", "chakra": "chakra", "param": "param"}
SKIP = 77
TEI = "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html"

# catapult's DROPS: which warning types lose events (the profile must reject
# the file: exit 1) and which lose only a decoration of an event that is kept
# (exit 0). The table holds, per type, the count catapult's oracle classes as
# loss (its `kept` ones, such as unmatched async ends, are not counted). The
# line is where catapult raises the warning (shared/oracles/catapult/README.md).
EVENT_LOSS = {
    "duration_parse_error": TEI + ":492,525 (an E without an open B, or a B/X going back in time, is discarded)",
    "counter_parse_error": TEI + ":416 (a counter event without args is dropped)",
    "unknown_context_phase": TEI + ":472 (a context event of unknown phase is discarded)",
    "instant_parse_error": TEI + ":731 (an instant with an unknown scope is discarded)",
    "async_slice_parse_error": TEI + ":1619-1856,2060 (an async event is dropped; "
                               "the unmatched ones, :1708,1966,1993, are kept and not counted)",
    "parse_error": TEI + ":1332 (an event of unrecognized phase is not imported)",
    "object_parse_error": TEI + ":2388-2467 (an object create/delete is rejected; the name/id notices, "
                          ":2366,2374, are kept and not counted)",
    "object_snapshot_parse_error": TEI + ":2531 (an object snapshot is rejected)",
}
DECORATION_LOSS = {
    "flow_slice_parse_error": TEI + ":2074-2096 (a flow arrow is dropped; the slices stay)",
    "flow_slice_ordering_error": TEI + ":2175,2301 (a flow arrow is dropped; the slices stay)",
    "flow_slice_start_error": TEI + ":2210-2291 (a flow arrow is dropped; the slices stay)",
    "flow_slice_end_error": TEI + ":2194,2338 (a flow arrow is dropped; the slices stay)",
    "flow_slice_bind_point_error": TEI + ":2323 (a flow arrow is dropped; the slices stay)",
    "arg_merge_error": TEI + ":553 (an E's arg value overwrites the B's; the slice stays)",
    "clock_sync_parse_error": TEI + ":990 (a clock-sync marker is dropped)",
    "metadata_parse_error": TEI + ":638-698,1424 (an M event's metadata is ignored)",
    "title_match_error": TEI + ":537 (the slice keeps the B's title)",
    "annotation_warning": TEI + ":1475 (a trace annotation is skipped)",
    "stack_frame_and_stack_error": TEI + ":1517 (an event loses its stack; the event stays)",
    "sample_import_error": TEI + ":1570 (a sample of a missing thread is dropped)",
}


def is_event_loss(warning_type):
    """object_* and the EVENT_LOSS types lose events; so does any loss type
    neither table names (a subtrace without an importer, a memory dump)."""
    return warning_type not in DECORATION_LOSS


def load_json(path):
    """The file's JSON (gzip by the name, as the oracles decide), or None."""
    try:
        with (gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz")
              else open(path, encoding="utf-8")) as fh:
            return json.load(fh)
    except (OSError, ValueError, EOFError, RecursionError):
        return None


def holds_hta_events(path):
    """Does the file hold an event HTA keeps? HTA keeps the events with a
    non-null cat and dur (X events, in practice), except cat "Trace" (the
    profiler's own span): facebookresearch/HolisticTraceAnalysis@f4d0062
    hta/common/trace_parser.py:295-306."""
    doc = load_json(path)
    events = doc.get("traceEvents") if isinstance(doc, dict) else doc
    return isinstance(events, list) and any(
        isinstance(e, dict) and e.get("cat") is not None and e.get("dur") is not None and e.get("cat") != "Trace"
        for e in events)


ROOT_NAME = re.compile(r"^\[pytorch\|profiler\|execution_(trace|graph)\|process\]$")


def holds_nodes_besides_root(path):
    """Does the execution trace hold a node other than the process root (the
    node named [pytorch|profiler|execution_trace|process], or its own parent)?"""
    doc = load_json(path)
    nodes = doc.get("nodes") if isinstance(doc, dict) else None
    if not isinstance(nodes, list):
        return False
    def is_root(n):
        parent = n.get("ctrl_deps", n.get("parent"))
        return ROOT_NAME.match(str(n.get("name"))) or (parent is not None and parent == n.get("id"))
    return any(not (isinstance(n, dict) and is_root(n)) for n in nodes)


def expected_exit(consumer, row, path):
    """The contract: the exit code `check --profile P` must give for the
    consumer's answer, and why (for the DISAGREE line)."""
    v = row["verdict"]
    if consumer == "hta":
        if v == "PASS-EMPTY":
            keeps = holds_hta_events(path)
            return (1 if keeps else 0), ("but the file holds events with cat and dur" if keeps else "")
        return {"PASS": 0, "FAIL": 1}[v], ""
    if consumer in ("chakra", "param"):
        if v == "PASS-EMPTY":
            more = holds_nodes_besides_root(path)
            return (1 if more else 0), ("but the file holds nodes besides the root" if more else "")
        return {"PASS": 0, "FAIL": 1}[v], ""
    if v == "DROPS" and holds_no_events(path):
        return 0, "the file holds no events, so none is lost (catapult's warnings are about what it made of the rest)"
    if v == "DROPS":
        lost = sorted(t for t, n in row["warnings"].items() if n and is_event_loss(t))
        if lost:
            return 1, "event loss: " + ", ".join(f"{t} x{row['warnings'][t]}" for t in lost)
        return 0, "decoration loss only: " + ", ".join(f"{t} x{n}" for t, n in sorted(row["warnings"].items()))
    if v in ("LOADS", "REJECTS") and holds_events_in_object(path):
        return 1, "nothing imported from the events under a traceEvents object (the runner counts its metadata)"
    if v == "REJECTS" and "empty model: nothing was imported" in row.get("message", "") and holds_no_events(path):
        return 0, "an empty trace imports nothing and passes"
    return {"LOADS": 0, "REJECTS": 1}[v], ""


NO_TRACE_EVENTS = object()


def trace_events(path):
    """The file's "traceEvents" (the whole document when it is a bare array),
    or NO_TRACE_EVENTS when it is not JSON or has no such member."""
    doc = load_json(path)
    if isinstance(doc, dict):
        return doc.get("traceEvents", NO_TRACE_EVENTS)
    return doc if isinstance(doc, list) else NO_TRACE_EVENTS


def holds_no_events(path):
    """Does the file hold no event: an empty event array ({"traceEvents": []}
    or []), or a "traceEvents" that is a scalar or an empty object (catapult
    imports nothing from it, and there is nothing to lose)?"""
    events = trace_events(path)
    if events is NO_TRACE_EVENTS:
        return False
    return not events if isinstance(events, (list, dict)) else True


def holds_events_in_object(path):
    """Is "traceEvents" an object holding members? catapult loops over its
    length, which an object lacks, and imports none of them
    (trace_event_importer.html:218-222,1147), a loss the contract calls an
    error though the runner may report LOADS for the container's metadata."""
    events = trace_events(path)
    return isinstance(events, dict) and bool(events)


def run_check(tracecheck, profile, path):
    """(exit code, first error line or else first warning line, the profile's
    event accounting from the verdicts line of --output json, or None)."""
    p = subprocess.run([tracecheck, "check", "-j", "1", "--output", "json", "--profile", profile, path],
                       capture_output=True, text=True, errors="replace")
    findings, events = [], None
    for line in p.stdout.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if "verdicts" in obj:
            events = next((v.get("events") for v in obj["verdicts"] if v["profile"] == profile), None)
        elif "rule" in obj:
            findings.append(obj)
    shown = [f"{d['file']}:{d['line']}:{d['column']}: {d['severity']}[{d['rule']}]: {d['message']}"
             for d in findings]
    first = next((l for l in shown if ": error[" in l), None) or next((l for l in shown if ": warning[" in l), "")
    return p.returncode, first.strip(), events


def count_mismatch(consumer, row, events):
    """What differs between the event accounting of `check --output json`
    (its verdicts object) and the consumer's own counts on a file the
    consumer loaded; "" when they agree, None when the consumer keeps no
    counts for it.
    HTA: the rows of its dataframe are the events the hta profile keeps, M
    events included (at most that many where tracecheck names a filter it
    does not model).
    catapult: its model's slices are the chrome profile's X, B and
    thread-scoped instants (catapult draws those as slices), its instants the
    global and process ones. An event tracecheck could not parse (kind
    "unknown": NaN, 1e999, a lone surrogate) may be any of those, so each
    such event widens the range by one. Flows and async slices are pairs in
    catapult's model, not events, so they are not compared."""
    counts = row.get("counts") or {}
    # No accounting: tracecheck read no event (an empty or unreadable file).
    events = events or {"kept": 0, "kept_by_kind": {}}
    unknown = events["kept_by_kind"].get("unknown", 0)
    if consumer == "hta" and row["verdict"] == "PASS" and "events" in counts:
        # HTA's rows include M events that have cat and dur (node's do).
        theirs, ours = counts["events"], events["kept"] + events["kept_by_kind"].get("metadata", 0)
        low = 0 if events.get("fewer_kept") else ours - unknown
        if low <= theirs <= ours:
            return ""
        return f"HTA keeps {theirs} events, tracecheck says {ours if low == ours else f'{low} to {ours}'}"
    if consumer == "catapult" and row["verdict"] in ("LOADS", "DROPS") and "slices" in counts:
        k = events["kept_by_kind"]
        ours = {"slices": k.get("slice", 0) + k.get("begin", 0) + k.get("thread_instant", 0),
                "instants": k.get("instant", 0)}
        off = [f"{n}: catapult {counts.get(n, 0)}, tracecheck {v}{f' to {v + unknown}' if unknown else ''}"
               for n, v in ours.items() if not v <= counts.get(n, 0) <= v + unknown]
        return "; ".join(off)
    return None


def oracle_available(consumer, source_dir, shared):
    """None when the oracle runs here, else the reason it does not."""
    if not os.path.isdir(shared):
        return f"no shared folder at {shared} (it is optional)"
    if consumer == "catapult":
        if not os.path.isfile(os.path.join(shared, "oracles", "catapult", "run_catapult.js")):
            return f"no catapult oracle in {shared}/oracles"
        if not shutil.which("node"):
            return "node is not installed (the catapult oracle runs under node 18 or later)"
    elif not os.path.isfile(os.path.join(shared, "oracles", "run_oracle.py")):
        return f"no run_oracle.py in {shared}/oracles"
    # One run on a small file of the project: the oracle answers (not ERROR)
    # only when its Debian packages and runtime are there.
    probe = os.path.join(source_dir, "harness", "tests", "data",
                         "chrome_trace/kineto_cpu.json" if consumer in ("hta", "catapult")
                         else "execution_trace/valid.et.json")
    res = oracle_table.run_oracle(shared, consumer, probe, timeout=120)
    if res["verdict"] == "ERROR":
        return f"the {consumer} oracle cannot run here: {res['message']}"
    return None


def read_known(path):
    """[(consumer, sha256, path, reason)] of known_disagreements.tsv."""
    rows = []
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as fh:
            lines = [l.rstrip("\n") for l in fh if l.strip() and not l.startswith("#")]
        rows = [tuple(l.split("\t", 3)) for l in lines[1:]]
    return rows


KNOWN_HEADER = """\
# Disagreements between a consumer profile and the real consumer that are known and not fixed yet
# (README.md here). oracle/CONSUMER fails on a disagreement missing here and on a row here that
# now agrees: fix a profile, then delete its rows. CONSUMER-counts rows: files on which the verdicts
# agree but check's event accounting (--output json) differs from the consumer's own counts.
consumer\tsha256\tpath\treason
"""


def write_known(path, rows):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(KNOWN_HEADER)
        for r in sorted(rows, key=lambda r: (r[0], r[2], r[1])):
            fh.write("\t".join(r) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("consumer", choices=sorted(PROFILE))
    ap.add_argument("--tracecheck", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--extra", action="append", default=[], metavar="DIR")
    ap.add_argument("--extra-table-only", action="store_true",
                    help="judge an --extra file only where verdicts.tsv has its verdict (the mutation set: its "
                         "oracle runs take the table's regeneration, not a test run)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--table", default=os.path.join(HERE, "verdicts.tsv"))
    ap.add_argument("--known", default=os.path.join(HERE, "known_disagreements.tsv"))
    ap.add_argument("--update-known", metavar="REASON")
    args = ap.parse_args(argv)
    consumer, profile = args.consumer, PROFILE[args.consumer]
    name = f"oracle/{consumer}"

    if not os.access(args.tracecheck, os.X_OK):
        print(f"FAIL {name}: no tracecheck at {args.tracecheck}")
        return 1
    why = oracle_available(consumer, args.source_dir, args.shared)
    if why:
        print(f"SKIP {name}: {why}")
        return SKIP
    table = oracle_table.read_table(args.table)
    listed = read_known(args.known)
    known = {r[1]: r for r in listed if r[0] == consumer}
    known_counts = {r[1]: r for r in listed if r[0] == consumer + "-counts"}

    with oracle_table.FileSet(args.source_dir, args.shared, args.tracecheck, args.extra, args.jobs) as fs:
        entries = [e for e in fs.entries if consumer in e.consumers()]

        extra_roots = tuple(os.path.basename(os.path.normpath(d)) + "/" for d in args.extra)

        def from_extra(e):
            return bool(extra_roots) and e.path.startswith(extra_roots)

        def judge(e):
            row, note = table.get((e.sha256, consumer)), None
            if row is None and args.extra_table_only and from_extra(e):
                return e, None, None, None, None
            if row is None:
                row = oracle_table.run_oracle(args.shared, consumer, e.file)
                note = (f"NOTE {e.path}: verdicts.tsv lacks its {consumer} verdict, so the oracle ran now "
                        f"({row['verdict']}): regenerate with oracle_table.py --only-missing")
                if row["verdict"] == "ERROR":
                    return e, None, note + f"; skipped: {row['message']}", None, None
            want, why = expected_exit(consumer, row, e.file)
            got, first, events = run_check(args.tracecheck, profile, e.file)
            return e, row, note, (want, why), (got, first.replace(e.file, e.path), events)

        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            results = list(pool.map(judge, entries))

    agree, skipped, untabled, disagree, miscounted, counted = 0, 0, 0, [], [], 0
    for e, row, note, want, got in results:
        if note:
            print(note)
        if row is None:
            untabled += note is None
            skipped += note is not None
            continue
        # Counts are compared where the verdicts agree (a disagreement is
        # reported below already).
        off = count_mismatch(consumer, row, got[2]) if got[0] == want[0] else None
        counted += off is not None
        if off:
            miscounted.append(e)
            tag = "known" if e.sha256 in known_counts else "NEW"
            print(f"MISCOUNT {e.path}: {off} [{tag}]")
        if got[0] == want[0]:
            agree += 1
            continue
        disagree.append(e)
        tag = "known" if e.sha256 in known else "NEW"
        unreadable = " (3: unreadable input)" if got[0] == 3 else ""
        print(f"DISAGREE {e.path} {consumer}={row['verdict']} expects exit {want[0]}"
              f"{' (' + want[1] + ')' if want[1] else ''}, check --profile {profile} exits {got[0]}{unreadable}"
              f" [{tag}]")
        print(f"    tracecheck: {got[1] or '(no finding)'}")
        print(f"    {consumer}: {row['verdict']} {row['message']}")

    judged = {e.sha256 for e, row, *_ in results if row is not None}
    in_set = {e.sha256 for e in entries}
    new = [e for e in disagree if e.sha256 not in known]
    new_counts = [e for e in miscounted if e.sha256 not in known_counts]
    stale = []
    for kind, rows, now in ((consumer, known, disagree), (consumer + "-counts", known_counts, miscounted)):
        for r in stale_rows(rows, {e.sha256 for e in now}, judged, in_set, extra_roots):
            print(f"STALE {r[2]}: listed in known_disagreements.tsv for {kind} but "
                  f"{'is no longer in the file set' if r[1] not in in_set else 'now agrees'}: delete its row")
            stale.append(r)
    unexplained = unexplained_deliberate(args.tracecheck, consumer, known.values())
    for r, why in unexplained:
        print(f"UNEXPLAINED {r[2]}: listed as deliberate for {consumer}, but {why}")
    print(f"{name}: {len(entries)} files, {agree} agree, {len(disagree)} disagree, {skipped} skipped,"
          f" {untabled} of the extra set not in verdicts.tsv"
          f" ({len(disagree) - len(new)} known, {len(new)} new; {len(stale)} stale listed);"
          f" event counts compared on {counted}, differ on {len(miscounted)} ({len(miscounted) - len(new_counts)} known,"
          f" {len(new_counts)} new)")

    if args.update_known is not None:
        others = [r for r in listed if r[0] not in (consumer, consumer + "-counts")]
        mine = [(consumer, e.sha256, e.path, known[e.sha256][3] if e.sha256 in known else args.update_known)
                for e in disagree]
        mine += [(consumer + "-counts", e.sha256, e.path,
                  known_counts[e.sha256][3] if e.sha256 in known_counts else args.update_known) for e in miscounted]
        write_known(args.known, others + mine)
        print(f"wrote {len(mine)} {consumer} rows to {os.path.basename(args.known)}")
        return 0
    return 1 if new or new_counts or stale or unexplained else 0


def stale_rows(listed, now, judged, in_set, extra_roots):
    """The rows of `listed` (sha256 -> row) to delete: a file judged that is
    not among `now` (it agrees now), or a project file no longer in the set.
    A listed extra file that is not in the set (another zlib's .gz bytes) is
    not stale."""
    return [r for sha, r in sorted(listed.items(), key=lambda kv: kv[1][2])
            if sha not in now and (sha in judged or (sha not in in_set and not
                                                     (extra_roots and r[2].startswith(extra_roots))))]


DELIBERATE_RULE = re.compile(r"^deliberate: see `tracecheck rules ([a-z0-9-]+)`")


def unexplained_deliberate(tracecheck, consumer, rows):
    """The rows listed as deliberate differences whose reason does not name a
    rule (`deliberate: see \`tracecheck rules RULE\``) for which
    `tracecheck rules RULE` gives this consumer's profile a cited reading."""
    out, readings = [], {}
    for r in rows:
        if not r[3].startswith("deliberate"):
            continue
        m = DELIBERATE_RULE.match(r[3])
        if not m:
            out.append((r, "its reason does not start with \"deliberate: see `tracecheck rules RULE`\""))
            continue
        rule = m.group(1)
        if rule not in readings:
            p = subprocess.run([tracecheck, "rules", rule], capture_output=True, text=True, errors="replace")
            readings[rule] = p.stdout if p.returncode == 0 else ""
        if not re.search(rf"^\s*{re.escape(PROFILE[consumer])}: ", readings[rule], re.M):
            out.append((r, f"`tracecheck rules {rule}` gives no reading for {PROFILE[consumer]}"))
    return out


if __name__ == "__main__":
    sys.exit(main())
