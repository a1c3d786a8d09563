#include "schema/schema_part.h"

#include "schema/evaluator.h"

namespace tc::schema {
namespace {

using detail::Kind;
using detail::Op;
using detail::Subschema;

const std::vector<const detail::Check*>& plan_for(const Subschema& s, Kind k) {
  return s.plan[static_cast<size_t>(k)];
}

bool is_items_of_types(const Subschema& s) {
  if (!s.is_false && s.any.empty() && s.array.size() == 1 && s.array[0]->op == Op::Items && s.number.empty() &&
      s.string.empty() && s.object.empty()) {
    const Subschema* items = static_cast<const detail::SubCheck&>(*s.array[0]).sub;
    return items->type_only();
  }
  return false;
}

}  // namespace

// The sure_bit()s of the simdjson types whose every value passes `types`:
// those that share a type bit with it (a double carries no integer bit: it
// is an integer only when it has no fraction, so not sure).
uint8_t SchemaPart::sure_bits(uint8_t types) {
  using T = simdjson::dom::element_type;
  uint8_t sure = 0;
  for (T t : {T::ARRAY, T::OBJECT, T::INT64, T::UINT64, T::DOUBLE, T::STRING, T::BOOL, T::NULL_VALUE})
    if (types & detail::SimdAdapter::type_bits_of(t)) sure |= sure_bit(t);
  return sure;
}

SchemaPart::SchemaPart(const Subschema* sub) : sub_(sub) {
  if (!sub_ || (sub_->type_only() && sub_->types == detail::kAnyTypeBits)) {
    form_ = Form::Anything;
  } else if (sub_->type_only()) {
    form_ = Form::Types;
    sure_ = sure_bits(sub_->types);
  } else if (is_items_of_types(*sub_)) {
    form_ = Form::ItemsOfTypes;
    sure_ = sure_bits(static_cast<const detail::SubCheck&>(*sub_->array[0]).sub->types);
  } else if (sub_->string_enum) {
    form_ = Form::StringEnum;
  } else {
    form_ = Form::General;
  }
}

SchemaPart SchemaPart::root(const CompiledSchema& schema) { return SchemaPart(schema.root_); }

bool SchemaPart::decide(simdjson::dom::element e) const {
  using A = detail::SimdAdapter;
  using Ev = detail::Eval<A>;
  detail::Ctx quiet{};  // no errors: no frame or stack floor is read on the way to a leaf's verdict
  switch (form_) {
    case Form::Anything: return true;
    case Form::Types: return Ev::type_ok(*sub_, e, nullptr, quiet);
    case Form::ItemsOfTypes: {
      if (!Ev::type_ok(*sub_, e, nullptr, quiet)) return false;
      if (A::kind(e) != Kind::Array) return true;
      const Subschema& items = *static_cast<const detail::SubCheck&>(*sub_->array[0]).sub;
      for (simdjson::dom::element item : A::as_array(e))
        if (!(sure_ & sure_bit(item.type())) && !Ev::type_ok(items, item, nullptr, quiet)) return false;
      return true;
    }
    case Form::StringEnum: {
      // Ev::string_enum_ok's verdict, written out: calling it (its enum
      // test is out of line) cost the execution trace 0.9% more
      // instructions (count_work.py).
      if (!Ev::type_ok(*sub_, e, nullptr, quiet)) return false;
      const auto& en = *sub_->string_enum;
      return A::kind(e) == Kind::String && A::find_in(en.index, A::string(e)) >= 0;
    }
    case Form::General: break;
  }
  uint64_t evaluated = 0;
  detail::Ctx ctx{.stack_floor = detail::stack_floor(), .evaluated = &evaluated};
  return Ev::schema(*sub_, e, nullptr, ctx);
}

std::optional<RecordPart> SchemaPart::record() const {
  if (!sub_ || sub_->is_false || !(sub_->types & detail::kObjectBit)) return std::nullopt;
  const auto& plan = plan_for(*sub_, Kind::Object);
  if (plan.size() != 1 || plan[0]->op != Op::Object) return std::nullopt;
  const auto& check = static_cast<const detail::ObjectCheck&>(*plan[0]);
  if (!check.patterns.empty() || (check.additional && !check.additional->is_false)) return std::nullopt;
  return RecordPart(&check);
}

std::optional<SchemaPart> SchemaPart::items() const {
  if (!sub_ || sub_->is_false || !(sub_->types & detail::kArrayBit)) return std::nullopt;
  const auto& plan = plan_for(*sub_, Kind::Array);
  if (plan.empty()) return SchemaPart();
  if (plan.size() != 1 || plan[0]->op != Op::Items) return std::nullopt;
  return SchemaPart(static_cast<const detail::SubCheck&>(*plan[0]).sub);
}

std::optional<SchemaPart> RecordPart::member(std::string_view key) const {
  int32_t pos = check_->index.find(key);
  if (pos >= 0) return SchemaPart(check_->properties[static_cast<size_t>(pos)].schema);
  if (check_->additional) return std::nullopt;  // record() let only `false` through
  return SchemaPart();
}

std::vector<std::string_view> RecordPart::required() const {
  std::vector<std::string_view> names;
  for (uint32_t pos : check_->required) names.push_back(check_->properties[pos].name);
  return names;
}

}  // namespace tc::schema
