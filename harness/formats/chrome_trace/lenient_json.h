// What Perfetto's JSON tokenizer imports and strict JSON does not, inside an
// event: a comma before '}' or ']' (a trailing comma in args) and a raw
// newline, carriage return or tab inside a string (other control characters,
// NUL among them, are not established and stay syntax errors)
// (google/perfetto@ec5d16b json_trace_tokenizer.cc:643-659,811-817;
// src/trace_processor/util/json_args.cc:69-161). catapult's JSON.parse and
// HTA's json.loads reject both.
//
// Contract: find_lenient_fault() scans `text` once, strings and escapes
// included, and returns the first such fault (kind None when there is none).
// `repaired` receives the text with every such fault mended (the comma
// dropped, the character written as \u00XX), so the caller can tell whether
// these faults are all that keeps the text from parsing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tc::formats::chrome_trace {

struct LenientFault {
  enum class Kind { None, TrailingComma, RawControl };
  Kind kind = Kind::None;
  size_t offset = 0;    // of the comma, or of the control character
  unsigned char ch = 0;  // the control character
};

LenientFault find_lenient_fault(std::string_view text, std::string& repaired);

}  // namespace tc::formats::chrome_trace
