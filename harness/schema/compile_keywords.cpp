// The type-specific keywords of draft 7 and the ones compiled as a group
// (items with additionalItems, the object keywords fused into one pass,
// if/then/else).
#include <fmt/format.h>

#include "schema/compiler.h"
#include "schema/ecma_regex.h"
#include "json/pointer.h"

namespace tc::schema::detail {

using nlohmann::json;

namespace {

std::string at(const std::string& location, std::string_view key) {
  std::string out = location;
  tc::json::pointer::append_token(out, key);
  return out;
}

std::unique_ptr<RE2> regex(const std::string& pattern, const std::string& here) {
  std::string error;
  std::unique_ptr<RE2> re = compile_ecma_regex(pattern, error);
  if (!re) throw SchemaLoadError(here, error);
  return re;
}

}  // namespace

bool Compiler::number_keyword(Subschema& s, std::string_view key, const json& value, const std::string& here) {
  Op op;
  if (key == "minimum")
    op = Op::Minimum;
  else if (key == "maximum")
    op = Op::Maximum;
  else if (key == "exclusiveMinimum")
    op = Op::ExclusiveMinimum;
  else if (key == "exclusiveMaximum")
    op = Op::ExclusiveMaximum;
  else if (key == "multipleOf")
    op = Op::MultipleOf;
  else
    return false;
  Number n = read_number(value, here);
  if (op == Op::MultipleOf) {
    auto check = std::make_unique<MultipleOfCheck>(op, here);
    check->divisor = n;
    if (!check->test.set(n))
      throw SchemaLoadError(here, fmt::format("multipleOf must be a number above 0, not {}", value.dump()));
    s.number.push_back(std::move(check));
  } else {
    auto check = std::make_unique<BoundCheck>(op, here);
    check->bound = n;
    s.number.push_back(std::move(check));
  }
  return true;
}

bool Compiler::string_keyword(Subschema& s, std::string_view key, const json& value, const std::string& here) {
  if (key == "minLength" || key == "maxLength") {
    auto check = std::make_unique<CountCheck>(key == "minLength" ? Op::MinLength : Op::MaxLength, here);
    check->limit = read_count(value, here);
    if (check->op == Op::MinLength && check->limit == 0) return true;  // always true
    s.string.push_back(std::move(check));
    return true;
  }
  if (key == "pattern") {
    if (!value.is_string()) throw SchemaLoadError(here, "pattern must be a string");
    auto check = std::make_unique<PatternCheck>(Op::Pattern, here);
    check->source = value.get<std::string>();
    check->re = regex(check->source, here);
    s.string.push_back(std::move(check));
    return true;
  }
  return false;
}

void Compiler::conditional(Subschema& s, const json& node, const std::string& base) {
  auto if_ = node.find("if");
  if (if_ == node.end()) return;  // then/else without if do nothing
  auto check = std::make_unique<IfCheck>(Op::IfThenElse, at(s.location, "if"));
  check->if_ = child(*if_, base, check->path);
  if (auto it = node.find("then"); it != node.end()) check->then_ = child(*it, base, at(s.location, "then"));
  if (auto it = node.find("else"); it != node.end()) check->else_ = child(*it, base, at(s.location, "else"));
  if (check->then_ || check->else_) s.any.push_back(std::move(check));  // a lone if only annotates
}

void Compiler::array_keywords(Subschema& s, const json& node, const std::string& base) {
  if (auto items = node.find("items"); items != node.end()) {
    std::string here = at(s.location, "items");
    if (items->is_array()) {
      auto check = std::make_unique<TupleItemsCheck>(Op::TupleItems, here);
      for (size_t i = 0; i < items->size(); ++i) {
        std::string item = here;
        tc::json::pointer::append_index(item, i);
        check->items.push_back(child((*items)[i], base, item));
      }
      if (auto more = node.find("additionalItems"); more != node.end()) {
        const Subschema* sub = child(*more, base, at(s.location, "additionalItems"));
        if (!accepts_everything(*more)) check->additional = sub;
      }
      s.array.push_back(std::move(check));
    } else {
      const Subschema* sub = child(*items, base, here);
      if (!accepts_everything(*items)) {
        auto check = std::make_unique<SubCheck>(Op::Items, here);
        check->sub = sub;
        s.array.push_back(std::move(check));
      }
    }
  } else if (auto more = node.find("additionalItems"); more != node.end()) {
    child(*more, base, at(s.location, "additionalItems"));  // checked, but without items[] it does nothing
  }
  if (auto it = node.find("contains"); it != node.end()) {
    auto check = std::make_unique<SubCheck>(Op::Contains, at(s.location, "contains"));
    check->sub = child(*it, base, check->path);
    s.array.push_back(std::move(check));
  }
  for (auto [key, op] : {std::pair{"minItems", Op::MinItems}, std::pair{"maxItems", Op::MaxItems}}) {
    auto it = node.find(key);
    if (it == node.end()) continue;
    auto check = std::make_unique<CountCheck>(op, at(s.location, key));
    check->limit = read_count(*it, check->path);
    if (op == Op::MinItems && check->limit == 0) continue;
    s.array.push_back(std::move(check));
  }
  if (auto it = node.find("uniqueItems"); it != node.end()) {
    std::string here = at(s.location, "uniqueItems");
    if (!it->is_boolean()) throw SchemaLoadError(here, "uniqueItems must be a boolean");
    if (it->get<bool>()) s.array.push_back(std::make_unique<Check>(Op::UniqueItems, here));
  }
}

void Compiler::object_keywords(Subschema& s, const json& node, const std::string& base) {
  auto properties = node.find("properties");
  auto patterns = node.find("patternProperties");
  auto additional = node.find("additionalProperties");
  auto required = node.find("required");
  if (properties != node.end() || patterns != node.end() || additional != node.end() || required != node.end()) {
    auto check = std::make_unique<ObjectCheck>(Op::Object, at(s.location, "properties"));
    if (properties != node.end()) {
      if (!properties->is_object()) throw SchemaLoadError(check->path, "properties must be an object");
      for (const auto& [name, sub] : properties->items()) {
        const Subschema* compiled = child(sub, base, at(check->path, name));
        check->properties.push_back({name, accepts_everything(sub) ? nullptr : compiled, false});
        check->index.add(name);
      }
    }
    if (patterns != node.end()) {
      std::string here = at(s.location, "patternProperties");
      if (!patterns->is_object()) throw SchemaLoadError(here, "patternProperties must be an object");
      for (const auto& [pattern, sub] : patterns->items()) {
        std::string where = at(here, pattern);
        check->patterns.push_back({regex(pattern, where), child(sub, base, where)});
      }
    }
    if (additional != node.end()) {
      check->additional = child(*additional, base, at(s.location, "additionalProperties"));
      if (accepts_everything(*additional)) check->additional = nullptr;
    }
    if (required != node.end()) {
      check->required_path = at(s.location, "required");
      if (!required->is_array())
        throw SchemaLoadError(check->required_path, "required must be an array of strings");
      for (const json& name : *required) {
        if (!name.is_string()) throw SchemaLoadError(check->required_path, "required must be an array of strings");
        const std::string& n = name.get_ref<const std::string&>();
        int32_t pos = check->index.find(n);
        if (pos < 0) {
          pos = static_cast<int32_t>(check->properties.size());
          check->properties.push_back({n, nullptr, false});
          check->index.add(n);
        }
        if (!check->properties[static_cast<size_t>(pos)].required) {
          check->properties[static_cast<size_t>(pos)].required = true;
          check->required.push_back(static_cast<uint32_t>(pos));
        }
      }
    }
    check->lookup = !check->additional && check->patterns.empty() && check->properties.size() <= 3;
    bool has_work = !check->required.empty() || check->additional || !check->patterns.empty() ||
                    std::any_of(check->properties.begin(), check->properties.end(),
                                [](const auto& p) { return p.schema != nullptr; });
    if (has_work) s.object.push_back(std::move(check));
  }
  if (auto it = node.find("propertyNames"); it != node.end()) {
    auto check = std::make_unique<SubCheck>(Op::PropertyNames, at(s.location, "propertyNames"));
    check->sub = child(*it, base, check->path);
    if (!accepts_everything(*it)) s.object.push_back(std::move(check));
  }
  for (auto [key, op] :
       {std::pair{"minProperties", Op::MinProperties}, std::pair{"maxProperties", Op::MaxProperties}}) {
    auto it = node.find(key);
    if (it == node.end()) continue;
    auto check = std::make_unique<CountCheck>(op, at(s.location, key));
    check->limit = read_count(*it, check->path);
    if (op == Op::MinProperties && check->limit == 0) continue;
    s.object.push_back(std::move(check));
  }
  if (auto it = node.find("dependencies"); it != node.end())
    dependencies(s, *it, base, at(s.location, "dependencies"));
}

void Compiler::dependencies(Subschema& s, const json& value, const std::string& base, const std::string& here) {
  if (!value.is_object()) throw SchemaLoadError(here, "dependencies must be an object");
  auto check = std::make_unique<DependenciesCheck>(Op::Dependencies, here);
  for (const auto& [name, dep] : value.items()) {
    DependenciesCheck::Dependency d;
    d.name = name;
    d.path = at(here, name);
    if (dep.is_array()) {
      for (const json& n : dep) {
        if (!n.is_string()) throw SchemaLoadError(d.path, "a dependencies array must hold property names");
        d.required.push_back(n.get<std::string>());
      }
      if (d.required.empty()) continue;
    } else {
      d.schema = child(dep, base, d.path);
      if (accepts_everything(dep)) continue;
    }
    check->dependencies.push_back(std::move(d));
  }
  if (!check->dependencies.empty()) s.object.push_back(std::move(check));
}

}  // namespace tc::schema::detail
