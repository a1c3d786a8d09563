#include "formats/chrome_trace/reader.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "formats/chrome_trace/lenient_json.h"
#include "io/input_source.h"
#include "io/newlines.h"
#include "io/utf8.h"
#include "json/array_ahead.h"
#include "json/parse.h"
#include "json/text.h"

namespace tc::formats::chrome_trace {

std::string ChromeEvent::pointer() const { return (bare ? "/" : "/traceEvents/") + std::to_string(index); }

namespace {

diag::Location loc(const std::string& file, const json::JsonPosition& p) { return {file, p.line, p.column}; }

// Whether a JSON pointer into the trace lies inside an event's args
// (/traceEvents/N/args/... or, in a bare array, /N/args/...).
bool in_args(std::string_view pointer) {
  size_t at = pointer.rfind("/traceEvents/", 0) == 0 ? 13 : 1;
  at = pointer.find('/', at);
  return at != std::string_view::npos && pointer.compare(at, 6, "/args/") == 0;
}

// Whether a member's JSON text, whose first non-blank byte is at `first`,
// is an object with at least one member: a "traceEvents" object that holds
// events (keyed by anything) rather than none (ct-trace-events-none).
bool holds_members(std::string_view text, size_t first) {
  if (text[first] != '{') return false;
  const size_t next = text.find_first_not_of(" \t\r\n", first + 1);
  return next != std::string_view::npos && text[next] != '}';
}

// Is `quirk` an infinite value: Infinity, -Infinity, or a number beyond
// double range (1e999)?
bool infinite(const json::JsonTextFinding& quirk) {
  using K = json::JsonTextFinding::Kind;
  return quirk.kind == K::OutOfRange || (quirk.kind == K::NonFinite && quirk.detail != "NaN");
}

// Is it (relative to an event) its ts or dur, infinite?
bool infinite_time(std::string_view kind, const json::JsonTextFinding& quirk) {
  return kind == "event" && (quirk.pointer == "/ts" || quirk.pointer == "/dur") && infinite(quirk);
}

// Passes a source through unchanged and notes where its first CRLF line end
// is (the line and column of the '\r'), for input-crlf. In JSON a CR can only
// stand as whitespace (a raw one inside a string is a syntax error anyway).
// Counts newlines until the first CRLF, then only passes bytes on.
class CrlfScan : public io::InputSource {
 public:
  explicit CrlfScan(io::InputSource& in) : in_(in) { name_ = in.name(); }

  ptrdiff_t read(char* buf, size_t n) override {
    ptrdiff_t k = in_.read(buf, n);
    if (k < 0) error_ = in_.error(), data_error_ = in_.data_error();
    if (k > 0 && !found_) scan(buf, static_cast<size_t>(k));
    return k;
  }
  bool found() const { return found_; }
  const json::JsonPosition& first() const { return first_; }

 private:
  void scan(const char* p, size_t n) {
    if (pending_cr_ && p[0] == '\n') {
      found_ = true;
      return;
    }
    pending_cr_ = false;
    for (size_t i = 0; i < n;) {
      const void* hit = std::memchr(p + i, '\r', n - i);
      size_t cr = hit ? static_cast<size_t>(static_cast<const char*>(hit) - p) : n;
      advance(p + i, cr - i);
      if (cr == n) break;
      first_ = {line_, column_, offset_};
      if (cr + 1 == n) {
        pending_cr_ = true;  // decided by the next read
      } else if (p[cr + 1] == '\n') {
        found_ = true;
        return;
      }
      advance(p + cr, 1);
      i = cr + 1;
    }
  }
  // Moves the line/column past `n` bytes: a count of the newlines and the
  // last of them, not a call per line.
  void advance(const char* p, size_t n) {
    const uint64_t lines = io::count_newlines(std::string_view(p, n));
    if (lines > 0) {
      line_ += lines;
      last_nl_ = offset_ + static_cast<uint64_t>(static_cast<const char*>(memrchr(p, '\n', n)) - p);
      nl_seen_ = true;
    }
    offset_ += n;
    column_ = nl_seen_ ? offset_ - last_nl_ : offset_ + 1;
  }

