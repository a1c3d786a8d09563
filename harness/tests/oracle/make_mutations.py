#!/usr/bin/env python3
"""The mutation set: inputs made from real traces, each with one mutation, to
measure tracecheck's consumer profiles against the real consumers
(oracle_table.py and oracle_test.py here read it; README.md here).

    make_mutations.py OUT_DIR [--shared DIR | --no-shared]

oracle_table.py reads harness/tests/oracle/mutations/ when it exists (the
usual OUT_DIR), and any other OUT_DIR given to it with --extra.

Contract:
  * Inputs (read only): a few small raw captures of the goldens
    (golden/*/**/*.raw/{chrome_trace,execution_trace}/NAME.gz, the gzip of
    the captured NAME), named in BASES below; and, when the shared folder
    exists (default: ../shared beside the project, found from this script's
    own place), a few files of its corpus named in SHARED_BASES (formats as
    its MANIFEST.tsv gives them). Without the shared folder only the committed
    captures are used; either way the bases used are printed and written at
    the top of the manifest. A few bases are cut to their first N events or
    nodes (said in the manifest); each base also gives one unmutated
    `control-0.json`, re-serialized exactly as the mutations are, so a verdict
    can be told apart from the cut and the layout.
  * Output: OUT_DIR/chrome_trace/<base>/<mutation>-<n>.json (and some
    .json.gz, the gzip of a plain mutation of the same stem) and
    OUT_DIR/execution_trace/<base>/<mutation>-<n>.json. The folder names are
    the ones oracle_table.py reads a file's kind from. Files already in
    OUT_DIR's two folders are removed first; nothing else there is touched.
  * OUT_DIR/MANIFEST.tsv: `#` lines naming the bases, then a header and one
    row per file: file, base, kind (the mutation family), mutation, pointer
    (a JSON pointer: into the output where the changed thing is, into the
    base where something was removed; empty for changes of the bytes as a
    whole) and description.
  * One mutation per file, so a verdict that differs from the control's is
    that mutation's doing. No two files have the same bytes (a mutation that
    would repeat one is drawn again, else left out).
  * Deterministic: every choice comes from random.Random seeded with the
    string "2026/<base>/<mutation>/<n>" (the fixed seed 2026 and the file's
    own name), inputs are read in a fixed order, gzip is written with mtime
    0; the same command gives byte-identical output, and adding or removing
    a shared base changes no other base's files.
  * Size: no file over 300 KB (the script fails if one would be).

Python standard library only.
"""
import argparse
import copy
import decimal
import gzip
import hashlib
import json
import os
import random
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SEED = 2026
MAX_BYTES = 300 * 1024
GZIP_SHARE = 0.08  # the share of each Chrome base's plain files that also get a .json.gz twin

# name, kind, path (relative to the project), cut: (how many events/nodes to keep) or None
BASES = [
    ("torch26-kineto-cpu", "chrome", "golden/torch-2.6.0/profiler/kineto_basic.raw/chrome_trace/payload.json.gz", None),
    ("torch211-kineto-cuda", "chrome", "golden/torch-2.11.0-cu130/profiler/cuda_kineto.raw/chrome_trace/payload.json.gz", None),
    ("torch113-legacy-array", "chrome", "golden/torch-1.13.0/emitters/torch113_legacy_profiler.raw/chrome_trace/legacy.json.gz", None),
    ("clang14-time-trace", "chrome", "golden/clang-14/emitters/clang_time_trace.raw/chrome_trace/small.json.gz", 120),
    ("uftrace013-begin-end", "chrome", "golden/uftrace-0.13/emitters/uftrace_chrome.raw/chrome_trace/calls.json.gz", None),
    ("node20-async", "chrome", "golden/node-20/emitters/node_trace_events.raw/chrome_trace/node_trace.1.log.gz", None),
    ("tsc48-array-begin-end", "chrome", "golden/tsc-4.8/emitters/tsc_generate_trace.raw/chrome_trace/trace.json.gz", None),
    ("torch26-et-alone", "et", "golden/torch-2.6.0/et/alone.raw/execution_trace/alone.et.json.gz", 60),
    ("torch211-et-cuda-triton", "et", "golden/torch-2.11.0-cu130/et/cuda_triton.raw/execution_trace/cuda_triton_et.json.gz", None),
    ("torch113-et-graph-1.0.1", "et", "golden/torch-1.13.0/emitters/torch113_execution_graph.raw/execution_trace/execution_graph.json.gz", None),
]
# The same, relative to the shared folder's corpus/ (used when present).
SHARED_BASES = [
    ("shared-hta-simple-add", "chrome", "chrome_trace/kineto_hta_simple_add_trace.json", None),
    ("shared-hta-triton", "chrome", "chrome_trace/kineto_hta_triton_example.json", None),
    ("shared-et-hta-simple-add-1.0.1", "et", "execution_trace/et_hta_simple_add_1.0.1.json", None),
    ("shared-et-param-pt2-1.1.1", "et", "execution_trace/et_param_pt2_1.1.1-chakra.0.0.4.json", None),
]
# Bases mutated with every variant of every family; the others get about
# this share of each family's variants (drawn per base), to keep the set near
# 1,200 Chrome files and 300 execution traces.
FULL_BASES = {"torch26-kineto-cpu", "torch211-kineto-cuda", "torch26-et-alone", "torch211-et-cuda-triton",
              "torch113-et-graph-1.0.1", "shared-et-hta-simple-add-1.0.1", "shared-et-param-pt2-1.1.1"}
PARTIAL_SHARE = 0.4


# ---------------------------------------------------------------------------
# Writing JSON with the faults JSON cannot hold
# ---------------------------------------------------------------------------
class Raw:
    """Bytes written as they are where a value goes (NaN, 1e999, a string
    with a raw quote, newline or invalid UTF-8)."""

    def __init__(self, data):
        self.data = data if isinstance(data, bytes) else data.encode("utf-8")


class Key:
    """A second key of the same name in one object (a dict can hold one of
    each name; a Key object is a distinct dict key written as its name)."""

    def __init__(self, name):
        self.name = name


class TDict(dict):
    """An object written with a trailing comma after its last member."""


class TList(list):
    """An array written with a trailing comma after its last element."""


def jstr(s):
    return json.dumps(s, ensure_ascii=False).encode("utf-8")


def show(v, limit=60):
    """A value as JSON text, for descriptions."""
    text = enc(v).decode("utf-8", "replace")
    return text if len(text) <= limit else text[:limit - 3] + "..."


