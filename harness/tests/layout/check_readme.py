#!/usr/bin/env python3
"""README.md is the manual, so it stays short and true: at most 200 lines,
and every tracecheck subcommand it shows answers `--help`.

    check_readme.py REPO_ROOT TRACECHECK

A subcommand is the word after `tracecheck` in a code block line (indented
by four spaces: `build/harness/tracecheck check ...`) or in a code span
(`tracecheck review`). It answers when `tracecheck SUB --help` exits 0 and
prints its own usage line (CLI11 prints the main help, and exits 0, for a
word that is no subcommand). Prints `README.md:LINE: error[...]: ...` per
problem; exit 1 if any.
"""
import os
import re
import subprocess
import sys

MAX_LINES = 200
COMMAND = re.compile(r"(?:^|\s)(?:[\w./-]*/)?tracecheck ([a-z][a-z-]+)")
SPAN = re.compile(r"`([^`]+)`")


def main():
    if len(sys.argv) != 3:
        print("usage: check_readme.py REPO_ROOT TRACECHECK", file=sys.stderr)
        return 2
    root, tracecheck = sys.argv[1], sys.argv[2]
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    problems = []
    if len(lines) > MAX_LINES:
        problems.append(f"README.md:{len(lines)}: error[too-long]: {len(lines)} lines; the manual keeps to "
                        f"{MAX_LINES} and links each folder's page for the rest")
    first_seen = {}
    for number, line in enumerate(lines, 1):
        code = [line] if line.startswith("    ") else SPAN.findall(line)
        for text in code:
            for m in COMMAND.finditer(text):
                first_seen.setdefault(m.group(1), number)
    for sub, number in sorted(first_seen.items(), key=lambda kv: kv[1]):
        p = subprocess.run([tracecheck, sub, "--help"], capture_output=True, text=True)
        if p.returncode != 0 or not re.search(r"^Usage: \S*tracecheck " + re.escape(sub) + r"\b", p.stdout, re.M):
            problems.append(f"README.md:{number}: error[unknown-command]: `tracecheck {sub} --help` does not "
                            f"print the usage of a subcommand {sub} (exit {p.returncode})")
    for p in problems:
        print(p)
    print(f"check_readme: {len(lines)} lines, {len(first_seen)} subcommands "
          f"({', '.join(sorted(first_seen))}), {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