  io::InputSource& in_;
  bool found_ = false;
  bool pending_cr_ = false;
  json::JsonPosition first_;
  uint64_t line_ = 1, column_ = 1, offset_ = 0, last_nl_ = 0;
  bool nl_seen_ = false;
};

}  // namespace

ChromeTraceReader::ChromeTraceReader(const ChromeReadOptions& options, diag::Reporter& reporter, EventFn on_event,
                                     MemberFn on_member)
    : options_(options), reporter_(reporter), on_event_(std::move(on_event)), on_member_(std::move(on_member)) {}

bool ChromeTraceReader::read(const std::string& path, std::string& error) {
  info_ = {};
  std::unique_ptr<io::InputSource> in = io::open_input(path, error);
  if (!in) return false;
  const std::string file = io::input_name(path);  // as format.cpp names it
  return read(*in, file, error);
}

bool ChromeTraceReader::read(io::InputSource& source, const std::string& file, std::string& error) {
  const ChromeReadOptions& options = options_;
  diag::Reporter& reporter = reporter_;
  const EventFn& on_event = on_event_;
  const MemberFn& on_member = on_member_;
  info_ = {};
  CrlfScan scan(source);
  simdjson::dom::parser event_parser;
  simdjson::dom::parser member_parser;
  simdjson::dom::parser last_value_parser;  // events that repeat a key, as consumers read them
  std::string last_values;                  // the text it parses
  std::unique_ptr<json::Parser> slow;  // only to locate an error
  std::vector<std::string_view> keys;  // scratch of has_duplicate_keys
  bool array_key_seen = false;         // "traceEvents" was a member (not an array)

  // A text simdjson rejected: what Python's dialect accepts is a warning at
  // the quirk, what it does not, an error at the offending byte.
  // `read`: the event was still read as JSON.parse reads it (read_as_json_parse) and is checked.
  auto locate_error = [&](std::string_view text, json::JsonPosition start, const std::string& pointer, const char* what,
                          const char* kind, bool read) {
    const char* unchecked = read ? "" : " (not checked further)";
    if (!slow) slow = std::make_unique<json::Parser>();
    // Copied to a padded buffer: a member's text and `repaired` below are
    // plain strings, and simdjson reads up to 64 bytes past the end.
    json::ParseResult parsed = slow->parse(text);
    if (parsed.ok) {
      // Python's dialect parses it; simdjson (and strict consumers) do not.
      const char* rule = "json-non-finite";
      std::string what_wrong = "NaN or Infinity, which is not JSON";
      std::string hint = "strict JSON parsers (Perfetto, JSON.parse, simdjson) reject it";
      size_t at = 0;
      std::string where = pointer;
      bool named = false;
      bool time_infinite = false;
      const std::vector<json::JsonTextFinding> quirks = json::find_json_quirks(text, 16);
      for (const json::JsonTextFinding& f : quirks) {
        using K = json::JsonTextFinding::Kind;
        if (f.kind == K::DuplicateKey) continue;
        named = true;
        at = f.offset;
        where = pointer + f.pointer;
        time_infinite = infinite_time(kind, f);
        if (f.kind == K::LoneSurrogate)
          rule = "json-lone-surrogate", what_wrong = "a lone surrogate escape " + f.detail + " (\\uD800-\\uDFFF without its pair)",
          hint = "JSON.parse (catapult) and Python's json (HTA) read it as a lone code unit; simdjson rejects it";
        else if (f.kind == K::OutOfRange)
          // Inside args a consumer keeps the event (ct-args-number-range).
          rule = in_args(pointer + f.pointer) ? "ct-args-number-range" : "json-number-range",
          what_wrong = "a number out of double range: " + f.detail,
          hint = "JSON.parse (catapult) and Python's json (HTA) read it as infinite; Perfetto rejects it in an "
                 "event field";
        else
          what_wrong = f.detail + ", which is not JSON";
        break;
      }
      // None of those: simdjson's one other refusal of what Python reads.
      const std::vector<json::JsonTextFinding> big = named ? std::vector<json::JsonTextFinding>() : json::find_big_integers(text, 1);
      if (!big.empty()) {
        rule = "json-big-integer";
        at = big.front().offset;
        where = pointer + big.front().pointer;
        what_wrong = "an integer beyond 64 bits: " + big.front().detail;
        hint = "JSON.parse (catapult) reads it as the nearest double and Python (HTA) exactly; simdjson rejects it";
      }
      reporter.report(rule, loc(file, position_in(text, start, at)),
                      std::string(what) + " holds " + what_wrong + unchecked, kind, where, hint);
      // HTA casts every args.stream to an integer: an infinite one is a
      // finding of its own, whichever quirk comes first.
      if (kind == std::string_view("event"))
        for (const json::JsonTextFinding& f : quirks)
          if (f.pointer == "/args/stream" && infinite(f))
            reporter.report("kt-stream-infinite", loc(file, position_in(text, start, f.offset)),
                            std::string(what) + "'s args.stream is infinite", kind, pointer + f.pointer,
                            "HTA cannot cast it to an integer stream number (IntCastingNaNError)");
      // What the value means, beside how it is written: consumers that read
      // the literal differ on an infinite time.
      if (time_infinite)
        reporter.report("ct-time-infinite", loc(file, position_in(text, start, at)),
                        std::string(what) + "'s " + where.substr(where.rfind('/') + 1) + " is infinite", kind, where,
                        "HTA cannot round it (OverflowError); Perfetto rejects the file");
      return;
    }
    json::ParseError err = parsed.error;
    size_t bad = io::first_invalid_utf8(text);
    // The bad byte is the first fault, or the only one: with each invalid
    // byte read as another character (as catapult's decoder reads it as
    // U+FFFD) the text parses.
    auto only_utf8_wrong = [&] {
      std::string mended(text);
      for (size_t at = bad; at < mended.size();
           at += io::first_invalid_utf8(std::string_view(mended).substr(at)))
        mended[at] = '?';
      return slow->parse(mended).ok;
    };
    if (bad < text.size() && (bad <= err.offset || only_utf8_wrong())) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
      reporter.report("input-invalid-utf8", loc(file, position_in(text, start, bad)),
                      std::string(what) + " holds a byte that is not UTF-8 (" + hex + ")" + unchecked, kind, pointer,
                      "catapult decodes it as U+FFFD and Perfetto keeps it raw; HTA's open() raises "
                      "UnicodeDecodeError");
      return;
    }
    // Not JSON only for what Perfetto's tokenizer tolerates: its own rule.
    std::string repaired;
    const LenientFault lenient = find_lenient_fault(text, repaired);
    if (lenient.kind != LenientFault::Kind::None && slow->parse(repaired).ok) {
      const bool comma = lenient.kind == LenientFault::Kind::TrailingComma;
      char ch[8];
      std::snprintf(ch, sizeof ch, "U+%04X", static_cast<unsigned>(lenient.ch));
      reporter.report(comma ? "ct-inner-trailing-comma" : "ct-raw-control-char",
                      loc(file, position_in(text, start, lenient.offset)),
                      std::string(what) + (comma ? " has a comma before a closing bracket"
                                                 : " has a raw control character (" + std::string(ch) +
                                                       ") inside a string") +
                          ", which is not JSON",
                      kind, pointer, "Perfetto imports it; JSON.parse (catapult) and Python's json (HTA) reject it");
      return;
    }
    reporter.report("json-syntax", loc(file, position_in(text, start, err.offset)),
                    std::string(what) + " is not valid JSON: " + err.message, kind, pointer);
  };

