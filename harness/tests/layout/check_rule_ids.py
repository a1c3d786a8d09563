#!/usr/bin/env python3
"""The rule-id test: every rule id the words around the code name is one the
catalog holds, so a reader who copies one gets a rule that fires.

    check_rule_ids.py REPO_ROOT TRACECHECK

The catalog is `TRACECHECK rules --output json`. A rule id is a word
PREFIX-word(-word)* whose PREFIX starts some catalog id ("ct", "json", ...).
It is looked for
  - in every tracked Markdown file outside golden/: inside `code spans` and
    in `error[...]` / `warning[...]`, where prose puts a rule id;
  - anywhere in the installed headers (harness/package/include/), whose
    examples users copy;
  - in the texts `tracecheck rules` prints (summary, why, example, each
    consumer's reading), which name other rules.

Prints `FILE:LINE: error[unknown-rule]: ...` per unknown id; exit 1 if any.
"""
import json
import os
import re
import subprocess
import sys

SPAN = re.compile(r"`([^`\n]+)`|(?:error|warning)\[([a-z0-9-]+)\]")


def catalog(tracecheck):
    out = subprocess.run([tracecheck, "rules", "--output", "json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["rules"]


def id_pattern(ids):
    prefixes = sorted({i.split("-", 1)[0] for i in ids})
    return re.compile(r"(?<![\w./$-])((?:%s)-[a-z0-9]+(?:-[a-z0-9]+)*)(?![\w/-])" % "|".join(prefixes))


def tracked(root, *patterns):
    out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--", *patterns], capture_output=True, text=True)
    return [f for f in out.stdout.split("\0") if f]


def main(argv):
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root, tracecheck = argv[1], argv[2]
    rules = catalog(tracecheck)
    ids = {r["id"] for r in rules}
    pattern = id_pattern(ids)
    problems = []

    def look(where, line, text):
        for m in pattern.finditer(text):
            if m.group(1) not in ids:
                problems.append(f"{where}:{line}: error[unknown-rule]: names rule '{m.group(1)}', which the "
                                f"catalog does not hold (tracecheck rules)")

    for path in tracked(root, "*.md"):
        if path.startswith("golden/"):
            continue
        with open(os.path.join(root, path), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                for span in SPAN.finditer(line):
                    look(path, n, span.group(1) or span.group(2))
    for path in tracked(root, "harness/package/include"):
        with open(os.path.join(root, path), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                look(path, n, line)
    for r in rules:
        texts = [r.get("summary", ""), r.get("why", ""), r.get("example", "")]
        texts += [c.get("does", "") for c in r.get("consumers", {}).values()]
        for text in texts:
            look(f"tracecheck rules {r['id']}", 1, text)

    for p in problems:
        print(p)
    print(f"rule ids: {len(ids)} in the catalog; {len(problems)} unknown names")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
