#!/usr/bin/env python3
"""Mutations of one real TORCH_TRACE log, one per way tlparse 0.4.3 --strict
fails and one per quirk it tolerates, each with two expected verdicts: the
exit code of `tlparse --strict` (spec: shared/spec/tlparse.md sections 1-2)
and the exit code `tracecheck check` gives with its default profile.

  tlparse_mutations.py --base LOG --out DIR          write DIR/<name>.log and DIR/verdicts.tsv
  tlparse_mutations.py --base LOG --check TRACECHECK generate into a temp dir, run
                                                     `TRACECHECK check [--profile tlparse]` on
                                                     each, exit 1 on any disagreement

Python 3 standard library only. The base must be a log both tlparse and
tracecheck accept (harness/tests/data/torch_trace/comp_failure.log).
"""

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PREFIX = re.compile(r"[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d{6} \d+ [^:]+:\d+\] ")


class Record:
    """One record: prefix ("V1206 ... file.py:22] "), envelope, payload lines."""

    def __init__(self, prefix, envelope, payload):
        self.prefix = prefix
        self.envelope = envelope
        self.payload = payload  # list of lines without the tab, or None

    def copy(self):
        return Record(self.prefix, json.loads(json.dumps(self.envelope)), None if self.payload is None else list(self.payload))

    def kind(self):
        return next(iter(self.envelope))

    def set_payload(self, text):
        """Sets the payload and its md5 as PyTorch does (trace_structured)."""
        self.envelope["has_payload"] = hashlib.md5(text.encode("utf-8")).hexdigest()
        self.payload = text.split("\n")

    def lines(self):
        out = [self.prefix + json.dumps(self.envelope)]
        if self.payload is not None:
            out += ["\t" + line for line in self.payload]
        return out


class Raw:
    """A line written as is (not a record PyTorch could write)."""

    def __init__(self, text):
        self.text = text

    def copy(self):
        return self

    def kind(self):
        return None

    def lines(self):
        return [self.text]


def parse_log(text):
    records = []
    for line in text.split("\n"):
        if line.startswith("\t"):
            records[-1].payload.append(line[1:])
        elif line:
            m = PREFIX.match(line)
            if not m:
                raise SystemExit("base log line without a glog prefix: " + line[:80])
            envelope = json.loads(line[m.end():])
            records.append(Record(m.group(0), envelope, [] if "has_payload" in envelope else None))
    return records


def render_log(records, final_newline=True):
    text = "\n".join(line for r in records for line in r.lines())
    return (text + ("\n" if final_newline else "")).encode("utf-8")


def first(records, kind, pred=lambda r: True):
    for i, r in enumerate(records):
        if r.kind() == kind and pred(r):
            return i
    raise SystemExit("base log has no %s record" % kind)


def line_of(records, index):
    """1-based line number of records[index]'s envelope in render(records)."""
    return 1 + sum(len(r.lines()) for r in records[:index])


def with_prefix_field(record, group, value):
    """Replaces one field of the glog prefix: 'level', 'fraction', 'thread', 'lineno'."""
    m = re.match(r"([VIWEC])(\d{4} \d\d:\d\d:\d\d)(.)(\d{6}) (\d+)( [^:]+):(\d+)\] $", record.prefix)
    parts = dict(level=m.group(1), date=m.group(2), dot=m.group(3), fraction=m.group(4), thread=m.group(5),
                 path=m.group(6), lineno=m.group(7))
    parts[group] = value
    record.prefix = "%(level)s%(date)s%(dot)s%(fraction)s %(thread)s%(path)s:%(lineno)s] " % parts


def guards_record(base, payload_text):
    """A dynamo_guards record in the compile context of base's dynamo_start."""
    start = base[first(base, "dynamo_start")]
    r = Record(start.prefix.replace("convert_frame.py:961", "guards.py:2400"), {"dynamo_guards": {}}, None)
    for key in ("compiled_autograd_id", "frame_id", "frame_compile_id", "attempt"):
        if key in start.envelope:
            r.envelope[key] = start.envelope[key]
    r.set_payload(payload_text)
    return r


