// Splits the validation of one document into two parts, so a gigabyte trace
// can be validated without holding it: its skeleton (the document with one
// big array emptied: a Chrome trace's traceEvents, an execution trace's
// nodes, or a bare top-level array) validated whole, and each element of
// that array validated alone against the element plan.
//
// Contract:
//  - plan_elements() walks the compiled schema over the skeleton (whose
//    array is `[]`) and collects the subschemas that `items` applies to
//    the array's elements, through properties, patternProperties,
//    additionalProperties, allOf, $ref, schema dependencies and the
//    branch of if/then/else that the skeleton takes;
//  - it refuses (nullopt, with the reason naming the keyword's place in the
//    schema) whenever the array's verdict is not the conjunction of its
//    elements' verdicts: minItems, maxItems, uniqueItems, contains, items as
//    a list, enum or const over the array or the document, an `if`, `not`,
//    anyOf or oneOf that reads the array. One exception: an anyOf or oneOf
//    whose branches all but one exclude the instance's type by their "type"
//    (trace.schema.json's bare-array-or-object) is that one branch;
//  - when it gives a plan, the document is valid exactly when the skeleton
//    is valid and every element satisfies every subschema of the plan
//    (skeleton validity does not depend on the array's content, since
//    nothing that the plan accepts reads it);
//  - validate_element() reports errors with the same instance pointers
//    ("/traceEvents/12/args") and schema paths as validating the whole
//    document would.
#pragma once

#include <simdjson.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "json/value.h"
#include "schema/schema.h"

namespace tc::schema {

class ElementPlan {
 public:
  bool operator==(const ElementPlan&) const = default;
  size_t size() const { return subs_.size(); }  // 0: elements are not constrained

 private:
  friend class ElementPlanner;
  std::vector<const void*> subs_;  // const detail::Subschema*, in evaluation order
};

struct ElementPlanResult {
  std::optional<ElementPlan> plan;
  std::string why_not;  // set when plan is empty: "minItems at /properties/traceEvents/minItems judges ..."
};

class ElementPlanner {
 public:
  // `key` names the top-level member that holds the array; "" when the
  // document is the array itself. `skeleton` holds that member as [] (or is
  // [] itself).
  static ElementPlanResult plan(const CompiledSchema& schema, simdjson::dom::element skeleton, std::string_view key);

  // Validates element `index` of the array at /key. With `errors` null it
  // stops at the first failure; with errors, reporting stops once `errors`
  // holds max_errors entries (the verdict stays right).
  static bool validate(const CompiledSchema& schema, const ElementPlan& plan, simdjson::dom::element element,
                       std::string_view key, uint64_t index, std::vector<SchemaError>* errors = nullptr,
                       size_t max_errors = CompiledSchema::kAllErrors);
  // The same for an element simdjson refuses (Python's NaN, big integers).
  static bool validate(const CompiledSchema& schema, const ElementPlan& plan, const tc::json::Value& element,
                       std::string_view key, uint64_t index, std::vector<SchemaError>* errors = nullptr,
                       size_t max_errors = CompiledSchema::kAllErrors);
};

}  // namespace tc::schema
