// CompiledSchema::validate over tc::json::Value (Python-dialect JSON:
// big integers, NaN and infinities, which simdjson refuses).
#include "schema/adapters.h"
#include "schema/evaluator.h"
#include "schema/schema.h"

namespace tc::schema {

bool CompiledSchema::validate(const json::Value& instance, std::vector<SchemaError>* errors,
                              size_t max_errors) const {
  uint64_t evaluated = 0;
  detail::Ctx ctx{
      .errors = errors, .max_errors = max_errors, .stack_floor = detail::stack_floor(), .evaluated = &evaluated};
  return detail::Eval<detail::ValueAdapter>::schema(*root_, &instance, nullptr, ctx);
}

}  // namespace tc::schema
