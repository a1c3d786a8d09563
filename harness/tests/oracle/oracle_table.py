#!/usr/bin/env python3
"""The real consumers' verdicts on every Chrome trace and execution trace the
project holds: verdicts.tsv beside this script (README.md here).

    oracle_table.py [--source-dir DIR] [--shared DIR] [--tracecheck BIN]
                    [--extra DIR]... [-j N] [--only-missing] [--consumer C]...
                    [--timeout S] [--out FILE] [--list]

The file set (FileSet below; oracle_test.py reads the same one):
  harness/tests/data/**         *.json, *.gz, and extensionless files under bad_inputs/
  golden/**/*.raw/{chrome_trace,execution_trace}/*
                                each stored gzipped as NAME.gz; NAME ending in .gz is
                                gunzipped once, so the oracles see the capture's own name
  ../shared/corpus              the chrome_trace, kineto and execution_trace rows of
                                MANIFEST.tsv and external/MANIFEST.tsv
  ../shared/gpu/*/              the tarballs' chrome_trace/ and execution_trace/ members,
                                and the other *.json files (extra/, cupti/)
  every --extra DIR (the mutation set: make_mutations.py's output)

Each file's kind decides its oracles: a Chrome trace -> hta and catapult; an
execution trace -> chakra and param; a file meant as a trace whose kind is
unclear (broken bad inputs tracecheck cannot read) -> all four. The kind comes
from where the file lies (manifest, folder, name) and, where that does not
settle it, from `tracecheck check`'s verdicts line (chakra named: execution
trace; hta named: Chrome trace). Files of neither kind (TORCH_TRACE logs, JSON
schemas, capture metadata) are skipped.

The table has one row per (sha256 of the bytes as stored, consumer). Without
--only-missing every oracle runs and the table is rewritten; with it, only the
pairs the table lacks run, merged into it. The table is written every 20
results, so an interrupted run resumes with --only-missing. Exit 1 when an
oracle could not decide on some file (those pairs are left out), else 0.

Python standard library only.
"""
import argparse
import concurrent.futures
import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
CONSUMERS = ("hta", "catapult", "chakra", "param")
KIND_CONSUMERS = {
    "chrome": ("hta", "catapult"),
    "et": ("chakra", "param"),
    "unclear": CONSUMERS,
}
COLUMNS = ("sha256", "consumer", "source", "verdict", "counts", "warnings", "message", "path")
VERDICTS = {"PASS", "PASS-EMPTY", "FAIL", "LOADS", "DROPS", "REJECTS"}
# The counts catapult's --json `counts` gives that the table keeps.
CATAPULT_COUNTS = ("slices", "async_slices", "counters", "flows", "instants", "events")
MESSAGE_LIMIT = 300


# ---------------------------------------------------------------------------
# The file set
# ---------------------------------------------------------------------------
class Entry:
    """One file: `path` names it for humans (relative to the project, or
    shared/...), `file` is where the oracles and tracecheck read it (a temp
    copy for tarball members and double-gzipped captures), `sha256` is of the
    bytes as stored, `kind` is chrome, et or unclear."""

    def __init__(self, path, file, sha256, kind):
        self.path, self.file, self.sha256, self.kind = path, file, sha256, kind

    def consumers(self):
        return KIND_CONSUMERS[self.kind]


def sha256_bytes(data):
    return hashlib.sha256(data).hexdigest()


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def detect_kind(tracecheck, path):
    """chrome, et or None, from the verdicts line `tracecheck check` prints
    when it recognized the format (it names the profiles of that format)."""
    # No try: a tracecheck that cannot run must not silently shrink the set.
    p = subprocess.run([tracecheck, "check", "-j", "1", path], capture_output=True, text=True,
                       errors="replace", timeout=600)
    m = re.search(r"^verdicts: (.*)$", p.stderr, re.M)
    if not m:
        return None
    names = re.findall(r"([\w.-]+) (?:pass|FAIL)", m.group(1))
    if "chakra" in names or "param" in names:
        return "et"
    if "hta" in names or "chrome" in names:
        return "chrome"
    return None


