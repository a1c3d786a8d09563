#include "schema/element_plan.h"

#include <fmt/format.h>

#include <algorithm>

#include "schema/adapters.h"
#include "schema/ecma_regex.h"
#include "schema/evaluator.h"

namespace tc::schema {
namespace {

using detail::Check;
using detail::Op;
using detail::Subschema;

// Nested schema steps the planner follows; deeper ($ref cycles through the
// document) is refused rather than walked for ever.
constexpr int kMaxSteps = 64;

uint8_t type_bit(detail::Kind k) {
  switch (k) {
    case detail::Kind::Array: return detail::kArrayBit;
    case detail::Kind::Object: return detail::kObjectBit;
    default: return detail::kAnyTypeBits;  // the planner only meets arrays and objects
  }
}

bool admits(const Subschema& s, detail::Kind k) { return !s.is_false && (s.types & type_bit(k)); }

const std::vector<const Subschema*>& subs_of(const Check& c) { return static_cast<const detail::SubsCheck&>(c).subs; }
const Subschema& sub_of(const Check& c) { return *static_cast<const detail::SubCheck&>(c).sub; }

// The branches of an anyOf/oneOf that admit instances of kind k by "type";
// when exactly one does, the keyword's verdict is that branch's.
const Subschema* only_branch(const Check& c, detail::Kind k) {
  const Subschema* found = nullptr;
  for (const Subschema* s : subs_of(c)) {
    if (!admits(*s, k)) continue;
    if (found) return nullptr;
    found = s;
  }
  return found;
}

// The schemas an ObjectCheck applies to member `key`, in evaluation order.
std::vector<const Subschema*> member_schemas(const detail::ObjectCheck& check, std::string_view key) {
  std::vector<const Subschema*> out;
  bool matched = false;
  if (int32_t pos = check.index.find(key); pos >= 0) {
    matched = true;
    if (const Subschema* s = check.properties[static_cast<size_t>(pos)].schema) out.push_back(s);
  }
  for (const auto& pp : check.patterns) {
    if (!regex_search(*pp.re, key)) continue;
    matched = true;
    out.push_back(pp.schema);
  }
  if (!matched && check.additional) out.push_back(check.additional);
  return out;
}

// Where a subschema applies: to the document (an object holding the array
// at the key), or to the array itself.
enum class Level { Document, Array };

class Walk {
 public:
  explicit Walk(std::string_view key) : key_(key) {}

  std::vector<const Subschema*> subs;
  std::string why;

  // `s` applies to `here` at `level` (the skeleton, or its [] for Array).
  bool walk(const Subschema& s, simdjson::dom::element here, Level level, int steps) {
    if (level == Level::Document && key_.empty()) level = Level::Array;  // a bare array is its own document
    if (steps > kMaxSteps) return refuse(s.location, "nests schemas too deep to plan");
    detail::Kind k = level == Level::Array ? detail::Kind::Array : detail::SimdAdapter::kind(here);
    if (!admits(s, k)) return true;  // the skeleton fails on the type alone, as the document does
    for (const Check* c : s.plan[static_cast<int>(k)]) {
      switch (c->op) {
        case Op::Enum:
        case Op::EnumStrings:
        case Op::Const:
          return refuse(c->path, level == Level::Array ? "compares the array's content"
                                                       : "compares the whole document, array included");
        case Op::AllOf:
          for (const Subschema* sub : subs_of(*c))
            if (!walk(*sub, here, level, steps + 1)) return false;
          break;
        case Op::AnyOf:
        case Op::OneOf:
          if (const Subschema* only = only_branch(*c, k)) {
            if (!walk(*only, here, level, steps + 1)) return false;
          } else if (std::any_of(subs_of(*c).begin(), subs_of(*c).end(),
                                 [&](const Subschema* sub) { return reads(*sub, level, 0); })) {
            return refuse(c->path, "has a branch that reads the array");
          }
          break;
        case Op::Not:
          if (reads(sub_of(*c), level, 0)) return refuse(c->path, "reads the array");
          break;
        case Op::IfThenElse: {
          const auto& cond = static_cast<const detail::IfCheck&>(*c);
          if (reads(*cond.if_, level, 0)) return refuse(c->path, "has an `if` that reads the array");
          const Subschema* branch = holds(*cond.if_, here) ? cond.then_ : cond.else_;
          if (branch && !walk(*branch, here, level, steps + 1)) return false;
          break;
        }
        case Op::Ref:
          if (!walk(sub_of(*c), here, level, steps + 1)) return false;
          break;
        case Op::Object: {
          simdjson::dom::element value;
          if (here.get_object()[key_].get(value) != simdjson::SUCCESS) break;
          for (const Subschema* p : member_schemas(static_cast<const detail::ObjectCheck&>(*c), key_))
            if (!walk(*p, value, Level::Array, steps + 1)) return false;
          break;
        }
        case Op::Dependencies:
          for (const auto& d : static_cast<const detail::DependenciesCheck&>(*c).dependencies) {
            simdjson::dom::element present;
            if (d.schema && here.get_object()[d.name].get(present) == simdjson::SUCCESS &&
                !walk(*d.schema, here, level, steps + 1))
              return false;
          }
          break;
        case Op::Items: {
          const Subschema* item = &sub_of(*c);
          if (std::find(subs.begin(), subs.end(), item) == subs.end()) subs.push_back(item);
          break;
        }
        case Op::TupleItems: return refuse(c->path, "judges elements by their position");
        case Op::Contains:
        case Op::MinItems:
        case Op::MaxItems:
        case Op::UniqueItems: return refuse(c->path, "judges the array as a whole");
        default: break;  // propertyNames, min/maxProperties: keys and counts only
      }
    }
    return true;
  }

