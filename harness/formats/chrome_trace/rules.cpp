#include "formats/chrome_trace/rules.h"

#include <array>

#include "diag/severity_shorthand.h"

namespace tc::formats::chrome_trace {
namespace {

using diag::Rule;
using namespace diag::severity_shorthand;

// Sorted by id (diag/rule_catalog.cpp states the severity classes).
constexpr std::array kRules = {
    Rule{"ct-args-number-range", W, "a number out of double range (1e999) inside an event's args",
         "consumers keep the event: JSON.parse and Python read it as Infinity, Perfetto cuts the args there"},
    Rule{"ct-args-type", W, "an event's args is not an object",
         "consumers keep the event and read no args from it"},
    Rule{"ct-async-unpaired", W,
         "an async begin (b) without its end (e), or an end without a begin, by (cat, id, name)",
         "catapult reports async_slice_parse_error; Perfetto leaves the slice open"},
    Rule{"ct-b-unclosed", W, "a B never closed by an E on its (pid, tid)",
         "catapult and Perfetto draw it to the end of the trace"},
    Rule{"ct-bare-array", W, "the trace is a bare JSON array, not the object form with \"traceEvents\"",
         "HTA and Chakra require the object form; Perfetto and chrome://tracing load both"},
    Rule{"ct-be-backwards", W, "an E ends before the B it closes (in file order on its pid and tid) starts",
         "catapult's import throws; the slice would have a negative duration"},
    Rule{"ct-be-name-mismatch", W, "an E closes a B of another name",
         "catapult warns title_match_error; Perfetto skips the E"},
    Rule{"ct-be-split-thread", W,
         "an E closes a B only when a pid or tid written two ways (a number and a string of it, an array of it) "
         "counts as one thread",
         "catapult keys a thread by the JavaScript string of pid and tid, Perfetto takes a string id for a name: the "
         "pair is one slice to one and two halves to the other"},
    Rule{"ct-be-unmatched", W, "an E without an open B on its (pid, tid)", "catapult and Perfetto drop the E"},
    Rule{"ct-be-unordered", W,
         "a B or E earlier than the B or E before it on its (pid, tid), where it ends no slice before its start",
         "the spec orders a thread's B/E events by time; a consumer that pairs them in file order draws the slices as "
         "written, and one that sorts them first pairs them otherwise"},
    Rule{"ct-be-zero-dur-backwards", W,
         "a B, E or thread instant with \"dur\": 0 whose ts is not at or after the start of the B open on its (pid, "
         "tid), or is no number",
         "catapult drops such an event ('Timestamps are moving backward'); a B, E or instant needs no dur"},
    Rule{"ct-cat-split", W,
         "an event's cat is not a string where catapult's import throws on it: any such cat of an X, and a truthy one "
         "(true, a number, an array or an object) of a B, a thread's instant, an async begin or an object event",
         "catapult splits the cat at commas to find the slice's type (and calls indexOf on an X's), and the import "
         "throws"},
    Rule{"ct-cat-type", W, "an event's cat is not a string where catapult does not split it",
         "the spec asks for a string; HTA crashes on it in a row it keeps"},
    Rule{"ct-counter-args", W, "a counter (C) without an args object holding at least one series",
         "Perfetto drops it (json_parser_failure)"},
    Rule{"ct-counter-value", W, "a counter (C) series whose value is not a number",
         "Perfetto drops the series; catapult stores it unchecked"},
    Rule{"ct-display-time-unit", W, "displayTimeUnit is neither \"ms\" nor \"ns\" (nor a false value: "
         "ct-display-time-unit-unset)",
         "catapult throws on it; Perfetto ignores it"},
    Rule{"ct-display-time-unit-unset", W, "displayTimeUnit is null, \"\", 0 or false",
         "the spec asks for \"ms\" or \"ns\"; catapult and Perfetto ignore a false value and show the default unit"},
    Rule{"ct-dur-missing", W, "an X (complete) event without \"dur\"",
         "Perfetto drops it; catapult draws it to the end of the trace"},
    Rule{"ct-dur-negative", W, "an X event with a negative dur", "Perfetto: slice_negative_duration"},
    Rule{"ct-empty-event", W, "an empty event {}",
         "catapult warns of an unrecognized phase and skips it; Perfetto skips it silently"},
    Rule{"ct-event-not-object", E, "an element of traceEvents is not a JSON object",
         "catapult crashes on a null element; others skip it"},
    Rule{"ct-event-too-long", E, "one event is longer than the reader's limit (64 MiB) and was not checked",
         "no emitter writes such an event; the file is damaged"},
    Rule{"ct-field-missing", W, "a field the event's phase requires is missing (name, id, cat; ts: ct-time-null, dur: ct-dur-missing)",
         "Perfetto drops the event (json_tokenizer_failure / json_parser_failure)"},
    Rule{"ct-field-type", W,
         "a ts or dur that is a string, array or object (an async id that is neither integer nor string)",
         "Perfetto drops the event"},
    Rule{"ct-field-value", W,
         "an event breaks its phase's schema where no other ct-* rule looks (tts, tdur, sf, stack, bind_id, flow_in, "
         "flow_out or scope of another type; a flow without tid; an R event without name; an N, O or D without id)",
         "the Trace Event Format defines these fields; readers that use them may misread the event"},
    Rule{"ct-flow-bp", W, "a flow event's binding point bp is not \"e\"",
         "catapult skips the arrow; Perfetto binds it to the next slice"},
    Rule{"ct-flow-cat-missing", W, "a flow start or step, or an end with bp, without \"cat\"",
         "catapult keys a flow by its id, cat and name: the arrow joins only ends that also lack cat"},
    Rule{"ct-flow-duplicate", W, "a flow start (s) while a flow with the same (cat, id) is open",
         "Perfetto: flow_duplicate_id; the arrow goes to the wrong event"},
    Rule{"ct-flow-id-missing", W, "a flow event (s, t, f) without an \"id\" or \"id2\" it can be paired by",
         "no consumer can pair it: the arrow is lost, the events it would join are kept"},
    Rule{"ct-flow-unpaired", W, "a flow start without an end, or an end/step without a start, by (cat, id)",
         "no arrow is drawn; Kineto leaves ac2g flows unpaired in real traces"},
    Rule{"ct-id-type", W, "a pid or tid is neither an integer nor a string (a boolean, null, a fraction, an object)",
         "the spec asks for integers; consumers key the thread by the value as written"},
    Rule{"ct-inner-trailing-comma", E, "a comma before a closing bracket inside an event (a trailing comma in args)",
         "not JSON: JSON.parse (catapult) and Python (HTA) reject the file; Perfetto imports it"},
    Rule{"ct-instant-scope", W, "an instant event's scope s is not g, p or t", "Perfetto drops the event"},
    Rule{"ct-metadata-args", W, "a metadata (M) event of a known name without args, or with null args",
         "Perfetto drops it (json_parser_failure)"},
    Rule{"ct-metadata-name", W,
         "a metadata (M) event without a name, or named outside process_name/labels/sort_index, "
         "thread_name/sort_index",
         "catapult warns (metadata_parse_error); Perfetto ignores it"},
    Rule{"ct-metadata-labels-type", W, "a process_labels metadata (M) event's args.labels is present and not a string",
         "catapult splits the labels at commas and throws on anything else"},
    Rule{"ct-metadata-value", W,
         "a metadata (M) event's args.name, args.sort_index or args.labels is missing, or the name or sort_index of "
         "another type, or its args are a number, string, boolean or array",
         "the process or thread is not named or ordered as written"},
    Rule{"ct-name-missing-instant", W, "a global or process instant (s \"g\" or \"p\") without \"name\"",
         "consumers draw it without a label"},
    Rule{"ct-name-type", W, "an event's name is not a string", "catapult's import throws on it; the spec asks for strings"},
    Rule{"ct-nesting-depth", W, "JSON nested deeper than tracecheck reads (512 levels); the rest of the file is not checked",
         "legal JSON: JSON.parse reads it; Python's json (HTA) raises RecursionError near 1000 levels"},
    Rule{"ct-no-cat-dur", Off, "no event of the trace has both \"cat\" and \"dur\"",
         "the format does not need them, but HTA keeps only events that have both, so it keeps none of this trace"},
    Rule{"ct-no-dur", W,
         "no event of the trace has a \"dur\" (a trace of B/E pairs or instants), and pandas would read its ts as "
         "float64 (a fractional, missing or null ts, and none of another type); otherwise the trace is "
         "ct-no-cat-dur",
         "HTA raises KeyError 'dur' on it; the other consumers draw B/E pairs"},
    Rule{"ct-no-events", W, "the trace holds no events",
         "an empty trace: HTA raises on it, the others show nothing"},
    Rule{"ct-no-trace-events", E, "the object form has no \"traceEvents\" array", "every consumer sees no events"},
    Rule{"ct-pairing-capped", W, "so many open B/async/flow events that pairing checks stopped",
         "memory stays bounded; the rest of the pairing is unchecked"},
    Rule{"ct-phase-missing", W, "an event without ph", "Perfetto drops it (json_tokenizer_failure)"},
    Rule{"ct-phase-unknown", W, "an event's ph is not a phase of the Trace Event Format",
         "catapult warns (Unrecognized event phase); Perfetto ignores the event"},
    Rule{"ct-pid-missing", W, "an event without \"pid\"",
         "catapult's model throws 'pid must be provided' and the import fails; Perfetto files it under pid 0"},
    Rule{"ct-pid-missing-global", W, "a global instant (s \"g\") without \"pid\"",
         "catapult files it under the whole trace and reads no pid; Perfetto files it under pid 0"},
    Rule{"ct-raw-control-char", E, "a raw control character (a newline, a carriage return, a tab) inside a string of an event",
         "not JSON: JSON.parse (catapult) and Python (HTA) reject the file; Perfetto imports it"},
    Rule{"ct-stray-dur-type", W, "an event other than X has a dur that is not a number or a boolean",
         "only an X's dur has a meaning in the format, but a consumer that reads every dur misreads it"},
    Rule{"ct-string-id", W, "a pid or tid is a string, not an integer (Kineto writes \"Spans\", \"Traces\", \"\")",
         "the spec asks for integers; Perfetto reads a string as a name; HTA tolerates it"},
    Rule{"ct-structure", E, "the JSON structure around the events is malformed (nesting, commas, data after the end)",
         "no importer can read the file"},
    Rule{"ct-tid-max", W, "a pid or tid is 2^64-1 (an unsigned -1)",
         "PyTorch's profiler tests assert it never appears"},
    Rule{"ct-tid-missing", W, "a B, E or X event without \"tid\"",
         "catapult keys the thread as \"undefined\"; Perfetto uses the pid as the tid"},
    Rule{"ct-time-infinite", W,
         "an event's ts or dur is infinite: Infinity, -Infinity or a number beyond double range (1e999), "
         "reported beside the json-* rule for how it is written",
         "HTA crashes rounding it; Perfetto rejects the file; catapult loads a 1e999 as Infinity"},
    Rule{"ct-time-null", W,
         "an event's ts is missing (outside M events), null or a boolean, or an X's dur is null or a boolean",
         "Perfetto drops the event; catapult and HTA load it at whatever time the value makes"},
    Rule{"ct-trace-events-repeated", W, "the object holds \"traceEvents\" more than once",
         "JSON parsers (catapult, HTA) keep only the last array, and tracecheck checks that one too (from stdin, "
         "which it reads once, the first)"},
    Rule{"ct-trace-events-none", E,
         "\"traceEvents\" is not an array and holds no events: a boolean, number, string, null or empty object",
         "HTA raises and Perfetto rejects the file; catapult loads the rest of the container without events"},
    Rule{"ct-trace-events-type", E, "\"traceEvents\" is an object that holds members, not an array of events",
         "catapult imports none of its events, HTA raises, Perfetto rejects the file"},
    Rule{"ct-trailing-comma", W, "a comma after the last event",
         "not JSON: catapult's JSON.parse and HTA's json.loads reject it; Perfetto accepts it"},
    Rule{"ct-truncated", E, "the file ends inside an event, or before the object closes",
         "Perfetto: JSON trace file is incomplete; HTA fails to parse"},
    Rule{"ct-ts-negative", W, "a negative ts", "Perfetto drops the event (trace_sorter_negative_timestamp_dropped)"},
    Rule{"ct-unterminated", W, "a bare-array trace without its closing ']'",
         "legal per the spec; catapult and Perfetto accept it, JSON parsers (HTA) do not"},
    Rule{"kt-base-time", W, "a Kineto trace with fractional (relative) timestamps but no baseTimeNanoseconds",
         "HTA loads the trace; only its wall-clock start time (get_trace_start_unixtime_ns) needs it"},
    Rule{"kt-device-properties", W, "deviceProperties is malformed, or missing in a trace with GPU activity",
         "the GPU's properties, for readers that need them (HTA's loader does not read them)"},
    Rule{"kt-distributed-info", W, "distributedInfo lacks a valid rank, or is missing in a trace with collectives",
         "HTA and Chakra take the rank from it (HTA falls back to 0)"},
    Rule{"kt-external-id", W, "a GPU-side event's \"External id\" names no cpu_op or user_annotation",
         "Chakra's trace_link and HTA's execution-trace join match GPU work to CPU ops on it"},
    Rule{"kt-metadata-schema", W,
         "a top-level member Kineto writes (schemaVersion, deviceProperties, distributedInfo, cupti_version, ...) "
         "does not match schemas/chrome_trace/kineto.schema.json",
         "readers of Kineto's metadata (HTA's rank, TensorBoard's device view) may misread it"},
    Rule{"kt-profiler-step", W, "ProfilerStep#N annotations are not numbered N, N+1, ... in time order",
         "HTA numbers iterations from them"},
    Rule{"kt-record-function-id", W, "\"Record function id\" is not a non-negative integer",
         "the execution trace links nodes to Kineto ops on it (rf_id)"},
    Rule{"kt-stream-infinite", W,
         "an event's args.stream is Infinity, -Infinity or a number beyond double range, reported beside the json-* "
         "rule for how it is written",
         "HTA casts every stream to an integer and crashes on an infinite one"},
};

// The consumer profiles (diag/profile.h): per consumer, one Reading for every
// rule it judges (the ct-*/kt-* rules above and the common ones), sorted by
// id. The contract (README.md): E when the consumer rejects the file, crashes
// on it, imports nothing from it, or loses an event it keeps (drops it, or
// draws it with other timing: an E that closes nothing, a B left unfinished);
// W when it loads the file but loses or changes a decoration (a flow arrow,
// an arg value, metadata, a name, a B drawn to the end), tolerates a
// deviation, or what it does is not established; Off: nothing it reads
// changes. `cites` is repo@commit path:line ("(ran)": the
// consumer's own code was run on such a file); tracecheck's own limits keep
// their default and cite tracecheck.

// tracecheck's own diagnoses and limits: no consumer is involved, so every
// consumer profile reads them alike.
constexpr diag::Reading kEventTooLong{"ct-event-too-long", E,
                                      "tracecheck's own limit: an event over 64 MiB is not read, so it was not checked",
                                      "tracecheck: harness/formats/chrome_trace/reader.cpp"};
constexpr diag::Reading kPairingCapped{
    "ct-pairing-capped", W, "tracecheck's own limit: past its cap of open B/async/flow events it stops pairing them",
    "tracecheck: harness/formats/chrome_trace/checker.cpp"};
constexpr diag::Reading kInputFormat{
    "input-format", E, "tracecheck's own diagnosis: the input is not a Chrome trace, so nothing else was checked",
    "tracecheck: harness/formats/chrome_trace/reader.cpp"};
constexpr diag::Reading kInputLineTooLong{
    "input-line-too-long", E,
    "tracecheck's own limit: a TORCH_TRACE envelope line over 16 MiB goes unchecked; a Chrome trace never reports it",
    "tracecheck: harness/formats/torch_trace/file_reader.cpp"};
constexpr diag::Reading kInputLongLine{
    "input-long-line", W,
    "tracecheck's own limit: a TORCH_TRACE line longer than its 4 MB piece size; a Chrome trace never reports it",
    "tracecheck: harness/formats/torch_trace/file_reader.cpp"};
constexpr diag::Reading kSchemaInvalid{
    "schema-invalid", E,
    "tracecheck's own diagnosis: the schema given to validate does not compile, so nothing was validated",
    "tracecheck: harness/formats/chrome_trace/schema_check.cpp"};

// chrome://tracing: catapult's trace_event_importer.html (6fd8bbe). JSON.parse
// rejects a trailing comma before ']' and NaN; the import fails on a missing
// pid, an unknown displayTimeUnit and a process_*/thread_* M without args, and
// crashes on a nameless X/B/i. Most other deviations it warns about and skips
// (flow bp, instant scope, unknown or missing ph, {}); it accepts a bare or
// unterminated array, a BOM, invalid UTF-8, negative ts and dur, string pids,
// and stores Kineto's extras as metadata.
constexpr std::array<diag::Reading, 88> kChromeReadings = {{
    {"ct-args-number-range", W, "catapult's JSON.parse reads the number as Infinity and keeps the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 (ran)"},
    {"ct-args-type", W, "catapult keeps the event and takes args that are not an object as they are (null as {})",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:143,226 (ran)"},
    {"ct-async-unpaired", W,
     "catapult warns async_slice_parse_error and gives an unmatched b or e an adjusted end or start",
     "catapult-project/catapult@30be0db tracing/tracing/extras/importer/trace_event_importer.html "
     "createNestableAsyncSlices_"},
    {"ct-b-unclosed", W, "catapult closes a B never ended at the end of the trace: it is drawn to the end",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:146-147,242-251"},
    {"ct-bare-array", Off, "catapult loads a bare array as it loads the object form",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:204-211,220 (ran)"},
    {"ct-be-backwards", E, "catapult's import throws 'Slice X end time is before its start.' (SliceGroup.endSlice) and the trace does not load",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:188-191 (ran)"},
    {"ct-be-name-mismatch", W, "catapult warns title_match_error and closes the open slice anyway",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:535-542"},
    {"ct-be-split-thread", Off,
     "catapult keys processes and threads by the JavaScript string of pid and tid (model.processes[pid]), so the E "
     "closes its B on one thread",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/model.html:240-245, model/process_base.html:210-215 "
     "(ran: mutation set, numstr-pid-exact and retype-pid-array)"},
    {"ct-be-unmatched", E, "catapult warns duration_parse_error and drops the E",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:523-529 (ran)"},
    {"ct-be-unordered", W,
     "catapult pairs B and E in file order and draws each slice at its own times: it loads the trace, and a slice "
     "may be drawn outside the one it nests in; it throws only on an E before its B (ct-be-backwards), and drops "
     "only a B or E of dur 0 (ct-be-zero-dur-backwards)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:485-495, "
     "model/slice_group.html:153-157,188-191 (ran: mutation set, be-e-before-b-order and negative-ts-tiny, no event "
     "lost)"},
    {"ct-be-zero-dur-backwards", E,
     "catapult drops a B, E or thread instant whose dur is exactly 0 unless its ts is at or after the open slice's "
     "start (a NaN ts never is), with duration_parse_error 'Timestamps are moving backward.'; the slices it would "
     "open or close are lost with it",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:485-495, "
     "model/slice_group.html:153-157 (ran: mutation set, node20-async drop-ts-1)"},
    {"ct-cat-split", E,
     "catapult's import throws TypeError: an X's cat meets indexOf (null, a number, a boolean or an object has "
     "none), and getCategoryParts calls split on a truthy cat that is not a string while looking the slice's type "
     "up ('category.split is not a function'), unless an earlier cat had the same text, which its cache answers",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:567-568, "
     "base/extension_registry_type_based.html:134-137, base/category_util.html:28-33, model/slice_group.html:140,223 "
     "(ran: mutation set, retype-cat-*)"},
    {"ct-cat-type", W,
     "catapult keeps the value as the category unchecked: it splits only a truthy cat of an event it makes a slice or "
     "object of (ct-cat-split)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/base/extension_registry_type_based.html:134-137 (ran: "
     "mutation set, retype-cat-* on E, f and M events and a null cat on a B, LOADS)"},
    {"ct-counter-args", W,
     "catapult warns counter_parse_error and drops a counter without args; it stores non-numeric series unchecked",
     "catapult-project/catapult@30be0db tracing/tracing/extras/importer/trace_event_importer.html processCounterEvent"},
    {"ct-counter-value", W, "catapult stores a series that is not a number unchecked and draws the counter",
     "catapult-project/catapult@30be0db tracing/tracing/extras/importer/trace_event_importer.html processCounterEvent (ran)"},
    {"ct-display-time-unit", E, "catapult throws 'Unit X is not supported.' and the import fails",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1182-1190"},
    {"ct-display-time-unit-unset", W,
     "catapult skips a false displayTimeUnit ('if (!unitName) return') and shows the default unit",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1183 (ran: "
     "mutation set)"},
    {"ct-dur-missing", W,
     "catapult closes an X without dur at the end of the trace, as it draws a B left open, and loads the file",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:220-221,229-231 (ran: mutation set)"},
    {"ct-dur-negative", Off, "catapult accepts a negative dur unchecked",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html (no check found)"},
    {"ct-empty-event", W, "catapult warns 'Unrecognized event phase: undefined' and skips the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1328-1336"},
    {"ct-event-not-object", E,
     "catapult crashes on a null element (importEvents reads event.args of null); a number or string it warns "
     "'Unrecognized event phase' about and skips",
     "catapult-project/catapult@30be0db tracing/tracing/extras/importer/trace_event_importer.html importEvents"},
    kEventTooLong,
    {"ct-field-missing", E,
     "catapult crashes on an X/B/i without name (getColorIdForGeneralPurposeString(undefined)), and warns and skips a "
     "b/e/n/s/t/f without id",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:137-138,220-221,229-231; "
     "tracing/tracing/base/color_scheme.html:193-199; catapult-project/catapult@30be0db "
     "tracing/tracing/extras/importer/trace_event_importer.html createAsyncSlices_"},
    {"ct-field-type", W,
     "catapult keeps a slice whose ts or dur is a string, with no warning, at whatever time the string makes",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:143,226 (shared/spec/consumers.md E)"},
    {"ct-field-value", W,
     "not established what catapult does with a tts, tdur, sf, stack, id2 or scope of another type, or a flow "
     "without tid: no reading or run covers them",
     "no source: no reading or run of catapult covers these fields' types"},
    {"ct-flow-bp", W, "catapult warns flow_slice_bind_point_error and skips the arrow",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:2321-2327"},
    {"ct-flow-cat-missing", W,
     "catapult keys a v1 flow by the JSON of its id, cat and name, so the arrow is lost unless its other ends lack "
     "cat too; the slices stay (it reads the cat only of an f without bp: ct-field-missing)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:2271-2316 (ran: "
     "mutation set, drop-cat on a Kineto ac2g flow start, no event lost)"},
    {"ct-flow-duplicate", W, "catapult warns flow_slice_start_error ('already seen') and ignores the second s",
     "catapult-project/catapult@30be0db tracing/tracing/extras/importer/trace_event_importer.html createFlowSlices_"},
    {"ct-flow-id-missing", W, "catapult warns flow_slice_parse_error and drops the flow event: no arrow is drawn, the slices stay",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:2073-2337 (ran)"},
    {"ct-flow-unpaired", W,
     "catapult warns flow_slice_ordering_error for an f or t without its s and draws no arrow; an s without its f it "
     "ignores silently",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:2297-2306"},
    {"ct-id-type", W, "catapult keys the process or thread by the value as written and loads the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/model.html:240-245 (ran)"},
    {"ct-inner-trailing-comma", E, "catapult's JSON.parse throws SyntaxError and the import fails",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 (ran)"},
    {"ct-instant-scope", E, "catapult warns instant_parse_error and drops the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:718-734 (ran)"},
    {"ct-metadata-args", E,
     "catapult crashes on a process_*/thread_* event without args or with null args (event.args.name of undefined "
     "or null) and the import fails",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:630-661"},
    {"ct-metadata-name", W, "catapult warns metadata_parse_error ('Unrecognized metadata name') and ignores the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:696-701"},
    {"ct-metadata-labels-type", E,
     "catapult's import throws TypeError 'event.args.labels.split is not a function' on labels that are defined and "
     "not a string (null included), and the trace does not load",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:634-647 (ran: "
     "mutation set, meta-args-name-number on process_labels, REJECTS)"},
    {"ct-metadata-value", W,
     "catapult assigns a name or sort_index of another type unchecked, and none that is missing; args that "
     "are not an object hold none (a number's .name is undefined), so the process or thread stays unnamed",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:630-661 (ran: "
     "mutation set, retype-args-number, -string, -bool and -array on M events, LOADS)"},
    {"ct-name-missing-instant", W,
     "catapult draws a global or process instant untitled: it makes no slice of it, and getEventColor reads a name "
     "only when there is one",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:61-68,718-738 "
     "(ran: mutation set, drop-name on Kineto's global instant, no event lost)"},
    {"ct-name-type", E, "catapult's import throws TypeError on a name that is not a string (event.name.startsWith is not a function)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html (ran: REJECTS)"},
    {"ct-nesting-depth", W, "catapult's JSON.parse reads the nesting and loads the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 (ran)"},
    {"ct-no-cat-dur", Off, "catapult shows events without cat or dur (an X without dur ends with the trace)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:229-231"},
    {"ct-no-dur", Off, "catapult draws B/E pairs and instants; it needs no dur",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:137-147"},
    {"ct-no-events", Off, "catapult imports an empty trace and shows nothing: nothing is lost",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html importEvents (ran)"},
    {"ct-no-trace-events", E,
     "catapult takes the object itself as the event list and imports nothing: the events under another key are lost",
     "catapult-project/catapult@30be0db tracing/tracing/extras/importer/trace_event_importer.html importEvents (ran: "
     "REJECTS empty model)"},
    kPairingCapped,
    {"ct-phase-missing", E, "catapult warns 'Unrecognized event phase: undefined' and drops the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1328-1336 (ran)"},
    {"ct-phase-unknown", E, "catapult warns parse_error 'Unrecognized event phase' and drops the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1328-1336 (ran)"},
    {"ct-pid-missing", E, "catapult's model throws 'pid must be provided' and the import fails ('While importing:')",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/model.html:240-245; "
     "tracing/tracing/model/process.html:32-34; tracing/tracing/ui/extras/about_tracing/profiling_view.html:262-263"},
    {"ct-pid-missing-global", Off, "catapult adds a global instant to the model itself and reads no pid",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:718-738 (ran: "
     "mutation set, drop-pid on Kineto's global instants, LOADS)"},
    {"ct-raw-control-char", E, "catapult's JSON.parse throws SyntaxError ('Bad control character in string literal') and the import fails",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 (ran)"},
    {"ct-stray-dur-type", Off, "catapult reads dur on X events only (processCompleteEvent)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:563-590 (ran: "
     "mutation set, numstr-dur-exact on an async end, no loss of its own)"},
    {"ct-string-id", Off, "catapult keys processes and threads by a string id as it does by a number",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/model.html:240-245; "
     "tracing/tracing/model/process_base.html:210-215"},
    {"ct-structure", E, "catapult's JSON.parse throws and the import fails",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211; "
     "tracing/tracing/ui/extras/about_tracing/profiling_view.html:254-264"},
    {"ct-tid-max", W, "not established what catapult does with it",
     "no source: readings cover missing, string and negative ids only"},
    {"ct-tid-missing", W, "catapult keys the thread as \"undefined\" and loads the event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/process_base.html:210-215"},
    {"ct-time-infinite", W,
     "catapult's JSON.parse reads 1e999 as Infinity and imports the event (the Infinity literal it cannot parse: "
     "json-non-finite)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 "
     "(ran: mutation set)"},
    {"ct-time-null", W,
     "catapult imports the event with no warning at the time JavaScript's arithmetic makes of the value (NaN for a "
     "missing or null ts, 0 or 1 for a boolean); a B or E without a time it cannot pair (ct-be-unmatched)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:143,226 (ran: mutation set)"},
    {"ct-trace-events-repeated", W, "catapult's JSON.parse keeps the last traceEvents array; the events of the earlier ones are not loaded",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211"},
    {"ct-trace-events-none", W,
     "catapult imports no events, as the file holds none, and loads the container's other members as metadata; with "
     "none, the model is empty as for an empty trace",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:218-222,1147 (ran: "
     "mutation set, traceevents-not-array-bool, LOADS)"},
    {"ct-trace-events-type", E,
     "catapult takes the object for the event array and loops over its length, which an object lacks: none of its "
     "events is imported, though the runner may report LOADS for the container's metadata",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:218-222,1147 (ran: "
     "mutation set, traceevents-not-array-object, 0 slices)"},
    {"ct-trailing-comma", E,
     "catapult strips only a comma at the very end of a bare array, so JSON.parse throws SyntaxError on ',]' and ',]}'",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:205,211 (ran)"},
    {"ct-truncated", E,
     "catapult's JSON.parse throws SyntaxError, also after it appends ']' to a bare array cut inside an event",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:204-211 (ran)"},
    {"ct-ts-negative", Off, "catapult accepts a negative ts unchecked",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html (no check found)"},
    {"ct-unterminated", Off, "catapult strips a final ',' and appends ']', then loads the array",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:204-209 (ran)"},
    {"input-bom", Off, "catapult never sees the BOM: readAsText drops it and .trim() removes U+FEFF",
     "catapult-project/catapult@6fd8bbe tracing/tracing/ui/base/file.html:29; "
     "tracing/tracing/extras/importer/trace_event_importer.html:198 (ran)"},
    {"input-crlf", Off, "catapult's JSON.parse reads CR and LF as whitespace",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211"},
    {"input-empty", E, "catapult's EmptyImporter takes an empty file: nothing loads and the viewer shows no trace",
     "catapult-project/catapult@6fd8bbe tracing/tracing/importer/empty_importer.html (ran: REJECTS)"},
    kInputFormat,
    {"input-invalid-utf8", W, "catapult decodes invalid bytes to U+FFFD and loads the file",
     "catapult-project/catapult@6fd8bbe tracing/tracing/ui/base/file.html:29 (ran)"},
    kInputLineTooLong,
    kInputLongLine,
    {"json-big-integer", W, "catapult's JSON.parse reads the integer as the nearest double and loads the file",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 "
     "(ran: mutation set)"},
    {"json-duplicate-key", W, "catapult's JSON.parse keeps the last value",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211"},
    {"json-lone-surrogate", W, "not established what catapult does with it",
     "no source: no reading or run of the consumer covers it"},
    {"json-non-finite", E, "catapult's JSON.parse throws SyntaxError and the file does not load",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 (ran)"},
    {"json-number-range", W, "catapult's JSON.parse reads the number as Infinity",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211 (ran)"},
    {"json-syntax", E, "catapult's JSON.parse throws and the import fails ('While importing:')",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:211; "
     "tracing/tracing/ui/extras/about_tracing/profiling_view.html:254-264 (ran)"},
    {"kt-base-time", Off, "catapult stores baseTimeNanoseconds as trace metadata and never reads it",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1199-1214"},
    {"kt-device-properties", Off, "catapult stores deviceProperties as trace metadata and never reads it",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1199-1214"},
    {"kt-distributed-info", Off, "catapult stores distributedInfo as trace metadata and never reads it",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1199-1214"},
    {"kt-external-id", Off, "catapult keeps args[\"External id\"] as a slice arg and never reads it",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:143,226"},
    {"kt-metadata-schema", Off, "catapult stores Kineto's top-level members as trace metadata and reads none of them",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1199-1214"},
    {"kt-profiler-step", Off, "catapult shows ProfilerStep#N as a slice title and numbers nothing by it",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:137-138,220-221"},
    {"kt-record-function-id", Off, "catapult keeps args[\"Record function id\"] as a slice arg and never reads it",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:143,226"},
    {"kt-stream-infinite", Off,
     "catapult keeps args.stream as a slice arg and never reads it (the Infinity literal it cannot parse: "
     "json-non-finite)",
     "catapult-project/catapult@6fd8bbe tracing/tracing/model/slice_group.html:143,226"},
    kSchemaInvalid,
    {"schema-unknown-key", Off,
     "catapult checks no JSON Schema: it stores unknown top-level keys as metadata and never reads unknown event keys",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html:1199-1214"},
    {"schema-violation", Off, "catapult checks no JSON Schema; the ct-* rules carry what it rejects",
     "catapult-project/catapult@6fd8bbe tracing/tracing/extras/importer/trace_event_importer.html (no schema check)"},
}};

// Perfetto trace_processor's JSON importer (ec5d16b). It rejects a BOM (the
// sniffer), an empty input, NaN or 1e999 in an event field, broken structure
// and a cut object form; everything else loads: it drops events without ts,
// X without dur, negative dur or ts, bad instant scopes and counters without
// args, ignores unknown or missing ph and unknown metadata names, uses the pid
// as the tid, reads string pids as names, and accepts a trailing comma, a bare
// or unterminated array, {} and any displayTimeUnit.
constexpr std::array<diag::Reading, 88> kPerfettoReadings = {{
    {"ct-args-number-range", W, "Perfetto keeps the event and cuts its args at the number",
     "google/perfetto@ec5d16b src/trace_processor/util/json_parser.h:425-429; src/trace_processor/util/json_args.cc:120-122"},
    {"ct-args-type", W, "Perfetto keeps the event and ignores args that are not an object",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:811-817"},
    {"ct-async-unpaired", W, "Perfetto drops an e with no open slice and leaves a b without its e open (dur -1)",
     "google/perfetto@74fbed7 src/trace_processor/importers/json/json_trace_parser_impl.cc case 'b'/'e'; "
     "google/perfetto@ec5d16b src/trace_processor/importers/common/slice_tracker.cc:185-188"},
    {"ct-b-unclosed", W, "Perfetto keeps a B never ended with dur -1: it is drawn to the end",
     "google/perfetto@ec5d16b src/trace_processor/importers/common/slice_tracker.cc:185-188"},
    {"ct-bare-array", Off, "Perfetto loads a bare array as it loads the object form",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:585-606"},
    {"ct-be-backwards", W, "Perfetto sorts by ts, so the E finds no open slice and is dropped; the B stays open",
     "google/perfetto@ec5d16b src/trace_processor/importers/common/slice_tracker.cc:182-188"},
    {"ct-be-name-mismatch", E, "Perfetto skips an E whose name or cat does not match the open slice, so that B stays unfinished (dur -1)",
     "google/perfetto@ec5d16b src/trace_processor/importers/common/slice_tracker.cc:271-294"},
    {"ct-be-split-thread", E,
     "Perfetto takes a string pid or tid for a process or thread name, not the number, so the B and the E sit on two "
     "tracks: the E closes nothing and is dropped, and the B stays open",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:704-740, "
     "src/trace_processor/importers/common/slice_tracker.cc:182-188"},
    {"ct-be-unmatched", E, "Perfetto drops an E without its B silently",
     "google/perfetto@ec5d16b src/trace_processor/importers/common/slice_tracker.cc:185-188"},
    {"ct-be-unordered", W, "Perfetto sorts by ts, so the E finds no open slice and is dropped; the B stays open",
     "google/perfetto@ec5d16b src/trace_processor/importers/common/slice_tracker.cc:182-188"},
    {"ct-be-zero-dur-backwards", W,
     "not established what Perfetto does with a B, E or instant's dur; where it sorts a B or E is ct-be-unordered's "
     "reading",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc was not read for it"},
    {"ct-cat-split", W, "not established what Perfetto does with a cat that is not a string",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc was not read for it"},
    {"ct-cat-type", W, "not established what Perfetto does with a cat that is not a string",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc was not read for it"},
    {"ct-counter-args", W,
     "Perfetto drops a counter whose args are not an object (json_parser_failure) and skips a series that is not a "
     "number or a numeric string",
     "google/perfetto@74fbed7 src/trace_processor/importers/json/json_trace_parser_impl.cc case 'C'"},
    {"ct-counter-value", E, "Perfetto skips a series that is neither a number nor a numeric string: that series is lost",
     "google/perfetto@74fbed7 src/trace_processor/importers/json/json_trace_parser_impl.cc case 'C'"},
    {"ct-display-time-unit", Off,
     "Perfetto ignores displayTimeUnit; it only counts the info stat json_display_time_unit",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1004-1011"},
    {"ct-display-time-unit-unset", Off,
     "Perfetto ignores displayTimeUnit; it only counts the info stat json_display_time_unit",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1004-1011"},
    {"ct-dur-missing", E, "Perfetto drops an X without dur (json_parser_failure) and loads the rest",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:228-232"},
    {"ct-dur-negative", E, "Perfetto drops the slice (slice_negative_duration)",
     "google/perfetto@ec5d16b src/trace_processor/importers/common/slice_tracker.h:132-135"},
    {"ct-empty-event", Off, "Perfetto skips {} silently, as if it were not there",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:826-835"},
    {"ct-event-not-object", W,
     "not established what Perfetto (ec5d16b) does with it; an older tokenizer (692321f) skipped such elements",
     "no source at ec5d16b: google/perfetto@692321f src/trace_processor/importers/json/json_trace_tokenizer.cc "
     "ReadOneJsonDict"},
    kEventTooLong,
    {"ct-field-missing", W,
     "Perfetto drops a b/e/n without id (json_parser_failure); it names a nameless event \"[No name]\"",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:228-232,156-158"},
    {"ct-field-type", E, "Perfetto drops an event whose ts is not a number (json_tokenizer_failure); a ts or dur string that does not parse stops its tokenizer, so nothing after the event loads",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:235-281,836-841"},
    {"ct-field-value", W,
     "not established what Perfetto does with a tts, tdur, bind_id, flow_in or flow_out of another type, or a flow "
     "without tid: no reading covers them",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc was not read for them"},
    {"ct-flow-bp", W, "Perfetto binds the flow to the next slice instead of the enclosing one",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:799-800; "
     "src/trace_processor/importers/common/flow_tracker.cc:94-97"},
    {"ct-flow-cat-missing", W, "not established how Perfetto keys a v1 flow without cat; at most the arrow is lost",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc was not read for it"},
    {"ct-flow-duplicate", W, "Perfetto counts flow_duplicate_id, keeps the first s and ignores the second",
     "google/perfetto@f08a5be src/trace_processor/importers/common/flow_tracker.cc FlowTracker::Begin"},
    {"ct-flow-id-missing", W, "not established what Perfetto does with it; without an id no flow can be bound, so at most the arrow is lost",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc was not read for flows without id"},
    {"ct-flow-unpaired", W,
     "Perfetto draws no arrow for an f without its s (flow_end_without_start); an s without its f it ignores silently",
     "google/perfetto@ec5d16b src/trace_processor/importers/common/flow_tracker.cc:107-111"},
    {"ct-id-type", W, "not established what Perfetto does with a pid or tid of another type; it reads integers and strings",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:704-717,729-740 (integers and strings only)"},
    {"ct-inner-trailing-comma", W, "Perfetto imports a trailing comma inside an event's objects and arrays (its own diff tests)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:643-659; src/trace_processor/util/json_parser.h:873-877"},
    {"ct-instant-scope", E, "Perfetto drops the event (json_parser_failure)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:375-377"},
    {"ct-metadata-args", W, "Perfetto ignores an M without args, so no process or thread name is set",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:483-485"},
    {"ct-metadata-name", Off, "Perfetto ignores metadata events of other names",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:483-490"},
    {"ct-metadata-labels-type", Off, "Perfetto's JSON parser does not read process_labels (an M name it ignores)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:483-490"},
    {"ct-metadata-value", W, "Perfetto ignores a name or sort_index of another type: the process or thread keeps no name",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:483-490"},
    {"ct-name-missing-instant", W, "Perfetto names a nameless event \"[No name]\"",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:156-158"},
    {"ct-name-type", W, "not established what Perfetto does with a name or cat that is not a string",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc was not read for them"},
    {"ct-nesting-depth", W, "not established what Perfetto does with JSON nested this deep",
     "no source: google/perfetto@ec5d16b src/trace_processor/util/json_parser.h was not read for depth"},
    {"ct-no-cat-dur", Off, "Perfetto keeps events without cat (null category) or dur",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:764-767"},
    {"ct-no-dur", Off, "Perfetto draws B/E pairs and instants; it needs no dur",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:159-557"},
    {"ct-no-events", Off, "Perfetto loads an empty trace and shows nothing: nothing is lost",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:585-606"},
    {"ct-no-trace-events", W,
     "Perfetto skips every key and loads zero events; a traceEvents that is not an array it rejects ('traceEvents is "
     "not an array')",
     "google/perfetto@692321f src/trace_processor/importers/json/json_trace_tokenizer.cc HandleDictionaryKey"},
    kPairingCapped,
    {"ct-phase-missing", E, "Perfetto ignores the event (ParseJsonPacket returns when ph is not a string)",
     "google/perfetto@74fbed7 src/trace_processor/importers/json/json_trace_parser_impl.cc ParseJsonPacket"},
    {"ct-phase-unknown", E, "Perfetto ignores the event (its phase switch has no default); it reads only ph's first character",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:159-557; google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:693-695"},
    {"ct-pid-missing", W,
     "Perfetto files the event under pid 0; a b/e/n or an s:\"p\" instant without pid it drops (json_parser_failure)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:187-191,345-348"},
    {"ct-pid-missing-global", W, "Perfetto files the event under pid 0",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc:187-191"},
    {"ct-raw-control-char", W, "Perfetto imports a string with a raw newline as written (its own diff tests)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:811-817; src/trace_processor/util/json_args.cc:69-161"},
    {"ct-stray-dur-type", W, "not established what Perfetto does with a dur that is not a number on another phase",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc was not read for it"},
    {"ct-string-id", W,
     "Perfetto takes the string as the process or thread name and the interned string's id as the id",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:704-717,729-740"},
    {"ct-structure", E, "Perfetto's tokenizer fails ('tried to parse data after EOF' and the like)",
     "google/perfetto@692321f src/trace_processor/importers/json/json_trace_tokenizer.cc ParseInternal"},
    {"ct-tid-max", W, "not established what Perfetto does with it",
     "no source: google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:210-219 "
     "(CoerceToUint32) was read for negative ids only"},
    {"ct-tid-missing", W,
     "Perfetto uses the pid as the tid; an i/I/R without tid and of thread scope it drops (json_parser_failure)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:846-849; "
     "src/trace_processor/importers/json/json_trace_parser.cc:359-364"},
    {"ct-time-infinite", E,
     "Perfetto rejects the file: its JSON parser fails on the literal ('Invalid number', 'Double overflow/underflow "
     "parsing') in an event field",
     "google/perfetto@ec5d16b src/trace_processor/util/json_parser.h:425-429,464-467"},
    {"ct-time-null", E,
     "Perfetto drops an event without a number ts (json_tokenizer_failure) and an X without a number dur "
     "(json_parser_failure)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:836-841; "
     "src/trace_processor/importers/json/json_trace_parser.cc:228-232"},
    {"ct-trace-events-repeated", W, "not established what Perfetto does with a second traceEvents key",
     "no source: no reading or run of the consumer covers it"},
    {"ct-trace-events-none", E, "Perfetto rejects the file ('traceEvents is not an array')",
     "google/perfetto@692321f src/trace_processor/importers/json/json_trace_tokenizer.cc HandleDictionaryKey"},
    {"ct-trace-events-type", E, "Perfetto rejects the file ('traceEvents is not an array')",
     "google/perfetto@692321f src/trace_processor/importers/json/json_trace_tokenizer.cc HandleDictionaryKey"},
    {"ct-trailing-comma", Off, "Perfetto accepts a trailing comma, also inside objects",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:643-651; "
     "src/trace_processor/util/json_parser.h:873-877"},
    {"ct-truncated", E,
     "Perfetto rejects a cut object form ('JSON trace file is incomplete'); from a bare array cut inside an event it "
     "drops the half-written event silently",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1134-1135,662-667"},
    {"ct-ts-negative", E, "Perfetto drops the event (trace_sorter_negative_timestamp_dropped) and loads the rest",
     "google/perfetto@ec5d16b src/trace_processor/sorter/trace_sorter.h:366-374"},
    {"ct-unterminated", Off, "Perfetto loads a bare array without its ']'",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1128-1136"},
    {"input-bom", E,
     "Perfetto's JSON sniffer needs '{\"' or '[{\"' and strips no BOM, so the file is an unknown trace type (ERR:fmt)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1146-1151; "
     "src/trace_processor/forwarding_trace_parser.cc:95-98"},
    {"input-crlf", Off, "Perfetto reads CR and LF as JSON whitespace",
     "google/perfetto@ec5d16b src/trace_processor/util/json_parser.h:64-69"},
    {"input-empty", E, "Perfetto fails: 'first chunk has only whitespace'",
     "google/perfetto@692321f src/trace_processor/importers/json/json_trace_tokenizer.cc JsonTraceTokenizer::Parse"},
    kInputFormat,
    {"input-invalid-utf8", W, "Perfetto validates no UTF-8 and interns the bytes raw",
     "google/perfetto@ec5d16b src/trace_processor/util/json_parser.h:182-234"},
    kInputLineTooLong,
    kInputLongLine,
    {"json-big-integer", W, "not established what Perfetto's JSON parser does with an integer beyond 64 bits",
     "no source: google/perfetto@ec5d16b src/trace_processor/util/json_parser.h was not read for it"},
    {"json-duplicate-key", W, "Perfetto reassigns the field, so the last value wins",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:680-825"},
    {"json-lone-surrogate", W, "not established what Perfetto does with it",
     "no source: no reading or run of the consumer covers it"},
    {"json-non-finite", E,
     "Perfetto rejects the file when NaN or Infinity is an event field ('Invalid number'); in args it truncates the "
     "args there and keeps the event",
     "google/perfetto@ec5d16b src/trace_processor/util/json_parser.h:464-467; "
     "src/trace_processor/importers/json/json_trace_tokenizer.cc:662-666; "
     "src/trace_processor/util/json_args.cc:120-122"},
    {"json-number-range", E,
     "Perfetto rejects the file when the number is an event field ('Double overflow/underflow parsing'); in args it "
     "truncates the args there",
     "google/perfetto@ec5d16b src/trace_processor/util/json_parser.h:425-429; "
     "src/trace_processor/util/json_args.cc:120-122"},
    {"json-syntax", E, "Perfetto's JSON tokenizer fails ('Failure parsing JSON') and the trace does not load",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:662-666"},
    {"kt-base-time", Off, "Perfetto skips the top-level key baseTimeNanoseconds",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1030-1043"},
    {"kt-device-properties", Off, "Perfetto skips the top-level key deviceProperties",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1030-1043"},
    {"kt-distributed-info", Off, "Perfetto skips the top-level key distributedInfo",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1030-1043"},
    {"kt-external-id", Off, "Perfetto keeps args[\"External id\"] as a plain arg and joins nothing on it",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc (reads no Kineto arg)"},
    {"kt-metadata-schema", Off, "Perfetto skips the top-level keys Kineto writes (it reads displayTimeUnit only)",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1030-1043"},
    {"kt-profiler-step", Off, "Perfetto shows ProfilerStep#N names as written and numbers nothing by them",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc (reads no Kineto name)"},
    {"kt-record-function-id", Off, "Perfetto keeps args[\"Record function id\"] as a plain arg and joins nothing on it",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_parser.cc (reads no Kineto arg)"},
    {"kt-stream-infinite", Off,
     "Perfetto reads args only as plain args (the literal it cannot parse in args cuts them: ct-args-number-range, "
     "json-non-finite)",
     "google/perfetto@ec5d16b src/trace_processor/util/json_args.cc:69-161"},
    kSchemaInvalid,
    {"schema-unknown-key", Off,
     "Perfetto checks no JSON Schema and skips keys it does not know; the ct-* rules carry what it rejects",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc:1030-1043"},
    {"schema-violation", Off, "Perfetto checks no JSON Schema; the ct-* rules carry what it rejects or drops",
     "google/perfetto@ec5d16b src/trace_processor/importers/json/json_trace_tokenizer.cc (no schema check)"},
}};

// HTA (HolisticTraceAnalysis f4d0062, default json backend): Python's json
// over the object form, so a bare array, an unterminated array, a trailing
// comma, a BOM in a plain .json and invalid UTF-8 fail; a nameless event, a
// string ts and a ts of 1e999 crash it. It keeps only rows with dur and cat,
// so B/E, flows, instants, counters and M events are dropped unread (the
// checker marks findings on such rows Diagnostic::unread_by "hta"); it
// ignores displayTimeUnit and deviceProperties, links CPU and GPU by
// correlation, and falls back to rank 0 without distributedInfo.
constexpr std::array<diag::Reading, 88> kHtaReadings = {{
    {"ct-args-number-range", W, "HTA's json reads the number as inf and loads the event with it",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-args-type", W, "HTA loads args that are not an object as written",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-async-unpaired", Off, "HTA drops b/e/n rows (they have no dur), so their pairing never matters",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-b-unclosed", Off, "HTA drops B/E rows (they have no dur), so their pairing never matters",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305"},
    {"ct-bare-array", E, "HTA crashes: AttributeError 'list' object has no attribute 'items'",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:405 (ran)"},
    {"ct-be-backwards", Off, "HTA drops B/E rows (they have no dur), so their order never matters",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305"},
    {"ct-be-name-mismatch", Off, "HTA drops B/E rows (they have no dur), so their names are never paired",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305"},
    {"ct-be-split-thread", Off, "HTA drops B/E rows (they have no dur), so their pairing never matters",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305"},
    {"ct-be-unmatched", Off, "HTA drops B/E rows (they have no dur), so their pairing never matters",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305"},
    {"ct-be-unordered", Off, "HTA drops B/E rows (they have no dur), so their order never matters",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305"},
    {"ct-be-zero-dur-backwards", Off, "HTA drops B/E rows without a cat and dur, and never pairs them",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305"},
    {"ct-cat-split", E,
     "HTA crashes on a row it keeps whose cat is not a string: TypeError 'unhashable type' on an array or object "
     "(its symbol table), ValueError 'Cannot mask with non-boolean array' on null, a number or a boolean",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:314,356; hta/common/trace.py:181 "
     "(ran: mutation set)"},
    {"ct-cat-type", E,
     "HTA crashes on a row it keeps whose cat is not a string: TypeError 'unhashable type' on an array or object "
     "(its symbol table), ValueError 'Cannot mask with non-boolean array' on null, a number or a boolean",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:314,356; hta/common/trace.py:181 "
     "(ran: mutation set)"},
    {"ct-counter-args", Off, "HTA drops C rows (they have no dur), so their args are never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-counter-value", Off, "HTA drops C rows (they have no dur), so their series are never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-display-time-unit", Off, "HTA never reads displayTimeUnit; it keeps it as metadata",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:405 (ran)"},
    {"ct-display-time-unit-unset", Off, "HTA never reads displayTimeUnit; it keeps it as metadata",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:405 (ran: mutation set)"},
    {"ct-dur-missing", Off, "HTA drops a row without dur unread (it keeps rows with cat and dur)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:299-301 (ran: mutation set)"},
    {"ct-dur-negative", Off, "HTA loads a negative dur as written",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-empty-event", Off, "HTA drops the row (no dur or cat); it held nothing to lose",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-event-not-object", E, "HTA raises AttributeError ''int' object has no attribute 'keys''",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:409 (ran)"},
    kEventTooLong,
    {"ct-field-missing", E,
     "HTA crashes on a row it keeps (one with cat and dur) that has no name (ValueError 'Cannot mask with "
     "non-boolean array containing NA / NaN values'); rows without cat or dur it drops unread",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:299-301; hta/common/trace.py:181 "
     "(ran: mutation set)"},
    {"ct-field-type", E,
     "HTA crashes on a string, array or object ts in a row it keeps (TypeError in trace.py's arithmetic), and on such "
     "a dur in any row whenever pandas reads the ts column as float64: round_down_time_stamps adds ts and dur over "
     "every row before it drops any (tracecheck does not model pandas' dtypes and errs on every such dur)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:373-384; hta/common/trace.py:205,274 "
     "(ran: mutation set)"},
    {"ct-field-value", W,
     "not established: HTA keeps event keys as DataFrame columns, and no run covers these fields of another type",
     "no source: facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:405 (not run on them)"},
    {"ct-flow-bp", Off, "HTA drops flow rows (they have no dur), so bp is never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-flow-cat-missing", Off, "HTA drops flow rows (they have no dur), so a flow's cat is never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:299-305"},
    {"ct-flow-duplicate", Off, "HTA drops flow rows (they have no dur), so flow ids are never paired",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-flow-id-missing", Off, "HTA drops flow rows (they have no dur), so a flow's id is never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305 (ran)"},
    {"ct-flow-unpaired", Off, "HTA drops flow rows (they have no dur), so flow ids are never paired",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-id-type", W, "HTA loads a pid or tid of another type (a boolean) as written",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-inner-trailing-comma", E, "HTA's json.loads raises JSONDecodeError",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-instant-scope", Off, "HTA drops instant rows (they have no dur), so s is never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-metadata-args", Off, "HTA drops M rows (they have no dur), so their args are never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305 (ran)"},
    {"ct-metadata-name", Off, "HTA drops M rows (they have no dur), so their names are never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-metadata-labels-type", Off, "HTA drops M rows (they have no dur), so their args are never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-metadata-value", Off, "HTA drops M rows (they have no dur), so their args are never read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305"},
    {"ct-name-missing-instant", E,
     "HTA crashes on a row it keeps (one with cat and dur) that has no name, as for ct-field-missing; rows without "
     "cat or dur it drops unread",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:299-301; hta/common/trace.py:181"},
    {"ct-name-type", E,
     "HTA crashes on a row it keeps whose name is not a string: TypeError 'unhashable type' on an array or "
     "object (its symbol table), ValueError 'Cannot mask with non-boolean array' on null, a number or a boolean",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:314,356; hta/common/trace.py:181 "
     "(ran: mutation set)"},
    {"ct-nesting-depth", E, "HTA's json raises RecursionError on JSON nested this deep",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-no-cat-dur", W, "HTA loads the trace and keeps none of its events: it drops every row without cat ('No analyzable events'); kinds it does not keep by design are not lost",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:295-306 (ran: PASS-EMPTY on clang's -ftime-trace)"},
    {"ct-no-dur", E,
     "HTA raises KeyError 'dur' in round_down_time_stamps, which runs only on a float64 ts column; with integer ts, "
     "or a string among them, it skips the rounding and keeps nothing (ct-no-cat-dur)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:371-384 (ran: uftrace's B/E trace "
     "and its mutations)"},
    {"ct-no-events", E, "HTA raises KeyError 'ts' in round_down_time_stamps on an empty event array",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:372 (ran)"},
    {"ct-no-trace-events", W,
     "not established what HTA (f4d0062) does with it; 00a6792 returns an empty DataFrame and a12e7c8 raises "
     "UnboundLocalError",
     "no source at f4d0062: facebookresearch/HolisticTraceAnalysis@00a6792 hta/common/trace_parser.py "
     "_parse_trace_dataframe_json; facebookresearch/HolisticTraceAnalysis@a12e7c8 hta/common/trace.py "
     "parse_trace_dataframe"},
    kPairingCapped,
    {"ct-phase-missing", W, "HTA drops the ph column, so an event with dur and cat is kept as a complete event",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:309-310"},
    {"ct-phase-unknown", W, "HTA drops the ph column, so an event with dur and cat is kept as a complete event",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:309-310 (ran)"},
    {"ct-pid-missing", Off, "HTA loads the event with pid NaN",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-pid-missing-global", Off, "HTA loads the event with pid NaN",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-raw-control-char", E, "HTA's json.loads raises JSONDecodeError 'Invalid control character'",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-stray-dur-type", E,
     "HTA keeps every row with a cat and a dur, of any phase, and its df['ts'] + df['dur'] raises TypeError on a dur "
     "that is a string or an object",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace.py:274, hta/common/trace_parser.py:295-306 "
     "(ran: mutation set, numstr-dur-exact and retype-dur-object on async ends)"},
    {"ct-string-id", Off, "HTA loads string pids and tids as written",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-structure", E, "HTA's json.loads raises JSONDecodeError",
     "facebookresearch/HolisticTraceAnalysis@00a6792 hta/common/trace_parser.py parse_trace_dict"},
    {"ct-tid-max", W, "not established what HTA does with it",
     "no source: readings cover missing, string and negative ids only"},
    {"ct-tid-missing", Off, "HTA keeps an X without tid; B/E rows it drops anyway (no dur)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:293-305 (ran)"},
    {"ct-time-infinite", E,
     "HTA crashes: OverflowError 'cannot convert float infinity to integer' in round_down_time_stamps, which rounds "
     "every row's ts and end whenever pandas reads ts as float64 (a trace of integer ts only it loads)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:373-388 (ran: mutation set)"},
    {"ct-time-null", W,
     "HTA loads the file and adds a boolean ts or dur as 0 or 1; a row whose ts or dur is missing or null it drops "
     "unread (its ns rounding makes the dur NaN, and rows without dur go), so that finding is nothing to it",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:299-305,371-388 (ran: mutation set)"},
    {"ct-trace-events-repeated", W, "HTA's json keeps the last traceEvents array; the events of the earlier ones are not loaded",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:405 (ran)"},
    {"ct-trace-events-none", E,
     "HTA raises ValueError ('If using all scalar values, you must pass an index', or 'DataFrame constructor not "
     "properly called!')",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:409 (ran: bad_inputs "
     "wrong_type_trace_events.json, mutation set traceevents-not-array-bool)"},
    {"ct-trace-events-type", E, "HTA raises ValueError 'If using all scalar values, you must pass an index'",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:409 (ran)"},
    {"ct-trailing-comma", E, "HTA raises JSONDecodeError",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-truncated", E, "HTA raises JSONDecodeError",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-ts-negative", Off, "HTA loads a negative ts as written",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"ct-unterminated", E, "HTA raises JSONDecodeError",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"input-bom", E, "HTA raises JSONDecodeError 'Unexpected UTF-8 BOM' on a plain .json; a .json.gz loads",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:145-146 (ran)"},
    {"input-crlf", Off, "HTA reads CR and LF as JSON whitespace",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"input-empty", E, "HTA's json.loads raises JSONDecodeError on an empty text",
     "facebookresearch/HolisticTraceAnalysis@00a6792 hta/common/trace_parser.py parse_trace_dict"},
    kInputFormat,
    {"input-invalid-utf8", E, "HTA raises UnicodeDecodeError (open(..., \"r\"))",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:145-146 (ran)"},
    kInputLineTooLong,
    kInputLongLine,
    {"json-big-integer", W, "HTA's json reads the integer exactly and loads the file",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran: mutation set)"},
    {"json-duplicate-key", W, "HTA keeps the last value (Python's json)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"json-lone-surrogate", W, "not established what HTA does with it",
     "no source: no reading or run of the consumer covers it"},
    {"json-non-finite", W,
     "HTA's json backend reads NaN and Infinity; a row with a NaN ts or dur it drops, an infinite one crashes it "
     "(ct-time-infinite)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:305,383-388 (ran)"},
    {"json-number-range", W,
     "HTA's json reads the number as inf and loads it in a tid or args; at a ts or dur it crashes "
     "(ct-time-infinite)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:386 (ran: mutation set)"},
    {"json-syntax", E, "HTA raises JSONDecodeError",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (ran)"},
    {"kt-base-time", W, "HTA loads the trace; only Trace.get_trace_start_unixtime_ns() raises KeyError",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace.py:38-59,989-1003 (ran)"},
    {"kt-device-properties", Off, "HTA never reads deviceProperties (only a docstring names it)",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:566-570,624-638 (ran)"},
    {"kt-distributed-info", W,
     "HTA takes the rank from the regex \"rank\":\\s+(\\d+), else warns and uses rank 0, so two rankless files collide",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_file.py:45-73 (ran)"},
    {"kt-external-id", Off, "HTA links CPU and GPU by correlation; it reads External id only in its ET join",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace.py:111-129; "
     "hta/configs/event_args_formats/event_args_1.0.0.yaml:10-13,70-74 (ran)"},
    {"kt-metadata-schema", W,
     "HTA keeps the top-level members in its meta and reads only the rank (from the regex \"rank\":\\s+(\\d+), else "
     "rank 0); not established what else of them its analyses read",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_file.py:45-73, hta/common/trace_parser.py:405"},
    {"kt-profiler-step", Off,
     "HTA (a12e7c8) takes the iteration from the number as written, so their order changes nothing; it raised "
     "AttributeError on a ProfilerStep# without a number (not checked at f4d0062)",
     "facebookresearch/HolisticTraceAnalysis@a12e7c8 hta/common/trace.py add_iteration"},
    {"kt-record-function-id", W, "not established what HTA does with it",
     "no source: no reading or run of the consumer covers it"},
    {"kt-stream-infinite", E,
     "HTA crashes: IntCastingNaNError 'Cannot convert non-finite values (NA or inf) to integer' in "
     "normalize_gpu_stream_numbers, which casts the stream column to int after filling only NaN",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/utils/utils.py:222-231 (ran: mutation set, "
     "nonfinite-args-Infinity on args.stream)"},
    kSchemaInvalid,
    {"schema-unknown-key", Off,
     "HTA checks no JSON Schema: it keeps top-level keys in meta and event keys as DataFrame columns",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:405"},
    {"schema-violation", Off, "HTA checks no JSON Schema; the ct-* rules carry what it rejects",
     "facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py (no schema check)"},
}};

}  // namespace

std::span<const Rule> chrome_trace_rules() { return kRules; }

std::vector<diag::Profile> chrome_trace_profiles() {
  std::vector<diag::Profile> p;
  p.push_back(diag::consumer_profile(
      "chrome", {"catapult"},
      "chrome://tracing (catapult-project/catapult: tracing/extras/importer/trace_event_importer.html)",
      kChromeReadings));
  p.push_back(diag::consumer_profile("perfetto", {},
                                     "Perfetto trace_processor JSON importer (google/perfetto ec5d16b: "
                                     "json_trace_tokenizer.cc, json_trace_parser.cc)",
                                     kPerfettoReadings));
  p.push_back(diag::consumer_profile("hta", {"kineto"},
                                     "HolisticTraceAnalysis trace parser (facebookresearch/HolisticTraceAnalysis "
                                     "f4d0062: hta/common/trace_parser.py)",
                                     kHtaReadings));
  return p;
}

}  // namespace tc::formats::chrome_trace
