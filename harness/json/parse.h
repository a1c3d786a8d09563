// Parses one JSON text into a tc::json::Value with simdjson (On-Demand).
//
// Contract:
//  - the fast path is simdjson (DOM, runtime-dispatched SIMD); only a failing text is parsed a second time
//    (nlohmann) to locate the error, so errors cost nothing on good input;
//  - accepts Python's json dialect where json.loads does: NaN, Infinity and
//    -Infinity become non-finite floats and are reported as a Quirk, since
//    strict consumers (JavaScript, Perfetto) reject them;
//  - duplicate keys follow Python (first position, last value) and are
//    reported as a Quirk; so are numbers out of double range and lone
//    surrogate escapes (kept as WTF-8, rendered back as the same escape);
//  - an error carries the byte offset in the text where it was found.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "json/value.h"

namespace tc::json {

enum class QuirkKind { DuplicateKey, NonFiniteLiteral, NumberOutOfRange, LoneSurrogate };

struct Quirk {
  QuirkKind kind;
  std::string detail;  // the key, or the literal
};

struct ParseError {
  size_t offset = 0;  // byte offset in the parsed text
  std::string message;
};

struct ParseResult {
  bool ok = false;
  Value value;
  ParseError error;           // set when !ok
  std::vector<Quirk> quirks;  // set when ok
};

class Parser {
 public:
  Parser();
  ~Parser();
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Parses `text`. When `padded` is true the caller guarantees that at least
  // kPadding readable bytes follow text.end() (avoids one copy).
  ParseResult parse(std::string_view text, bool padded = false);
  // The same, building the value in the storage of `recycled` (its content
  // is discarded): a reader that parses one record after another passes the
  // last record's value back and saves most of the allocations.
  ParseResult parse(std::string_view text, bool padded, Value&& recycled);

  // Validates `text` as JSON without building a Value (for payloads that
  // only need to be well formed).
  bool validate(std::string_view text, ParseError* error, bool padded = false);

  static constexpr size_t kPadding = 64;
  // Deeper nesting is an error (simdjson's default; Python's json.loads
  // gives up near 1000 too).
  static constexpr size_t kMaxDepth = 1024;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Locates the first syntax error in `text` (slow path, used after simdjson
// rejected it): byte offset and a human message; nesting deeper than
// Parser::kMaxDepth is an error at the bracket that goes too deep.
ParseError locate_error(std::string_view text);

}  // namespace tc::json