def enc(v):
    """One value on one line, separators ', ' and ': ' (numbers kept as the
    capture wrote them: floats are parsed as Decimal)."""
    if isinstance(v, Raw):
        return v.data
    if isinstance(v, dict):
        items = [(k.name if isinstance(k, Key) else k, x) for k, x in v.items()]
        body = b", ".join(jstr(k) + b": " + enc(x) for k, x in items)
        return b"{" + body + (b"," if isinstance(v, TDict) and items else b"") + b"}"
    if isinstance(v, list):
        return b"[" + b", ".join(enc(x) for x in v) + (b"," if isinstance(v, TList) and v else b"") + b"]"
    if isinstance(v, str):
        return jstr(v)
    if v is True:
        return b"true"
    if v is False:
        return b"false"
    if v is None:
        return b"null"
    if isinstance(v, (int, decimal.Decimal)):
        return str(v).encode()
    if isinstance(v, float):
        return repr(v).encode()  # finite floats only; the others go in as Raw
    raise TypeError(f"cannot write {type(v).__name__}")


def render(doc, list_key):
    """The file's bytes and the (start, end) byte spans of the elements of its
    main list (the bare array, or the first `list_key` member): one member of
    the top object a line, one element of the main list a line."""
    out = bytearray()
    spans = []

    def put_list(lst, record):
        out.extend(b"[\n")
        for i, x in enumerate(lst):
            start = len(out)
            out.extend(enc(x))
            if record:
                spans.append((start, len(out)))
            if i + 1 < len(lst) or isinstance(lst, TList):
                out.extend(b",")
            out.extend(b"\n")
        out.extend(b"]")

    if isinstance(doc, list):
        put_list(doc, True)
        out.extend(b"\n")
        return bytes(out), spans
    if not isinstance(doc, dict):
        return enc(doc) + b"\n", spans
    out.extend(b"{\n")
    items = list(doc.items())
    for i, (k, v) in enumerate(items):
        name = k.name if isinstance(k, Key) else k
        out.extend(jstr(name) + b": ")
        if name == list_key and isinstance(v, list):
            put_list(v, not spans)
        else:
            out.extend(enc(v))
        if i + 1 < len(items) or isinstance(doc, TDict):
            out.extend(b",")
        out.extend(b"\n")
    out.extend(b"}\n")
    return bytes(out), spans


# ---------------------------------------------------------------------------
# Bases
# ---------------------------------------------------------------------------
class Base:
    def __init__(self, name, kind, label, data, cut):
        self.name, self.kind, self.label = name, kind, label
        self.doc = json.loads(data, parse_float=decimal.Decimal)
        self.note = ""
        if cut:
            self.note = cut_chrome(self.doc, cut) if kind == "chrome" else cut_et(self.doc, cut)
        self.list_key = "traceEvents" if kind == "chrome" else "nodes"
        self.bytes, self.spans = render(self.doc, self.list_key)

    def events(self, doc=None):
        """The main list of doc (default: the base's)."""
        doc = self.doc if doc is None else doc
        return doc if isinstance(doc, list) else doc[self.list_key]

    def prefix(self):
        """The JSON pointer of the main list."""
        return "" if isinstance(self.doc, list) else "/" + self.list_key


def cut_chrome(doc, n):
    """Keep the first n events and every M event (names of the processes and threads)."""
    ev = doc["traceEvents"] if isinstance(doc, dict) else doc
    total = len(ev)
    kept = ev[:n] + [e for e in ev[n:] if e.get("ph") == "M"]
    ev[:] = kept
    return f"cut to its first {n} events and its M events ({len(kept)} of {total})"


def cut_et(doc, n):
    """Keep the first n nodes, the root, and every ancestor of a kept node, in file order."""
    nodes = doc["nodes"]
    pkey = "ctrl_deps" if "ctrl_deps" in nodes[0] else "parent"
    by_id = {x["id"]: x for x in nodes}
    keep = {x["id"] for x in nodes[:n]} | {x["id"] for x in nodes if x.get(pkey) == x["id"]}
    for i in list(keep):
        while i in by_id and by_id[i].get(pkey) not in keep and by_id[i].get(pkey) in by_id:
            i = by_id[i][pkey]
            keep.add(i)
    total = len(nodes)
    nodes[:] = [x for x in nodes if x["id"] in keep]
    return f"cut to its first {n} nodes, the root and their ancestors ({len(nodes)} of {total})"


def load_bases(shared):
    bases = []
    for name, kind, rel, cut in BASES:
        with open(os.path.join(ROOT, rel), "rb") as fh:
            data = gzip.decompress(fh.read())
        bases.append(Base(name, kind, rel, data, cut))
    corpus = os.path.join(shared, "corpus") if shared else None
    if corpus and os.path.isdir(corpus):
        for name, kind, rel, cut in SHARED_BASES:
            path = os.path.join(corpus, rel)
            if os.path.isfile(path):
                with open(path, "rb") as fh:
                    bases.append(Base(name, kind, "shared/corpus/" + rel, fh.read(), cut))
    return bases


# ---------------------------------------------------------------------------
# Helpers for the mutations
# ---------------------------------------------------------------------------
class Skip(Exception):
    """The base has nothing this mutation applies to."""


def pick(rng, items, pred):
    """An index of items where pred holds, drawn across the (ph, cat) groups
    first so that different kinds of event get hit; Skip when none."""
    groups = {}
    for i, x in enumerate(items):
        if isinstance(x, dict) and pred(x):
            groups.setdefault(str((x.get("ph"), x.get("cat"))), []).append(i)
    if not groups:
        raise Skip()
    return rng.choice(groups[rng.choice(sorted(groups))])


def num(v):
    return isinstance(v, (int, decimal.Decimal)) and not isinstance(v, bool)


def jtype(v):
    if isinstance(v, bool):
        return "bool"
    if num(v):
        return "number"
    if v is None:
        return "null"
    return {str: "string", list: "array", dict: "object"}.get(type(v), "other")


def retyped(v, t):
    """v as a value of JSON type t (the natural conversion where there is one)."""
    if t == "string":
        return str(v) if num(v) else v if isinstance(v, str) else enc(v).decode("utf-8")
    if t == "number":
        if isinstance(v, str):
            try:
                return decimal.Decimal(v)
            except decimal.InvalidOperation:
                return 42
        return 1 if v is True else 42
    if t == "bool":
        return True
    if t == "null":
        return None
    if t == "array":
        return [v]
    if t == "object":
        return {"value": v}
    raise ValueError(t)


def other_value(field, v):
    """A different value of the same type, for a duplicated key."""
    if field == "ph":
        return "i" if v == "X" else "X"
    if num(v):
        return v + 1
    if isinstance(v, str):
        return v + "_dup"
    if isinstance(v, dict):
        return {"dup": 1}
    if isinstance(v, list):
        return v + [0]
    return not v if isinstance(v, bool) else 1


def with_dup(d, field, value, first):
    """d with a second `field` member holding value, after the original (or before it when first)."""
    out = type(d)()
    for k, v in d.items():
        if k == field and first:
            out[Key(field)] = value
        out[k] = v
        if k == field and not first:
            out[Key(field)] = value
    return out


def raw_string(prefix, inject, suffix):
    """A JSON string written with inject (bytes) as is between escaped prefix and suffix."""
    return Raw(b'"' + jstr(prefix)[1:-1] + inject + jstr(suffix)[1:-1] + b'"')