def name_hint(rel):
    """The kind a path means: chrome, et, or None when it does not say."""
    parts = rel.split("/")
    name = parts[-1]
    if "execution_trace" in parts[:-1] or name.startswith("et_") or ".et." in name:
        return "et"
    if "chrome_trace" in parts[:-1] or name.startswith(("chrome_", "kineto_")) or ".pt.trace." in name:
        return "chrome"
    return None


def is_candidate(rel):
    """A file that may be a trace: *.json, *.gz, or extensionless under a
    bad_inputs folder (schemas are never traces)."""
    name = rel.rsplit("/", 1)[-1]
    if name.endswith(".schema.json"):
        return False
    if name.endswith((".json", ".gz")):
        return True
    return "." not in name and "bad_inputs" in rel.split("/")[:-1]


def walk(root):
    """Paths of the files under root, relative to it, sorted."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in files:
            out.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    return sorted(out)


def read_manifest(path):
    """Rows of a tab-separated manifest with a header line; # lines are comments."""
    with open(path, encoding="utf-8") as fh:
        lines = [l.rstrip("\n") for l in fh if l.strip() and not l.startswith("#")]
    header = lines[0].split("\t")
    return [dict(zip(header, l.split("\t"))) for l in lines[1:]]


class FileSet:
    """The file set as a context: temp copies live until the context ends.

    Hints: chrome / et settle the kind; unclear (a file meant as a trace) and
    None (maybe a trace) are settled by tracecheck's detection, and when it
    recognizes neither, unclear runs all four oracles and None is skipped."""

    def __init__(self, source_dir, shared_dir, tracecheck, extras=(), jobs=2, log=None):
        self.source_dir = os.path.abspath(source_dir)
        self.shared_dir = os.path.abspath(shared_dir) if shared_dir else None
        self.tracecheck = tracecheck
        self.extras = [os.path.abspath(e) for e in extras]
        self.jobs = jobs
        self.log = log or (lambda msg: None)
        self._tmp = None
        self.entries = []

    def __enter__(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="tracecheck-oracle-set-")
        raw = []  # (path, file, sha256, hint)
        raw += self._project_data()
        raw += self._golden()
        if self.shared_dir and os.path.isdir(self.shared_dir):
            raw += self._corpus()
            raw += self._gpu()
        for root in self.extras:
            raw += self._extra(root)
        self.entries = self._decide(raw)
        return self

    def __exit__(self, *exc):
        self._tmp.cleanup()

    def _temp_path(self, *parts):
        path = os.path.join(self._tmp.name, *parts)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return path

    def _label(self, path):
        """A path for humans: relative to the project, shared/..., or ROOTNAME/..."""
        path = os.path.abspath(path)
        for base, prefix in ((self.source_dir, ""), (self.shared_dir, "shared/")):
            if base and (path + "/").startswith(base + "/"):
                return prefix + os.path.relpath(path, base).replace(os.sep, "/")
        return None

    def _project_data(self):
        data = os.path.join(self.source_dir, "harness", "tests", "data")
        out = []
        for rel in walk(data):
            parts = rel.split("/")
            if not is_candidate(rel) or "torch_trace" in parts[:-1] or "schema" in parts[:-1]:
                continue  # TORCH_TRACE logs, schemas and the documents they validate
            hint = name_hint(rel)
            if hint is None and "bad_inputs" in parts[:-1]:
                hint = "unclear"
            path = os.path.join(data, rel)
            out.append((self._label(path), path, sha256_file(path), hint))
        return out

    def _stored_capture(self, rel, stored, data, tmp_parts):
        """A raw capture stored as NAME.gz: the oracles decide gzip by the
        name, so NAME.gz is read as is when NAME is plain, and a NAME that is
        itself .gz is gunzipped once into a temp file called NAME."""
        name = os.path.basename(rel)
        if name.endswith(".gz") and name[:-3].endswith(".gz"):
            file = self._temp_path(*tmp_parts[:-1], name[:-3])
            with open(file, "wb") as fh:
                fh.write(gzip.decompress(data))
            return file
        return stored

    def _golden(self):
        golden = os.path.join(self.source_dir, "golden")
        out = []
        for rel in walk(golden):
            parts = rel.split("/")
            if len(parts) < 3 or not parts[-3].endswith(".raw") or parts[-2] not in ("chrome_trace", "execution_trace"):
                continue
            path = os.path.join(golden, rel)
            with open(path, "rb") as fh:
                data = fh.read()
            file = self._stored_capture(rel, path, data, ["golden"] + parts)
            name = parts[-1][:-3] if parts[-1].endswith(".gz") else parts[-1]
            hint = name_hint(rel) if name.endswith((".json", ".json.gz")) else None
            out.append((self._label(path), file, sha256_bytes(data), hint))
        return out

    def _corpus(self):
        corpus = os.path.join(self.shared_dir, "corpus")
        kinds = {"kineto": "chrome", "chrome_trace": "chrome", "execution_trace": "et"}
        out = []
        for manifest in ("MANIFEST.tsv", os.path.join("external", "MANIFEST.tsv")):
            mpath = os.path.join(corpus, manifest)
            if not os.path.isfile(mpath):
                continue
            for row in read_manifest(mpath):
                kind = kinds.get(row.get("format"))
                path = os.path.join(corpus, row["path"])
                if kind and os.path.isfile(path):
                    out.append((self._label(path), path, sha256_file(path), kind))
        return out

    def _gpu(self):
        gpu = os.path.join(self.shared_dir, "gpu")
        out = []
        if not os.path.isdir(gpu):
            return out
        for d in sorted(os.listdir(gpu)):
            top = os.path.join(gpu, d)
            if not os.path.isdir(top):
                continue
            for rel in walk(top):
                path = os.path.join(top, rel)
                if rel.endswith(".tar.gz") and "/" not in rel:
                    out += self._tar_members(path, ["gpu", d, rel])
                elif is_candidate(rel) and "torch_trace" not in rel.split("/")[:-1]:
                    out.append((self._label(path), path, sha256_file(path), name_hint(rel)))
        return out

    def _tar_members(self, tarball, tmp_parts):
        """The chrome_trace/ and execution_trace/ members (the other members
        are capture metadata, logs and scripts)."""
        out = []
        with tarfile.open(tarball) as tf:
            for m in sorted(tf.getmembers(), key=lambda m: m.name):
                parts = m.name.split("/")
                if not m.isfile() or len(parts) < 2 or parts[-2] not in ("chrome_trace", "execution_trace"):
                    continue
                if ".." in parts or m.name.startswith("/"):
                    continue
                data = tf.extractfile(m).read()
                file = self._temp_path(*tmp_parts, *parts)
                with open(file, "wb") as fh:
                    fh.write(data)
                hint = name_hint(m.name) if parts[-1].endswith((".json", ".json.gz")) else None
                out.append((self._label(tarball) + ":" + m.name, file, sha256_bytes(data), hint))
        return out

    def _extra(self, root):
        """A folder of more traces (the mutation set): every candidate is meant
        as a trace, of the kind its name says, else unclear."""
        out = []
        for rel in walk(root):
            if not is_candidate(rel) and "." in rel.rsplit("/", 1)[-1]:
                continue
            path = os.path.join(root, rel)
            # Named by the folder's own name, wherever it lies (the build
            # tree's oracle-mutations/ or another copy): the same label.
            label = os.path.basename(os.path.normpath(root)) + "/" + rel
            out.append((label, path, sha256_file(path), name_hint(rel) or "unclear"))
        return out

    def _decide(self, raw):
        """One Entry per sha256 (the smallest path names it), kind settled."""
        by_sha = {}
        for path, file, sha, hint in sorted(raw):
            by_sha.setdefault(sha, (path, file, sha, hint))
        todo = sorted(by_sha.values())
        need = [t for t in todo if t[3] not in ("chrome", "et")]
        with concurrent.futures.ThreadPoolExecutor(max(1, self.jobs)) as pool:
            detected = dict(zip([t[2] for t in need],
                                pool.map(lambda t: detect_kind(self.tracecheck, t[1]), need)))
        entries = []
        for path, file, sha, hint in todo:
            kind = hint if hint in ("chrome", "et") else detected.get(sha) or hint
            if kind in KIND_CONSUMERS:
                entries.append(Entry(path, file, sha, kind))
            else:
                self.log(f"skipped (neither a Chrome trace nor an execution trace): {path}")
        return entries


