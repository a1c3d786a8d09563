// add_dispatch(): finds the allOf-of-if/then form that picks a subschema by
// one member's string value and precomputes the pick (see Dispatch in
// schema/program.h). Only shapes whose meaning is certain are recognised;
// anything else keeps the general evaluation, so behaviour never changes.
#include <algorithm>
#include <string>
#include <vector>

#include "schema/program.h"

namespace tc::schema::detail {
namespace {

bool only_any_checks(const Subschema& s) {
  return s.number.empty() && s.string.empty() && s.array.empty() && s.object.empty();
}

// The strings a property subschema accepts, when it is exactly an enum of
// strings or a string const (a "type" that allows strings adds nothing):
// then a value that is not one of them, or not a string, fails it.
bool accepted_strings(const Subschema& p, std::vector<std::string>& out) {
  if (p.is_false || !(p.types & kStringBit) || p.any.size() != 1 || !only_any_checks(p)) return false;
  const Check& c = *p.any[0];
  const std::vector<nlohmann::json>* values = nullptr;
  if (c.op == Op::EnumStrings)
    values = &static_cast<const EnumStringsCheck&>(c).values;
  else if (c.op == Op::Const || c.op == Op::Enum)
    values = &static_cast<const EnumCheck&>(c).values;
  else
    return false;
  for (const nlohmann::json& v : *values) {
    if (!v.is_string()) return false;
    out.push_back(v.get<std::string>());
  }
  return true;
}

struct Branch {
  std::string key;
  bool required = false;
  std::vector<std::string> strings;
  const Subschema* then = nullptr;
};

// One allOf branch of the form {"if": {"properties": {K: P}, "required"?:
// [K]}, "then": S}, with nothing else that could reject an object.
bool read_branch(const Subschema& b, Branch& out) {
  if (b.is_false || !(b.types & kObjectBit) || b.any.size() != 1 || !only_any_checks(b)) return false;
  if (b.any[0]->op != Op::IfThenElse) return false;
  const auto& cond = static_cast<const IfCheck&>(*b.any[0]);
  if (cond.else_ || !cond.then_) return false;
  const Subschema& i = *cond.if_;
  if (i.is_false || !(i.types & kObjectBit) || !i.any.empty() || !i.number.empty() || !i.string.empty() ||
      !i.array.empty() || i.object.size() != 1 || i.object[0]->op != Op::Object)
    return false;
  const auto& obj = static_cast<const ObjectCheck&>(*i.object[0]);
  if (obj.properties.size() != 1 || !obj.patterns.empty() || obj.additional || !obj.properties[0].schema) return false;
  out.key = obj.properties[0].name;
  out.required = obj.properties[0].required;
  out.then = cond.then_;
  return accepted_strings(*obj.properties[0].schema, out.strings);
}

std::unique_ptr<Dispatch> build(const SubsCheck& all) {
  std::vector<Branch> branches(all.subs.size());
  for (size_t k = 0; k < all.subs.size(); ++k) {
    if (!read_branch(*all.subs[k], branches[k])) return nullptr;
    if (branches[k].key != branches[0].key) return nullptr;
  }
  auto d = std::make_unique<Dispatch>();
  d->key = branches[0].key;
  for (const Branch& b : branches) {
    if (!b.required) d->when_missing.push_back(b.then);
    std::vector<int32_t> done;  // a string listed twice in one enum adds its `then` once
    for (const std::string& s : b.strings) {
      int32_t pos = d->values.find(s);
      if (pos < 0) {
        pos = static_cast<int32_t>(d->by_value.size());
        d->values.add(s);
        d->by_value.emplace_back();
      }
      if (std::find(done.begin(), done.end(), pos) != done.end()) continue;
      done.push_back(pos);
      d->by_value[static_cast<size_t>(pos)].push_back(b.then);
    }
  }
  return d;
}

}  // namespace

void add_dispatch(Program& program) {
  for (Subschema& s : program.subschemas) {
    for (auto& check : s.any) {
      if (check->op != Op::AllOf) continue;
      auto& all = static_cast<SubsCheck&>(*check);
      all.dispatch = build(all);
    }
  }
}

}  // namespace tc::schema::detail