def split_str(rng, s):
    k = rng.randint(0, len(s)) if s else 0
    return s[:k], s[k:]


def be_pairs(events):
    """(B index, E index) pairs matched per (pid, tid) in file order."""
    stacks, pairs = {}, []
    for i, e in enumerate(events):
        if not isinstance(e, dict):
            continue
        key = (str(e.get("pid")), str(e.get("tid")))
        if e.get("ph") == "B":
            stacks.setdefault(key, []).append(i)
        elif e.get("ph") == "E" and stacks.get(key):
            pairs.append((stacks[key].pop(), i))
    return pairs


def is_tensor_type(t):
    return isinstance(t, str) and t.startswith("Tensor(")


# ---------------------------------------------------------------------------
# Chrome trace mutations: each takes (rng, base, doc, **variant), changes doc
# (a deep copy of the base's) or returns bytes, and returns (result, pointer,
# description); result None means doc as changed.
# ---------------------------------------------------------------------------
EVENT_FIELDS = ("ph", "ts", "dur", "pid", "tid", "name", "cat", "id", "args")
TYPES = ("string", "number", "bool", "null", "array", "object")
NONFINITE = ("1e999", "-1e999", "NaN", "Infinity", "-Infinity")
OUT_OF_RANGE = ("18446744073709551616", "-9223372036854775809", "1e309", "4.9e-325")


def c_drop_field(rng, base, doc, field):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: field in e)
    del ev[i][field]
    return None, f"{base.prefix()}/{i}/{field}", f"{field} removed from a ph={base.events()[i].get('ph')} event"


def c_retype(rng, base, doc, field, to):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: field in e and jtype(e[field]) != to)
    old = ev[i][field]
    ev[i][field] = retyped(old, to)
    return None, f"{base.prefix()}/{i}/{field}", f"{field} {jtype(old)} -> {to}: {enc(ev[i][field]).decode()[:60]}"


def c_numstr(rng, base, doc, field, how):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: num(e.get(field)))
    old = ev[i][field]
    if how == "exact":
        new = str(old)
    elif how == "abc":
        new = "abc"
    else:
        new = rng.choice(["", "0x1F", " 12", "1e3", "12.5.3", "-", "12,5"])
    ev[i][field] = new
    return None, f"{base.prefix()}/{i}/{field}", f"{field} {old} written as the string {show(new)}"


def c_nonfinite(rng, base, doc, where, token):
    ev = base.events(doc)
    if where == "args":
        i = pick(rng, ev, lambda e: isinstance(e.get("args"), dict))
        args = ev[i]["args"]
        nums = [k for k, v in args.items() if num(v)]
        key = rng.choice(nums) if nums else "value"
        args[key] = Raw(token)
        return None, f"{base.prefix()}/{i}/args/{key}", f"args value {key} written as raw {token}"
    i = pick(rng, ev, lambda e: num(e.get(where)))
    ev[i][where] = Raw(token)
    return None, f"{base.prefix()}/{i}/{where}", f"{where} written as raw {token}"


def c_dupkey(rng, base, doc, field, first):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: field in e)
    alt = other_value(field, ev[i][field])
    ev[i] = with_dup(ev[i], field, alt, first)
    where = "before" if first else "after"
    return None, f"{base.prefix()}/{i}/{field}", f"{field} twice, {enc(alt).decode()[:40]} {where} the original"


def c_negative(rng, base, doc, field, how):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: num(e.get(field)) and e[field] > 0)
    old = ev[i][field]
    new = {"negated": -old, "minus-one": -1, "tiny": decimal.Decimal("-0.001")}[how]
    ev[i][field] = new
    return None, f"{base.prefix()}/{i}/{field}", f"{field} {old} -> {new}"


def c_be(rng, base, doc, how):
    ev = base.events(doc)
    pairs = be_pairs(ev)
    if not pairs:
        raise Skip()
    b, e = rng.choice(pairs)
    p = base.prefix()
    if how == "drop-e":
        del ev[e]
        return None, f"{p}/{e}", f"the E closing B {p}/{b} removed"
    if how == "drop-b":
        del ev[b]
        return None, f"{p}/{b}", f"a B removed; its E {p}/{e} stays"
    if how == "e-before-b-ts":
        if not num(ev[b].get("ts")):
            raise Skip()
        ev[e]["ts"] = ev[b]["ts"] - 1
        return None, f"{p}/{e}/ts", f"E ts set to 1 before its B's ({p}/{b})"
    if how == "e-before-b-order":
        ev.insert(b, ev.pop(e))
        return None, f"{p}/{b}", f"the E of B {p}/{b} moved before it in the array (times kept)"
    if how == "e-name":
        old = ev[e].get("name")
        ev[e]["name"] = (old or "") + "_other"
        return None, f"{p}/{e}/name", f"E name {show(old)} -> {show(ev[e]['name'])} (B keeps its name)"
    raise ValueError(how)


def c_flow(rng, base, doc, how):
    ev = base.events(doc)
    p = base.prefix()
    flow = lambda ph: (lambda e: e.get("ph") == ph and "id" in e)
    if how == "drop-s":
        i = pick(rng, ev, flow("s"))
        del ev[i]
        return None, f"{p}/{i}", f"flow start s id={ev_id(base, i)} removed (its f stays)"
    if how == "drop-f":
        i = pick(rng, ev, flow("f"))
        del ev[i]
        return None, f"{p}/{i}", f"flow end f id={ev_id(base, i)} removed (its s stays)"
    if how == "id-changed":
        i = pick(rng, ev, lambda e: e.get("ph") in ("s", "f") and "id" in e)
        old = ev[i]["id"]
        ev[i]["id"] = old + 7000000 if num(old) else str(old) + "0"
        return None, f"{p}/{i}/id", f"flow {ev[i]['ph']} id {old} -> {ev[i]['id']} (its partner keeps {old})"
    if how == "id-as-string":
        i = pick(rng, ev, lambda e: e.get("ph") in ("s", "f") and num(e.get("id")))
        ev[i]["id"] = str(ev[i]["id"])
        return None, f"{p}/{i}/id", f"flow {ev[i]['ph']} id written as the string {show(ev[i]['id'])}"
    if how.startswith("bp-"):
        i = pick(rng, ev, flow("f"))
        new = how[3:]
        old = ev[i].get("bp")
        if new == "dropped":
            ev[i].pop("bp", None)
            if old is None:
                raise Skip()
            return None, f"{p}/{i}/bp", f"flow end bp {show(old)} removed"
        ev[i]["bp"] = new
        return None, f"{p}/{i}/bp", f"flow end bp {show(old)} -> {show(new)}"
    if how == "dup-s":
        i = pick(rng, ev, flow("s"))
        twin = copy.deepcopy(ev[i])
        if num(twin.get("ts")):
            twin["ts"] = twin["ts"] + 1
        ev.insert(i + 1, twin)
        return None, f"{p}/{i + 1}", f"flow start s id={twin['id']} duplicated (ts + 1)"
    raise ValueError(how)


