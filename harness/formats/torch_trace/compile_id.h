// PyTorch's compile ids (torch/_guards.py CompileId).
//
// String form, as str(CompileId) writes it and CompileId.from_string reads
// it: "F/C" (frame id / frame compile id), "!A/F/C" (inside compiled
// autograd A) or "!A" (compiled autograd alone). Attempts are not part of it.
// Envelope form: the keys compiled_autograd_id, frame_id, frame_compile_id,
// attempt, each a u32 or null.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "json/value.h"

namespace tc::formats::torch_trace {

struct CompileId {
  std::optional<uint32_t> compiled_autograd_id;
  std::optional<uint32_t> frame_id;
  std::optional<uint32_t> frame_compile_id;
  std::optional<uint32_t> attempt;

  bool empty() const { return !compiled_autograd_id && !frame_id && !frame_compile_id; }
  // (compiled_autograd_id, frame_id, frame_compile_id), -1 for None: what
  // identifies one compile across its attempts.
  std::array<int64_t, 3> key() const;
  std::string str() const;  // "!A/F/C", "F/C", "!A"; "-/-" parts for None
};

// Parses the string form; nullopt for anything else ("-/-", "1/-", "!1/2", ...).
std::optional<CompileId> parse_compile_id(std::string_view text);

struct EnvelopeCompileId {
  CompileId id;
  std::string bad_key;     // first id key that is not a u32 or null
  std::string bad_reason;  // why: mistyped, or inconsistent with the others
};

// Reads the envelope's id keys. bad_key is set when one is not a u32/null,
// or when they do not form a CompileId PyTorch can write (frame_id without
// frame_compile_id or the reverse; attempt without any id).
EnvelopeCompileId read_envelope_compile_id(const json::Value& envelope);

}  // namespace tc::formats::torch_trace
