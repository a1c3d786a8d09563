#!/usr/bin/env python3
"""Validates every rule set under SCRUBBERS_DIR against the scrubber schema.

Usage: validate_scrubbers.py SCHEMA SCRUBBERS_DIR
Exit 0: all valid; 1: a file is invalid; 77: jsonschema is not installed.
The C++ loader (harness/scrub/load.h) enforces the same structure by hand;
this keeps the schema and the shipped files in step.
"""

import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    print("skipped: python3 jsonschema is not installed")
    sys.exit(77)


def main():
    schema = json.loads(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    root = pathlib.Path(sys.argv[2])
    files = sorted(root.rglob("*.json"))
    if not files:
        print(f"no rule sets under {root}")
        return 1
    bad = 0
    for path in files:
        document = json.loads(path.read_text(encoding="utf-8"))
        expected = path.relative_to(root).with_suffix("").as_posix()
        for error in validator.iter_errors(document):
            bad += 1
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"{path}: {where}: {error.message}")
        if document.get("name") != expected:
            bad += 1
            print(f"{path}: name: {document.get('name')!r} should be {expected!r}")
    print(f"{len(files)} rule set(s), {bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