def ev_id(base, i):
    return base.events()[i].get("id")


def c_async(rng, base, doc, how):
    ev = base.events(doc)
    p = base.prefix()
    if how in ("drop-b", "drop-e"):
        i = pick(rng, ev, lambda e: e.get("ph") == how[-1] and "id" in e)
        del ev[i]
        return None, f"{p}/{i}", f"async {how[-1]} id={ev_id(base, i)} name={base.events()[i].get('name')} removed"
    if how == "id-changed":
        i = pick(rng, ev, lambda e: e.get("ph") == "e" and "id" in e)
        old = ev[i]["id"]
        ev[i]["id"] = str(old) + "f" if isinstance(old, str) else old + 7000000
        return None, f"{p}/{i}/id", f"async e id {old} -> {ev[i]['id']}"
    if how in ("n-unpaired", "n-paired"):
        i = pick(rng, ev, lambda e: e.get("ph") == "b" and "id" in e)
        n = copy.deepcopy(ev[i])
        n["ph"] = "n"
        if how == "n-unpaired":
            n["id"] = "0xdead" + str(i)
        if num(n.get("ts")):
            n["ts"] = n["ts"] + 1
        ev.insert(i + 1, n)
        what = "an id no b opens" if how == "n-unpaired" else f"the id of b {p}/{i}"
        return None, f"{p}/{i + 1}", f"async instant n added with {what}"
    raise ValueError(how)


def c_phase(rng, base, doc, value):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: "ph" in e)
    old = ev[i]["ph"]
    ev[i]["ph"] = value
    return None, f"{base.prefix()}/{i}/ph", f"ph {show(old)} -> unknown {show(value)}"


def c_scope(rng, base, doc, value):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: e.get("ph") in ("i", "I"))
    old = ev[i].get("s")
    ev[i]["s"] = value
    return None, f"{base.prefix()}/{i}/s", f"instant scope {show(old)} -> unknown {show(value)}"


def c_meta(rng, base, doc, how):
    ev = base.events(doc)
    i = pick(rng, ev, lambda e: e.get("ph") == "M")
    e = ev[i]
    path = f"{base.prefix()}/{i}"
    if how == "args-missing":
        if "args" not in e:
            raise Skip()
        del e["args"]
        return None, f"{path}/args", f"M {e.get('name')} without args"
    if how == "args-empty":
        e["args"] = {}
        return None, f"{path}/args", f"M {e.get('name')} with args {{}}"
    if how == "args-name-number":
        args = e.get("args")
        if not isinstance(args, dict) or not args:
            raise Skip()
        k = sorted(args)[0]
        args[k] = 5
        return None, f"{path}/args/{k}", f"M {e.get('name')} args.{k} -> 5"
    if how == "unknown-name":
        old = e.get("name")
        e["name"] = rng.choice(["process_colour", "thread_priority", "foo", ""])
        return None, f"{path}/name", f"M name {show(old)} -> unknown {show(e['name'])}"
    raise ValueError(how)


STRING_FAULTS = {
    "quote-escaped": None,  # valid JSON: \" inside the string
    "quote-raw": b'"',
    "raw-newline": b"\n",
    "raw-tab": b"\t",
    "raw-control": b"\x01",
    "utf8-ff": b"\xff",
    "utf8-bad-continuation": b"\xc3\x28",
    "utf8-overlong": b"\xc0\xaf",
    "utf8-encoded-surrogate": b"\xed\xa0\x80",
    "utf8-truncated": b"\xe2\x82",
    "surrogate-high": b"\\ud800",
    "surrogate-low": b"\\udfff",
    "surrogate-high-then-ascii": b"\\ud800\\u0041",
    "surrogate-reversed": b"\\udc00\\ud800",
}


def c_string(rng, base, doc, fault, where):
    """A fault inside a string: where is name or args (a string arg value)."""
    ev = base.events(doc)
    if where == "args":
        i = pick(rng, ev, lambda e: isinstance(e.get("args"), dict)
                 and any(isinstance(v, str) for v in e["args"].values()))
        args = ev[i]["args"]
        key = rng.choice([k for k, v in args.items() if isinstance(v, str)])
        holder, ptr = args, f"{base.prefix()}/{i}/args/{key}"
    else:
        i = pick(rng, ev, lambda e: isinstance(e.get(where), str))
        holder, key, ptr = ev[i], where, f"{base.prefix()}/{i}/{where}"
    pre, post = split_str(rng, holder[key])
    inject = STRING_FAULTS[fault]
    if inject is None:
        holder[key] = pre + '"' + post
    else:
        holder[key] = raw_string(pre, inject, post)
    return None, ptr, f"{fault} at character {len(pre)} of {show(pre + post)[:60]}"


def c_truncate(rng, base, doc, where):
    data, spans = base.bytes, base.spans
    if not spans:
        raise Skip()
    p = base.prefix()
    if where == "inside-event":
        k = rng.randrange(len(spans))
        s, e = spans[k]
        off = rng.randint(s + 1, e - 1)
        what = f"inside {p}/{k}"
    elif where == "between-events":
        if len(spans) < 2:
            raise Skip()
        k = rng.randrange(len(spans) - 1)
        off = spans[k][1] + rng.choice([0, 1, 2])  # after the }, after its comma, after the newline
        what = f"after {p}/{k}"
    elif where in ("mid-string", "mid-number"):
        # A few bytes into the event's name string, or into its ts number.
        key, into, noun = ((b'"name": "', 1, "name string") if where == "mid-string"
                           else (b'"ts": ', 3, "ts number"))
        k = rng.randrange(len(spans))
        s, e = spans[k]
        at = data.find(key, s, e)
        if at < 0:
            raise Skip()
        off = at + len(key) + into
        what = f"inside the {noun} of {p}/{k}"
    elif where == "after-open":
        off = spans[0][0]
        what = "right after the main list's ["
    elif where == "after-list":
        if isinstance(doc, list):
            raise Skip()
        off = spans[-1][1] + 2  # after "}\n]"
        what = "right after the main list's ]"
    elif where == "before-final-brace":
        off = len(data.rstrip()) - 1
        what = "before the final " + chr(data.rstrip()[-1])
    else:
        raise ValueError(where)
    return data[:off], "", f"truncated at byte {off} of {len(data)}, {what}"


def c_bom(rng, base, doc):
    return b"\xef\xbb\xbf" + base.bytes, "", "a UTF-8 byte order mark before the JSON"


def c_bare_array(rng, base, doc, how):
    ev = base.events(doc)
    data, _ = render(TList(ev) if how == "unclosed-comma" else ev, None)
    if how == "closed":
        if isinstance(doc, list):
            raise Skip()
        return data, "", f"the bare-array form: the {len(ev)} events without the top object"
    body = data.rstrip()
    assert body.endswith(b"]")
    return body[:-1], "", f"the bare-array form without the closing ]{' (a comma after the last event)' if how == 'unclosed-comma' else ''}"


