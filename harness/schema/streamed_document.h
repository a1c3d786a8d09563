// Validates one JSON document that is an object holding a big array (a
// Chrome trace's traceEvents, an execution trace's nodes) or a bare array,
// in one streaming pass: memory is bounded by the read chunk, the largest
// element and the other members, never by the file. The engine behind
// `tracecheck validate` on large traces; schema/element_plan.h says when the
// split into skeleton and elements is exact.
//
// Contract:
//  - Streamed: findings were reported, in file order. They are the
//    findings DocumentValidator reports for the same file (same line,
//    column, message, instance pointer and schema path), with two
//    differences: an anyOf/oneOf that the plan resolved by type reports
//    the chosen branch's errors rather than "matches none of ...", and past
//    max_errors the first ones in file order are kept;
//  - NotStreamable: nothing was reported, and `why` says what stood in the
//    way (the schema judges the array as a whole, a member over
//    kMaxMember, an element over kMaxElement, no object or array at the
//    top, nesting deeper than a DOM would take); the caller validates the
//    document whole instead;
//  - IoError: the input could not be opened or read (`why`);
//  - the element plan is made when the first element arrives, from the
//    members before the array; if the members after it change the plan (an
//    `if` on a later member), the input is opened again and the elements
//    are validated once more with the final plan;
//  - a syntax error ends the document with one json-syntax finding, as in
//    DocumentValidator: an unclosed bare array is located at the end of its
//    last element, a trailing comma at the comma.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "io/input_source.h"
#include "json/parse.h"
#include "schema/document_validator.h"
#include "schema/schema.h"

namespace tc::schema {

struct StreamOutcome {
  enum class Status { Streamed, NotStreamable, IoError };
  Status status = Status::Streamed;
  std::string why;
  DocumentStats stats;
};

// Opens the input afresh (it may be read twice); nullptr with `error` set.
using InputOpener = std::function<std::unique_ptr<io::InputSource>(std::string& error)>;

class StreamedDocumentValidator {
 public:
  static constexpr size_t kMaxMember = size_t{256} << 20;
  static constexpr size_t kMaxElement = size_t{256} << 20;

  explicit StreamedDocumentValidator(const CompiledSchema& schema, size_t max_errors = 100)
      : schema_(schema), max_errors_(max_errors) {}

  // `array_key` names the member holding the array in the object form; a
  // bare top-level array is streamed whatever it says.
  StreamOutcome run(const InputOpener& open, const std::string& array_key,
                    const std::function<void(const Finding&)>& on_finding);

 private:
  const CompiledSchema& schema_;
  size_t max_errors_;
};

}  // namespace tc::schema
