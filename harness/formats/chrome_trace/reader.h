// Streaming reader for Chrome trace JSON (the Trace Event Format: object
// form {"traceEvents": [...], ...} or bare-array form [...], plain or .gz,
// "-" for stdin), Kineto's exports included.
//
// Contract:
//  - one pass, memory bounded by json::stream_json_array (chunk + largest
//    event), never a DOM of the file: each event is parsed on its own with
//    simdjson and handed to on_event, then forgotten;
//  - the reader reports what concerns the container and the JSON itself
//    (input-format, input-bom, input-crlf, input-invalid-utf8, json-syntax,
//    json-non-finite, json-number-range, json-lone-surrogate,
//    json-duplicate-key, ct-structure, ct-truncated, ct-event-too-long,
//    ct-bare-array, ct-unterminated, ct-trailing-comma, ct-no-trace-events,
//    ct-event-not-object); everything about the meaning of events is the
//    checkers' (formats/chrome_trace/checker.h, kineto.h);
//  - a JSON finding is located at the offending byte (the invalid UTF-8
//    byte, the NaN, the lone surrogate, the repeated key), with the JSON
//    pointer of the event or member; an event simdjson rejects is handed
//    on as JSON.parse reads it where JSON.parse reads it (a number beyond
//    double range as the largest double of its sign, a lone surrogate as
//    U+FFFD, a byte that is not UTF-8 as '?', an integer beyond 64 bits as
//    a double) and not at all where it does not (NaN, invalid JSON); an
//    event with a repeated key is handed on with each key's last value,
//    the one every consumer keeps;
//  - "traceEvents" that is not an array is ct-trace-events-type (an object
//    holding members) or ct-trace-events-none at its value; an array under
//    a repeated "traceEvents" that is not the one read,
//    ct-trace-events-repeated;
//    an object without it, ct-no-trace-events at 1:1;
//  - on_event sees every event that parsed and is an object, in file order;
//    the element stays valid only during the call (copy what you keep). It
//    is the per-event hook for any later pass (schemas): the raw text and
//    its position come with the parsed value;
//  - each element is one record of event accounting (diag/accounting.h):
//    the reader brackets it in Reporter::open_record/close_record, so the
//    findings on it, the reader's and on_event's, are the record's; it is
//    counted under the kind and unread_by on_event leaves in the event
//    ("unknown" and "" when on_event is not called: not parsed, not an
//    object);
//  - on_member sees every other top-level member of the object form (Kineto's
//    schemaVersion, deviceProperties, distributedInfo, traceName,
//    displayTimeUnit, baseTimeNanoseconds, add_metadata keys, ...), parsed
//    when its text is within the member cap (value null otherwise);
//  - returns true, or false with `error` set when the input cannot be
//    opened or read (a corrupt .gz is malformed input: a finding, not I/O).
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "diag/reporter.h"
#include "formats/chrome_trace/fields.h"
#include "io/input_source.h"
#include "json/array_stream.h"

namespace tc::formats::chrome_trace {

struct ChromeEvent {
  simdjson::dom::element value;  // the parsed event (always an object)
  simdjson::dom::object object;  // the same, as an object
  std::string_view text;         // the element as written
  json::JsonPosition pos;
  uint64_t index = 0;  // position in the traceEvents array
  const std::string* file = nullptr;
  std::string pointer() const;  // "/traceEvents/<index>" or "/<index>" (bare array)
  bool bare = false;
  // Whether the text holds integers beyond 64 bits, which `value` holds as
  // doubles (as JSON.parse reads them; Python keeps them exact).
  bool big_integers = false;
  // Whether ChromeReadOptions::precheck passed `value` (parsed ahead, on
  // another thread); false when it did not run.
  bool prechecked = false;
  // index_event_keys of `value` when the note ahead took them (it repeats
  // no key), else null: the checks index the event themselves.
  const EventKeys* keys = nullptr;
  // Set by on_event for event accounting (Reporter::close_record): what the
  // event is ("slice", ...; "" for no event at all) and the consumer profile
  // that drops it unread.
  std::string_view record_kind = "unknown";
  std::string_view unread_by;
};

struct ChromeMember {
  std::string key;
  std::string_view text;  // raw JSON (possibly cut at the cap)
  bool parsed = false;    // value is valid
  simdjson::dom::element value;
  json::JsonPosition pos;
};

struct ChromeReadInfo {
  json::JsonContainer container = json::JsonContainer::None;
  bool array_found = false;
  bool terminated = false;
  uint64_t events = 0;    // elements seen (objects or not)
  uint64_t trace_events_arrays = 0;  // arrays under "traceEvents": more than one when the key repeats
  uint64_t bytes = 0;     // decompressed bytes read
  bool complete = false;  // the whole input was read without a structural error
};

struct ChromeReadOptions {
  // Threads reading one trace: above 1, one splits the event array, others
  // parse events ahead, the caller checks them in order (json/array_ahead.h);
  // the findings are the same whatever the number.
  unsigned threads = 1;
  size_t chunk = size_t{1} << 20;
  size_t max_event = size_t{64} << 20;
  size_t max_member = size_t{1} << 20;
  // Which "traceEvents" array holds the events when the key repeats (1: the
  // first). The consumers' JSON parsers keep the last one: a caller that
  // learns from trace_events_arrays that the key repeats reads again with
  // that number, and the earlier arrays are ct-trace-events-repeated.
  uint64_t trace_events_occurrence = 1;
  // A pure check of an event's parsed value (its schema, say), run with the
  // parsing ahead when threads > 1, on any thread, several at once; its
  // verdict reaches on_event as ChromeEvent::prechecked. Only for an event
  // object that repeats no key (the checks read another value of one that
  // does), with its index_event_keys, which the note of repeated keys took
  // on the way.
  std::function<bool(const EventKeys& keys, simdjson::dom::element event)> precheck;
  // When set, the keys of an event parsed ahead (as precheck gets them, with
  // their `flow` taken) reach this on the checking thread a few events
  // before on_event gets the event: a hint to fetch what checking it will
  // touch, never a finding.
  std::function<void(const EventKeys& keys)> ahead;
};

// One reader, one reporter and one pair of hooks; read() may be called for
// several inputs in turn (info() describes the last).
class ChromeTraceReader {
 public:
  using EventFn = std::function<void(ChromeEvent&)>;
  using MemberFn = std::function<void(const ChromeMember&)>;

  ChromeTraceReader(const ChromeReadOptions& options, diag::Reporter& reporter, EventFn on_event, MemberFn on_member);

  // The file at `path` (plain, .gz, or "-" for stdin).
  bool read(const std::string& path, std::string& error);
  // An open source (decompressed already: wrap a raw gzip stream with
  // io::make_gzip_source), named `file` in the findings. For in-memory input
  // (tests, fuzzing).
  bool read(io::InputSource& in, const std::string& file, std::string& error);

  // What the last read() saw of the container (reset by each read()).
  const ChromeReadInfo& info() const { return info_; }

 private:
  ChromeReadOptions options_;
  diag::Reporter& reporter_;
  EventFn on_event_;
  MemberFn on_member_;
  ChromeReadInfo info_;
};

using json::position_in;

}  // namespace tc::formats::chrome_trace