  // An event simdjson rejected, read as JSON.parse reads it (what catapult
  // then checks; Python differs only on big integers, which it keeps
  // exact): integers beyond 64 bits as the nearest double (the literal with
  // ".0" after it), numbers beyond double range as the largest double of
  // their sign (JSON.parse: an infinity, which compares alike), lone
  // surrogate escapes as U+FFFD, and bytes that are not UTF-8 as '?'
  // (catapult's decoder: U+FFFD). The rewritten text goes to `widened`.
  // Returns whether it parses (not for NaN, Infinity or a syntax error,
  // which JSON.parse rejects too); `big` gets the big integers.
  std::string widened;  // scratch: the rewritten event, padded
  auto read_as_json_parse = [&](std::string_view text, simdjson::dom::element& value,
                                std::vector<json::JsonTextFinding>& big, bool& other) {
    std::string utf8(text);
    const size_t first_bad = io::first_invalid_utf8(utf8);
    other = first_bad < utf8.size();
    for (size_t at = first_bad; at < utf8.size(); at += io::first_invalid_utf8(std::string_view(utf8).substr(at)))
      utf8[at] = '?';
    if (!slow) slow = std::make_unique<json::Parser>();
    if (!slow->parse(utf8).ok) return false;
    std::vector<std::pair<size_t, std::pair<size_t, std::string>>> edits;  // offset -> (length, replacement)
    big = json::find_big_integers(utf8, SIZE_MAX);
    for (const json::JsonTextFinding& f : big) edits.push_back({f.offset, {f.detail.size(), f.detail + ".0"}});
    for (const json::JsonTextFinding& f : json::find_json_quirks(utf8, SIZE_MAX)) {
      using K = json::JsonTextFinding::Kind;
      if (f.kind == K::NonFinite) return false;
      if (f.kind == K::LoneSurrogate) edits.push_back({f.offset, {f.detail.size(), "\\ufffd"}});
      if (f.kind == K::OutOfRange)
        edits.push_back({f.offset, {f.detail.size(), f.detail[0] == '-' ? "-1.7976931348623157e308"
                                                                         : "1.7976931348623157e308"}});
      other = other || f.kind != K::DuplicateKey;
    }
    std::sort(edits.begin(), edits.end());
    widened.clear();
    size_t from = 0;
    for (const auto& [offset, edit] : edits) {
      widened.append(utf8, from, offset - from);
      widened += edit.second;
      from = offset + edit.first;
    }
    widened.append(utf8, from);
    const size_t size = widened.size();
    widened.append(simdjson::SIMDJSON_PADDING, ' ');
    return event_parser.parse(widened.data(), size, false).get(value) == simdjson::SUCCESS;
  };

