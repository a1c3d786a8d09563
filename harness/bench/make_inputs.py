#!/usr/bin/env python3
"""Builds large bench inputs from real traces (standard library only).

    make_inputs.py KIND OUT --mb N [--source PATH]

KIND is one of:
  torch_trace      a TORCH_TRACE log: real records repeated; each repetition
                   shifts every frame_id, so compile ids stay distinct; the
                   payloads are copied byte for byte, so every md5 stays valid
  huge_line        a TORCH_TRACE log whose records are real but one envelope
                   line and one payload line are each N MB long (valid md5)
  huge_json_payload  a TORCH_TRACE log ending in one json artifact whose
                   payload is N MB of JSON (real json payloads repeated)
  chrome_trace     a Kineto-shaped Chrome trace: real traceEvents repeated,
                   with ts, correlation, External id and flow ids shifted
  execution_trace  a PyTorch execution trace: real nodes repeated with ids
                   and ctrl_deps shifted under one process root

Sources: ../shared/corpus beside the checkout when present
(TRACECHECK_CORPUS_DIR overrides), else the raw captures committed beside the goldens. Exit 0 on success, 77
when no real source of that kind exists, 2 on usage.
"""
import argparse
import glob
import gzip
import hashlib
import json
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.environ.get(
    "TRACECHECK_CORPUS_DIR",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus"))
MB = 1 << 20


def read_bytes(path):
    with open(path, "rb") as f:
        data = f.read()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def first_existing(candidates):
    for c in candidates:
        if c and os.path.isfile(c):
            return c
    return None


def torch_trace_source():
    corpus = os.path.join(CORPUS, "torch_trace/tlparse/multi_rank_logs/dedicated_log_torch_trace_rank_1.log")
    # A plain training compile first (clean on every emitter), then the largest capture.
    preferred = sorted(glob.glob(os.path.join(REPO, "golden/*/structured/example_training_fn.raw/torch_trace/*.log.gz")))
    committed = sorted(glob.glob(os.path.join(REPO, "golden/*/structured/*.raw/torch_trace/*.log.gz")),
                       key=lambda p: -os.path.getsize(p))
    return first_existing([corpus] + preferred + committed)


def json_source(kind, corpus_names):
    corpus = [os.path.join(CORPUS, kind, n) for n in corpus_names]
    committed = sorted(glob.glob(os.path.join(REPO, "golden/*/*/*.raw", kind, "*.json*")),
                       key=lambda p: -os.path.getsize(p))
    return first_existing(corpus + committed)


# The frame number of a compile id: the envelope's frame_id, and the frame
# part of a "compile_id": "F/C" string (compilation_metrics carries one).
FRAME = re.compile(rb'(?:"frame_id": |"compile_id": ")(\d+)')


def torch_trace_parts(data):
    """Splits a log into (text, frame) pieces: frame is None for bytes copied
    verbatim, else the frame number that follows text, to be shifted."""
    parts, biggest = [], 0
    for line in data.splitlines(keepends=True):
        if line.startswith(b"\t"):
            parts.append((line, None))
            continue
        at = 0
        for m in FRAME.finditer(line):
            frame = int(m.group(1))
            biggest = max(biggest, frame)
            parts.append((line[at:m.start(1)], frame))
            at = m.end(1)
        parts.append((line[at:], None))
    return parts, biggest + 1


def make_torch_trace(out, target, source):
    data = read_bytes(source)
    if not data.endswith(b"\n"):
        data += b"\n"
    parts, stride = torch_trace_parts(data)
    written, rep = 0, 0
    with open(out, "wb") as f:
        while written < target:
            block = b"".join(text if frame is None else text + str(frame + rep * stride).encode()
                             for text, frame in parts)
            f.write(block)
            written += len(block)
            rep += 1
    return rep


def make_huge_line(out, target, source):
    lines = read_bytes(source).splitlines(keepends=True)
    # Whole real records first (never cut inside a payload), then the two long lines
    # under the same process's prefix.
    head = []
    for line in lines:
        if sum(map(len, head)) > 4096 and not line.startswith(b"\t"):
            break
        head.append(line)
    first = head[0]
    prefix = first[: first.index(b"] ") + 2]
    chunk = b"x" * MB
    md5 = hashlib.md5()
    for _ in range(target // MB):
        md5.update(chunk)
    with open(out, "wb") as f:
        f.write(b"".join(head))
        f.write(prefix + b'{"str": ["')
        for _ in range(target // MB):
            f.write(chunk)
        f.write(b'", 99]}\n')
        f.write(prefix + b'{"artifact": {"name": "huge", "encoding": "string"}, "frame_id": 0, "frame_compile_id": 0, '
                b'"attempt": 0, "has_payload": "' + md5.hexdigest().encode() + b'"}\n\t')
        for _ in range(target // MB):
            f.write(chunk)
        f.write(b"\n")
    return 1


def make_huge_json_payload(out, target, source):
    """A real log's first records, then one json artifact whose payload (N MB,
    valid md5) is a list of the log's real json payloads repeated, one per line."""
    lines = read_bytes(source).splitlines(keepends=True)
    head, sample = [], None
    for i, line in enumerate(lines):
        if b'"encoding": "json"' in line and i + 1 < len(lines) and lines[i + 1].startswith(b"\t"):
            sample = lines[i + 1][1:].rstrip(b"\r\n")
            break
    for line in lines:
        if sum(map(len, head)) > 4096 and not line.startswith(b"\t"):  # whole records only
            break
        head.append(line)
    sample = sample or b'{"key": "value", "numbers": [1, 2.5, -3e-7], "nested": {"a": null, "b": true}}'
    prefix = head[0][: head[0].index(b"] ") + 2]
    body = [b'{"entries": [']
    size, reps = len(body[0]), 0
    while size < target:
        body.append(sample + b",")
        size += len(sample) + 2
        reps += 1
    body[-1] = body[-1][:-1] + b"]}"
    md5 = hashlib.md5(b"\n".join(body)).hexdigest().encode()
    with open(out, "wb") as f:
        f.write(b"".join(head))
        f.write(prefix + b'{"artifact": {"name": "huge_json", "encoding": "json"}, "frame_id": 0, '
                b'"frame_compile_id": 0, "attempt": 0, "has_payload": "' + md5 + b'"}\n')
        for line in body:
            f.write(b"\t" + line + b"\n")
    return reps


class Template:
    """JSON lines whose shifted numbers are slots: dumped once, then each
    repetition only formats the numbers (json.dumps per event is too slow
    for a GB)."""

    SLOT = re.compile(r'"__slot_(\d+)__"')

    def __init__(self):
        self.slots = []  # (base value, kind)

    def mark(self, value, kind):
        self.slots.append((value, kind))
        return f"__slot_{len(self.slots) - 1}__"

    def compile(self, text):
        self.pieces = self.SLOT.split(text)  # literal, slot, literal, ...

    def render(self, shifts):
        out = self.pieces[:]
        for i in range(1, len(out), 2):
            value, kind = self.slots[int(out[i])]
            out[i] = str(value + shifts[kind])
        return "".join(out)


def chrome_template(events, t):
    lines = []
    for ev in events:
        ev = dict(ev)
        if isinstance(ev.get("ts"), (int, float)):
            ev["ts"] = t.mark(ev["ts"], "ts")
        if isinstance(ev.get("id"), int):
            ev["id"] = t.mark(ev["id"], "id")
        args = ev.get("args")
        if isinstance(args, dict):
            args = dict(args)
            for key in ("correlation", "External id"):
                if isinstance(args.get(key), int) and args[key] > 0:
                    args[key] = t.mark(args[key], "id")
            ev["args"] = args
        lines.append("  " + json.dumps(ev))
    t.compile(",\n".join(lines))


def make_chrome_trace(out, target, source):
    doc = json.loads(read_bytes(source))
    events = doc.get("traceEvents", [])
    timed = [e["ts"] for e in events if isinstance(e.get("ts"), (int, float))]
    span = int(max(timed) - min(timed) + 1000) if timed else 1000
    ids = [v for e in events for v in (e.get("id"), (e.get("args") or {}).get("correlation"),
                                       (e.get("args") or {}).get("External id")) if isinstance(v, int)]
    id_stride = max(ids, default=0) + 1
    t = Template()
    chrome_template(events, t)
    head = {k: v for k, v in doc.items() if k != "traceEvents"}
    written, rep = 0, 0
    with open(out, "w") as f:
        f.write("{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items()))
        f.write('  "traceEvents": [\n')
        while written < target:
            block = ("" if rep == 0 else ",\n") + t.render({"ts": rep * span, "id": rep * id_stride})
            f.write(block)
            written += len(block)
            rep += 1
        f.write("\n  ]\n}\n")
    return rep


def et_template(nodes, root_id, t):
    lines = []
    for n in nodes:
        if n["id"] == root_id:
            continue  # one process root for the whole trace
        n = dict(n)
        n["id"] = t.mark(n["id"], "id")
        for key in ("ctrl_deps", "parent"):
            if isinstance(n.get(key), int) and n[key] != root_id and n[key] > 0:
                n[key] = t.mark(n[key], "id")
        lines.append("    " + json.dumps(n))
    t.compile(",\n".join(lines))


def make_execution_trace(out, target, source):
    doc = json.loads(read_bytes(source))
    nodes = doc.get("nodes", [])
    root = min((n for n in nodes if "process]" in str(n.get("name"))), key=lambda n: n["id"], default=None)
    root_id = root["id"] if root else None
    stride = max((n["id"] for n in nodes), default=0) + 1
    t = Template()
    et_template(nodes, root_id, t)
    head = {k: v for k, v in doc.items() if k not in ("nodes", "finish_ts")}
    written, rep = 0, 0
    with open(out, "w") as f:
        f.write("{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items()))
        f.write('  "nodes": [\n')
        if root:
            f.write("    " + json.dumps(root) + ",\n")
        while written < target:
            block = ("" if rep == 0 else ",\n") + t.render({"id": rep * stride})
            f.write(block)
            written += len(block)
            rep += 1
        f.write("\n  ]")
        if "finish_ts" in doc:
            f.write(f',\n  "finish_ts": {json.dumps(doc["finish_ts"])}')
        f.write("\n}\n")
    return rep


SOURCES = {
    "torch_trace": torch_trace_source,
    "huge_line": torch_trace_source,
    "huge_json_payload": torch_trace_source,
    "chrome_trace": lambda: json_source("chrome_trace", ["kineto_hta_simple_add_trace.json"]),
    "execution_trace": lambda: json_source("execution_trace", ["et_chakra_1.0.2-chakra.0.0.4.json"]),
}
MAKERS = {"torch_trace": make_torch_trace, "huge_line": make_huge_line, "huge_json_payload": make_huge_json_payload,
          "chrome_trace": make_chrome_trace, "execution_trace": make_execution_trace}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=sorted(MAKERS))
    ap.add_argument("out")
    ap.add_argument("--mb", type=int, required=True, help="approximate size in MiB")
    ap.add_argument("--source", help="the real trace to repeat (default: corpus, then committed captures)")
    args = ap.parse_args()
    source = args.source or SOURCES[args.kind]()
    if not source:
        print(f"make_inputs: no real {args.kind} source (no corpus, no committed capture)", file=sys.stderr)
        return 77
    tmp = args.out + ".part"
    reps = MAKERS[args.kind](tmp, args.mb * MB, source)
    os.replace(tmp, args.out)
    print(f"{args.out}: {os.path.getsize(args.out) / MB:.0f} MiB, {reps} repetition(s) of {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