def c_trace_events(rng, base, doc, how):
    if not isinstance(doc, dict) or "traceEvents" not in doc:
        raise Skip()
    ev = doc["traceEvents"]
    if how.startswith("not-array-"):
        to = how[len("not-array-"):]
        doc["traceEvents"] = {"object": {str(k): x for k, x in enumerate(ev[:3])}, "string": "[]", "number": 0,
                              "null": None, "bool": True}[to]
        return None, "/traceEvents", f"traceEvents is {to}, not an array"
    if how.startswith("repeated-"):
        half = len(ev) // 2
        first, second = {"repeated-real-then-empty": (ev, []), "repeated-empty-then-real": ([], ev),
                         "repeated-halves": (ev[:half], ev[half:])}[how]
        new = {}
        for k, v in doc.items():
            if k == "traceEvents":
                new[k] = first
                new[Key(k)] = second
            else:
                new[k] = v
        doc.clear()
        doc.update(new)
        return None, "/traceEvents", f"traceEvents twice: {len(first)} events, then {len(second)}"
    if how == "missing":
        del doc["traceEvents"]
        return None, "/traceEvents", "traceEvents removed (the metadata stays)"
    if how.startswith("renamed-"):
        name = how[len("renamed-"):]
        new = {(name if k == "traceEvents" else k): v for k, v in doc.items()}
        doc.clear()
        doc.update(new)
        return None, "/" + name, f"traceEvents renamed {name}"
    raise ValueError(how)


def c_not_object(rng, base, doc, value):
    ev = base.events(doc)
    i = rng.randint(0, len(ev))
    new = {"number": 42, "string": "event", "null": None, "bool": True, "empty-array": [],
           "array-of-event": [copy.deepcopy(ev[min(i, len(ev) - 1)])]}[value]
    ev.insert(i, new)
    return None, f"{base.prefix()}/{i}", f"an element that is not an object ({value}) inserted"


def c_trailing_comma(rng, base, doc, where):
    ev = base.events(doc)
    p = base.prefix()
    if where == "after-last-event":
        if isinstance(doc, list):
            doc = TList(doc)
        else:
            doc[base.list_key] = TList(ev)
        return render(doc, base.list_key)[0], f"{p}/{len(ev) - 1}", "a comma after the last event"
    if where == "in-args":
        i = pick(rng, ev, lambda e: isinstance(e.get("args"), dict) and e["args"])
        ev[i]["args"] = TDict(ev[i]["args"])
        return None, f"{p}/{i}/args", "a comma after the last member of args"
    if where == "in-event":
        i = pick(rng, ev, lambda e: True)
        ev[i] = TDict(ev[i])
        return None, f"{p}/{i}", "a comma after the last member of an event"
    if where == "top-object":
        if not isinstance(doc, dict):
            raise Skip()
        return render(TDict(doc), base.list_key)[0], "", "a comma after the last member of the top object"
    raise ValueError(where)


def c_display_time_unit(rng, base, doc, value):
    if not isinstance(doc, dict):
        raise Skip()
    old = doc.get("displayTimeUnit", "(absent)")
    if old == value:
        raise Skip()
    doc["displayTimeUnit"] = value
    return None, "/displayTimeUnit", f"displayTimeUnit {show(old)} -> {show(value)}"


def c_control(rng, base, doc):
    return None, "", "the base unmutated (as re-serialized for the set)"


# Families: (family, function, variants, files per variant). A variant is a
# (mutation name, keyword arguments) pair.
def v(name, **kw):
    return (name, kw)


def token_name(token):
    """A raw number token as part of a file name: -1e999 -> minus-1e999."""
    return "minus-" + token[1:] if token.startswith("-") else token


CHROME_FAMILIES = [
    ("control", c_control, [v("control")], 1),
    ("drop-field", c_drop_field, [v(f"drop-{f}", field=f) for f in EVENT_FIELDS], 2),
    ("retype", c_retype, [v(f"retype-{f}-{t}", field=f, to=t) for f in EVENT_FIELDS for t in TYPES
                          if not (f in ("ts", "dur", "pid", "tid") and t == "number")
                          and not (f in ("ph", "name", "cat") and t == "string")
                          and not (f == "args" and t == "object")], 1),
    ("number-as-string", c_numstr, [v(f"numstr-{f}-{h}", field=f, how=h) for f in ("ts", "dur", "pid", "tid", "id")
                                    for h in ("exact", "abc", "other")], 1),
    ("non-finite", c_nonfinite, [v(f"nonfinite-{w}-{token_name(t)}", where=w, token=t)
                                 for w in ("ts", "dur", "tid", "args") for t in NONFINITE], 1),
    ("out-of-range", c_nonfinite, [v(f"range-{w}-{token_name(t)}", where=w, token=t)
                                   for w in ("ts", "args") for t in OUT_OF_RANGE], 1),
    ("duplicate-key", c_dupkey, [v(f"dupkey-{f}-{'first' if first else 'after'}", field=f, first=first)
                                 for f in EVENT_FIELDS for first in (False, True)], 1),
    ("negative", c_negative, [v(f"negative-{f}-{h}", field=f, how=h) for f in ("ts", "dur")
                              for h in ("negated", "minus-one", "tiny")], 1),
    ("begin-end", c_be, [v(f"be-{h}", how=h) for h in ("drop-e", "drop-b", "e-before-b-ts", "e-before-b-order",
                                                       "e-name")], 3),
    ("flow", c_flow, [v(f"flow-{h}", how=h) for h in ("drop-s", "drop-f", "id-changed", "id-as-string",
                                                      "bp-dropped", "bp-s", "bp-x", "dup-s")], 2),
    ("async", c_async, [v(f"async-{h}", how=h) for h in ("drop-b", "drop-e", "id-changed", "n-unpaired",
                                                         "n-paired")], 3),
    ("phase-unknown", c_phase, [v(f"phase-{n}", value=x) for n, x in (("Z", "Z"), ("88", 88), ("empty", ""),
                                                                      ("XX", "XX"))], 2),
    ("instant-scope", c_scope, [v(f"scope-{n}", value=x) for n, x in (("x", "x"), ("empty", ""), ("G", "G"),
                                                                      ("1", 1))], 1),
    ("metadata", c_meta, [v(f"meta-{h}", how=h) for h in ("args-missing", "args-empty", "args-name-number",
                                                          "unknown-name")], 2),
    ("string", c_string, [v(f"str-{f}-{w}", fault=f, where=w) for f in STRING_FAULTS
                          for w in ("name", "args")], 1),
    ("truncation", c_truncate, [v(f"trunc-{w}", where=w) for w in ("inside-event", "between-events", "mid-string",
                                                                   "mid-number", "after-open", "after-list",
                                                                   "before-final-brace")], 1),
    ("truncation", c_truncate, [v("trunc-inside-event-more", where="inside-event"),
                                v("trunc-between-events-more", where="between-events")], 2),
    ("bom", c_bom, [v("bom")], 1),
    ("bare-array", c_bare_array, [v(f"bare-array-{h}", how=h) for h in ("closed", "unclosed", "unclosed-comma")], 1),
    ("trace-events", c_trace_events, [v(f"traceevents-{h}", how=h) for h in (
        "not-array-object", "not-array-string", "not-array-number", "not-array-null", "not-array-bool",
        "repeated-real-then-empty", "repeated-empty-then-real", "repeated-halves", "missing",
        "renamed-traceevents", "renamed-events")], 1),
    ("not-object", c_not_object, [v(f"element-{n}", value=n) for n in ("number", "string", "null", "bool",
                                                                       "empty-array", "array-of-event")], 1),
    ("trailing-comma", c_trailing_comma, [v(f"comma-{w}", where=w) for w in ("after-last-event", "in-args",
                                                                            "in-event", "top-object")], 1),
    ("display-time-unit", c_display_time_unit, [v(f"dtu-{n}", value=x) for n, x in (
        ("ms", "ms"), ("ns", "ns"), ("us", "us"), ("s", "s"), ("empty", ""), ("NS", "NS"), ("number", 1),
        ("null", None))], 1),
]
# Families every base gets in full (rare or cheap ones: partial bases would lose them).
ALWAYS_FULL = {"control", "begin-end", "flow", "async", "bom", "bare-array", "instant-scope", "metadata",
               "phase-unknown"}


