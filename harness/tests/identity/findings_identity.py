#!/usr/bin/env python3
"""ctest identity/project and identity/corpus: does `tracecheck check` still
say, byte for byte, what it said when the manifest was written?

    findings_identity.py SET --tracecheck BIN --source-dir DIR [--shared DIR]
                         [-j N] [--update] [--manifest TSV] [--only PREFIX]

SET is `project` (every committed raw capture's trace folders under golden/
and the bad and sample inputs under harness/tests/data) or `corpus` (the
public traces of ../shared/corpus). Every input is checked under every
profile `tracecheck rules` lists, with --output json and one job; the exit
code, the number of findings and the md5 of stdout and stderr together are
compared with the row of SET.tsv beside this script.

A refactoring must leave every row as it was: that is the proof that it kept
behaviour. A change that means to change findings (a new rule, a severity
cited from a consumer) runs --update and the diff of SET.tsv, in the same
commit, lists every input and profile it changed.

Paths are given to tracecheck relative to the folder that holds them, so the
output (and the manifest) names no path of this machine. Exit 0 when every
row matches, 1 on a difference (each printed with the command that shows
it), 77 (skip) for `corpus` without the shared folder.
"""
import argparse
import concurrent.futures
import hashlib
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77
# Files under harness/tests/data that are not trace inputs: the folders'
# own notes and the tables of other tests.
NOT_INPUTS = {".md", ".tsv", ".cmake", ".py", ".sh"}
DATA_FOLDERS = ("bad_inputs", "chrome_trace", "execution_trace", "external", "torch_trace")


def profiles(tracecheck):
    """The profile names `tracecheck check --help` offers, in its order."""
    text = subprocess.run([tracecheck, "check", "--help"], capture_output=True, text=True,
                          check=True).stdout
    line = next(l for l in text.splitlines() if l.strip().startswith("--profile"))
    listed = line.split("model:", 1)[1].split("(default:")[0]
    return [p.strip().split(" ")[0] for p in listed.split(",") if p.strip()]


def project_inputs(source_dir):
    """Every trace folder of every raw capture, then every data file."""
    found = []
    golden = os.path.join(source_dir, "golden")
    for root, dirs, _files in os.walk(golden):
        dirs.sort()
        if root.endswith(".raw"):
            found += [os.path.relpath(os.path.join(root, d), source_dir) for d in dirs]
            dirs[:] = []
    data = os.path.join(source_dir, "harness", "tests", "data")
    for folder in DATA_FOLDERS:
        for root, dirs, files in os.walk(os.path.join(data, folder)):
            dirs.sort()
            for name in sorted(files):
                if os.path.splitext(name)[1] not in NOT_INPUTS:
                    found.append(os.path.relpath(os.path.join(root, name), source_dir))
    return found


def corpus_inputs(shared):
    """Every file of shared/corpus but its manifests and archives."""
    found = []
    corpus = os.path.join(shared, "corpus")
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        for name in sorted(files):
            if os.path.splitext(name)[1] not in NOT_INPUTS | {".tgz"}:
                found.append(os.path.relpath(os.path.join(root, name), shared))
    return found


def run_one(tracecheck, cwd, path, profile):
    """One row: (path, profile, exit code, findings, md5 of stdout+stderr)."""
    done = subprocess.run([tracecheck, "check", "--jobs", "1", "--output", "json",
                           "--profile", profile, path],
                          cwd=cwd, capture_output=True, timeout=600)
    findings = done.stdout.count(b"\n")
    digest = hashlib.md5(done.stdout + b"\0" + done.stderr).hexdigest()
    return (path, profile, str(done.returncode), str(findings), digest)


def read_manifest(path):
    rows = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cols = line.rstrip("\n").split("\t")
                rows[(cols[0], cols[1])] = tuple(cols)
    return rows


def write_manifest(path, rows, which):
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# findings_identity.py {which} --update: input, profile, exit code, findings, "
                "md5 of stdout NUL stderr\n")
        for row in rows:
            f.write("\t".join(row) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("set", choices=["project", "corpus"])
    ap.add_argument("--tracecheck", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--shared")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--manifest", help="the manifest to compare with or write (default: SET.tsv here)")
    ap.add_argument("--only", default="", help="just the inputs whose path starts with this")
    args = ap.parse_args()

    tracecheck = os.path.abspath(args.tracecheck)
    if args.set == "project":
        cwd = os.path.abspath(args.source_dir)
        inputs = project_inputs(cwd)
    else:
        if not args.shared or not os.path.isdir(os.path.join(args.shared, "corpus")):
            print("skip: no shared folder with corpus/ (pass --shared)")
            return SKIP
        cwd = os.path.abspath(args.shared)
        inputs = corpus_inputs(cwd)

    all_inputs = inputs
    inputs = [path for path in inputs if path.startswith(args.only)]
    names = profiles(tracecheck)
    work = [(path, profile) for path in inputs for profile in names]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(lambda w: run_one(tracecheck, cwd, *w), work))

    manifest = args.manifest or os.path.join(HERE, args.set + ".tsv")
    if args.update:
        # Rows of the inputs --only leaves out stay as they were.
        kept = [row for key, row in read_manifest(manifest).items()
                if not key[0].startswith(args.only) and key[0] in all_inputs]
        order = {path: i for i, path in enumerate(all_inputs)}
        rows = sorted(kept + rows, key=lambda r: (order[r[0]], names.index(r[1]) if r[1] in names else len(names)))
        write_manifest(manifest, rows, args.set)
        print(f"wrote {len(rows)} rows ({len(inputs)} inputs run now) to {os.path.relpath(manifest, args.source_dir)}")
        return 0

    expected = {key: row for key, row in read_manifest(manifest).items() if key[0].startswith(args.only)}
    differ = 0
    differing = set()
    for row in rows:
        want = expected.pop((row[0], row[1]), None)
        if want != row:
            differ += 1
            differing.add(row)
            was = f"exit {want[2]}, {want[3]} findings" if want else "no row"
            print(f"{row[0]}: --profile {row[1]}: exit {row[2]}, {row[3]} findings, output {row[4][:8]}; "
                  f"the manifest has {was}{', output ' + want[4][:8] if want else ''}\n"
                  f"  see: (cd {'the shared folder' if args.set == 'corpus' else 'the source dir'} && "
                  f"tracecheck check --output json --profile {row[1]} {row[0]})")
    for key in expected:
        differ += 1
        print(f"{key[0]}: --profile {key[1]}: in the manifest, no longer an input")
    print(f"{sum(1 for row in rows if row not in differing)} of {len(rows)} runs as recorded "
          f"({len(inputs)} inputs); {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