  // Repeated keys in an event that parsed: a warning per key, at the key.
  auto report_duplicates = [&](std::string_view text, json::JsonPosition start, const std::string& pointer,
                               const char* kind) {
    for (const json::JsonTextFinding& f : json::find_json_quirks(text, 16)) {
      if (f.kind != json::JsonTextFinding::Kind::DuplicateKey) continue;
      reporter.report("json-duplicate-key", loc(file, position_in(text, start, f.offset)),
                      "key \"" + f.detail + "\" appears more than once", kind, pointer + f.pointer,
                      "every consumer keeps the last value (JSON.parse, Python's json, Perfetto's tokenizer), and "
                      "so do tracecheck's checks");
    }
  };

  // One element, in order: parsed here unless `parsed` brings it parsed
  // ahead (with whether it repeats a key).
  // The note taken ahead of the fold (json/array_ahead.h): these bits.
  // kKeys: the memo holds the event's EventKeys.
  static_assert(std::is_trivially_copyable_v<EventKeys> && std::is_trivially_destructible_v<EventKeys>);
  constexpr uint8_t kDuplicates = 1, kPrechecked = 2, kKeys = 4;
  auto fold_element = [&](const json::JsonElement& el, const simdjson::dom::element* parsed, uint8_t note,
                          const void* memo) {
    bool duplicates = (note & kDuplicates) != 0;
    ChromeEvent ev;
    reporter.open_record();
    struct CloseRecord {
      diag::Reporter& reporter;
      const std::string& file;
      const ChromeEvent& ev;
      ~CloseRecord() { reporter.close_record(file, ev.record_kind, ev.unread_by); }
    } close_record{reporter, file, ev};
    ev.text = el.text;
    ev.pos = el.pos;
    ev.index = el.index;
    ev.file = &file;
    ev.bare = el.container == json::JsonContainer::BareArray;
    simdjson::dom::element value;
    if (parsed) {
      value = *parsed;
      ev.prechecked = (note & kPrechecked) != 0;
      if (note & kKeys) ev.keys = std::launder(static_cast<const EventKeys*>(memo));
    } else {
      if (event_parser.parse(el.text.data(), el.text.size(), false).get(value) != simdjson::SUCCESS) {
        std::vector<json::JsonTextFinding> big;
        bool other = false;
        const bool read = read_as_json_parse(el.text, value, big, other);
        if (read && !other)
          for (const json::JsonTextFinding& f : big)
            reporter.report("json-big-integer", loc(file, position_in(el.text, el.pos, f.offset)),
                            "an integer beyond 64 bits: " + f.detail + ", read as the nearest double", "event",
                            ev.pointer() + f.pointer,
                            "JSON.parse (catapult) reads it so and Python (HTA) exactly; simdjson rejects it");
        else
          locate_error(el.text, el.pos, ev.pointer(), ("event " + std::to_string(el.index)).c_str(), "event", read);
        if (!read) return;
        ev.big_integers = !big.empty();
      }
      duplicates = json::has_duplicate_keys(value, keys);
    }
    if (duplicates) {
      report_duplicates(el.text, el.pos, ev.pointer(), "event");
      // The checks read what every consumer keeps: a repeated key's last value.
      last_values.clear();
      json::append_last_values(value, last_values);
      const size_t size = last_values.size();
      last_values.append(simdjson::SIMDJSON_PADDING, ' ');
      simdjson::dom::element kept;
      if (last_value_parser.parse(last_values.data(), size, false).get(kept) == simdjson::SUCCESS) value = kept;
    }
    ev.value = value;
    if (value.get_object().get(ev.object) != simdjson::SUCCESS) {
      reporter.report("ct-event-not-object", loc(file, el.pos),
                      "event " + std::to_string(el.index) + " is not a JSON object", "event", ev.pointer());
      return;
    }
    if (on_event) on_event(ev);
  };