 private:
  // Whether `s`, applied at `level`, reads more of the array than its type:
  // its elements, their number, or its content as a value.
  bool reads(const Subschema& s, Level level, int steps) const {
    if (steps > kMaxSteps) return true;
    detail::Kind k = level == Level::Array ? detail::Kind::Array : detail::Kind::Object;
    for (const Check* c : s.plan[static_cast<int>(k)]) {
      switch (c->op) {
        case Op::AllOf:
        case Op::AnyOf:
        case Op::OneOf:
          for (const Subschema* sub : subs_of(*c))
            if (reads(*sub, level, steps + 1)) return true;
          break;
        case Op::Not:
        case Op::Ref:
          if (reads(sub_of(*c), level, steps + 1)) return true;
          break;
        case Op::IfThenElse: {
          const auto& cond = static_cast<const detail::IfCheck&>(*c);
          for (const Subschema* sub : {cond.if_, cond.then_, cond.else_})
            if (sub && reads(*sub, level, steps + 1)) return true;
          break;
        }
        case Op::Object:
          for (const Subschema* p : member_schemas(static_cast<const detail::ObjectCheck&>(*c), key_))
            if (reads(*p, Level::Array, steps + 1)) return true;
          break;
        case Op::Dependencies:
          for (const auto& d : static_cast<const detail::DependenciesCheck&>(*c).dependencies)
            if (d.schema && reads(*d.schema, level, steps + 1)) return true;
          break;
        case Op::PropertyNames:
        case Op::MinProperties:
        case Op::MaxProperties: break;  // keys and counts of the document
        default: return true;           // enum, const, and every array keyword
      }
    }
    return false;
  }

  // An `if` that does not read the array holds on the skeleton exactly when
  // it holds on the document.
  static bool holds(const Subschema& s, simdjson::dom::element e) {
    uint64_t evaluated = 0;
    detail::Ctx ctx{.stack_floor = detail::stack_floor(), .evaluated = &evaluated};
    return detail::Eval<detail::SimdAdapter>::schema(s, e, nullptr, ctx);
  }

  bool refuse(const std::string& where, std::string_view what) {
    why = fmt::format("the schema at {} {}", where.empty() ? "(root)" : where, what);
    return false;
  }

  std::string_view key_;
};

template <class A>
bool validate_with(const std::vector<const void*>& subs, typename A::Elem element, std::string_view key,
                   uint64_t index, std::vector<SchemaError>* errors, size_t max_errors) {
  detail::Frame member = detail::Frame::member(nullptr, key.data(), key.size());
  detail::Frame item = detail::Frame::item(key.empty() ? nullptr : &member, index);
  uint64_t evaluated = 0;
  detail::Ctx ctx{
      .errors = errors, .max_errors = max_errors, .stack_floor = detail::stack_floor(), .evaluated = &evaluated};
  bool ok = true;
  for (const void* s : subs) {
    if (detail::Eval<A>::child(*static_cast<const Subschema*>(s), element, &item, ctx)) continue;
    ok = false;
    if (!ctx.errors) break;
  }
  return ok;
}

}  // namespace

ElementPlanResult ElementPlanner::plan(const CompiledSchema& schema, simdjson::dom::element skeleton,
                                       std::string_view key) {
  Walk walk(key);
  ElementPlanResult out;
  if (!walk.walk(*schema.root_, skeleton, Level::Document, 0)) {
    out.why_not = std::move(walk.why);
    return out;
  }
  ElementPlan plan;
  plan.subs_.assign(walk.subs.begin(), walk.subs.end());
  out.plan = std::move(plan);
  return out;
}

bool ElementPlanner::validate(const CompiledSchema&, const ElementPlan& plan, simdjson::dom::element element,
                              std::string_view key, uint64_t index, std::vector<SchemaError>* errors,
                              size_t max_errors) {
  return validate_with<detail::SimdAdapter>(plan.subs_, element, key, index, errors, max_errors);
}

bool ElementPlanner::validate(const CompiledSchema&, const ElementPlan& plan, const tc::json::Value& element,
                              std::string_view key, uint64_t index, std::vector<SchemaError>* errors,
                              size_t max_errors) {
  return validate_with<detail::ValueAdapter>(plan.subs_, &element, key, index, errors, max_errors);
}

}  // namespace tc::schema
