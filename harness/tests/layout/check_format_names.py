#!/usr/bin/env python3
"""The format-name test: only a format's own folder names the format.

    check_format_names.py SOURCE_DIR

Everything tracecheck knows of a trace format lives in harness/formats/
(ARCHITECTURE.md, "The Format interface"); the layers around it reach a
format through formats/format.h and the registry. This test reads every
C++ file of harness/ outside the allow-list below and fails on code (not
comments) that names

  - a format id: the ids of schemas/case.schema.json's format list (the
    registry's, formats/registry/registry_test.cpp checks), as a word of
    code (`torch_trace_format()`) or as a path component of a string
    (`"torch_trace"`, `"torch_trace/pytorch_test"`,
    `#include "formats/torch_trace/reader.h"`; not a file name such as
    "execution_trace.py" in a citation of another project's code);
  - a field only one format has, inside a string literal: FIELDS below.

Allowed to: harness/formats/ (the formats themselves), tests (*_test.cpp,
harness/tests/, harness/runner/tests/), harness/fuzz/ and harness/bench/
(each drives one format on purpose).

Prints `path:line: error[format-name]: ...` per finding; exits 1 if any.
"""
import json
import os
import re
import sys

# Fields one trace format defines: the Chrome trace's event array and
# display unit, the execution trace's node array and control edges, the
# TORCH_TRACE envelope's compile-id fields and the records tlparse keys on.
FIELDS = ["traceEvents", "displayTimeUnit", "nodes", "ctrl_deps", "frame_id", "frame_compile_id",
          "dynamo_start", "compilation_metrics"]
ALLOWED_DIRS = ("formats", "tests", "fuzz", "bench", "runner/tests")


def code_and_strings(text):
    """Yields (line, kind, piece): kind "code" or "string", comments dropped."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
        elif c == 'R' and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delim = text[i + 2:open_paren]
            end = text.find(")" + delim + '"', open_paren)
            end = n if end < 0 else end
            yield line, "string", text[open_paren + 1:end]
            line += text.count("\n", i, end)
            i = end + len(delim) + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if c == '"':
                yield line, "string", text[i + 1:j]
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in "\"'/R\n":
                j += 1
            if j == i:
                j = i + 1
            piece = text[i:j]
            if piece == "\n":
                line += 1
            else:
                yield line, "code", piece
            i = j


def main():
    if len(sys.argv) != 2:
        print("usage: check_format_names.py SOURCE_DIR", file=sys.stderr)
        return 2
    root = sys.argv[1]
    with open(os.path.join(root, "schemas", "case.schema.json"), encoding="utf-8") as f:
        ids = json.load(f)["properties"]["formats"]["items"]["enum"]
    alternatives = "|".join(map(re.escape, ids))
    id_word = re.compile(r"\b(?P<id>" + alternatives + r")\b")
    id_path = re.compile(r"(^|/)(?P<id>" + alternatives + r")(/|$)")
    field_word = re.compile(r"\b(" + "|".join(map(re.escape, FIELDS)) + r")\b")
    harness = os.path.join(root, "harness")
    findings = []
    for top, dirs, files in os.walk(harness):
        dirs.sort()
        rel_dir = os.path.relpath(top, harness).replace(os.sep, "/")
        if any(rel_dir == d or rel_dir.startswith(d + "/") for d in ALLOWED_DIRS):
            dirs[:] = []
            continue
        for name in sorted(files):
            if not name.endswith((".cpp", ".h")) or name.endswith("_test.cpp"):
                continue
            path = os.path.join(top, name)
            rel = "harness/" + os.path.relpath(path, harness).replace(os.sep, "/")
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for line, kind, piece in code_and_strings(text):
                m = (id_word if kind == "code" else id_path).search(piece)
                if m:
                    findings.append((rel, f"{rel}:{line}: error[format-name]: names the format "
                                    f"{m.group('id')} "
                                    f"(only harness/formats/ may; reach it through the registry)"))
                    continue
                m = field_word.search(piece) if kind == "string" else None
                if m:
                    findings.append((rel, f"{rel}:{line}: error[format-name]: names {m.group(1)}, a field of "
                                    f"one format (only harness/formats/ may)"))
    for _, text in findings:
        print(text)
    print(f"format names: {len(findings)} finding(s) outside harness/formats/")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