# ---------------------------------------------------------------------------
# Running an oracle
# ---------------------------------------------------------------------------
def one_line(text, limit=MESSAGE_LIMIT):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def oracle_command(shared_dir, consumer, file, timeout):
    oracles = os.path.join(shared_dir, "oracles")
    if consumer == "catapult":
        return ["node", os.path.join(oracles, "catapult", "run_catapult.js"), file,
                "--json", "--timeout", str(timeout)]
    return [sys.executable, os.path.join(oracles, "run_oracle.py"), consumer, file,
            "--json", "--timeout", str(timeout)]


def run_oracle(shared_dir, consumer, file, timeout=300):
    """The oracle's answer as a table row without sha256 and path:
    {source, verdict, counts, warnings, message}; verdict ERROR (with a
    message) when the oracle could not decide."""
    try:
        p = subprocess.run(oracle_command(shared_dir, consumer, file, timeout),
                           capture_output=True, text=True, errors="replace", timeout=timeout + 120)
        res = json.loads(p.stdout)
    except (OSError, ValueError, subprocess.TimeoutExpired) as e:
        return {"verdict": "ERROR", "message": one_line(f"{type(e).__name__}: {e}")}
    if consumer == "catapult":
        verdict, message = res.get("outcome", "ERROR"), res.get("summary", "")
        counts = {k: (res.get("counts") or {}).get(k, 0) for k in CATAPULT_COUNTS} if verdict != "ERROR" else {}
        # Warning types with a count of dropped or changed data (catapult's
        # `loss`); the `kept` ones (unmatched async ends, name/id notices) are not loss.
        warnings = {t: w["loss"] for t, w in sorted((res.get("warnings") or {}).items()) if w.get("loss")}
    elif res.get("exception") == "Timeout":
        # A Python oracle that gives no answer within --timeout (every file
        # it loads takes seconds) hangs on the file: it never loads it, so
        # FAIL, which the contract maps to an error.
        verdict, message = "FAIL", "hangs: " + (res.get("message") or "no result")
        counts, warnings = {}, {}
    else:
        verdict, line = res.get("verdict", "ERROR"), res.get("line", "")
        message = line[len(verdict):].strip() if line.startswith(verdict) else line
        summary = res.get("summary") or ""
        m = re.search(r"\bevents=(\d+)" if consumer == "hta" else r"\bnodes(?: written)?=(\d+)", summary)
        counts = {("events" if consumer == "hta" else "nodes"): int(m.group(1))} if m else {}
        warnings = {}
    if verdict not in VERDICTS:
        return {"verdict": "ERROR", "message": one_line(message or p.stderr)}
    return {"source": res.get("source", "?"), "verdict": verdict, "counts": counts,
            "warnings": warnings, "message": one_line(message)}


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------
HEADER = """\
# The real consumers' verdicts on the project's Chrome and execution traces (README.md here).
# Made by oracle_table.py; one row per (sha256 of the file's bytes as stored, consumer).
# counts, warnings: JSON; warnings: catapult's warning types that lost data, with their counts.
"""


