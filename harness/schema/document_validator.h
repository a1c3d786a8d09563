// Validates the documents of one input text against a compiled schema and
// reports each problem with its line and column: the engine behind
// `tracecheck validate` and the validate bench.
//
// Contract:
//  - the text is one JSON document, or JSON lines (one document per line,
//    blank lines skipped); Mode::Auto picks JSON lines when the first line
//    holds a whole value and more text follows it (looks_like_json_lines);
//  - documents parse with simdjson; one simdjson refuses (Python's NaN /
//    Infinity, integers beyond 64 bits) is re-read with tc::json::Parser
//    and validated as a tc::json::Value; only text neither accepts is a
//    syntax finding;
//  - valid documents cost a parse and a fail-fast validation, nothing else:
//    errors, JSON pointers and locations are built only for invalid ones;
//  - the text must be followed by simdjson::SIMDJSON_PADDING readable bytes
//    (a simdjson::padded_string gives them), so lines parse in place.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "json/parse.h"
#include "schema/schema.h"

namespace tc::schema {

struct Finding {
  enum class Kind { Violation, Syntax };
  Kind kind = Kind::Violation;
  uint64_t line = 1;    // 1-based, in the whole text
  uint64_t column = 1;  // 1-based byte column
  std::string message;
  std::string instance_pointer;  // violations only
  std::string schema_path;       // violations only
};

struct DocumentStats {
  bool json_lines = false;
  uint64_t documents = 0;
  uint64_t invalid = 0;        // documents with violations
  uint64_t violations = 0;     // reported violations (capped per document)
  uint64_t syntax_errors = 0;  // documents that are not JSON
  uint64_t capped = 0;         // documents whose violations hit the per-document cap
};

class DocumentValidator {
 public:
  enum class Mode { Auto, Json, JsonLines };

  explicit DocumentValidator(const CompiledSchema& schema, size_t max_errors_per_document = 100)
      : schema_(schema), max_errors_(max_errors_per_document) {}

  DocumentStats run(std::string_view padded_text, Mode mode,
                    const std::function<void(const Finding&)>& on_finding);

 private:
  // Validates one document that starts at `offset` of the whole text.
  void document(std::string_view whole, size_t offset, std::string_view doc, uint64_t line, bool json_lines,
                DocumentStats& stats, const std::function<void(const Finding&)>& on_finding);
  void report(std::string_view whole, size_t offset, std::string_view doc, uint64_t line, bool json_lines,
              const std::vector<SchemaError>& errors, const std::function<void(const Finding&)>& on_finding);

  const CompiledSchema& schema_;
  size_t max_errors_;
  simdjson::dom::parser parser_;
  tc::json::Parser fallback_;
  std::vector<SchemaError> errors_;
};

// The syntax finding for a UTF-8 byte order mark before a document (RFC
// 8259: JSON text has none; simdjson refuses it), at 1:1.
inline constexpr std::string_view kByteOrderMarkMessage =
    "not valid JSON: the input starts with a UTF-8 byte order mark (JSON text has none)";

// True when the text's first line holds one complete JSON value and some
// non-blank text follows that line.
bool looks_like_json_lines(std::string_view padded_text, simdjson::dom::parser& parser);

}  // namespace tc::schema
