#include "formats/torch_trace/checker.h"

#include <fmt/format.h>

#include "formats/torch_trace/compile_id.h"

namespace tc::formats::torch_trace {

void TorchTraceChecker::report(std::string_view rule, diag::Location loc, std::string message, const Record& r,
                               std::string pointer, std::string hint) {
  reporter_.report(rule, std::move(loc), std::move(message), record_label(r), std::move(pointer),
                   std::move(hint));
}

void TorchTraceChecker::feed(const Record& r) {
  static const std::string kNoFile;
  const std::string& file = r.file ? *r.file : kNoFile;
  if (!in_file_ || file != file_) {
    end_file();
    file_ = file;
    in_file_ = true;
  }
  payload_.next(r);
  bool envelope_ok = check_envelope(r);
  schemas_.feed(r, payload_);
  // tlparse interns a str record and moves on (lib.rs:678-682); a record it
  // cannot deserialize reaches none of its parsers either.
  const json::Value* str = r.envelope.find("str");
  if (str && !str->is_null()) return;
  check_compile(r);
  if (!envelope_ok) return;
  check_payloads(r);
  chromium_.feed(r, payload_);
  ranks_.feed(r);
  if (const json::Value* m = r.envelope.find("compilation_metrics"); m && m->is_object()) check_metrics(r, *m);
}

void TorchTraceChecker::finish() {
  end_file();
  in_file_ = false;
  chromium_.finish();
  ranks_.finish();
}

RankConsistencyChecker::Summary TorchTraceChecker::finish_deferring_ranks() {
  RankConsistencyChecker::Summary summary = ranks_.take_summary();
  finish();  // ranks_ is empty now: it reports nothing
  return summary;
}

void TorchTraceChecker::end_file() {
  for (const auto& [key, c] : compiles_)
    if (c.open) unclosed_.push_back({c.open_line, c.label, Unclosed::Until::EndOfFile, c.guarded});
  for (const Unclosed& u : unclosed_) {
    if (!file_has_metrics_ && u.guarded) continue;  // finished, in a log from before compilation_metrics
    std::string message = fmt::format("compile {} started here has no compilation_metrics", u.label);
    std::string hint = "the compile crashed or its metrics were lost";
    switch (u.until) {
      case Unclosed::Until::EndOfFile:
        hint = "the compile crashed or the log was cut short; PyTorch logs compilation_metrics at the end of every "
               "compile, failed ones included";
        break;
      case Unclosed::Until::StartedAgain:
        message += " before it starts again";
        break;
      case Unclosed::Until::Reset:
        message += " before the compiles restart at 0/0 (a dynamo reset)";
        break;
    }
    reporter_.report("tt-compile-unclosed", {file_, u.line, 1}, std::move(message), "dynamo_start", {},
                     std::move(hint));
  }
  unclosed_.clear();
  compiles_.clear();
  file_has_metrics_ = false;
}

void TorchTraceChecker::check_compile(const Record& r) {
  EnvelopeCompileId id = read_envelope_compile_id(r.envelope);
  if (!id.bad_key.empty()) {
    report("tt-compile-id", envelope_location(r, "/" + id.bad_key),
           fmt::format("{} {}", id.bad_key, id.bad_reason), r, "/" + id.bad_key,
           "tlparse files the record under no compile id; PyTorch writes u32 ids, frame_id and "
           "frame_compile_id together");
    return;
  }
  if (id.id.empty()) return;
  const json::Value* start = r.envelope.find("dynamo_start");
  const json::Value* metrics = r.envelope.find("compilation_metrics");
  if (start && !start->is_null()) start_compile(r, id.id);
  if (const json::Value* guards = r.envelope.find("dynamo_guards"); guards && !guards->is_null())
    if (auto it = compiles_.find(id.id.key()); it != compiles_.end()) it->second.guarded = true;
  if (metrics && !metrics->is_null()) {
    file_has_metrics_ = true;
    // The metrics close the compile whatever its attempt (a restarted
    // compile logs dynamo_start at attempt 0, its metrics at the last one).
    if (auto it = compiles_.find(id.id.key()); it != compiles_.end()) it->second.open = false;
  }
}

void TorchTraceChecker::start_compile(const Record& r, const CompileId& id) {
  // torch._dynamo.reset() restarts the frame counter: compile 0/0 starting
  // again, later than it first did and after it finished (its metrics, or in
  // a log from before metrics its dynamo_guards), begins a new set of
  // compiles in the same process (test_codecache does this; tlparse --strict
  // passes such logs). A copy of the first start, same timestamp, is no reset.
  const bool first_compile = !id.compiled_autograd_id && id.frame_id == 0u && id.frame_compile_id == 0u;
  if (auto it = compiles_.find(id.key()); first_compile && it != compiles_.end() &&
                                          (!it->second.open || it->second.guarded) &&
                                          r.prefix.timestamp > it->second.first_time) {
    for (const auto& [key, c] : compiles_)
      if (c.open) unclosed_.push_back({c.open_line, c.label, Unclosed::Until::Reset, c.guarded});
    compiles_.clear();
  }
  auto [it, fresh] = compiles_.try_emplace(id.key());
  Compile& c = it->second;
  std::string label = "[" + id.str() + "]";
  if (!fresh) {
    report("tt-compile-duplicate", {file_, r.line, r.json_column},
           fmt::format("compile {} already started at line {}", label, c.first_line), r, {},
           "two compiles with one id and no dynamo reset between them (a reset restarts at 0/0 after every "
           "compile closed): tlparse merges their artifacts into one directory; a forked process shares the "
           "counter");
    if (c.open) unclosed_.push_back({c.open_line, label, Unclosed::Until::StartedAgain, c.guarded});
  } else {
    c.first_line = r.line;
    c.first_time = r.prefix.timestamp;
    c.label = std::move(label);
  }
  c.open = true;
  c.guarded = false;
  c.open_line = r.line;
}

void TorchTraceChecker::check_metrics(const Record& r, const json::Value& m) {
  const json::Value* fail_type = m.find("fail_type");
  const json::Value* fail_reason = m.find("fail_reason");
  if (fail_type && fail_type->is_string() && (!fail_reason || fail_reason->is_null())) {
    std::string where = fail_reason ? "/compilation_metrics/fail_reason" : "/compilation_metrics/fail_type";
    report("tt-metrics-fail-reason", envelope_location(r, where),
           fmt::format("compilation_metrics has fail_type \"{}\" but no fail_reason", fail_type->text()), r,
           "/compilation_metrics/fail_reason",
           "tlparse aborts the whole parse with 'Fail reason not found' (lib.rs:818-821), whatever its flags");
  }
  const json::Value* text = m.find("compile_id");
  if (!text || text->is_null()) return;
  const std::string pointer = "/compilation_metrics/compile_id";
  std::optional<CompileId> parsed;
  if (text->is_string()) parsed = parse_compile_id(text->text());
  if (!parsed) {
    report("tt-compile-id", envelope_location(r, pointer),
           fmt::format("compile_id {} is not of the form F/C, !A/F/C or !A",
                       text->is_string() ? "\"" + text->text() + "\""
                                         : "of JSON kind " + std::string(json::kind_name(text->kind()))),
           r, pointer, "PyTorch writes str(CompileId) there");
    return;
  }
  EnvelopeCompileId envelope = read_envelope_compile_id(r.envelope);
  if (!envelope.bad_key.empty() || envelope.id.empty()) return;
  if (parsed->key() != envelope.id.key()) {
    report("tt-compile-id", envelope_location(r, pointer),
           fmt::format("compile_id \"{}\" differs from the envelope's compile id {}", text->text(), envelope.id.str()),
           r, pointer, "the metrics were logged under another compile's context");
  }
}

}  // namespace tc::formats::torch_trace