def read_table(path):
    """{(sha256, consumer): row dict}; empty when the file is absent."""
    table = {}
    if not os.path.isfile(path):
        return table
    with open(path, encoding="utf-8") as fh:
        lines = [l.rstrip("\n") for l in fh if l.strip() and not l.startswith("#")]
    for line in lines[1:]:
        row = dict(zip(COLUMNS, line.split("\t")))
        row["counts"] = json.loads(row["counts"])
        row["warnings"] = json.loads(row["warnings"])
        table[(row["sha256"], row["consumer"])] = row
    return table


def write_table(path, table):
    """Sorted by sha256 then consumer; written whole, then renamed into place."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(HEADER)
        fh.write("\t".join(COLUMNS) + "\n")
        for key in sorted(table):
            row = dict(table[key])
            row["counts"] = json.dumps(row["counts"], sort_keys=True, separators=(",", ":"))
            row["warnings"] = json.dumps(row["warnings"], sort_keys=True, separators=(",", ":"))
            fh.write("\t".join(str(row[c]).replace("\t", " ") for c in COLUMNS) + "\n")
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source-dir", default=DEFAULT_SOURCE_DIR)
    ap.add_argument("--shared", help="the shared folder (default: SOURCE_DIR/../shared)")
    ap.add_argument("--tracecheck", help="the CLI (default: SOURCE_DIR/build/harness/tracecheck)")
    ap.add_argument("--extra", action="append", default=[], metavar="DIR", help="more traces (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--only-missing", action="store_true")
    ap.add_argument("--consumer", action="append", choices=CONSUMERS, help="only these (repeatable)")
    ap.add_argument("--timeout", type=int, default=600,
                    help="seconds per oracle run; a Python oracle silent that long is recorded as hanging (FAIL)")
    ap.add_argument("--out", default=os.path.join(HERE, "verdicts.tsv"))
    ap.add_argument("--list", action="store_true", help="print the file set (kind, path) and exit")
    args = ap.parse_args(argv)
    shared = args.shared or os.path.join(args.source_dir, "..", "shared")
    tracecheck = args.tracecheck or os.path.join(args.source_dir, "build", "harness", "tracecheck")
    if not os.path.isdir(os.path.join(shared, "oracles")):
        print(f"oracle_table: no oracles at {shared}/oracles", file=sys.stderr)
        return 2
    if not os.access(tracecheck, os.X_OK):
        print(f"oracle_table: no tracecheck at {tracecheck} (--tracecheck)", file=sys.stderr)
        return 2
    consumers = args.consumer or CONSUMERS
    started = time.monotonic()
    with FileSet(args.source_dir, shared, tracecheck, args.extra, args.jobs, log=print) as fs:
        if args.list:
            for e in fs.entries:
                print(f"{e.kind:8} {e.sha256[:12]} {e.path}")
            return 0
        table = read_table(args.out) if args.only_missing else {}
        paths = {e.sha256: e.path for e in fs.entries}
        for key, row in table.items():  # keep the human path current
            row["path"] = paths.get(key[0], row["path"])
        jobs = [(e, c) for e in fs.entries for c in e.consumers()
                if c in consumers and (e.sha256, c) not in table]
        print(f"{len(fs.entries)} files, {len(jobs)} oracle runs", flush=True)
        errors, done = [], 0

        def one(job):
            entry, consumer = job
            t0 = time.monotonic()
            return job, run_oracle(shared, consumer, entry.file, args.timeout), time.monotonic() - t0

        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            for (entry, consumer), res, secs in pool.map(one, jobs):
                done += 1
                print(f"[{done}/{len(jobs)}] {consumer:8} {res['verdict']:10} {secs:6.1f}s {entry.path}"
                      f"  :: {res['message'][:100]}", flush=True)
                if res["verdict"] == "ERROR":
                    errors.append(f"{consumer} {entry.path}: {res['message']}")
                    continue
                table[(entry.sha256, consumer)] = dict(res, sha256=entry.sha256, consumer=consumer, path=entry.path)
                if done % 20 == 0:
                    write_table(args.out, table)
        write_table(args.out, table)
    print(f"{len(table)} rows in {os.path.relpath(args.out)}; {len(jobs)} runs in "
          f"{time.monotonic() - started:.0f} s")
    for e in errors:
        print(f"ERROR (left out of the table): {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
