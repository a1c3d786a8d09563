#!/usr/bin/env python3
"""The documentation test: every repository path that README.md,
ARCHITECTURE.md and each folder's page (DOCS) name exists, and every module of the layer table has a row
in ARCHITECTURE.md's layer table whose "uses" column names the modules the
build gives it ("-" for none; "every format folder" for the formats/*
modules).

    check_doc_paths.py REPO_ROOT LAYERS_FILE

A path is a word that starts with one of the top-level folders (harness/,
ci/, cases/, schemas/, scrubbers/, golden/, .ci/). A path with placeholders
in capitals (golden/EMITTER/CASE.txt, harness/formats/NAME/) or glob
characters must match at least one file. Paths under build folders are
outputs, not sources, and are not checked.

Prints `FILE:LINE: error[missing-path]: ...` or
`ARCHITECTURE.md: error[unlisted-module]: ...` per problem; exit 1 if any.
"""
import glob
import os
import re
import sys

PATH = re.compile(r"(?<![\w./$<{-])((?:harness|ci|cases|schemas|scrubbers|golden|\.ci)/[\w./*<>{}-]*)")
PLACEHOLDER = re.compile(r"<[^>/]*>|\{[^}/]*\}|\b[A-Z][A-Z0-9_]+\b(?!\.md)")
DOCS = ("README.md", "ARCHITECTURE.md", "golden/README.md", "cases/README.md", "scrubbers/README.md",
        "schemas/README.md", "harness/formats/README.md", "harness/package/README.md", "harness/bench/PERFORMANCE.md")


def exists(root, path):
    if os.path.exists(os.path.join(root, path)):
        return True
    pattern = PLACEHOLDER.sub("*", path)
    if pattern == path and "*" not in path:
        return False
    if glob.glob(os.path.join(root, pattern), recursive=True):
        return True
    # A placeholder may stand for a nested name (a case is "group/name").
    head, _, tail = pattern.rstrip("/").rpartition("/")
    return bool(head) and bool(glob.glob(os.path.join(root, head, "**", tail), recursive=True))


def main():
    if len(sys.argv) != 3:
        print("usage: check_doc_paths.py REPO_ROOT LAYERS_FILE", file=sys.stderr)
        return 2
    root, layers_file = sys.argv[1], sys.argv[2]
    problems = []
    checked = 0
    for doc in DOCS:
        with open(os.path.join(root, doc), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for m in PATH.finditer(line):
                    path = m.group(1).rstrip(".,:;")
                    checked += 1
                    if not exists(root, path):
                        problems.append(f"{doc}:{number}: error[missing-path]: {path} does not exist")
    with open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8") as f:
        rows = {m.group(1): m.group(2).strip()
                for m in re.finditer(r"^\|[^|]*\| harness/([\w/]+)/ \|([^|]*)\|", f.read(), re.M)}
    deps = {}
    with open(layers_file, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                name, _, rest = line.partition(":")
                deps[name.strip()] = sorted(rest.split())
    modules = list(deps)
    for module in modules:
        if module not in rows:
            problems.append(f"ARCHITECTURE.md: error[unlisted-module]: harness/{module}/ has no row in the layer table")
            continue
        uses = rows[module]
        if uses == "every format folder":
            said = sorted(d for d in modules if d.startswith("formats/") and d.count("/") == 1
                          and d not in ("formats/joins", module))
        else:
            said = sorted(u.strip() for u in uses.split(",") if u.strip() not in ("", "-"))
        if said != deps[module]:
            problems.append(f"ARCHITECTURE.md: error[wrong-uses]: harness/{module}/ uses {', '.join(deps[module]) or '-'} "
                            f"in harness/CMakeLists.txt, not {uses}")
    for module in sorted(set(rows) - set(modules)):
        problems.append(f"ARCHITECTURE.md: error[unknown-module]: the layer table lists harness/{module}/, "
                        f"which harness/CMakeLists.txt does not declare")
    for p in problems:
        print(p)
    print(f"doc paths: {checked} paths in {len(DOCS)} files, {len(modules)} modules, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
