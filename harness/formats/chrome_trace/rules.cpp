#include "formats/chrome_trace/rules.h"

#include <array>

#include "diag/severity_shorthand.h"

namespace tc::format {
namespace {

using diag::Rule;
using namespace diag::severity_shorthand;

// Sorted by id (diag/rule_catalog.cpp states the severity classes).
constexpr std::array kRules = {
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
};

}  // namespace

std::span<const Rule> chrome_trace_rules() { return kRules; }

std::vector<diag::Profile> chrome_trace_profiles() {
  std::vector<diag::Profile> p;
  // Chrome Trace Event Format consumers (spec/formats.md §1.5-1.6, §2.6).
  // chrome://tracing: catapult's trace_event_importer.html accepts both
  // container forms, an unterminated array and a trailing comma, throws on an
  // unknown displayTimeUnit, and treats string pids and Kineto's extras as
  // opaque.
  p.push_back({"chrome",
               {"catapult"},
               "chrome://tracing (catapult-project/catapult: tracing/extras/importer/trace_event_importer.html)",
               {
                   {"ct-bare-array", Off},
                   {"ct-display-time-unit", E},
                   {"ct-string-id", Off},
                   {"ct-trailing-comma", Off},
                   {"ct-unterminated", Off},
                   {"kt-base-time", Off},
                   {"kt-device-properties", Off},
                   {"kt-distributed-info", Off},
                   {"kt-external-id", Off},
                   {"kt-profiler-step", Off},
                   {"kt-record-function-id", Off},
               }});
  // Perfetto trace_processor's JSON importer (google/perfetto ec5d16b:
  // json_trace_tokenizer.cc, json_trace_parser.cc): both forms, unterminated
  // arrays and trailing commas load; {} is skipped silently; unknown phases
  // and metadata names are ignored; string pids become names; unpaired flows
  // are info stats; displayTimeUnit is ignored.
  p.push_back({"perfetto",
               {},
               "Perfetto trace_processor JSON importer (google/perfetto ec5d16b: json_trace_tokenizer.cc, "
               "json_trace_parser.cc)",
               {
                   {"ct-bare-array", Off},
                   {"ct-display-time-unit", Off},
                   {"ct-empty-event", Off},
                   {"ct-flow-unpaired", Off},
                   {"ct-metadata-name", Off},
                   {"ct-phase-unknown", Off},
                   {"ct-string-id", Off},
                   {"ct-trailing-comma", Off},
                   {"ct-unterminated", Off},
                   {"kt-base-time", Off},
                   {"kt-device-properties", Off},
                   {"kt-distributed-info", Off},
                   {"kt-external-id", Off},
                   {"kt-profiler-step", Off},
                   {"kt-record-function-id", Off},
               }});
  // HTA (facebookresearch/HolisticTraceAnalysis f4d0062: hta/common/trace_parser.py,
  // trace_file.py): ijson over traceEvents.item, so only strict JSON in the
  // object form loads (a bare array, an unterminated array or a trailing
  // comma fail); events without dur or cat are dropped, unpaired flows and
  // string pids are normal in Kineto output.
  p.push_back({"hta",
               {"kineto"},
               "HolisticTraceAnalysis trace parser (facebookresearch/HolisticTraceAnalysis f4d0062: "
               "hta/common/trace_parser.py)",
               {
                   {"ct-bare-array", E},
                   {"ct-flow-unpaired", Off},
                   {"ct-metadata-name", Off},
                   {"ct-phase-unknown", Off},
                   {"ct-string-id", Off},
                   {"ct-trailing-comma", E},
                   {"ct-unterminated", E},
                   {"ct-be-backwards", Off},
                   {"ct-be-unmatched", Off},
                   {"ct-be-name-mismatch", Off},
               }});
  return p;
}

}  // namespace tc::format
