#!/usr/bin/env python3
"""The recipe test: ARCHITECTURE.md's "Adding a format" names every
existing file that a new format has to edit.

    check_format_recipe.py SOURCE_DIR

A format is a folder of harness/formats/ with a format.h (the registry's
entry point). A file that lists every format in its code (C++, CMake or
JSON, comments left out) is a list the next format joins, so the recipe
must name it; and every existing source file the recipe names outside the
new format's own folders (harness/formats/NAME/, schemas/NAME/,
scrubbers/NAME/) must list every format today, or the recipe sends a
newcomer to the wrong file (a page it regenerates, harness/diag/RULES.md,
is counted but not read). Tests, benches and fuzz targets drive formats
on purpose and are not lists to join.

Prints `adding a format edits N existing files: ...` and
`ARCHITECTURE.md: error[recipe]: ...` per problem; exits 1 if any.
"""
import os
import re
import subprocess
import sys

PATH = re.compile(r"(?<![\w/.])((?:[\w.-]+/)*[\w.-]+\.(?:cpp|h|txt|json|md|cmake))\b")
CODE_SUFFIXES = (".cpp", ".h", ".cmake", ".json", "CMakeLists.txt")
NOT_LISTS = ("harness/tests/", "harness/fuzz/", "harness/bench/")


def recipe_text(root):
    with open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("## Adding a format")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else len(text)]


def formats(root):
    base = os.path.join(root, "harness", "formats")
    return sorted(d for d in os.listdir(base) if os.path.isfile(os.path.join(base, d, "format.h")))


def code_of(path):
    """The file's text without // and # comment lines or trailing // comments."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    out = []
    for line in lines:
        stripped = line.strip()
        if stripped.startswith(("//", "#")) and not stripped.startswith("#include"):
            continue
        out.append(re.sub(r"\s//\s.*$", "", line))
    return "\n".join(out)


def lists_every(text, ids):
    return all(re.search(r"\b" + re.escape(i) + r"\b", text) for i in ids)


def main():
    root = sys.argv[1]
    ids = formats(root)
    recipe = recipe_text(root)
    named = set()
    for m in PATH.finditer(recipe):
        path = m.group(1)
        if "NAME" in path:
            continue
        for candidate in (path, "harness/" + path):
            if os.path.isfile(os.path.join(root, candidate)):
                named.add(candidate)
                break
    problems = []
    for path in sorted(named):
        if path.endswith(".md"):
            continue  # a page the recipe regenerates (harness/diag/RULES.md), not a list
        full = os.path.join(root, path)
        text = code_of(full) if path.endswith(CODE_SUFFIXES) else open(full, encoding="utf-8").read()
        if not lists_every(text, ids):
            problems.append(f"ARCHITECTURE.md: error[recipe]: the recipe names {path}, which does not list "
                            f"every format ({', '.join(ids)})")
    tracked = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                             check=True).stdout.split()
    own = tuple(f"{top}/{i}/" for i in ids for top in ("harness/formats", "schemas", "scrubbers"))
    for path in tracked:
        if not path.endswith(CODE_SUFFIXES) or path.startswith(NOT_LISTS + own) or path.endswith("_test.cpp"):
            continue
        if not path.startswith(("harness/", "schemas/", "CMakeLists.txt")):
            continue
        full = os.path.join(root, path)
        if os.path.isfile(full) and path not in named and lists_every(code_of(full), ids):
            problems.append(f"ARCHITECTURE.md: error[recipe]: {path} lists every format in its code, "
                            f"but the recipe does not name it")
    for p in problems:
        print(p)
    print(f"adding a format edits {len(named)} existing files: {', '.join(sorted(named))}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
