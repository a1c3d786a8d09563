#!/usr/bin/env python3
"""The namespace test: a qualified name says which folder to open.

    check_namespaces.py SOURCE_DIR

Every library file under harness/ declares its code in its folder's
namespace, `tc::` and the folder's path with `/` as `::`
(harness/json/pointer.h: tc::json; harness/formats/chrome_trace/reader.h:
tc::formats::chrome_trace), or in one nested inside it (tc::json::pointer,
tc::schema::detail). Named exceptions:

  - harness/case/ is tc::cases: `case` is a C++ keyword;
  - a `tests` folder (harness/runner/tests/) shares its parent's namespace;
  - harness/package/ is the installed API, tracecheck::testing;
  - a block that only forward-declares another module's types
    (`namespace tc::scrub { struct RuleUse; }`) names that module's;
  - a test file may declare a namespace of its own name
    (harness/case/case_loader_test.cpp: case_loader_test), so that a test
    that calls nlohmann::json `json` does not hide tc::json from the tests
    batched with it in a unity build.

harness/tests/, harness/bench/ and harness/fuzz/ drive the library from
outside and are not read. Anonymous namespaces and aliases
(`namespace fs = std::filesystem;`) are free.

Prints `path:line: error[namespace]: ...` per finding; exits 1 if any.
"""
import os
import re
import sys

OPEN = re.compile(r"^namespace ([A-Za-z_][\w:]*) \{")
FORWARD = re.compile(r"^(struct|class) \w+;$")
OUTSIDE = ("tests", "bench", "fuzz", "package")


def folder_namespace(rel_dir):
    """The namespace harness/<rel_dir> declares."""
    parts = rel_dir.split("/")
    if parts[-1] == "tests" and len(parts) > 1:
        parts = parts[:-1]
    if parts[0] == "case":
        parts[0] = "cases"
    return "tc::" + "::".join(parts)


def top_level_blocks(lines):
    """(line number, namespace, forward_only) of each named namespace block at
    file level: one opening at the start of a line outside any other block.
    A block runs to its `}  // namespace NAME`; a block of forward
    declarations only (`namespace re2 { class RE2; }`) to its first `}`."""
    i = 0
    while i < len(lines):
        m = OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        name = m.group(1)
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("}")), len(lines))
        body = [l.strip() for l in lines[i + 1:end] if l.strip() and not l.strip().startswith("//")]
        forward_only = bool(body) and all(FORWARD.match(l) for l in body)
        yield i + 1, name, forward_only
        if not forward_only:
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("}  // namespace " + name)),
                       len(lines))
        i = end + 1


def main():
    root = sys.argv[1]
    harness = os.path.join(root, "harness")
    problems = 0
    files = 0
    for dirpath, dirs, names in os.walk(harness):
        dirs.sort()
        rel_dir = os.path.relpath(dirpath, harness).replace(os.sep, "/")
        if rel_dir == "." or rel_dir.split("/")[0] in OUTSIDE:
            continue
        want = folder_namespace(rel_dir)
        for name in sorted(names):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            files += 1
            stem = name.rsplit(".", 1)[0]
            for line_no, ns, forward_only in top_level_blocks(lines):
                if ns == want or ns.startswith(want + "::") or forward_only:
                    continue
                if stem.endswith("_test") and ns == stem:
                    continue
                problems += 1
                print(f"harness/{rel_dir}/{name}:{line_no}: error[namespace]: declares {ns}; "
                      f"files of harness/{rel_dir}/ declare {want} or a namespace inside it")
    print(f"namespaces: {files} files, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