def mutations(base_text):
    """Yields (name, tlparse_exit, default_exit, expected (rule, line) or None, bytes or callable)."""
    base = parse_log(base_text)
    final_newline = base_text.endswith("\n")
    render = lambda records: render_log(records, final_newline)
    if render(base) != base_text.encode("utf-8"):
        raise SystemExit("the base log does not re-render byte for byte; pick a log PyTorch wrote unedited")

    def edit(fn):
        records = [r.copy() for r in base]
        result = fn(records)
        return render(records if result is None else result)

    def text_edit(fn):
        return fn(base_text).encode("utf-8")

    i_str = first(base, "str")
    i_start = first(base, "dynamo_start")
    i_storage = first(base, "describe_storage")
    i_source = first(base, "describe_source")
    i_graph = first(base, "dynamo_output_graph")
    i_artifact = first(base, "artifact")
    i_metrics = first(base, "compilation_metrics")
    i_chromium = first(base, "chromium_event")
    i_last = len(base) - 1
    L = lambda i: line_of(base, i)

    yield "base-unchanged", 0, 0, None, render(base)

    # --- tlparse --strict fails (section 2 of the spec) -----------------------
    def level_d(rs):
        with_prefix_field(rs[i_str], "level", "D")
    yield "glog-level-D", 1, 1, ("tt-prefix", L(i_str)), edit(level_d)

    def short_fraction(rs):
        with_prefix_field(rs[i_str], "fraction", "926")
    yield "glog-fraction-3-digits", 1, 1, ("tt-prefix", L(i_str)), edit(short_fraction)

    def no_space(rs):
        rs[i_str].prefix = rs[i_str].prefix.rstrip(" ")
    yield "glog-no-space-after-bracket", 1, 1, ("tt-prefix", L(i_str)), edit(no_space)

    yield "line-without-prefix", 1, 1, ("tt-prefix", L(i_str) + 1), edit(
        lambda rs: rs[:i_str + 1] + [Raw("this is not a log line")] + rs[i_str + 1:])

    yield "line-of-spaces", 1, 1, ("tt-prefix", L(i_str) + 1), edit(lambda rs: rs[:i_str + 1] + [Raw("   ")] + rs[i_str + 1:])

    def orphan(rs):
        rs[i_str].payload = ["orphan payload line"]
    yield "orphan-payload-line", 1, 1, ("tt-orphan-payload", L(i_str) + 1), edit(orphan)

    def str_with_payload(rs):
        rs[i_str].set_payload("a str record takes no payload")
    yield "payload-after-str-record", 1, 1, ("tt-orphan-payload", L(i_str) + 1), edit(str_with_payload)

    yield "envelope-invalid-json", 1, 1, ("json-syntax", L(i_storage)), text_edit(
        lambda t: t.replace('"size": 64}', '"size": 64', 1))

    yield "envelope-trailing-text", 1, 1, ("json-syntax", L(i_storage)), text_edit(
        lambda t: t.replace('"size": 64}, ', '"size": 64} x, ', 1))

    def not_object(rs):
        rs[i_source] = Raw(rs[i_source].prefix + '["describe_source"]')
    yield "envelope-not-object", 1, 1, ("tt-envelope", L(i_source)), edit(not_object)

    def no_encoding(rs):
        del rs[i_artifact].envelope["artifact"]["encoding"]
    yield "artifact-without-encoding", 1, 1, ("tt-envelope", L(i_artifact)), edit(no_encoding)

    def rank_string(rs):
        rs[i_start].envelope["rank"] = "0"
    yield "rank-is-a-string", 1, 1, ("tt-envelope", L(i_start)), edit(rank_string)

    def filename_minus_one(rs):
        rs[i_start].envelope["dynamo_start"]["stack"][0]["filename"] = -1
    yield "stack-frame-filename-minus-one", 1, 1, ("tt-envelope", L(i_start)), edit(filename_minus_one)

    def storage_size_string(rs):
        rs[i_storage].envelope["describe_storage"]["size"] = "64"
    yield "describe-storage-size-string", 1, 1, ("tt-envelope", L(i_storage)), edit(storage_size_string)

    yield "known-key-repeated", 1, 1, ("tt-envelope", L(i_storage)), text_edit(
        lambda t: t.replace('{"describe_storage": {"id": 0, "describer_id": 0, "size": 64}, ',
                            '{"describe_storage": {"id": 0, "describer_id": 0, "size": 64}, '
                            '"describe_storage": {"id": 0, "describer_id": 0, "size": 64}, ', 1))

    yield "nan-in-envelope", 1, 1, ("tt-envelope", L(i_metrics)), text_edit(
        lambda t: t.replace('{"compilation_metrics": {', '{"compilation_metrics": {"x_unknown": NaN, ', 1))

    yield "lone-surrogate-in-envelope", 1, 1, ("tt-envelope", L(i_storage)), text_edit(
        lambda t: t.replace('"size": 64}, ', '"size": 64, "x_unknown": "\\udc80"}, ', 1))

    yield "number-out-of-range-in-envelope", 1, 1, ("tt-envelope", L(i_metrics)), text_edit(
        lambda t: t.replace('{"compilation_metrics": {', '{"compilation_metrics": {"x_unknown": 1e999, ', 1))

    def str_bad(rs):
        rs[i_str].envelope["str"] = rs[i_str].envelope["str"][:1]
    yield "str-without-id", 1, 1, ("tt-str-intern", L(i_str)), edit(str_bad)

    def flip(rs):
        line = rs[i_artifact].payload[1]
        rs[i_artifact].payload[1] = line[:5] + ("X" if line[5] != "X" else "Y") + line[6:]
    yield "payload-byte-flipped", 1, 1, ("tt-payload-md5", L(i_artifact)), edit(flip)

    def upper(rs):
        rs[i_artifact].envelope["has_payload"] = rs[i_artifact].envelope["has_payload"].upper()
    yield "has-payload-uppercase", 1, 1, ("tt-has-payload", L(i_artifact)), edit(upper)

    def payload_dropped(rs):
        rs[i_graph].payload = []
    yield "payload-lines-missing", 1, 1, ("tt-payload-md5", L(i_graph)), edit(payload_dropped)

    def ranked(rs, rank_of):
        for k, r in enumerate(rs):
            if r.kind() != "str" and rank_of(k) is not None:
                r.envelope["rank"] = rank_of(k)
    yield "rank-mismatch", 1, 1, ("tt-rank-mismatch", L(i_last)), edit(
        lambda rs: ranked(rs, lambda k: 1 if k == i_last else 0))
    yield "rank-missing-after-a-rank", 1, 0, ("tt-rank-missing", L(i_last)), edit(
        lambda rs: ranked(rs, lambda k: None if k == i_last else 0))

    def guards(payload):
        def fn(rs):
            rs.insert(i_metrics, guards_record(base, payload))
        return fn
    good_guards = '[\n{"code": "hasattr(L[\'x\'], \'_dynamo_dynamic_indices\') == False"}\n]'
    yield "dynamo-guards-ok", 0, 0, None, edit(guards(good_guards))
    yield "dynamo-guards-not-a-list", 1, 1, ("tt-dynamo-guards-json", None), edit(guards('{"code": "x"}'))
    yield "dynamo-guards-without-code", 1, 1, ("tt-dynamo-guards-json", None), edit(guards('[\n{"stack": []}\n]'))
    yield "dynamo-guards-not-json", 1, 1, ("tt-dynamo-guards-json", None), edit(guards("[\n{\"code\": "))

    def encoding(value):
        def fn(rs):
            rs[i_artifact].envelope["artifact"]["encoding"] = value
        return fn
    yield "artifact-encoding-unknown", 1, 1, ("tt-artifact-encoding", L(i_artifact)), edit(encoding("base64"))

    def no_reason(rs):
        m = rs[i_metrics].envelope["compilation_metrics"]
        assert m.get("fail_type")
        del m["fail_reason"]
    yield "metrics-fail-type-without-reason", 1, 0, ("tt-metrics-fail-reason", L(i_metrics)), edit(no_reason)

    def null_reason(rs):
        rs[i_metrics].envelope["compilation_metrics"]["fail_reason"] = None
    yield "metrics-fail-reason-null", 1, 0, ("tt-metrics-fail-reason", L(i_metrics)), edit(null_reason)

    def thread(value, index):
        def fn(rs):
            with_prefix_field(rs[index], "thread", value)
        return fn
    yield "thread-id-over-u64", 1, 1, ("tt-thread-id", L(i_storage)), edit(thread("99999999999999999999", i_storage))
    yield "thread-id-unicode-digits", 1, 1, ("tt-prefix-panic", L(i_storage)), edit(thread("\u0661\u0662", i_storage))

    def lineno(rs):
        with_prefix_field(rs[i_storage], "lineno", "99999999999999999999")
    yield "line-number-over-u64", 1, 1, ("tt-prefix-panic", L(i_storage)), edit(lineno)

    yield "invalid-utf8", 1, 1, ("input-invalid-utf8", L(i_str)), render(base).replace(b".py\"", b"\xff.py\"", 1)

    # --- tolerated by tlparse 0.4.3 ------------------------------------------
    yield "thread-id-over-u64-on-chromium-event", 0, 1, ("tt-prefix-number", L(i_chromium)), edit(
        thread("99999999999999999999", i_chromium))
    yield "thread-id-over-u64-on-str-record", 0, 1, ("tt-prefix-number", L(i_str)), edit(
        thread("99999999999999999999", i_str))
    yield "crlf-line-endings", 0, 0, ("input-crlf", 1), render(base).replace(b"\n", b"\r\n")
    yield "utf8-bom", 0, 0, ("input-bom", 1), b"\xef\xbb\xbf" + render(base)
    yield "blank-lines-between-records", 0, 0, ("tt-blank-line", 2), text_edit(lambda t: t.replace("\n", "\n\n", 3))

    yield "blank-line-inside-payload", 0, 0, ("tt-blank-line", L(i_artifact) + 2), text_edit(
        lambda t: "\n".join(l if k != L(i_artifact) + 1 else l + "\n" for k, l in enumerate(t.split("\n"), 1)))

    def unknown_key(rs):
        rs.insert(i_metrics, Record(rs[i_metrics].prefix, {"some_future_kind": {"x": 1},
                                                           "frame_id": 0, "frame_compile_id": 0}, None))
    yield "unknown-event-key", 0, 0, None, edit(unknown_key)

    def unknown_nested(rs):
        rs[i_artifact].envelope["artifact"]["new_field"] = [1, {"deep": None}]
    yield "unknown-nested-field", 0, 0, None, edit(unknown_nested)

    def junk(rs):
        rs[i_str].prefix = "garbage " + rs[i_str].prefix
    yield "junk-before-prefix", 0, 1, ("tt-prefix-junk", L(i_str)), edit(junk)

    def launcher(rs):
        for r in rs:
            if r.payload is None:
                r.prefix = "[rank0]:" + r.prefix
    yield "launcher-prefix", 0, 0, ("tt-launcher-prefix", L(i_str)), edit(launcher)

    # After a record without payload a tab line is no payload; the prefix
    # match is unanchored, so tlparse reads it as a record. (After a payload
    # it would be a payload line.)
    def tab_then_record(rs):
        assert rs[i_str].payload is None
        rs[i_str + 1].prefix = "\t" + rs[i_str + 1].prefix
    yield "tab-before-a-record", 0, 1, ("tt-prefix-junk", L(i_str + 1)), edit(tab_then_record)

    def chromium_bad(rs):
        rs[i_chromium].set_payload("{\n\"name\": \"dynamo\",\n\"ts\": ")
    yield "chromium-payload-not-json", 0, 1, ("tt-chromium-json", None), edit(chromium_bad)

    def chromium_nan(rs):
        rs[i_chromium].set_payload("{\n\"name\": \"dynamo\",\n\"ts\": NaN,\n\"ph\": \"B\",\n\"pid\": 0,\n\"tid\": 0\n}")
    yield "chromium-payload-nan", 0, 0, ("json-non-finite", L(i_chromium) + 3), edit(chromium_nan)

    def chromium_lone_surrogate(rs):
        rs[i_chromium].set_payload(
            "{\n\"cat\": \"\\ud800\",\n\"name\": \"dynamo\",\n\"ph\": \"B\",\n\"ts\": 1,\n\"pid\": 0,\n\"tid\": 0\n}")
    yield "chromium-payload-lone-surrogate", 0, 0, ("json-lone-surrogate", L(i_chromium) + 2), edit(
        chromium_lone_surrogate)
    yield "dynamo-guards-lone-surrogate", 1, 1, ("tt-dynamo-guards-json", None), edit(
        guards('[\n{"code": "\\udc80"}\n]'))

    yield "json-artifact-not-json", 0, 1, ("tt-artifact-json", None), edit(encoding("json"))

    def fork(rs):
        for r in rs[i_metrics:]:
            with_prefix_field(r, "thread", "1543999")
    yield "fork-pid-change", 0, 1, ("tt-fork", L(i_metrics)), edit(fork)

    yield "compile-unclosed", 0, 1, ("tt-compile-unclosed", L(i_start)), edit(lambda rs: rs[:i_metrics] + rs[i_metrics + 1:])
    yield "compile-duplicate", 0, 1, ("tt-compile-duplicate", None), edit(
        lambda rs: rs + [rs[i_start].copy(), rs[i_metrics].copy()])

    def frame_string(rs):
        rs[i_storage].envelope["frame_id"] = "0"
    yield "compile-id-mistyped", 0, 1, ("tt-compile-id", L(i_storage)), edit(frame_string)

    def frame_only(rs):
        del rs[i_storage].envelope["frame_compile_id"]
    yield "compile-id-incomplete", 0, 1, ("tt-compile-id", L(i_storage)), edit(frame_only)

    yield "compile-id-key-repeated", 0, 0, ("json-duplicate-key", L(i_storage)), text_edit(
        lambda t: t.replace('"size": 64}, "compiled_autograd_id": null, "frame_id": 0,',
                            '"size": 64}, "compiled_autograd_id": null, "frame_id": 0, "frame_id": 0,', 1))

    yield "unknown-key-repeated", 0, 0, ("json-duplicate-key", L(i_storage)), text_edit(
        lambda t: t.replace('"size": 64}, ', '"size": 64}, "x": 1, "x": 2, ', 1))

    def key_conflict(rs):
        rs[i_storage].envelope["timestamp"] = "now"
    yield "raw-jsonl-key-conflict", 0, 0, ("tt-key-conflict", L(i_storage)), edit(key_conflict)

    def null_payload(rs):
        rs[i_storage].envelope["has_payload"] = None
    yield "has-payload-null", 0, 1, ("tt-null-key", L(i_storage)), edit(null_payload)

    def null_event(rs):
        rs[i_storage].envelope["describe_tensor"] = None
    yield "event-key-null", 0, 1, ("tt-null-key", L(i_storage)), edit(null_event)

    def str_other_rank(rs):
        ranked(rs, lambda k: 0)
        rs[i_str].envelope["rank"] = 1  # tlparse interns str records before any rank check
    yield "str-record-of-another-rank", 0, 0, None, edit(str_other_rank)
    yield "rank-from-the-middle-on", 0, 0, None, edit(lambda rs: ranked(rs, lambda k: 0 if k >= i_metrics else None))

    def empty_payload(rs):
        rs[i_artifact].set_payload("")
    yield "empty-payload-as-lone-tab", 0, 0, None, edit(empty_payload)

    def fraction_comma(rs):
        with_prefix_field(rs[i_str], "dot", ",")
    yield "fraction-separator-any-char", 0, 0, None, edit(fraction_comma)

    yield "empty-file", 0, 1, ("input-empty", 1), b""
    yield "blank-lines-only", 0, 1, ("input-empty", 1), b"\n\n\r\n"
    # JSON lines of Chrome trace objects: read as a Chrome trace, whose
    # second top-level value is trailing garbage.
    yield "not-a-trace", 1, 1, ("ct-structure", 2), b'{"traceEvents": []}\n' * 20

    # --- inputs other than a plain file ---------------------------------------
    yield "gzip-compressed", 0, 0, None, ("gzip", render(base))
    yield "gzip-compressed-payload-flipped", 1, 1, ("tt-payload-md5", L(i_artifact)), ("gzip", edit(flip))
    yield "stdin", 0, 0, None, ("stdin", render(base))
    yield "directory-of-ranks", 0, 0, None, ("directory", {
        "dedicated_log_torch_trace_rank_0_abcd1234.log": edit(lambda rs: ranked(rs, lambda k: 0)),
        "dedicated_log_torch_trace_rank_1_efgh5678.log": edit(lambda rs: ranked(rs, lambda k: 1)),
        "notes.txt": b"not a trace\n"})
    yield "directory-with-a-bad-rank-file", 1, 1, ("tt-payload-md5", None), ("directory", {
        "dedicated_log_torch_trace_rank_0.log": render(base),
        "dedicated_log_torch_trace_rank_1.log": edit(flip)})


