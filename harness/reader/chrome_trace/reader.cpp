#include "reader/chrome_trace/reader.h"

#include <memory>

#include "diag/exit_code.h"
#include "io/input_source.h"
#include "json/parse.h"

namespace tc::reader {

std::string ChromeEvent::pointer() const { return (bare ? "/" : "/traceEvents/") + std::to_string(index); }

io::JsonPosition position_in(std::string_view text, io::JsonPosition start, size_t offset) {
  io::JsonPosition p = start;
  offset = std::min(offset, text.size());
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  p.offset = start.offset + offset;
  return p;
}

namespace {

diag::Location loc(const std::string& file, const io::JsonPosition& p) { return {file, p.line, p.column}; }

}  // namespace

int read_chrome_trace(const std::string& path, const ChromeReadOptions& options, diag::Reporter& reporter,
                      const std::function<void(const ChromeEvent&)>& on_event,
                      const std::function<void(const ChromeMember&)>& on_member, ChromeReadInfo* info,
                      std::string* io_error) {
  std::string open_error;
  std::unique_ptr<io::InputSource> in = io::open_input(path, &open_error);
  if (!in) {
    if (io_error) *io_error = open_error;
    return kExitIo;
  }
  const std::string file = path == "-" ? in->name() : path;

  simdjson::dom::parser event_parser;
  simdjson::dom::parser member_parser;
  std::unique_ptr<json::Parser> slow;  // only to locate an error

  auto locate_error = [&](std::string_view text, io::JsonPosition start, const std::string& pointer, const char* what) {
    if (!slow) slow = std::make_unique<json::Parser>();
    json::ParseResult parsed = slow->parse(text, true);
    if (parsed.ok) {
      // Python's dialect parses it; simdjson (and strict consumers) do not.
      const char* rule = "json-non-finite";
      std::string what_wrong = "NaN or Infinity, which is not JSON";
      for (const json::Quirk& q : parsed.quirks) {
        if (q.kind == json::QuirkKind::LoneSurrogate) {
          rule = "json-lone-surrogate", what_wrong = "a lone surrogate escape (\\uD800-\\uDFFF without its pair)";
          break;
        }
        if (q.kind == json::QuirkKind::NumberOutOfRange) {
          rule = "json-number-range", what_wrong = "a number out of double range: " + q.detail;
          break;
        }
      }
      reporter.report(rule, loc(file, start), std::string(what) + " holds " + what_wrong + " (not checked further)",
                      "event", pointer, "strict JSON parsers (Perfetto, JSON.parse, simdjson) reject it");
      return;
    }
    json::ParseError err = parsed.error;
    reporter.report("json-syntax", loc(file, position_in(text, start, err.offset)),
                    std::string(what) + " is not valid JSON: " + err.message, "event", pointer);
  };

  io::JsonStreamOptions so;
  so.array_key = "traceEvents";
  so.chunk = options.chunk;
  so.max_element = options.max_event;
  so.max_member = options.max_member;
  io::JsonStreamResult result = io::stream_json_array(
      *in, so,
      [&](std::span<const io::JsonElement> batch) {
        for (const io::JsonElement& el : batch) {
          ChromeEvent ev;
          ev.text = el.text;
          ev.pos = el.pos;
          ev.index = el.index;
          ev.file = &file;
          ev.bare = el.container == io::JsonContainer::BareArray;
          simdjson::dom::element value;
          if (event_parser.parse(el.text.data(), el.text.size(), false).get(value) != simdjson::SUCCESS) {
            locate_error(el.text, el.pos, ev.pointer(), ("event " + std::to_string(el.index)).c_str());
            continue;
          }
          ev.value = value;
          if (value.get_object().get(ev.object) != simdjson::SUCCESS) {
            reporter.report("ct-event-not-object", loc(file, el.pos),
                            "event " + std::to_string(el.index) + " is not a JSON object", "event", ev.pointer());
            continue;
          }
          if (on_event) on_event(ev);
        }
        return true;
      },
      [&](const io::JsonMember& m) {
        ChromeMember cm;
        cm.key = m.key;
        cm.text = m.text;
        cm.pos = m.pos;
        if (!m.truncated) {
          simdjson::padded_string padded(m.text);
          if (member_parser.parse(padded).get(cm.value) == simdjson::SUCCESS) {
            cm.parsed = true;
          } else {
            std::string pointer = "/";
            pointer += m.key;
            locate_error(m.text, m.pos, pointer, ("top-level member \"" + m.key + "\"").c_str());
          }
          if (on_member) on_member(cm);  // inside the lifetime of `padded`
          return;
        }
        if (on_member) on_member(cm);
      });

  ChromeReadInfo local;
  ChromeReadInfo& ri = info ? *info : local;
  ri.container = result.container;
  ri.array_found = result.array_found;
  ri.terminated = result.terminated;
  ri.events = result.elements;
  ri.bytes = result.bytes;
  ri.complete = result.ok();

  using K = io::JsonStreamErrorKind;
  const io::JsonStreamError& e = result.error;
  switch (e.kind) {
    case K::None:
      break;
    case K::Io:
      if (!in->data_error()) {
        if (io_error) *io_error = file + ": " + e.message;
        return kExitIo;
      }
      reporter.report("ct-truncated", loc(file, e.pos), "the gzip stream is corrupt or cut short: " + e.message);
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
    case K::Syntax:
    case K::TooDeep:
    case K::TrailingData:
      reporter.report("ct-structure", loc(file, e.pos), e.message);
      break;
  }
  if (result.bom) reporter.report("input-bom", {file, 1, 1}, "the file starts with a UTF-8 byte order mark");
  if (result.container == io::JsonContainer::BareArray) {
    reporter.report("ct-bare-array", {file, 1, 1}, "the trace is a bare JSON array, not an object with \"traceEvents\"",
                    {}, {}, "HTA and Chakra read only the object form: write {\"traceEvents\": [...]}");
    if (!result.terminated && e.kind == K::None)
      reporter.report("ct-unterminated", diag::Location{file, 1, 1},
                      "the event array is not closed by ']' (legal for a Chrome trace)");
  }
  if (result.trailing_comma)
    reporter.report("ct-trailing-comma", loc(file, result.trailing_comma_pos),
                    "a comma after the last event (not JSON; Perfetto and chrome://tracing accept it)");
  if (result.container == io::JsonContainer::Object && !result.array_found && e.kind == K::None)
    reporter.report("ct-no-trace-events", {file, 1, 1}, "the object has no \"traceEvents\" array", {}, {},
                    "every consumer needs the events under \"traceEvents\"");
  return kExitOk;
}

}  // namespace tc::reader
