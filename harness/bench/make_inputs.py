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
  chrome_trace     a Kineto trace: its real events repeated in their own
                   layout, with ts, flow ids, correlation and External id
                   shifted, so each repetition keeps its own findings
  chrome_trace_verbatim  the same with only ts shifted (the ids repeat)
  execution_trace  a PyTorch execution trace: real nodes repeated in their
                   own layout, ids and parents shifted, under one root

Sources: the raw captures committed beside the goldens (a torch 2.11 GPU
Kineto trace and execution trace, a compiled training step's TORCH_TRACE),
or --source; for the TORCH_TRACE kinds, ../shared/corpus when no capture is
committed. --gzip writes OUT gzipped. Exit 0 on success, 77 when no real
source of that kind exists, 2 on usage.
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
    return first_existing(preferred + committed + [corpus])


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


def array_elements(text, key):
    """(head, [element text...], tail) of the JSON array under `key` in
    `text`, each element exactly as written (its own layout), found with
    raw_decode so strings and nesting are respected."""
    at = text.index("[", text.index(f'"{key}"'))
    decoder = json.JSONDecoder()
    elements, i = [], at + 1
    while True:
        while text[i] in " \t\r\n,":
            i += 1
        if text[i] == "]":
            return text[:at + 1], elements, text[i:]
        _, end = decoder.raw_decode(text, i)
        elements.append(text[i:end])
        i = end


# A key whose number is shifted per repetition, as written in the element.
NUMBER_OF = r'("{key}"\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)'


def mark_numbers(element, keys, t, keep=lambda key, value: False, offset=0):
    """The element with the number of each key in `keys` (key -> kind) made a
    slot of `t` (its value plus `offset`), except where keep(key, value)."""
    for key, kind in keys.items():
        def slot(m):
            literal = m.group(2)
            value = float(literal) if any(c in literal for c in ".eE") else int(literal)
            if keep(key, value):
                return m.group(0)
            return m.group(1) + '"' + t.mark(value + offset, kind) + '"'
        element = re.sub(NUMBER_OF.format(key=re.escape(key)), slot, element)
    return element


def write_repeated(out, target, head, first, t, shifts_of, tail):
    """head, `first` (written once), then t rendered with shifts_of(rep) until
    `target` bytes, then tail."""
    written, rep = 0, 0
    with open(out, "w") as f:
        f.write(head + "\n")
        if first:
            f.write(first + ",\n")
        while written < target:
            block = ("" if rep == 0 else ",\n") + t.render(shifts_of(rep))
            f.write(block)
            written += len(block)
            rep += 1
        f.write("\n" + tail)
    return rep


def make_chrome_trace(out, target, source, shift_ids=True):
    """The real events repeated in their own layout, ts shifted by the trace's
    span per repetition; with shift_ids, flow ids, correlation and External
    id too, so each repetition pairs within itself and keeps its findings."""
    text = read_bytes(source).decode("utf-8")
    head, events, tail = array_elements(text, "traceEvents")
    parsed = [json.loads(e) for e in events]
    timed = [e["ts"] for e in parsed if isinstance(e, dict) and isinstance(e.get("ts"), (int, float))]
    span = int(max(timed) - min(timed) + 1000) if timed else 1000
    ids = [v for e in parsed if isinstance(e, dict)
           for v in (e.get("id"), (e.get("args") or {}).get("correlation"), (e.get("args") or {}).get("External id"))
           if isinstance(v, int)]
    id_stride = max(ids, default=0) + 1
    keys = {"ts": "ts"}
    if shift_ids:
        keys.update({"id": "id", "correlation": "id", "External id": "id"})
    t = Template()
    t.compile(",\n".join(mark_numbers(e, keys, t, keep=lambda key, v: key != "ts" and v <= 0) for e in events))
    return write_repeated(out, target, head, None, t, lambda rep: {"ts": rep * span, "id": rep * id_stride}, tail)


def make_chrome_trace_verbatim(out, target, source):
    return make_chrome_trace(out, target, source, shift_ids=False)


def make_execution_trace(out, target, sources):
    """The real nodes of `sources` (one or more traces of one schema, ';'
    between paths) repeated in their own layout under the first one's
    process root, ids and parents shifted so no two nodes share an id (an
    execution trace has no timestamps per node: ids must stay distinct)."""
    head = tail = first = None
    pieces, offset = [], 0
    t = Template()
    for source in sources.split(";"):
        text = read_bytes(source).decode("utf-8")
        h, nodes, tl = array_elements(text, "nodes")
        parsed = [json.loads(n) for n in nodes]
        root = min((n for n in parsed if "process]" in str(n.get("name"))), key=lambda n: n["id"], default=None)
        root_id = root["id"] if root else None
        if head is None:
            head, tail = h, tl
            first = next((raw for raw, n in zip(nodes, parsed) if n.get("id") == root_id), None)
        for raw, n in zip(nodes, parsed):
            if n.get("id") != root_id:
                pieces.append(mark_numbers(raw, {"id": "id", "ctrl_deps": "id", "parent": "id"}, t,
                                           keep=lambda key, v: key != "id" and (v == root_id or v <= 0),
                                           offset=offset))
        offset += max((n["id"] for n in parsed), default=0) + 1
    t.compile(",\n".join(pieces))
    return write_repeated(out, target, head, first, t, lambda rep: {"id": rep * offset}, tail)


# Real traces to build from, the committed raw captures first: a torch 2.11
# GPU Kineto trace (kernels, memcpys, ac2g flows, string pids), a 2.11 GPU
# execution trace, a compiled training step's TORCH_TRACE with payloads.
# --source names another (the corpus rows of ci/bench.sh, ../shared/gpu).
def committed(pattern):
    return sorted(glob.glob(os.path.join(REPO, pattern)), key=lambda p: -os.path.getsize(p))


SOURCES = {
    "torch_trace": torch_trace_source,
    "huge_line": torch_trace_source,
    "huge_json_payload": torch_trace_source,
    "chrome_trace": lambda: first_existing(
        committed("golden/torch-2.11.0-cu130/profiler/cuda_mem_leak.raw/chrome_trace/*.json.gz") +
        committed("golden/*/*/*.raw/chrome_trace/*.json*")),
    # Every node kind the 2.11 captures hold: operators, the compiled
    # kernels of a triton graph (with their stride quirk), nested tensors.
    "execution_trace": lambda: ";".join(p for p in (
        first_existing(committed(f"golden/torch-2.11.0-cu130/et/{case}.raw/execution_trace/*.json.gz"))
        for case in ("alone", "cuda_triton", "nested_tensor")) if p) or first_existing(
        committed("golden/*/*/*.raw/execution_trace/*.json*")),
}
SOURCES["chrome_trace_verbatim"] = SOURCES["chrome_trace"]
MAKERS = {"torch_trace": make_torch_trace, "huge_line": make_huge_line, "huge_json_payload": make_huge_json_payload,
          "chrome_trace": make_chrome_trace, "chrome_trace_verbatim": make_chrome_trace_verbatim,
          "execution_trace": make_execution_trace}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=sorted(MAKERS))
    ap.add_argument("out")
    ap.add_argument("--mb", type=int, required=True, help="approximate size in MiB")
    ap.add_argument("--source", help="the real trace to repeat (default: the committed raw captures)")
    ap.add_argument("--gzip", action="store_true", help="write OUT gzipped (the size is that of the JSON inside)")
    args = ap.parse_args()
    source = args.source or SOURCES[args.kind]()
    if not source:
        print(f"make_inputs: no real {args.kind} source (no corpus, no committed capture)", file=sys.stderr)
        return 77
    tmp = args.out + ".part"
    reps = MAKERS[args.kind](tmp, args.mb * MB, source)
    if args.gzip:
        with open(tmp, "rb") as plain, gzip.open(tmp + ".gz", "wb", compresslevel=6) as packed:
            while chunk := plain.read(MB * 16):
                packed.write(chunk)
        os.replace(tmp + ".gz", tmp)
    os.replace(tmp, args.out)
    print(f"{args.out}: {os.path.getsize(args.out) / MB:.0f} MiB, {reps} repetition(s) of {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
