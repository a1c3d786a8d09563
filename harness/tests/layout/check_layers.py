#!/usr/bin/env python3
"""The include-graph test: no file of the library includes a header of a
module that is not below its own.

    check_layers.py HARNESS_DIR LAYERS_FILE [SURFACES_FILE]

LAYERS_FILE is the layer table the build writes (build/tracecheck_layers.txt,
from the tracecheck_module() calls in harness/CMakeLists.txt): one
"DIR: DEP DEP..." line per module. A module may include its own headers and
those of every module it reaches through DEPS. A module is a folder of
harness/ (a format's folder, formats/NAME, is a module of its own). Tests
(*_test.cpp, tests/), benches, fuzz targets and the installed package are
outside the layers: they may include anything.

SURFACES_FILE (build/tracecheck_surfaces.txt, from the same calls' PUBLIC
lists) names each module's surface: "DIR: HEADER HEADER...". With it, a
library file may include only the surface headers of another module; the
others are that module's own (error[internal-include]). A surface header
that does not exist is an error too.

Prints one line per violation, `path:line: error[upward-include]: ...`, and
every library folder missing from the table; exits 1 when there is any.
"""
import os
import re
import sys

OUTSIDE = ("tests", "bench", "fuzz", "package")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def module_of(rel):
    parts = rel.split("/")
    if parts[0] == "formats" and len(parts) > 2:
        return "formats/" + parts[1]
    return parts[0] if len(parts) > 1 else ""


def read_layers(path):
    deps = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            name, _, rest = line.partition(":")
            deps[name.strip()] = rest.split()
    return deps


def closure(deps):
    below = {}

    def visit(m, seen):
        if m in below:
            return below[m]
        if m in seen:
            raise SystemExit(f"layers: the table has a cycle through {m}")
        seen = seen | {m}
        out = set()
        for d in deps.get(m, []):
            out |= {d} | visit(d, seen)
        below[m] = out
        return out

    for m in deps:
        visit(m, set())
    return below


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    harness, layers_file = sys.argv[1], sys.argv[2]
    deps = read_layers(layers_file)
    surfaces = read_layers(sys.argv[3]) if len(sys.argv) == 4 else None
    below = closure(deps)
    problems = []
    folders = set()
    for root, dirs, files in os.walk(harness):
        dirs.sort()
        rel_root = os.path.relpath(root, harness).replace(os.sep, "/")
        if rel_root.split("/")[0] in OUTSIDE:
            continue
        for name in sorted(files):
            if not name.endswith((".cpp", ".h")) or name.endswith("_test.cpp"):
                continue
            rel = name if rel_root == "." else f"{rel_root}/{name}"
            module = module_of(rel)
            if not module:
                continue
            folders.add(module)
            if module not in deps:
                continue
            with open(os.path.join(root, name), encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m or not os.path.isfile(os.path.join(harness, m.group(1))):
                        continue
                    target = module_of(m.group(1))
                    if target in ("", module):
                        continue
                    if target in below[module]:
                        header = m.group(1)[len(target) + 1:]
                        if surfaces is not None and header not in surfaces.get(target, []):
                            problems.append(
                                f"harness/{rel}:{number}: error[internal-include]: module {module} includes "
                                f"{m.group(1)}, which is {target}'s own; its surface is: "
                                f"{' '.join(surfaces.get(target, [])) or 'nothing'}")
                        continue
                    allowed = " ".join(sorted(below[module])) or "nothing"
                    problems.append(
                        f"harness/{rel}:{number}: error[upward-include]: module {module} includes "
                        f"{m.group(1)} of module {target}, which is not below it ({module} may use: {allowed})")
    for module, headers in sorted((surfaces or {}).items()):
        for header in headers:
            if not os.path.isfile(os.path.join(harness, module, header)):
                problems.append(f"harness/{module}/{header}: error[missing-public-header]: named in "
                                f"{module}'s PUBLIC list in harness/CMakeLists.txt, but no such file")
    for folder in sorted(folders - set(deps)):
        problems.append(f"harness/{folder}: error[unlisted-module]: a library folder with no "
                        f"tracecheck_module() line in harness/CMakeLists.txt")
    for p in problems:
        print(p)
    print(f"layers: {len(folders)} modules, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
