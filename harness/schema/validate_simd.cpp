// CompiledSchema::validate over simdjson DOM elements (the hot path).
#include "schema/adapters.h"
#include "schema/evaluator.h"
#include "schema/schema.h"

namespace tc::schema {

bool CompiledSchema::validate(simdjson::dom::element instance, std::vector<SchemaError>* errors,
                              size_t max_errors) const {
  uint64_t evaluated = 0;
  detail::Ctx ctx{
      .errors = errors, .max_errors = max_errors, .stack_floor = detail::stack_floor(), .evaluated = &evaluated};
  return detail::Eval<detail::SimdAdapter>::schema(*root_, instance, nullptr, ctx);
}

}  // namespace tc::schema
