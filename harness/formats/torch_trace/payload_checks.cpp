// Payloads whose content tlparse (or a consumer) reads as JSON.
#include <fmt/format.h>

#include "formats/torch_trace/compile_id.h"
#include "formats/torch_trace/tlparse_types.h"
#include "formats/torch_trace/checker.h"
#include "json/text.h"

namespace tc::formats::torch_trace {
namespace {

bool present(const json::Value& envelope, std::string_view key) {
  const json::Value* v = envelope.find(key);
  return v && !v->is_null();
}

}  // namespace

void TorchTraceChecker::report_not_json(const Record& r, std::string_view rule, std::string_view what,
                                        const json::ParseError& error) {
  std::string message = r.has_payload ? fmt::format("the {} payload is not valid JSON: {}", what, error.message)
                                      : fmt::format("the {} record has no payload", what);
  diag::Location loc =
      r.has_payload ? payload_location(r, error.offset) : diag::Location{*r.file, r.line, r.json_column};
  std::string hint;
  if (rule == "tt-artifact-json")
    hint = "consumers that load the artifact fail; tlparse keeps the raw text";
  else if (rule == "tt-chromium-json")
    hint = "tlparse 0.4.3 silently leaves the event out of chromium_events.json";
  else
    hint = "tlparse counts fail_dynamo_guards_json (--strict fails)";
  report(rule, std::move(loc), std::move(message), r, {}, std::move(hint));
}

const PayloadJson::Result* TorchTraceChecker::check_payload_json(const Record& r, std::string_view rule,
                                                                 std::string_view what) {
  const PayloadJson::Result& out = payload_.get();
  if (!out.ok) {
    report_not_json(r, rule, what, out.error);
    return nullptr;
  }
  if (out.quirks) report_payload_quirks(r, nullptr);
  return &out;
}

bool TorchTraceChecker::report_payload_quirks(const Record& r, std::vector<std::string>* duplicates) {
  bool rejected_by_serde = false;
  for (json::JsonTextFinding& f : json::find_json_quirks(r.payload)) {
    diag::Location loc = payload_location(r, f.offset);
    switch (f.kind) {
      case json::JsonTextFinding::Kind::DuplicateKey:
        report("json-duplicate-key", loc, fmt::format("the payload repeats key \"{}\"", f.detail), r, f.pointer,
               "Python keeps the last value; other readers may not");
        if (duplicates) duplicates->push_back(std::move(f.pointer));
        break;
      case json::JsonTextFinding::Kind::NonFinite:
        rejected_by_serde = true;
        report("json-non-finite", loc, fmt::format("the payload holds {}, Python's JSON dialect", f.detail), r,
               f.pointer, "JavaScript-based consumers such as Perfetto reject it");
        break;
      case json::JsonTextFinding::Kind::LoneSurrogate:
        rejected_by_serde = true;
        report("json-lone-surrogate", loc, fmt::format("the payload's escape {} has no pair", f.detail), r, f.pointer,
               "Python keeps it; it is not valid Unicode");
        break;
      case json::JsonTextFinding::Kind::OutOfRange:
        report("json-number-range", loc, fmt::format("the payload's number {} does not fit a double", f.detail), r,
               f.pointer, "Python reads it as infinity");
        break;
      case json::JsonTextFinding::Kind::BigInteger:  // find_big_integers' kind only
        break;
    }
  }
  return rejected_by_serde;
}

void TorchTraceChecker::check_payloads(const Record& r) {
  // A payload kept only in part cannot be parsed; its md5 was still checked.
  if (r.payload_truncated) return;
  const json::Value& env = r.envelope;
  if (const json::Value* a = env.find("artifact"); a && a->is_object()) {
    const json::Value* encoding = a->find("encoding");
    if (encoding && encoding->is_string()) {
      if (encoding->text() == "json") {
        check_payload_json(r, "tt-artifact-json", "json artifact");
      } else if (encoding->text() != "string") {
        report("tt-artifact-encoding", envelope_location(r, "/artifact/encoding"),
               fmt::format("artifact encoding \"{}\" is neither \"string\" nor \"json\"", encoding->text()), r,
               "/artifact/encoding", "tlparse's artifact parser fails on it (fail_parser, --strict fails)");
      }
    }
  }
  if (present(env, "chromium_event")) {
    // str(None) is what PyTorch writes for an event outside any compile.
    const PayloadJson::Result* result = check_payload_json(r, "tt-chromium-json", "chromium_event");
    if (result && result->args_compile_id && *result->args_compile_id != "None" &&
        !parse_compile_id(*result->args_compile_id)) {
      report("tt-compile-id", payload_location(r, json::locate_json_pointer(r.payload, "/args/compile_id")),
             fmt::format("the event's args.compile_id \"{}\" is not of the form F/C, !A/F/C or !A",
                         *result->args_compile_id),
             r, {}, "PyTorch writes str(CompileId) there");
    }
  }
  if (present(env, "dynamo_guards")) check_dynamo_guards(r);
}

void TorchTraceChecker::check_dynamo_guards(const Record& r) {
  // tlparse: serde_json::from_str::<Vec<DynamoGuard>>(payload) (parsers.rs),
  // read directly, not buffered. Guards are a few KB, so the payload is built
  // into a json::Value for the type check.
  json::ParseResult parsed = parser_.parse(r.payload);
  if (!parsed.ok) {
    report_not_json(r, "tt-dynamo-guards-json", "dynamo_guards", parsed.error);
    return;
  }
  std::vector<std::string> duplicates;
  if (!parsed.quirks.empty() && report_payload_quirks(r, &duplicates)) {
    report("tt-dynamo-guards-json", {*r.file, r.line, r.json_column},
           "the dynamo_guards payload holds NaN, Infinity or a lone surrogate escape, which tlparse's JSON parser "
           "rejects",
           r, {}, "tlparse counts fail_dynamo_guards_json (--strict fails)");
    return;
  }
  serde::Context ctx;
  ctx.mode = serde::Mode::Direct;
  ctx.duplicates = &duplicates;
  serde::check(parsed.value, tlparse::dynamo_guards(), ctx);
  for (const serde::Failure& f : ctx.failures) {
    size_t at = json::locate_json_pointer(r.payload, f.pointer);
    report("tt-dynamo-guards-json", payload_location(r, at == std::string::npos ? 0 : at),
           "the dynamo_guards payload is not a list of {code, stack?, user_stack?}: " + f.message, r, f.pointer,
           "tlparse counts fail_dynamo_guards_json (--strict fails)");
  }
}

}  // namespace tc::formats::torch_trace