  json::JsonStreamOptions so;
  so.array_key = "traceEvents";
  so.array_occurrence = options.trace_events_occurrence;
  so.chunk = options.chunk;
  so.max_element = options.max_event;
  so.max_member = options.max_member;

  auto fold_member = [&](const json::JsonMember& m) {
    ChromeMember cm;
    cm.key = m.key;
    cm.text = m.text;
    cm.pos = m.pos;
    if (m.key == so.array_key) {
      // The stream takes the first "traceEvents" array as the events, so a
      // member of that name holding an array is a repeated key.
      array_key_seen = true;
      const size_t first = m.text.find_first_not_of(" \t\r\n");
      if (first != std::string_view::npos && m.text[first] == '[')
        reporter.report("ct-trace-events-repeated", loc(file, m.pos),
                        options.trace_events_occurrence > 1
                            ? "\"" + m.key + "\" appears more than once: JSON parsers keep the last array, and so "
                              "did tracecheck; this one is not loaded"
                            : "\"" + m.key + "\" appears again: JSON parsers keep this later array, tracecheck "
                              "checked the first",
                        "metadata", "/" + m.key,
                        "catapult and HTA load only the last array; the events of the others are not loaded");
      else if (holds_members(m.text, first))
        reporter.report("ct-trace-events-type", loc(file, m.pos), "\"" + m.key + "\" is an object, not an array",
                        "metadata", "/" + m.key,
                        "every consumer needs the events in an array under \"traceEvents\": none of these loads");
      else
        reporter.report("ct-trace-events-none", loc(file, m.pos),
                        "\"" + m.key + "\" is not an array and holds no events", "metadata", "/" + m.key,
                        "every consumer needs the events in an array under \"traceEvents\"");
    }
    if (!m.truncated) {
      simdjson::padded_string padded(m.text);
      if (member_parser.parse(padded).get(cm.value) == simdjson::SUCCESS) {
        cm.parsed = true;
        if (json::has_duplicate_keys(cm.value, keys)) report_duplicates(m.text, m.pos, "/" + m.key, "metadata");
      } else {
        std::string pointer = "/";
        pointer += m.key;
        locate_error(m.text, m.pos, pointer, ("top-level member \"" + m.key + "\"").c_str(), "metadata", false);
      }
      if (on_member) on_member(cm);  // inside the lifetime of `padded`
      return;
    }
    if (on_member) on_member(cm);
  };

