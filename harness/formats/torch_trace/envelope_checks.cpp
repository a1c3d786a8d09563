// The envelope as tlparse 0.4.3 deserializes it (serde_json into
// types.rs's Envelope, which has #[serde(flatten)] members, so every value
// is buffered first: serde_model's Mode::Buffered).
#include <fmt/format.h>

#include "formats/torch_trace/tlparse_types.h"
#include "formats/torch_trace/checker.h"

namespace tc::formats::torch_trace {
namespace {

std::string envelope_hint(const serde::Failure& f) {
  if (f.message.find("integer -1") != std::string::npos && f.pointer.size() > 9 &&
      f.pointer.compare(f.pointer.size() - 9, 9, "/filename") == 0) {
    return "newer PyTorch interns a missing file name as -1, which tlparse's u32 rejects; tlparse drops the "
           "record (fail_json)";
  }
  return "tlparse cannot deserialize the envelope: it counts fail_json (--strict fails) and drops the record";
}

}  // namespace

bool TorchTraceChecker::check_envelope(const Record& r) {
  serde::Context ctx;
  ctx.mode = serde::Mode::Buffered;
  ctx.duplicates = &r.duplicate_keys;
  serde::check_buffered_values(r.envelope, ctx);
  serde::check(r.envelope, tlparse::envelope(), ctx);
  for (const serde::Failure& f : ctx.failures) {
    report("tt-envelope", envelope_location(r, f.pointer), f.message, r, f.pointer, envelope_hint(f));
  }
  bool ok = ctx.failures.empty();

  for (const auto& [key, value] : r.envelope.members()) {
    std::string pointer = "/" + key;  // top-level keys with '~' or '/' are never known ones
    if (value.is_null() && tlparse::is_envelope_field(key)) {
      report("tt-null-key", envelope_location(r, pointer), fmt::format("\"{}\" is null", key), r, pointer,
             "tlparse reads a null known key as absent (a null has_payload takes no payload, a null event key "
             "makes no record of that kind); PyTorch never writes one");
    }
  }
  for (std::string_view key : tlparse::raw_jsonl_keys()) {
    if (!r.envelope.find(key)) continue;
    std::string pointer = "/" + std::string(key);
    report("tt-key-conflict", envelope_location(r, pointer),
           fmt::format("the envelope has the key \"{}\", which tlparse adds to raw.jsonl itself", key), r, pointer,
           "tlparse drops the record from raw.jsonl (fail_key_conflict)");
  }
  return ok;
}

}  // namespace tc::formats::torch_trace
