#include "formats/torch_trace/compile_id.h"

#include <limits>

#include "formats/torch_trace/decimal.h"

namespace tc::formats::torch_trace {
namespace {

// Decimal digits, no sign, fitting u32.
bool parse_u32(std::string_view s, uint32_t& out) {
  uint64_t v = 0;
  if (!parse_u64(s, v) || v > std::numeric_limits<uint32_t>::max()) return false;
  out = static_cast<uint32_t>(v);
  return true;
}

std::string part(const std::optional<uint32_t>& v) { return v ? std::to_string(*v) : "-"; }

}  // namespace

std::array<int64_t, 3> CompileId::key() const {
  auto k = [](const std::optional<uint32_t>& v) { return v ? int64_t(*v) : int64_t(-1); };
  return {k(compiled_autograd_id), k(frame_id), k(frame_compile_id)};
}

std::string CompileId::str() const {
  std::string s;
  if (compiled_autograd_id) {
    s = "!" + std::to_string(*compiled_autograd_id);
    if (!frame_id && !frame_compile_id) return s;
    s += "/";
  }
  return s + part(frame_id) + "/" + part(frame_compile_id);
}

std::optional<CompileId> parse_compile_id(std::string_view text) {
  CompileId id;
  uint32_t a = 0, f = 0, c = 0;
  if (!text.empty() && text[0] == '!') {
    std::string_view rest = text.substr(1);
    size_t slash = rest.find('/');
    if (slash == std::string_view::npos) {
      if (!parse_u32(rest, a)) return std::nullopt;
      id.compiled_autograd_id = a;
      return id;
    }
    if (!parse_u32(rest.substr(0, slash), a)) return std::nullopt;
    id.compiled_autograd_id = a;
    text = rest.substr(slash + 1);  // must be "F/C" now
  }
  size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  if (!parse_u32(text.substr(0, slash), f) || !parse_u32(text.substr(slash + 1), c)) return std::nullopt;
  id.frame_id = f;
  id.frame_compile_id = c;
  return id;
}

EnvelopeCompileId read_envelope_compile_id(const json::Value& envelope) {
  EnvelopeCompileId out;
  struct Slot {
    const char* key;
    std::optional<uint32_t>* value;
  } slots[] = {{"compiled_autograd_id", &out.id.compiled_autograd_id},
               {"frame_id", &out.id.frame_id},
               {"frame_compile_id", &out.id.frame_compile_id},
               {"attempt", &out.id.attempt}};
  for (const Slot& s : slots) {
    const json::Value* v = envelope.find(s.key);
    if (!v || v->is_null()) continue;
    int64_t n = 0;
    if (v->kind() != json::Kind::Integer || !v->get_int64(n) || n < 0 ||
        n > int64_t(std::numeric_limits<uint32_t>::max())) {
      if (out.bad_key.empty()) {
        out.bad_key = s.key;
        out.bad_reason = "is not a non-negative 32-bit integer or null";
      }
      continue;
    }
    *s.value = static_cast<uint32_t>(n);
  }
  if (!out.bad_key.empty()) return out;
  if (out.id.frame_id.has_value() != out.id.frame_compile_id.has_value()) {
    out.bad_key = out.id.frame_id ? "frame_id" : "frame_compile_id";
    out.bad_reason = out.id.frame_id ? "is set but frame_compile_id is not" : "is set but frame_id is not";
  } else if (out.id.attempt && out.id.empty()) {
    out.bad_key = "attempt";
    out.bad_reason = "is set without any compile id";
  }
  return out;
}

}  // namespace tc::formats::torch_trace