  json::PeekElement peek;
  if (options.ahead)
    peek = [&options](uint8_t note, const void* memo) {
      if (note & kKeys) options.ahead(*std::launder(static_cast<const EventKeys*>(memo)));
    };
  json::JsonStreamResult result = json::stream_json_array_ahead(
      scan, so, options.threads,
      [&options](simdjson::dom::element value, void* memo) -> uint8_t {
        thread_local std::vector<std::string_view> scratch;
        simdjson::dom::object object;
        // Not an object: ct-event-not-object, no check reads the note.
        if (value.get_object().get(object) != simdjson::SUCCESS)
          return json::has_duplicate_keys(value, scratch) ? kDuplicates : 0;
        // The event's own keys from one walk, which also finds most repeats;
        // below them, only the containers (args) are walked again. The
        // checks read the same keys: they go to the fold in the memo.
        EventKeys& keys = *new (memo) EventKeys(index_event_keys(object));
        if (keys.repeated) return kDuplicates;
        if (keys.others) {
          if (json::has_duplicate_keys(value, scratch)) return kDuplicates;
        } else {
          for (uint32_t left = keys.fields.present; left; left &= left - 1) {
            const simdjson::dom::element v = keys.fields.value[std::countr_zero(left)];
            if ((v.is_object() || v.is_array()) && json::has_duplicate_keys(v, scratch)) return kDuplicates;
          }
        }
        if (options.ahead) {
          thread_local std::string id, text;
          keys.flow = flow_pairing_key(keys.fields, id, text);
        }
        return kKeys | (options.precheck && options.precheck(keys, value) ? kPrechecked : 0);
      },
      fold_element, fold_member, sizeof(EventKeys), peek);

  ChromeReadInfo& ri = info_;
  ri.container = result.container;
  ri.array_found = result.array_found;
  ri.terminated = result.terminated;
  ri.events = result.elements;
  ri.trace_events_arrays = result.key_arrays;
  ri.bytes = result.bytes;
  ri.complete = result.ok();

  using K = json::JsonStreamErrorKind;
  const json::JsonStreamError& e = result.error;
  switch (e.kind) {
    case K::None:
      break;
    case K::Io:
      if (!scan.data_error()) {
        error = file + ": " + e.message;
        return false;
      }
      reporter.report("ct-truncated", loc(file, e.pos), "the gzip stream is corrupt or cut short: " + scan.error());
      break;
    case K::NotContainer:
      reporter.report("input-format", loc(file, e.pos), "not a Chrome trace: " + e.message);
      break;
    case K::Truncated:
      reporter.report("ct-truncated", loc(file, e.pos), e.message, {}, {},
                      "the writer stopped early (a crash or a full disk?)");
      break;
    case K::ElementTooLong:
      reporter.report("ct-event-too-long", loc(file, e.pos), e.message + " (not checked)");
      break;
    case K::TooDeep:  // legal JSON past tracecheck's limit (JSON.parse reads it): the rest goes unchecked
      reporter.report("ct-nesting-depth", loc(file, e.pos), e.message + ": the rest of the file was not checked");
      break;
    case K::Syntax:
    case K::TrailingData:
      reporter.report("ct-structure", loc(file, e.pos), e.message);
      break;
  }
  if (result.bom) reporter.report("input-bom", {file, 1, 1}, "the file starts with a UTF-8 byte order mark");
  if (result.container == json::JsonContainer::BareArray) {
    reporter.report("ct-bare-array", {file, 1, 1}, "the trace is a bare JSON array, not an object with \"traceEvents\"",
                    {}, {}, "HTA and Chakra read only the object form: write {\"traceEvents\": [...]}");
    if (!result.terminated && e.kind == K::None)
      reporter.report("ct-unterminated", diag::Location{file, 1, 1},
                      "the event array is not closed by ']' (legal for a Chrome trace)");
  }
  // An unterminated bare array ends with its writer's last "event,": that
  // comma is part of the form (catapult strips it), not a stray one.
  const bool unterminated_form = result.container == json::JsonContainer::BareArray && !result.terminated;
  if (result.trailing_comma && !unterminated_form)
    reporter.report("ct-trailing-comma", loc(file, result.trailing_comma_pos),
                    "a comma after the last event (not JSON; Perfetto and chrome://tracing accept it)");
  if (scan.found())
    reporter.report("input-crlf", loc(file, scan.first()), "lines end with CRLF (first here)", {}, {},
                    "JSON reads CRLF as whitespace; Kineto and chrome://tracing write LF, so a tool rewrote the file");
  if (result.container == json::JsonContainer::Object && !result.array_found && !array_key_seen && e.kind == K::None)
    reporter.report("ct-no-trace-events", {file, 1, 1}, "the object has no \"traceEvents\" array", {}, {},
                    "every consumer needs the events under \"traceEvents\"");
  return true;
}

}  // namespace tc::formats::chrome_trace