# ---------------------------------------------------------------------------
# Execution trace mutations (schema 1.1.x / 1.0.2: ctrl_deps, inputs {values,
# shapes, types}, attrs list; schema 1.0.1: parent, inputs list, input_shapes,
# input_types, attrs as members of the node)
# ---------------------------------------------------------------------------
def pkey(node):
    return "ctrl_deps" if "ctrl_deps" in node else "parent"


def is_root(node):
    return node.get(pkey(node)) == node.get("id")


def io_ref(node, side, which):
    """(holder, key, pointer suffix) of the values, shapes or types list of a
    node's inputs or outputs, for either schema; None when the node has none."""
    if isinstance(node.get(side), dict):
        d = node[side]
        return (d, which, f"{side}/{which}") if isinstance(d.get(which), list) else None
    key = side if which == "values" else f"{side[:-1]}_{which}"  # inputs, input_shapes, input_types
    return (node, key, key) if isinstance(node.get(key), list) else None


def io_list(node, side, which):
    ref = io_ref(node, side, which)
    return ref[0][ref[1]] if ref else None


def full_sides(node):
    """The sides (inputs, outputs) whose values, shapes and types are all lists, values not empty."""
    return [s for s in ("inputs", "outputs")
            if all(io_list(node, s, w) is not None for w in ("values", "shapes", "types"))
            and io_list(node, s, "values")]


def free_id(nodes):
    return max(n["id"] for n in nodes if num(n.get("id"))) + 1000


def e_parent(rng, base, doc, how):
    nodes = doc["nodes"]
    i = pick(rng, nodes, lambda n: not is_root(n))
    k = pkey(nodes[i])
    old = nodes[i][k]
    if how == "dangling":
        nodes[i][k] = free_id(nodes) + rng.randrange(100)
    elif how == "negative":
        nodes[i][k] = -1
    elif how == "missing":
        del nodes[i][k]
        return None, f"/nodes/{i}/{k}", f"{k} removed from node {nodes[i]['id']}"
    elif how == "string":
        nodes[i][k] = str(old)
    elif how == "null":
        nodes[i][k] = None
    else:
        raise ValueError(how)
    return None, f"/nodes/{i}/{k}", f"{k} of node {nodes[i]['id']}: {old} -> {show(nodes[i][k])}"


def e_cycle(rng, base, doc, length):
    nodes = doc["nodes"]
    cand = [i for i, n in enumerate(nodes) if not is_root(n)]
    if len(cand) < length:
        raise Skip()
    picked = rng.sample(cand, length)
    ids = [nodes[i]["id"] for i in picked]
    for j, i in enumerate(picked):
        nodes[i][pkey(nodes[i])] = ids[(j + 1) % length]
    return None, f"/nodes/{picked[0]}/{pkey(nodes[picked[0]])}", \
        "parent cycle " + " -> ".join(str(x) for x in ids + ids[:1])


def e_dup_id(rng, base, doc, how):
    nodes = doc["nodes"]
    if how == "copied-node":
        i = pick(rng, nodes, lambda n: not is_root(n))
        nodes.insert(i + 1, copy.deepcopy(nodes[i]))
        return None, f"/nodes/{i + 1}", f"node {nodes[i]['id']} written twice"
    cand = [i for i, n in enumerate(nodes) if not is_root(n)]
    if len(cand) < 2:
        raise Skip()
    a, b = rng.sample(cand, 2)
    old = nodes[b]["id"]
    nodes[b]["id"] = nodes[a]["id"]
    return None, f"/nodes/{b}/id", f"node id {old} -> {nodes[a]['id']} (the id of /nodes/{a}; {old}'s children dangle)"


def e_roots(rng, base, doc, how):
    nodes = doc["nodes"]
    roots = [i for i, n in enumerate(nodes) if is_root(n)]
    if not roots:
        raise Skip()
    r = roots[0]
    if how == "second-self-parent":
        i = pick(rng, nodes, lambda n: not is_root(n))
        nodes[i][pkey(nodes[i])] = nodes[i]["id"]
        return None, f"/nodes/{i}/{pkey(nodes[i])}", f"node {nodes[i]['id']} made its own parent: a second root"
    if how == "second-copied-root":
        twin = copy.deepcopy(nodes[r])
        twin["id"] = free_id(nodes)
        twin[pkey(twin)] = twin["id"]
        nodes.append(twin)
        return None, f"/nodes/{len(nodes) - 1}", f"a copy of the root with id {twin['id']}: two roots"
    if how == "root-removed":
        rid = nodes[r]["id"]
        del nodes[r]
        return None, f"/nodes/{r}", f"the root (id {rid}) removed: its children dangle"
    if how == "root-parent-child":
        children = [n["id"] for n in nodes if n.get(pkey(n)) == nodes[r]["id"] and not is_root(n)]
        if not children:
            raise Skip()
        nodes[r][pkey(nodes[r])] = rng.choice(children)
        return None, f"/nodes/{r}/{pkey(nodes[r])}", \
            f"the root's parent set to its child {nodes[r][pkey(nodes[r])]}: no root, a cycle"
    raise ValueError(how)


OLD_ATTRS = ("rf_id", "fw_parent", "seq_id", "scope", "tid", "fw_tid", "op_schema")


