#include "formats/torch_trace/chromium_events.h"

#include <fmt/format.h>

#include <string_view>

#include "formats/torch_trace/compile_id.h"

namespace tc::formats::torch_trace {
namespace {

// Phases of the Trace Event Format (duration, complete, instant, counter,
// async, flow, sample, object, metadata, mark, clock sync, context).
constexpr std::string_view kPhases = "BEXiICbnesStTfpPONDMRc()";

bool is_number(const json::Value* v) {
  return v && (v->kind() == json::Kind::Integer || v->kind() == json::Kind::Float);
}

using Fields = ChromiumEventChecker::Fields;

Fields::Id id_of(const json::Value* v, std::string_view& text) {
  if (!v || !(v->is_string() || v->kind() == json::Kind::Integer)) return Fields::Id::Bad;
  text = v->text();
  return v->is_string() ? Fields::Id::String : Fields::Id::Integer;
}

// Python's reading (a repeated key takes its last value).
Fields fields_of(const json::Value& e) {
  Fields f;
  f.object = e.is_object();
  if (!f.object) return f;
  if (const json::Value* v = e.find("name"); v && v->is_string()) f.name_string = true, f.name = v->text();
  if (const json::Value* v = e.find("ph"); v && v->is_string()) f.ph_string = true, f.ph = v->text();
  f.ts_number = is_number(e.find("ts"));
  f.dur_number = is_number(e.find("dur"));
  if (const json::Value* args = e.find("args")) {
    f.has_args = true;
    f.args_object = args->is_object();
    f.args_null = args->is_null();
    const json::Value* id = f.args_object ? args->find("compile_id") : nullptr;
    if (id && id->is_string()) f.args_compile_id = id->text();
  }
  if (const json::Value* cat = e.find("cat")) f.has_cat = true, f.cat_string = cat->is_string();
  f.pid = id_of(e.find("pid"), f.pid_text);
  f.tid = id_of(e.find("tid"), f.tid_text);
  return f;
}

Fields::Id id_of(simdjson::dom::element v, std::string& digits, std::string_view& text) {
  int64_t i = 0;
  uint64_t u = 0;
  if (v.get_string().get(text) == simdjson::SUCCESS) return Fields::Id::String;
  if (v.get_int64().get(i) == simdjson::SUCCESS)
    digits = std::to_string(i);
  else if (v.get_uint64().get(u) == simdjson::SUCCESS)
    digits = std::to_string(u);
  else
    return Fields::Id::Bad;
  text = digits;
  return Fields::Id::Integer;
}

// One pass over the members of an event without repeated keys.
Fields fields_of(simdjson::dom::element e, std::string& pid_digits, std::string& tid_digits) {
  Fields f;
  simdjson::dom::object object;
  f.object = e.get_object().get(object) == simdjson::SUCCESS;
  if (!f.object) return f;
  for (simdjson::dom::key_value_pair member : object) {
    std::string_view key = member.key;
    simdjson::dom::element v = member.value;
    if (key == "name") {
      f.name_string = v.get_string().get(f.name) == simdjson::SUCCESS;
    } else if (key == "ph") {
      f.ph_string = v.get_string().get(f.ph) == simdjson::SUCCESS;
    } else if (key == "ts") {
      f.ts_number = v.is_number();
    } else if (key == "dur") {
      f.dur_number = v.is_number();
    } else if (key == "args") {
      f.has_args = true;
      simdjson::dom::object args;
      f.args_object = v.get_object().get(args) == simdjson::SUCCESS;
      f.args_null = v.is_null();
      std::string_view id;
      if (f.args_object && args["compile_id"].get_string().get(id) == simdjson::SUCCESS) f.args_compile_id = id;
    } else if (key == "cat") {
      f.has_cat = true;
      f.cat_string = v.is_string();
    } else if (key == "pid") {
      f.pid = id_of(v, pid_digits, f.pid_text);
    } else if (key == "tid") {
      f.tid = id_of(v, tid_digits, f.tid_text);
    }
  }
  return f;
}

}  // namespace

void ChromiumEventChecker::feed(const Record& r) {
  own_.next(r);
  feed(r, own_);
}

void ChromiumEventChecker::feed(const Record& r, RecordPayload& payload) {
  static const std::string kNoFile;
  const std::string& file = r.file ? *r.file : kNoFile;
  if (!in_file_ || file != file_) {
    end_file();
    file_ = file;
    in_file_ = true;
  }
  if (r.kind != "chromium_event" || !r.has_payload || r.payload_truncated) return;
  const PayloadJson::Result& parsed = payload.get();
  if (!parsed.ok) return;  // tt-chromium-json
  Fields event;
  if (parsed.dom && !parsed.quirks) {
    event = fields_of(*parsed.dom, pid_digits_, tid_digits_);
  } else if (parsed.value) {
    event = fields_of(*parsed.value);
  } else {
    exact_ = parser_.parse(r.payload);  // a repeated key, or a large payload checked by streaming
    if (!exact_.ok) return;
    event = fields_of(exact_.value);
  }
  if (!check_event(r, event)) return;

  std::string_view ph = event.ph;
  if (ph != "B" && ph != "E") return;
  std::string compile_id;
  if (event.args_compile_id) {
    compile_id = *event.args_compile_id;
  } else {
    EnvelopeCompileId env = read_envelope_compile_id(r.envelope);
    compile_id = env.bad_key.empty() && !env.id.empty() ? env.id.str() : "None";
  }
  std::string_view name = event.name;
  Track track{compile_id, std::string(event.pid_text), std::string(event.tid_text)};
  std::vector<Open>& stack = open_[track];
  if (ph == "B") {
    stack.push_back({std::string(name), r.line});
    return;
  }
  // Closes the innermost open "B" of that name.
  for (size_t i = stack.size(); i-- > 0;) {
    if (stack[i].name == name) {
      stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
  reporter_.report("tt-chromium-unbalanced", payload_location(r, 0),
                   fmt::format("\"E\" event \"{}\" of compile {} closes no open \"B\" event", name, compile_id),
                   record_label(r), "/ph",
                   "its \"B\" was never logged, or logged under another compile id, pid or tid; the span is lost "
                   "in chrome://tracing and Perfetto");
}

bool ChromiumEventChecker::check_event(const Record& r, const Fields& event) {
  auto bad = [&](std::string pointer, std::string message) {
    reporter_.report("tt-chromium-event", payload_location(r, 0), std::move(message), record_label(r),
                     std::move(pointer),
                     "tlparse copies the payload into chromium_events.json; trace viewers drop or misplace it");
    return false;
  };
  if (!event.object) return bad("", "the chromium_event payload is not a JSON object");
  if (!event.name_string) return bad("/name", "the event has no string \"name\"");
  std::string_view name = event.name, ph = event.ph;
  if (!event.ph_string || ph.size() != 1 || kPhases.find(ph[0]) == std::string_view::npos)
    return bad("/ph", fmt::format("event \"{}\" has no valid phase \"ph\" (one of {})", name, kPhases));
  if (ph != "M" && !event.ts_number) return bad("/ts", fmt::format("event \"{}\" has no numeric \"ts\"", name));
  for (auto [key, id] : {std::pair{"pid", event.pid}, std::pair{"tid", event.tid}}) {
    if (id == Fields::Id::Bad)
      return bad(std::string("/") + key, fmt::format("event \"{}\" has no integer or string \"{}\"", name, key));
  }
  if (ph == "X" && !event.dur_number)
    return bad("/dur", fmt::format("complete event \"{}\" (\"X\") has no numeric \"dur\"", name));
  // "args": null (PyTorch of 2024 wrote it) is an event without args to
  // catapult (`opt_args ? opt_args : {}`, catapult@6fd8bbe
  // tracing/tracing/model/slice_group.html:143,226) and to Perfetto, which
  // keeps only object args (perfetto@ec5d16b
  // src/trace_processor/importers/json/json_trace_tokenizer.cc:811-817); a
  // metadata event needs its args.
  if (event.has_args && !event.args_object && !(event.args_null && ph != "M"))
    return bad("/args", fmt::format("event \"{}\" has \"args\" that is not an object", name));
  if (event.has_cat && !event.cat_string)
    return bad("/cat", fmt::format("event \"{}\" has \"cat\" that is not a string", name));
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

}  // namespace tc::formats::torch_trace