def materialise(out_dir, name, content):
    """Writes one mutation; returns the argument to pass to tracecheck and stdin bytes (or None)."""
    if isinstance(content, tuple):
        kind, data = content
        if kind == "gzip":
            path = os.path.join(out_dir, name + ".log.gz")
            with open(path, "wb") as f:
                f.write(gzip.compress(data))
            return path, None
        if kind == "stdin":
            path = os.path.join(out_dir, name + ".log")
            with open(path, "wb") as f:
                f.write(data)
            return "-", data
        if kind == "directory":
            path = os.path.join(out_dir, name)
            os.makedirs(path, exist_ok=True)
            for file_name, file_data in data.items():
                with open(os.path.join(path, file_name), "wb") as f:
                    f.write(file_data)
            return path, None
        raise ValueError(kind)
    path = os.path.join(out_dir, name + ".log")
    with open(path, "wb") as f:
        f.write(content)
    return path, None


def run(tracecheck, arg, stdin, profile):
    cmd = [tracecheck, "check", "--output", "json"] + (["--profile", profile] if profile else []) + [arg]
    p = subprocess.run(cmd, input=stdin if stdin is not None else b"", capture_output=True, timeout=60)
    findings = []
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        try:
            findings.append(json.loads(line))
        except ValueError:
            pass
    return p.returncode, findings, p.stderr.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True, help="a real TORCH_TRACE log tlparse and tracecheck accept")
    ap.add_argument("--out", help="write the mutations and verdicts.tsv here")
    ap.add_argument("--check", metavar="TRACECHECK", help="check every verdict with this tracecheck binary")
    args = ap.parse_args()
    if not args.out and not args.check:
        ap.error("give --out DIR, --check TRACECHECK, or both")
    with open(args.base, encoding="utf-8", newline="") as f:
        base_text = f.read()

    out_dir = args.out or tempfile.mkdtemp(prefix="tlparse_mutations_")
    os.makedirs(out_dir, exist_ok=True)
    rows, failures = [], 0
    try:
        with open(os.path.join(out_dir, "verdicts.tsv"), "w") as tsv:
            tsv.write("# name\ttlparse_strict_exit\tdefault_exit\texpected_rule\texpected_line\n")
            for name, tlparse_exit, default_exit, expected, content in mutations(base_text):
                arg, stdin = materialise(out_dir, name, content)
                rule, line = expected if expected else ("", None)
                tsv.write("%s\t%d\t%d\t%s\t%s\n" % (name, tlparse_exit, default_exit, rule, line or ""))
                if not args.check:
                    continue
                got_t, _, err_t = run(args.check, arg, stdin, "tlparse")
                got_d, findings, err_d = run(args.check, arg, stdin, None)
                problems = []
                if got_t != tlparse_exit:
                    problems.append("--profile tlparse exited %d, tlparse --strict exits %d" % (got_t, tlparse_exit))
                if got_d != default_exit:
                    problems.append("default profile exited %d, expected %d" % (got_d, default_exit))
                if rule and not any(f.get("rule") == rule and (line is None or f.get("line") == line) for f in findings):
                    seen = ", ".join("%s@%s" % (f.get("rule"), f.get("line")) for f in findings[:8]) or "nothing"
                    problems.append("expected %s at line %s; found %s" % (rule, line or "any", seen))
                status = "ok" if not problems else "FAIL"
                failures += bool(problems)
                rows.append((status, name, tlparse_exit, got_t, default_exit, got_d))
                if problems:
                    print("FAIL %s: %s" % (name, "; ".join(problems)))
                    print("     stderr: %s" % (err_d.strip().splitlines() or [""])[-1])
    finally:
        if not args.out:
            shutil.rmtree(out_dir, ignore_errors=True)
    if args.check:
        print("%-4s %-40s %8s %8s %8s %8s" % ("", "mutation", "tlparse", "profile", "default", "got"))
        for status, name, t, gt, d, gd in rows:
            print("%-4s %-40s %8d %8d %8d %8d" % (status, name, t, gt, d, gd))
        print("%d mutations, %d disagreements" % (len(rows), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
