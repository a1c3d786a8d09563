#!/usr/bin/env python3
"""The source-comment path test: every file of this project that a comment
in the code names exists, so a reader who follows a comment finds the file.

    check_source_paths.py REPO_ROOT

Looked at: the comments (// and /* */ lines of .h and .cpp, # lines of .py,
.sh, .cmake and CMakeLists.txt) under harness/, ci/, cases/ and scrubbers/.
A path is a word with a file extension (.h .cpp .md .py .sh .json .cmake
.tsv .txt .html) that starts with a top-level folder (harness/, ci/, ...)
or a module of harness/ (json/, formats/, ...), read from the root or from
harness/; a bare NAME.h must be some header of the project;
../shared/... is checked only where ../shared is present. Text after a
citation of another repository (owner/repo@commit) names that repository's
files and is skipped. Capitals stand for a placeholder (formats/ID/rules.h)
and must match some file.

Prints `FILE:LINE: error[missing-path]: ...` per problem; exit 1 if any.
"""
import glob
import os
import re
import sys

FOLDERS = ("harness", "ci", "cases", "scrubbers")
TOPS = {"harness", "ci", "cases", "schemas", "scrubbers", "golden", ".ci"}
SKIP_DIRS = {"build", ".git", "__pycache__"}
PATH = re.compile(r"(?<![\w./@$<{-])((?:\.\./shared/)?[\w.-]+(?:/[\w.-]+)*\."
                  r"(?:h|cpp|md|py|sh|json|cmake|tsv|txt|html))(?![\w/])")
CITATION = re.compile(r"[\w.-]+/[\w.-]+@[0-9a-f]{6,}")
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z0-9_]+\b(?!\.md)")


def sources(root):
    for top in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith("build")]
            for name in filenames:
                if name.endswith((".h", ".cpp", ".py", ".sh", ".cmake")) or name == "CMakeLists.txt":
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def comment(path, line):
    """The comment part of `line`, or ''."""
    if path.endswith((".h", ".cpp")):
        at = line.find("//")
        if at >= 0:
            return line[at:]
        stripped = line.lstrip()
        return line if stripped.startswith(("/*", "* ")) else ""
    at = line.find("#")
    return line[at:] if at >= 0 and not line[:at].rstrip().endswith(("$", "'", '"')) else ""


def found(root, candidates):
    for c in candidates:
        if os.path.exists(os.path.join(root, c)):
            return True
        pattern = PLACEHOLDER.sub("*", c)
        if pattern == c:
            continue
        # A placeholder may stand for a nested name (a case is "group/name").
        head, _, tail = pattern.rpartition("/")
        if glob.glob(os.path.join(root, pattern)) or glob.glob(os.path.join(root, head, "**", tail), recursive=True):
            return True
    return False


def main():
    if len(sys.argv) != 2:
        print("usage: check_source_paths.py REPO_ROOT", file=sys.stderr)
        return 2
    root = sys.argv[1]
    harness = os.path.join(root, "harness")
    modules = {d for d in os.listdir(harness) if os.path.isdir(os.path.join(harness, d))}
    files = list(sources(root))
    headers = {os.path.basename(f) for f in files if f.endswith(".h")}
    shared = os.path.isdir(os.path.join(root, "..", "shared"))
    problems = []
    checked = 0
    for path in files:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                text = CITATION.split(comment(path, line))[0]
                for m in PATH.finditer(text):
                    name = m.group(1)
                    first = name.split("/")[0]
                    if name.startswith("../shared/"):
                        if not shared:
                            continue
                        ok = found(root, [name])
                    elif first in TOPS or first in modules:
                        ok = found(root, [name, os.path.join("harness", name)])
                    elif "/" not in name and name.endswith(".h"):
                        ok = name in headers or bool(PLACEHOLDER.search(name))
                    else:
                        continue
                    checked += 1
                    if not ok:
                        problems.append(f"{path}:{number}: error[missing-path]: a comment names {name}, which "
                                        "does not exist")
    for p in problems:
        print(p)
    print(f"{checked} paths in source comments checked, {len(problems)} missing")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
