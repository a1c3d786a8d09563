#include "checks/chromium_events.h"

#include <fmt/format.h>

#include <string_view>

#include "checks/compile_id.h"

namespace tc::checks {
namespace {

// Phases of the Trace Event Format (duration, complete, instant, counter,
// async, flow, sample, object, metadata, mark, clock sync, context).
constexpr std::string_view kPhases = "BEXiICbnesStTfpPONDMRc()";

std::string id_text(const json::Value& v) {
  return v.is_string() ? v.text() : v.kind() == json::Kind::Integer ? v.text() : std::string("?");
}

bool is_number(const json::Value* v) {
  return v && (v->kind() == json::Kind::Integer || v->kind() == json::Kind::Float);
}

}  // namespace

void ChromiumEventChecker::feed(const reader::Record& r) {
  static const std::string kNoFile;
  const std::string& file = r.file ? *r.file : kNoFile;
  if (!in_file_ || file != file_) {
    end_file();
    file_ = file;
    in_file_ = true;
  }
  if (r.kind != "chromium_event" || !r.has_payload || r.payload_truncated) return;
  json::ParseResult parsed = parser_.parse(r.payload);
  if (!parsed.ok) return;  // tt-chromium-json
  const json::Value& event = parsed.value;
  if (!check_event(r, event)) return;

  const std::string& ph = event.find("ph")->text();
  if (ph != "B" && ph != "E") return;
  std::string compile_id;
  const json::Value* args = event.find("args");
  const json::Value* cid = args && args->is_object() ? args->find("compile_id") : nullptr;
  if (cid && cid->is_string()) {
    compile_id = cid->text();
  } else {
    EnvelopeCompileId env = read_envelope_compile_id(r.envelope);
    compile_id = env.bad_key.empty() && !env.id.empty() ? env.id.str() : "None";
  }
  const std::string& name = event.find("name")->text();
  Track track{compile_id, id_text(*event.find("pid")), id_text(*event.find("tid"))};
  std::vector<Open>& stack = open_[track];
  if (ph == "B") {
    stack.push_back({name, r.line});
    return;
  }
  // Closes the innermost open "B" of that name.
  for (size_t i = stack.size(); i-- > 0;) {
    if (stack[i].name == name) {
      stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
  reporter_.report("tt-chromium-unbalanced", reader::payload_location(r, 0),
                   fmt::format("\"E\" event \"{}\" of compile {} closes no open \"B\" event", name, compile_id),
                   reader::record_label(r), "/ph",
                   "its \"B\" was never logged, or logged under another compile id, pid or tid; the span is lost "
                   "in chrome://tracing and Perfetto");
}

bool ChromiumEventChecker::check_event(const reader::Record& r, const json::Value& event) {
  auto bad = [&](std::string pointer, std::string message) {
    reporter_.report("tt-chromium-event", reader::payload_location(r, 0), std::move(message), reader::record_label(r),
                     std::move(pointer),
                     "tlparse copies the payload into chromium_events.json; trace viewers drop or misplace it");
    return false;
  };
  if (!event.is_object()) return bad("", "the chromium_event payload is not a JSON object");
  const json::Value* name = event.find("name");
  if (!name || !name->is_string()) return bad("/name", "the event has no string \"name\"");
  const json::Value* ph = event.find("ph");
  if (!ph || !ph->is_string() || ph->text().size() != 1 || kPhases.find(ph->text()[0]) == std::string_view::npos)
    return bad("/ph", fmt::format("event \"{}\" has no valid phase \"ph\" (one of {})", name->text(), kPhases));
  if (ph->text() != "M" && !is_number(event.find("ts")))
    return bad("/ts", fmt::format("event \"{}\" has no numeric \"ts\"", name->text()));
  for (const char* key : {"pid", "tid"}) {
    const json::Value* v = event.find(key);
    if (!v || !(v->is_string() || v->kind() == json::Kind::Integer))
      return bad(std::string("/") + key,
                 fmt::format("event \"{}\" has no integer or string \"{}\"", name->text(), key));
  }
  if (ph->text() == "X" && !is_number(event.find("dur")))
    return bad("/dur", fmt::format("complete event \"{}\" (\"X\") has no numeric \"dur\"", name->text()));
  if (const json::Value* args = event.find("args"); args && !args->is_object())
    return bad("/args", fmt::format("event \"{}\" has \"args\" that is not an object", name->text()));
  if (const json::Value* cat = event.find("cat"); cat && !cat->is_string())
    return bad("/cat", fmt::format("event \"{}\" has \"cat\" that is not a string", name->text()));
  return true;
}

void ChromiumEventChecker::finish() {
  end_file();
  in_file_ = false;
}

void ChromiumEventChecker::end_file() {
  for (const auto& [track, stack] : open_) {
    for (const Open& o : stack) {
      reporter_.report(
          "tt-chromium-unbalanced", {file_, o.line, 1},
          fmt::format("\"B\" event \"{}\" of compile {} is never closed by an \"E\"", o.name, std::get<0>(track)),
          "chromium_event", {},
          "the span never ends in chrome://tracing and Perfetto; the compile crashed or the log was cut "
          "short");
    }
  }
  open_.clear();
}

}  // namespace tc::checks