def e_attrs(rng, base, doc, how):
    nodes = doc["nodes"]
    new_schema = isinstance(nodes[0].get("attrs"), list)
    i = pick(rng, nodes, lambda n: not is_root(n))
    n = nodes[i]
    if new_schema:
        attrs = n["attrs"]
        if how == "all-dropped":
            del n["attrs"]
            return None, f"/nodes/{i}/attrs", f"attrs removed from node {n['id']}"
        j = rng.randrange(len(attrs))
        a = attrs[j]
        if how == "one-dropped":
            del attrs[j]
            return None, f"/nodes/{i}/attrs/{j}", f"attr {a['name']} removed from node {n['id']}"
        if how == "container-retyped":
            n["attrs"] = {x["name"]: x["value"] for x in attrs}
            return None, f"/nodes/{i}/attrs", f"attrs of node {n['id']} an object, not a list"
        if how == "value-retyped":
            old = a.get("value")
            a["value"] = str(old) if num(old) else 7 if isinstance(old, str) else None
            return None, f"/nodes/{i}/attrs/{j}/value", \
                f"attr {a['name']} ({a.get('type')}) value {show(old)} -> {show(a['value'])}"
        if how == "type-unknown":
            old = a.get("type")
            a["type"] = rng.choice(["uint128", "", "tensor", 3])
            return None, f"/nodes/{i}/attrs/{j}/type", f"attr {a['name']} type {show(old)} -> {show(a['type'])}"
        raise ValueError(how)
    present = [k for k in OLD_ATTRS if k in n]
    if not present:
        raise Skip()
    k = rng.choice(present)
    if how == "all-dropped":
        for x in present:
            del n[x]
        return None, f"/nodes/{i}", f"{', '.join(present)} removed from node {n['id']}"
    if how == "one-dropped":
        del n[k]
        return None, f"/nodes/{i}/{k}", f"{k} removed from node {n['id']}"
    if how == "container-retyped":
        n[k] = [n[k]]
        return None, f"/nodes/{i}/{k}", f"{k} of node {n['id']} wrapped in an array"
    if how == "value-retyped":
        old = n[k]
        n[k] = str(old) if num(old) else 7 if isinstance(old, str) else None
        return None, f"/nodes/{i}/{k}", f"{k} of node {n['id']}: {show(old)} -> {show(n[k])}"
    if how == "type-unknown":
        raise Skip()  # 1.0.1 attrs have no type
    raise ValueError(how)


def e_io_lengths(rng, base, doc, which):
    nodes = doc["nodes"]
    i = pick(rng, nodes, lambda n: bool(full_sides(n)))
    n = nodes[i]
    side = rng.choice(full_sides(n))
    holder, key, suffix = io_ref(n, side, which)
    lst = holder[key]
    if rng.random() < 0.5 and lst:
        lst.pop()
        how = "one shorter"
    else:
        lst.append(copy.deepcopy(lst[-1]) if lst else "<None>")
        how = "one longer"
    return None, f"/nodes/{i}/{suffix}", f"{side} {which} of node {n['id']} {how} than the others"


def tensor_slots(nodes):
    """(node index, side, position) of each value whose type is a Tensor(...) and whose value is a 6-list."""
    out = []
    for i, n in enumerate(nodes):
        for side in full_sides(n):
            for j, (val, t) in enumerate(zip(io_list(n, side, "values"), io_list(n, side, "types"))):
                if is_tensor_type(t) and isinstance(val, list) and len(val) == 6:
                    out.append((i, side, j))
    return out


def e_tensor_arity(rng, base, doc, arity):
    nodes = doc["nodes"]
    slots = tensor_slots(nodes)
    if not slots:
        raise Skip()
    i, side, j = rng.choice(slots)
    holder, key, suffix = io_ref(nodes[i], side, "values")
    val = holder[key][j]
    if arity == 5:
        val.pop()
    else:
        val.append(0)
    return None, f"/nodes/{i}/{suffix}/{j}", f"a tensor value of node {nodes[i]['id']} with {arity} elements, not 6"


def e_types(rng, base, doc, how):
    nodes = doc["nodes"]
    typed = lambda n: [x for x in ("inputs", "outputs") if io_list(n, x, "types")]
    i = pick(rng, nodes, lambda n: bool(typed(n)))
    side = rng.choice(typed(nodes[i]))
    holder, key, suffix = io_ref(nodes[i], side, "types")
    types = holder[key]
    j = rng.randrange(len(types))
    old = types[j]
    if how == "list-not-array":
        holder[key] = ",".join(str(t) for t in types)
        return None, f"/nodes/{i}/{suffix}", f"{side} types of node {nodes[i]['id']} one string, not an array"
    types[j] = {"number": 3, "null": None, "unknown": "Frobnicate", "tensor-unknown-dtype": "Tensor(quux)"}[how]
    return None, f"/nodes/{i}/{suffix}/{j}", f"type {show(old)} -> {show(types[j])}"


def e_schema(rng, base, doc, value):
    old = doc.get("schema", "(absent)")
    if value == "(absent)":
        del doc["schema"]
        return None, "/schema", f"schema {show(old)} removed"
    doc["schema"] = decimal.Decimal(value[1:]) if isinstance(value, str) and value.startswith("#") else value
    return None, "/schema", f"schema {show(old)} -> {enc(doc['schema']).decode()}"


def e_node_id(rng, base, doc, how):
    nodes = doc["nodes"]
    pred = is_root if how == "root-string" else (lambda n: not is_root(n))
    i = pick(rng, nodes, pred)
    old = nodes[i]["id"]
    nodes[i]["id"] = decimal.Decimal(f"{old}.0") if how == "float" else str(old)
    return None, f"/nodes/{i}/id", f"node id {old} -> {enc(nodes[i]['id']).decode()}"


def e_name(rng, base, doc, how):
    nodes = doc["nodes"]
    i = pick(rng, nodes, is_root if how == "root-missing" else (lambda n: not is_root(n)))
    old = nodes[i].get("name")
    if how in ("missing", "root-missing"):
        del nodes[i]["name"]
        return None, f"/nodes/{i}/name", f"name {show(old)} removed from node {nodes[i]['id']}"
    nodes[i]["name"] = None if how == "null" else 5
    return None, f"/nodes/{i}/name", f"name {show(old)} -> {show(nodes[i]['name'])}"


def e_nodes(rng, base, doc, how):
    nodes = doc["nodes"]
    if how == "missing":
        del doc["nodes"]
        return None, "/nodes", "nodes removed"
    if how == "object":
        doc["nodes"] = {str(n["id"]): n for n in nodes}
        return None, "/nodes", "nodes an object keyed by id, not an array"
    if how.startswith("element-"):
        i = rng.randint(0, len(nodes))
        nodes.insert(i, {"element-null": None, "element-number": 7}[how])
        return None, f"/nodes/{i}", f"an element that is not an object ({how[8:]}) inserted"
    raise ValueError(how)


