#!/usr/bin/env python3
"""Reference output for `tracecheck scrub --rules torch_trace/pytorch_test`.

An independent reimplementation, in plain Python (stdlib only), of what
PyTorch's structured-trace tests print for a TORCH_TRACE log
(test/dynamo/test_structured_trace.py: StructuredTraceTestingFilter,
ChromiumEventFilter, StructuredTraceTestingFormatter,
StructuredTracePayloadFormatter, replace_dynamic). It shares no code and no
rule file with tracecheck; CI runs both on real logs and requires
byte-identical output (harness/tests/scrub.cmake).

Reading the log: each record is handed over as PyTorch's logging handed it
to the formatter: metadata = json.loads of the text after the glog prefix,
payload = the tab-prefixed lines after it, tab removed, joined by "\\n" (None
when the record has no has_payload). Damaged logs are read the way
tracecheck's reader (and tlparse) reads them: lines split on "\\n" with a
"\\r" before it dropped, blank lines ignored (inside payloads too), the
prefix matched anywhere in the line, lines without one skipped, a record
whose JSON does not parse skipped with its payload, and nothing read when
none of the first 16 non-blank lines has a prefix.

Usage: pytorch_test_formatter.py [--keep-chromium] [--match-name NAME] LOG
"""

import argparse
import copy
import json
import re
import sys

# tlparse's prefix regex; Python's str \d is Unicode, as Rust's is.
PREFIX = re.compile(
    r"([VIWEC])(\d{2})(\d{2}) (\d{2}):(\d{2}):(\d{2}).(\d{6}) (\d+)([^:]+):(\d+)\] (.)"
)
SNIFF_LINES = 16
DYNAMIC_KEYS = ("inductor_compile_time_s", "code_gen_time_s", "structured_logging_overhead_s")


class Record:
    def __init__(self, metadata, payload):
        self.metadata = metadata
        self.payload = payload


def log_lines(data):
    """Rust str::lines(): split on \\n, drop one \\r before it (a last line
    without \\n keeps its \\r)."""
    parts = data.split(b"\n")
    lines = [p[:-1] if p.endswith(b"\r") else p for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return [line.decode("utf-8", "surrogateescape") for line in lines]


def read_records(data):
    records = []
    mode = "records"  # or "payload", "skip_payload"
    current = None  # (metadata, payload lines) while reading a payload
    recognised = False
    unrecognised = 0

    def finish_payload():
        metadata, lines = current
        records.append(Record(metadata, "\n".join(lines)))

    for line in log_lines(data):
        if line == "":
            continue  # blank lines are dropped, inside payloads too
        if mode == "payload":
            if line.startswith("\t"):
                current[1].append(line[1:])
                continue
            finish_payload()
            mode = "records"
        elif mode == "skip_payload":
            if line.startswith("\t"):
                continue
            mode = "records"
        m = PREFIX.search(line)
        if not m:
            if not recognised:
                unrecognised += 1
                if unrecognised >= SNIFF_LINES:
                    return []  # not a TORCH_TRACE log: nothing is read
            continue
        recognised = True
        json_text = line[m.start(11):]
        try:
            # Bytes that are not UTF-8 came in as surrogate escapes: not JSON
            # text (UnicodeEncodeError is a ValueError).
            json_text.encode("utf-8")
            metadata = json.loads(json_text)
        except (ValueError, RecursionError):
            mode = "skip_payload"
            continue
        if not isinstance(metadata, dict):
            mode = "skip_payload"
            continue
        if metadata.get("str") is not None:
            records.append(Record(metadata, None))  # no payload is read after a str record
            mode = "records"
            continue
        has_payload = metadata.get("has_payload")
        if isinstance(has_payload, str):
            current = (metadata, [])
            mode = "payload"
        elif has_payload is not None:
            records.append(Record(metadata, None))
            mode = "skip_payload"
        else:
            records.append(Record(metadata, None))
            mode = "records"
    if mode == "payload":
        finish_payload()
    return records


def keep(record, match_name, keep_chromium):
    """StructuredTraceTestingFilter(match_name), then ChromiumEventFilter."""
    metadata = record.metadata
    if "str" in metadata:
        return False
    if match_name is not None:
        if "artifact" in metadata:
            if match_name != metadata["artifact"]["name"]:
                return False
        elif match_name not in metadata:
            return False
        return True  # the payload handler has no chromium filter
    return keep_chromium or "chromium_event" not in metadata


def format_record(record):
    """StructuredTraceTestingFormatter.format."""
    metadata = copy.deepcopy(record.metadata)
    if "has_payload" in metadata:
        metadata["has_payload"] = "HASH"
    if "dynamo_start" in metadata:
        metadata["dynamo_start"]["stack"] = "STACK"
    if "inductor_output_code" in metadata:
        metadata["inductor_output_code"]["filename"] = "FILENAME"
        if "file_path" in metadata["inductor_output_code"]:
            metadata["inductor_output_code"]["file_path"] = "FILENAME"
    if "stack" in metadata:
        metadata["stack"] = "STACK"
    for key in ("compilation_metrics", "bwd_compilation_metrics",
                "compilation_metrics_runtime", "bwd_compilation_metrics_runtime"):
        if key in metadata:
            metadata[key] = "METRICS"
    if "describe_storage" in metadata:
        metadata["describe_storage"]["describer_id"] = "ID"
    if "describe_tensor" in metadata:
        metadata["describe_tensor"]["describer_id"] = "ID"
        if "view_func" in metadata["describe_tensor"]:
            metadata["describe_tensor"]["view_func"] = "VIEW_FUNC"
    if "describe_source" in metadata:
        metadata["describe_source"]["describer_id"] = "ID"
    for key in ("create_symbol", "guard_added_fast", "create_unbacked_symbol"):
        if key in metadata:  # only the first one present
            metadata[key]["user_stack"] = "STACK"
            metadata[key]["stack"] = "STACK"
            break
    if "dump_file" in metadata:
        metadata["dump_file"]["name"] = "<eval_with_key>"
        lines = record.payload.splitlines()
        return json.dumps(metadata) + "\n" + "\n".join(line.rstrip() for line in lines)
    return json.dumps(metadata)


def format_payload(record):
    """StructuredTracePayloadFormatter.format."""
    return record.payload.strip()


def replace_dynamic(buffer, key):
    return re.sub(r'("' + key + r'":\s*)(\d+\.\d+)', r"\1<dynamic>", buffer)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep-chromium", action="store_true",
                        help="keep chromium_event records (@show_chrome_events)")
    parser.add_argument("--match-name", help="print this artifact's payload (match_name)")
    parser.add_argument("log")
    args = parser.parse_args()
    with open(args.log, "rb") as f:
        data = f.read()

    out = []
    for record in read_records(data):
        # logging: an exception in a filter or formatter means nothing is
        # written for the record (Handler.handleError).
        try:
            if not keep(record, args.match_name, args.keep_chromium):
                continue
            if args.match_name is not None:
                out.append(format_payload(record) + "\n")
            else:
                out.append(format_record(record) + "\n")
        except (TypeError, KeyError, AttributeError) as e:
            print(f"record skipped: {type(e).__name__}: {e}", file=sys.stderr)
    buffer = "".join(out)
    if args.match_name is None:
        for key in DYNAMIC_KEYS:
            buffer = replace_dynamic(buffer, key)
    sys.stdout.buffer.write(buffer.encode("utf-8", "surrogateescape"))


if __name__ == "__main__":
    main()
