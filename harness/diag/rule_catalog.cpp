#include "diag/rule_catalog.h"

#include <array>

namespace tc::diag {
namespace {

constexpr auto E = Severity::Error;
constexpr auto W = Severity::Warning;
constexpr auto Off = Severity::Off;  // rules reported only under profiles that turn them on

// Keep grouped by format, sorted by id inside a group.
//
// Severity classes, the same for every format: anything that makes the input
// unreadable as its format is an error (exit 1): not the format, truncated,
// invalid UTF-8, a JSON syntax error, nesting past 1024 levels, wrong types.
// What a reader can read but an emitter should not write is a warning (exit
// 0; 1 with --werror; a profile may promote it): CRLF line ends (input-crlf),
// a UTF-8 BOM (input-bom), a very long line (input-long-line), a number out
// of double range (json-number-range), a lone surrogate escape
// (json-lone-surrogate), a duplicate key (json-duplicate-key), NaN/Infinity
// (json-non-finite), an unknown keyword or key (schema-unknown-key and each
// format's own), and a Chrome trace's unterminated bare array (the Chrome
// format's own rule). A format may add an error beside a warning where its
// main consumer cannot read the record (tt-envelope: tlparse's serde_json
// rejects NaN, 1e999 and lone surrogates inside an envelope).
// harness/tests/data/bad_inputs/MANIFEST.tsv holds one input per class.
constexpr std::array kRules = {
    // Any input.
    Rule{"input-empty", E, "the input holds no records: it is empty or only blank lines",
         "nothing was traced; tlparse accepts an empty log"},
    Rule{"input-format", E, "the input is not a format tracecheck recognizes",
         "nothing can be checked; consumers reject it too"},
    Rule{"input-invalid-utf8", E, "the input holds bytes that are not UTF-8",
         "JSON must be UTF-8; tlparse stops reading at the first invalid byte"},
    Rule{"input-bom", W, "the input starts with a UTF-8 byte order mark",
         "PyTorch never writes one; some JSON parsers reject it"},
    Rule{"input-long-line", W, "an envelope or event line is longer than the reader's piece size (4 MB)",
         "PyTorch never writes one; it is read in pieces and checked, but usually means lost newlines"},
    Rule{"input-line-too-long", E, "an envelope line is longer than the reader's limit (16 MiB) and was not checked",
         "no emitter writes such an envelope; the file is damaged (a lost newline)"},
    Rule{"input-crlf", W, "lines end with CRLF",
         "PyTorch writes LF; a CRLF file was rewritten by another tool"},
    Rule{"json-syntax", E, "the text is not valid JSON", "every consumer rejects the record"},
    Rule{"json-duplicate-key", W, "an object holds the same key twice",
         "parsers disagree on which value wins (Python keeps the last)"},
    Rule{"json-lone-surrogate", W, "a string holds a \\uD800-\\uDFFF escape without its pair",
         "not valid Unicode; strict parsers (simdjson, Rust's serde_json) reject the record"},
    Rule{"json-non-finite", W, "NaN or Infinity literal (Python's JSON dialect, not JSON)",
         "JavaScript-based consumers such as Perfetto reject the file"},
    Rule{"json-number-range", W, "a number does not fit a double",
         "consumers read it as infinity or reject it"},
    // TORCH_TRACE (structured compile trace).
    Rule{"tt-artifact-encoding", E, "an artifact's encoding is neither \"string\" nor \"json\"",
         "tlparse fails its parser on it (--strict exits 1)"},
    Rule{"tt-artifact-json", E, "a json-encoded artifact's payload is not valid JSON",
         "consumers that load the artifact fail; tlparse keeps the raw text"},
    Rule{"tt-blank-line", W, "a blank line between records",
         "PyTorch never writes one; tlparse drops blank lines, which can hide a payload defect"},
    Rule{"tt-chromium-event", E, "a chromium_event payload is not a Chrome trace event (name, ph, ts, pid, tid)",
         "tlparse copies it into chromium_events.json; chrome://tracing and Perfetto drop or misplace it"},
    Rule{"tt-chromium-json", E, "a chromium_event payload is not valid JSON",
         "the event is lost: tlparse 0.4.3 silently leaves it out of chromium_events.json"},
    Rule{"tt-chromium-unbalanced", E, "a chromium \"E\" event closes no open \"B\", or a \"B\" is never closed (per compile id)",
         "the span is lost or never ends in chrome://tracing and Perfetto"},
    Rule{"tt-compile-duplicate", E, "two compiles started with the same compile id",
         "tlparse merges their artifacts into one directory"},
    Rule{"tt-compile-id", E, "compile-id fields are mistyped, inconsistent or not of the CompileId grammar",
         "tlparse files the record under no compile id or rejects the envelope"},
    Rule{"tt-compile-unclosed", E, "a dynamo_start has no compilation_metrics for the same compile id",
         "the compile never finished, or its metrics were lost"},
    Rule{"tt-dynamo-guards-json", E, "a dynamo_guards payload is not a JSON list of {code, ...}",
         "tlparse counts fail_dynamo_guards_json (--strict exits 1)"},
    Rule{"tt-envelope", E, "the envelope is not an object, or a known key has the wrong type",
         "tlparse cannot deserialize it (fail_json)"},
    Rule{"tt-fork", E, "records from several processes in one file (the pid in the prefix changes)",
         "a forked child inherited the trace stream; compile ids and intern ids collide"},
    Rule{"tt-has-payload", E, "has_payload is not 32 lowercase hex digits",
         "tlparse cannot check the payload (fail_payload_md5)"},
    Rule{"tt-key-conflict", W, "the envelope uses a key tlparse reserves (timestamp, thread, pathname, lineno, payload_filename)",
         "tlparse drops the record from raw.jsonl"},
    Rule{"tt-launcher-prefix", W, "lines carry a [rankN]: prefix from a launcher that tees output",
         "the file is a copy of stdout, not the TORCH_TRACE file; tlparse tolerates it"},
    Rule{"tt-metrics-fail-reason", W, "compilation_metrics has fail_type but no fail_reason",
         "tlparse aborts with 'Fail reason not found' whatever its flags"},
    Rule{"tt-null-key", E, "a key tlparse knows (has_payload, rank, an event key) is null",
         "tlparse reads it as absent: no payload is read, no record of that kind is made"},
    Rule{"tt-orphan-payload", E, "payload lines without a record that has has_payload",
         "tlparse reads each as an unrecognized line (fail_glog)"},
    Rule{"tt-payload-md5", E, "the payload's md5 differs from has_payload",
         "the payload was edited or truncated; tlparse counts fail_payload_md5"},
    Rule{"tt-prefix", E, "the line does not start with the glog prefix [VIWEC]MMDD HH:MM:SS.uuuuuu PID PATH:LINE] ",
         "tlparse counts fail_glog (--strict exits 1)"},
    Rule{"tt-prefix-junk", E, "text before the glog prefix",
         "tlparse's prefix match is unanchored and accepts it; other readers do not"},
    Rule{"tt-prefix-number", E, "a glog prefix number has non-ASCII digits or does not fit 64 bits",
         "tlparse panics on it when it writes the record to raw.jsonl; here it does not reach that point"},
    Rule{"tt-prefix-panic", E, "a glog prefix number makes tlparse panic (non-ASCII digits, a line number over u64)",
         "tlparse 0.4.3 exits 101 writing the record to raw.jsonl"},
    Rule{"tt-rank-desync", E, "the rank files of one run do not compile the same graphs in the same order",
         "the ranks traced different code, shapes or guards; the next collective can hang"},
    Rule{"tt-rank-missing", W, "a record without rank after records with a rank",
         "tlparse skips it as other_rank (--strict exits 1); torch 2.14.1 writes its torch_version artifact so"},
    Rule{"tt-rank-mismatch", E, "a record whose rank differs from the file's first rank",
         "tlparse skips it as other_rank; ranks must be in separate files"},
    Rule{"tt-str-intern", E, "a str record is not [string, non-negative integer]",
         "stack frames cannot be resolved; tlparse fails the envelope"},
    Rule{"tt-thread-id", E, "the prefix's thread/pid field does not fit 64 bits",
         "tlparse 0.4.3 panics on it"},
    // Chrome trace (Trace Event Format) and Kineto's extras.
    Rule{"ct-async-unpaired", W, "an async begin (b) without its end (e), or an end without a begin, by (cat, id, name)",
         "catapult reports async_slice_parse_error; Perfetto leaves the slice open"},
    Rule{"ct-bare-array", W, "the trace is a bare JSON array, not the object form with \"traceEvents\"",
         "HTA and Chakra require the object form; Perfetto and chrome://tracing load both"},
    Rule{"ct-be-backwards", W, "B/E timestamps go backwards on one (pid, tid)",
         "catapult: \"Timestamps are moving backward\"; slices nest wrongly"},
    Rule{"ct-be-name-mismatch", W, "an E closes a B of another name", "Perfetto counts title_match_error"},
    Rule{"ct-be-unmatched", W, "an E without an open B, or a B never closed, on one (pid, tid)",
         "catapult drops the E; Perfetto gives an unclosed B dur -1"},
    Rule{"ct-counter-args", E, "a counter (C) without args holding at least one numeric series",
         "Perfetto drops it (json_parser_failure)"},
    Rule{"ct-display-time-unit", W, "displayTimeUnit is neither \"ms\" nor \"ns\"",
         "catapult throws on it; Perfetto ignores it"},
    Rule{"ct-dur-negative", E, "an X event with a negative dur", "Perfetto: slice_negative_duration"},
    Rule{"ct-empty-event", W, "an empty event {}", "Perfetto skips it silently; catapult cannot import it"},
    Rule{"ct-event-not-object", E, "an element of traceEvents is not a JSON object", "every importer rejects it"},
    Rule{"ct-event-too-long", E, "one event is longer than the reader's limit (64 MiB) and was not checked",
         "no emitter writes such an event; the file is damaged"},
    Rule{"ct-field-missing", E, "a field the event's phase requires is missing (ts, name, dur, id, cat)",
         "Perfetto drops the event (json_tokenizer_failure / json_parser_failure)"},
    Rule{"ct-field-type", E, "a field has a type no importer accepts (ts, dur not numbers; pid/tid not int or string)",
         "Perfetto drops the event"},
    Rule{"ct-flow-bp", E, "a flow event's binding point bp is not \"e\"", "catapult rejects it"},
    Rule{"ct-flow-duplicate", W, "a flow start (s) while a flow with the same (cat, id) is open",
         "Perfetto: flow_duplicate_id; the arrow goes to the wrong event"},
    Rule{"ct-flow-unpaired", W, "a flow start without an end, or an end/step without a start, by (cat, id)",
         "no arrow is drawn; Kineto leaves ac2g flows unpaired in real traces"},
    Rule{"ct-instant-scope", E, "an instant event's scope s is not g, p or t", "Perfetto drops the event"},
    Rule{"ct-metadata-args", E, "a metadata (M) event without the args its name needs (name, sort_index, labels)",
         "Perfetto drops it (json_parser_failure)"},
    Rule{"ct-metadata-name", W, "a metadata (M) event name outside process_name/labels/sort_index, thread_name/sort_index",
         "catapult warns (metadata_parse_error); Perfetto ignores it"},
    Rule{"ct-no-trace-events", E, "the object form has no \"traceEvents\" array", "every consumer sees no events"},
    Rule{"ct-pairing-capped", W, "so many open B/async/flow events that pairing checks stopped",
         "memory stays bounded; the rest of the pairing is unchecked"},
    Rule{"ct-phase-missing", E, "an event without ph", "Perfetto drops it (json_tokenizer_failure)"},
    Rule{"ct-phase-unknown", W, "an event's ph is not a phase of the Trace Event Format",
         "catapult warns (Unrecognized event phase); Perfetto ignores the event"},
    Rule{"ct-string-id", W, "a pid or tid is a string, not an integer (Kineto writes \"Spans\", \"Traces\", \"\")",
         "the spec asks for integers; Perfetto reads a string as a name; HTA tolerates it"},
    Rule{"ct-structure", E, "the JSON structure around the events is malformed (nesting, commas, data after the end)",
         "no importer can read the file"},
    Rule{"ct-tid-max", E, "a pid or tid is 2^64-1 (an unsigned -1)", "PyTorch's profiler tests assert it never appears"},
    Rule{"ct-trailing-comma", W, "a comma after the last event", "not JSON: strict parsers (HTA's ijson) reject it; "
         "Perfetto and catapult accept it"},
    Rule{"ct-truncated", E, "the file ends inside an event, or before the object closes",
         "Perfetto: JSON trace file is incomplete; HTA fails to parse"},
    Rule{"ct-ts-negative", E, "a negative ts", "Perfetto drops the event (trace_sorter_negative_timestamp_dropped)"},
    Rule{"ct-unterminated", W, "a bare-array trace without its closing ']'",
         "legal per the spec; catapult and Perfetto accept it, JSON parsers (HTA) do not"},
    Rule{"kt-base-time", W, "a Kineto trace with fractional (relative) timestamps but no baseTimeNanoseconds",
         "HTA converts to wall time with it and raises KeyError without it"},
    Rule{"kt-device-properties", W, "deviceProperties is malformed, or missing in a trace with GPU activity",
         "HTA reads SM counts and memory from it"},
    Rule{"kt-distributed-info", W, "distributedInfo lacks a valid rank, or is missing in a trace with collectives",
         "HTA and Chakra take the rank from it (HTA falls back to 0)"},
    Rule{"kt-external-id", W, "a GPU-side event's \"External id\" names no cpu_op or user_annotation",
         "HTA and Chakra join GPU work to CPU ops on it"},
    Rule{"kt-profiler-step", W, "ProfilerStep#N annotations are not numbered N, N+1, ... in time order",
         "HTA numbers iterations from them"},
    Rule{"kt-record-function-id", W, "\"Record function id\" is not a non-negative integer",
         "the execution trace links nodes to Kineto ops on it (rf_id)"},
    // Inductor debug-trace directory.
    Rule{"dd-file-missing", E, "a graph folder lacks one of the files test_debug_trace requires",
         "fx_graph_*.py, output_code.py and ir_pre/post_fusion.txt are what compiler developers open first"},
    Rule{"dd-file-size", E, "a required debug-trace file is not larger than test_debug_trace's minimum",
         "an empty or stub file means the writer failed part way"},
    Rule{"dd-graph-missing", E, "the directory holds no graph folder (torchinductor/<graph>/)",
         "trace.enabled wrote nothing for the compiled graph"},
    Rule{"dd-log-dir", E, "the \"debug trace: <dir>\" log line names no graph folder of the directory",
         "PyTorch's test_debug_trace asserts the logged path is a directory"},
    Rule{"dd-log-line", E, "torch._inductor.debug did not log exactly one \"debug trace: <dir>\" warning",
         "PyTorch's test_debug_trace asserts exactly one such line"},
    // Execution trace (ExecutionTraceObserver JSON).
    Rule{"et-arity", E, "a node's inputs or outputs have values, shapes, types (and strides) of different lengths",
         "PARAM et_replay and Chakra zip them by position and misread every argument after the gap"},
    Rule{"et-header", E, "the top level lacks schema, pid, time, start_ts, finish_ts or nodes, or one is mistyped",
         "Chakra's converter reads all of them; PARAM dispatches on schema"},
    Rule{"et-id-duplicate", E, "two nodes have the same id",
         "consumers index nodes by id: one of them is lost and its children are reparented"},
    Rule{"et-kernel-strides", W, "a compiled-kernel node has fewer strides than values",
         "a known PyTorch quirk (handleKernelBackendInfo adds grid and stream without strides); replay skips them"},
    Rule{"et-kineto-rf-id", E, "an rf_id of the execution trace has no Record function id in the Kineto trace, or the reverse",
         "PyTorch's test_execution_trace_with_kineto asserts they match; Chakra's trace_link joins on them"},
    Rule{"et-node-field", E, "a node lacks a field its schema's layout requires, or the field has the wrong type",
         "PARAM et_replay requires id, name, ctrl_deps/parent and inputs/outputs with values, shapes and types"},
    Rule{"et-parent-missing", E, "a node's ctrl_deps (parent in 1.0.1) names no node of the trace",
         "the node falls out of the tree: replay and Chakra drop it and its subtree"},
    Rule{"et-parent-order", W, "a node's parent has a higher id than the node",
         "ids are assigned at op entry, so a parent's id is always lower; the ids were rewritten"},
    Rule{"et-root", E, "no process root node with id 1, or more than one",
         "Chakra's host loader reads get_nodes()[1]; PyTorch's tests require the root with id 1"},
    Rule{"et-schema-chakra", Off, "Chakra's converter does not accept this schema version",
         "chakra_converter rejects it (PyTorchNode.SUPPORTED_VERSIONS; 1.0.1 is not there)"},
    Rule{"et-schema-param", Off, "PARAM's et_replay does not accept this schema version",
         "ExecutionTrace raises ValueError on a version it does not list"},
    Rule{"et-schema-unknown", W, "the schema version is not one PyTorch has written",
         "tracecheck reads it with the closest layout; consumers that dispatch on the exact string reject it"},
    Rule{"et-tensor-value", E, "a tensor value is not [tensor_id, storage_id, offset, numel, itemsize, device]",
         "PyTorch's tests assert the 6-tuple; Chakra's PyTorchTensor.is_valid rejects the tensor"},
    // JSON Schema (tracecheck validate).
    Rule{"schema-invalid", E, "the schema file is not a draft-7 schema tracecheck can compile",
         "nothing can be validated against it"},
    Rule{"schema-unknown-key", W,
         "a key nothing defines: a trace key its closed schema does not know (format drift), or a schema "
         "keyword draft 7 does not define",
         "consumers that follow the schema ignore the trace key; validators ignore the keyword, so a misspelt "
         "one (\"requried\") silently checks nothing"},
    Rule{"schema-violation", E, "the document does not satisfy the JSON Schema it is checked against",
         "consumers that rely on the schema's contract may misread or reject it"},
};

}  // namespace

std::span<const Rule> all_rules() { return kRules; }

const Rule* find_rule(std::string_view id) {
  for (const Rule& r : kRules)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace tc::diag