ET_FAMILIES = [
    ("control", c_control, [v("control")], 1),
    ("parent", e_parent, [v("parent-dangling", how="dangling")], 3),
    ("parent", e_parent, [v(f"parent-{h}", how=h) for h in ("negative", "missing", "string", "null")], 1),
    ("parent-cycle", e_cycle, [v("parent-cycle-2", length=2), v("parent-cycle-3", length=3)], 1),
    ("duplicate-id", e_dup_id, [v("dup-id-copied-node", how="copied-node"), v("dup-id-collision", how="collision")], 2),
    ("roots", e_roots, [v(f"roots-{h}", how=h) for h in ("second-self-parent", "second-copied-root",
                                                         "root-removed", "root-parent-child")], 1),
    ("attrs", e_attrs, [v(f"attrs-{h}", how=h) for h in ("all-dropped", "one-dropped", "container-retyped",
                                                         "value-retyped", "type-unknown")], 1),
    ("io-lengths", e_io_lengths, [v(f"io-{w}-unequal", which=w) for w in ("values", "shapes", "types")], 1),
    ("tensor-arity", e_tensor_arity, [v(f"tensor-arity-{a}", arity=a) for a in (5, 7)], 2),
    ("types", e_types, [v(f"types-{h}", how=h) for h in ("number", "null", "unknown", "tensor-unknown-dtype",
                                                         "list-not-array")], 1),
    ("schema", e_schema, [v(f"schema-{n}", value=x) for n, x in (
        ("1.2.0-chakra", "1.2.0-chakra.0.0.4"), ("2.0.0", "2.0.0"), ("0.9.0", "0.9.0"), ("1.0.0", "1.0.0"),
        ("1.1.9-chakra", "1.1.9-chakra.0.0.4"), ("1.1", "1.1"), ("empty", ""), ("number", "#1.1"),
        ("null", None), ("missing", "(absent)"))], 1),
    ("node-id", e_node_id, [v("id-string", how="string")], 2),
    ("node-id", e_node_id, [v("id-root-string", how="root-string"), v("id-float", how="float")], 1),
    ("name", e_name, [v(f"name-{h}", how=h) for h in ("missing", "root-missing", "null", "number")], 1),
    ("nodes", e_nodes, [v(f"nodes-{h}", how=h) for h in ("missing", "object", "element-null", "element-number")], 1),
    ("truncation", c_truncate, [v(f"trunc-{w}", where=w) for w in ("inside-event", "between-events", "mid-string",
                                                                   "after-open", "after-list",
                                                                   "before-final-brace")], 1),
]


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------
def generate(bases, log):
    """Rows (file, base, kind, mutation, pointer, description) and the files' bytes, in a fixed order."""
    out = []  # (relpath, data, base, family, mutation, pointer, description)
    seen = set()
    for base in bases:
        folder = ("chrome_trace" if base.kind == "chrome" else "execution_trace") + "/" + base.name
        families = CHROME_FAMILIES if base.kind == "chrome" else ET_FAMILIES
        full = base.name in FULL_BASES
        plain = []
        for family, fn, variants, per in families:
            if not full and family not in ALWAYS_FULL and len(variants) > 1:
                pick_rng = random.Random(f"{SEED}/{base.name}/{family}/{variants[0][0]}")
                keep = max(1, round(len(variants) * PARTIAL_SHARE))
                chosen = set(pick_rng.sample(range(len(variants)), keep))
                variants = [x for k, x in enumerate(variants) if k in chosen]
            for mutation, kw in variants:
                for n in range(per):
                    made = None
                    for attempt in range(6):
                        seed = f"{SEED}/{base.name}/{mutation}/{n}" + (f"/{attempt}" if attempt else "")
                        rng = random.Random(seed)
                        doc = copy.deepcopy(base.doc)
                        try:
                            data, pointer, desc = fn(rng, base, doc, **kw)
                        except Skip:
                            break
                        if data is None:
                            data = render(doc, base.list_key)[0]
                        digest = hashlib.sha256(data).digest()
                        if digest in seen or (family != "control" and data == base.bytes):
                            continue
                        made = (data, pointer, desc)
                        seen.add(digest)
                        break
                    if made is None:
                        continue
                    rel = f"{folder}/{mutation}-{n}.json"
                    row = (rel, made[0], base.name, family, mutation, made[1], made[2])
                    out.append(row)
                    plain.append(row)
        if base.kind == "chrome":
            rng = random.Random(f"{SEED}/{base.name}/gzip")
            k = max(1, round(len(plain) * GZIP_SHARE))
            for idx in sorted(rng.sample(range(len(plain)), k)):
                rel, data, bname, family, mutation, pointer, desc = plain[idx]
                gz = gzip.compress(data, compresslevel=9, mtime=0)
                seen.add(hashlib.sha256(gz).digest())
                out.append((rel + ".gz", gz, bname, "gzip+" + family, mutation, pointer,
                            f"gzip (.json.gz) of {os.path.basename(rel)}: {desc}"))
        log(f"  {base.name}: {sum(1 for r in out if r[2] == base.name)} files")
    return out


def tsv_cell(s):
    return str(s).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def write(out_dir, bases, rows):
    for sub in ("chrome_trace", "execution_trace"):
        shutil.rmtree(os.path.join(out_dir, sub), ignore_errors=True)
    for rel, data, *_ in rows:
        if len(data) > MAX_BYTES:
            raise SystemExit(f"make_mutations.py: {rel} would be {len(data)} bytes (limit {MAX_BYTES})")
        path = os.path.join(out_dir, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(data)
    lines = ["# The mutation set made by harness/tests/oracle/make_mutations.py (its docstring: the contract).",
             "# One mutation per file; pointer: a JSON pointer into the output (into the base for a removal).",
             "# Bases (control-0.json under each is the base unmutated):"]
    for b in bases:
        lines.append(f"#   {b.name}\t{b.kind}\t{b.label}" + (f"\t{b.note}" if b.note else ""))
    lines.append("file\tbase\tkind\tmutation\tpointer\tdescription")
    for rel, data, base, family, mutation, pointer, desc in rows:
        lines.append("\t".join(tsv_cell(x) for x in (rel, base, family, mutation, pointer, desc)))
    with open(os.path.join(out_dir, "MANIFEST.tsv"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out_dir")
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(ROOT), "shared"),
                    help="the shared folder (default: ../shared beside the project); its corpus/ gives more bases")
    ap.add_argument("--no-shared", action="store_true", help="use only the committed captures")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    log = lambda msg: print(msg, file=sys.stderr)
    bases = load_bases(None if args.no_shared else args.shared)
    log("bases:")
    for b in bases:
        log(f"  {b.name} ({b.kind}): {b.label}" + (f" [{b.note}]" if b.note else ""))
    rows = generate(bases, log)
    os.makedirs(args.out_dir, exist_ok=True)
    write(args.out_dir, bases, rows)
    chrome = sum(1 for r in rows if r[0].startswith("chrome_trace/"))
    log(f"wrote {len(rows)} files ({chrome} Chrome traces, {len(rows) - chrome} execution traces) "
        f"and MANIFEST.tsv to {args.out_dir} in {time.monotonic() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
