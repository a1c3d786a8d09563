#include "schema/compiler.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "json/pointer.h"
#include "schema/uri.h"

namespace tc::schema::detail {

using nlohmann::json;

namespace {

// Keywords draft 7 defines that never reject an instance (annotations), or
// that compile as part of another keyword.
bool is_annotation(std::string_view k) {
  static constexpr std::string_view kNames[] = {
      "$id",      "$schema",  "$comment",  "title",  "description",      "default",
      "examples", "readOnly", "writeOnly", "format", "contentMediaType", "contentEncoding",
  };
  return std::find(std::begin(kNames), std::end(kNames), k) != std::end(kNames);
}

// Dialects whose keywords mean something else than draft 7's.
void check_dialect(const json& value, const std::string& here) {
  if (!value.is_string()) throw SchemaLoadError(here, "$schema must be a string");
  std::string_view uri = value.get_ref<const std::string&>();
  for (std::string_view other : {"draft-03", "draft-04", "draft/2019-09", "draft/2020-12", "draft/next"}) {
    if (uri.find(other) != std::string_view::npos && uri.find("json-schema.org") != std::string_view::npos)
      throw SchemaLoadError(here, fmt::format("$schema \"{}\" is not supported: tracecheck validates draft 7 "
                                              "(and draft 6, which it extends)",
                                              uri));
  }
}

}  // namespace

void Subschema::make_plan() {
  const CheckList* by_kind[6] = {nullptr, nullptr, &number, &string, &array, &object};  // Kind order
  for (size_t k = 0; k < 6; ++k) {
    plan[k].clear();
    for (const auto& c : any) plan[k].push_back(c.get());
    if (by_kind[k])
      for (const auto& c : *by_kind[k]) plan[k].push_back(c.get());
  }
  const bool typed_only = !is_false && number.empty() && string.empty() && array.empty() && object.empty();
  leaf = typed_only && any.empty();
  string_enum = typed_only && any.size() == 1 && any[0]->op == Op::EnumStrings
                    ? static_cast<const EnumStringsCheck*>(any[0].get())
                    : nullptr;
}

bool accepts_everything(const json& schema) {
  return (schema.is_boolean() && schema.get<bool>()) || (schema.is_object() && schema.empty());
}

uint64_t read_count(const json& value, const std::string& here) {
  if (value.is_number_unsigned()) return value.get<uint64_t>();
  if (value.is_number_integer() && value.get<int64_t>() >= 0) return static_cast<uint64_t>(value.get<int64_t>());
  if (value.is_number_float()) {
    double d = value.get<double>();
    // Draft 7 counts 2.0 as an integer; 1e30 is one too, and no count reaches it.
    if (d >= 0 && std::isfinite(d) && std::trunc(d) == d)
      return d >= 18446744073709551616.0 ? UINT64_MAX : static_cast<uint64_t>(d);
  }
  throw SchemaLoadError(here, fmt::format("must be a non-negative integer, not {}", value.dump()));
}

Number read_number(const json& value, const std::string& here) {
  if (value.is_number_unsigned()) return Number::of(value.get<uint64_t>());
  if (value.is_number_integer()) return Number::of(value.get<int64_t>());
  if (value.is_number_float()) return Number::of(value.get<double>());
  throw SchemaLoadError(here, fmt::format("must be a number, not {}", value.dump()));
}

const Subschema* Compiler::child(const json& value, const std::string& base, const std::string& location) {
  return compile(SchemaNode{&value, base, location});
}

const Subschema* Compiler::compile(const SchemaNode& n) {
  const json& node = *n.node;
  if (std::find(ref_chain_.begin(), ref_chain_.end(), &node) != ref_chain_.end())
    throw SchemaLoadError(n.location + "/$ref", "circular $ref: this chain of $refs leads back to itself");
  if (auto it = memo_.find(&node); it != memo_.end()) {
    program_.by_location.emplace(n.location, it->second);
    return it->second;
  }
  if (!node.is_object() && !node.is_boolean())
    throw SchemaLoadError(
        n.location, fmt::format("a schema must be an object or a boolean, not {}", node.dump().substr(0, 80)));
  if (node.is_object()) {
    if (auto ref = node.find("$ref"); ref != node.end()) {
      // Draft 7: "All other properties in a $ref object MUST be ignored",
      // $id included, so the ref resolves against the base around the node.
      // The $ref object is its target: compiled as the target itself, an
      // evaluation takes no step through it (errors name the target's
      // keywords either way, and the recursion limits count the target's
      // steps only), and the element planner and the allOf dispatch see
      // the target: an anyOf of $refs is decided by the targets' types.
      std::string here = n.location + "/$ref";
      if (!ref->is_string()) throw SchemaLoadError(here, "$ref must be a string");
      std::string target = uri::resolve(n.parent_base, ref->get_ref<const std::string&>());
      SchemaNode resolved = registry_.resolve(target, here);
      ref_chain_.push_back(&node);
      const Subschema* t = compile(resolved);
      ref_chain_.pop_back();
      memo_.emplace(&node, t);
      program_.by_location.emplace(n.location, t);
      return t;
    }
  }
  Subschema& s = program_.subschemas.emplace_back();
  s.location = n.location;
  memo_.emplace(&node, &s);
  program_.by_location.emplace(n.location, &s);
  if (node.is_boolean()) {
    s.is_false = !node.get<bool>();
    s.make_plan();
    return &s;
  }
  std::vector<const json*> saved_chain;
  saved_chain.swap(ref_chain_);
  fill(s, node, base_inside(node, n.parent_base));
  ref_chain_.swap(saved_chain);
  s.make_plan();
  return &s;
}

void Compiler::fill(Subschema& s, const json& node, const std::string& base) {
  for (const auto& [key, value] : node.items()) {
    std::string here = s.location;
    tc::json::pointer::append_token(here, key);
    if (key == "$schema") {
      check_dialect(value, here);
    } else if (key == "definitions") {
      // Unreferenced definitions are compiled too, so that a broken one is
      // reported when the schema loads, not when a $ref first reaches it.
      if (!value.is_object()) throw SchemaLoadError(here, "definitions must be an object");
      for (const auto& [name, sub] : value.items()) {
        std::string at = here;
        tc::json::pointer::append_token(at, name);
        child(sub, base, at);
      }
    } else if (is_annotation(key) || any_keyword(s, key, value, base, here) ||
               number_keyword(s, key, value, here) || string_keyword(s, key, value, here)) {
      // handled
    } else if (key == "items" || key == "additionalItems" || key == "contains" || key == "minItems" ||
               key == "maxItems" || key == "uniqueItems" || key == "properties" || key == "patternProperties" ||
               key == "additionalProperties" || key == "required" || key == "propertyNames" ||
               key == "minProperties" || key == "maxProperties" || key == "dependencies" || key == "if" ||
               key == "then" || key == "else") {
      // Compiled below, by group (items needs additionalItems, etc.).
    } else {
      program_.unknown_keywords.push_back(here);
    }
  }
  conditional(s, node, base);
  array_keywords(s, node, base);
  object_keywords(s, node, base);
}

bool Compiler::any_keyword(Subschema& s, std::string_view key, const json& value, const std::string& base,
                           const std::string& here) {
  if (key == "type") {
    s.types = 0;
    s.type_path = here;
    auto add = [&](const json& name) {
      static constexpr std::pair<std::string_view, uint8_t> kTypes[] = {
          {"null", kNullBit},       {"boolean", kBoolBit},
          {"integer", kIntegerBit}, {"number", kNumberBit | kIntegerBit},
          {"string", kStringBit},   {"array", kArrayBit},
          {"object", kObjectBit},
      };
      if (name.is_string()) {
        for (const auto& [type, bit] : kTypes)
          if (name.get_ref<const std::string&>() == type) {
            s.types |= bit;
            return;
          }
      }
      throw SchemaLoadError(here, fmt::format("unknown type {} (draft 7 knows null, boolean, integer, number, "
                                              "string, array, object)",
                                              name.dump()));
    };
    if (value.is_array()) {
      for (const json& name : value) add(name);
    } else {
      add(value);
    }
    return true;
  }
  if (key == "enum" || key == "const") {
    if (key == "enum" && !value.is_array()) throw SchemaLoadError(here, "enum must be an array");
    std::vector<json> values = key == "enum" ? value.get<std::vector<json>>() : std::vector<json>{value};
    bool all_strings =
        key == "enum" && std::all_of(values.begin(), values.end(), [](const json& v) { return v.is_string(); });
    if (all_strings) {
      auto check = std::make_unique<EnumStringsCheck>(Op::EnumStrings, here);
      for (const json& v : values) check->index.add(v.get_ref<const std::string&>());
      check->values = std::move(values);
      s.any.push_back(std::move(check));
    } else {
      auto check = std::make_unique<EnumCheck>(key == "enum" ? Op::Enum : Op::Const, here);
      check->values = std::move(values);
      s.any.push_back(std::move(check));
    }
    return true;
  }
  if (key == "allOf" || key == "anyOf" || key == "oneOf") {
    if (!value.is_array() || value.empty())
      throw SchemaLoadError(here, fmt::format("{} must be a non-empty array of schemas", key));
    auto check = std::make_unique<SubsCheck>(key == "allOf"   ? Op::AllOf
                                             : key == "anyOf" ? Op::AnyOf
                                                              : Op::OneOf,
                                             here);
    for (size_t i = 0; i < value.size(); ++i) {
      std::string at = here;
      tc::json::pointer::append_index(at, i);
      check->subs.push_back(child(value[i], base, at));
    }
    s.any.push_back(std::move(check));
    return true;
  }
  if (key == "not") {
    auto check = std::make_unique<SubCheck>(Op::Not, here);
    check->sub = child(value, base, here);
    s.any.push_back(std::move(check));
    return true;
  }
  return false;
}

}  // namespace tc::schema::detail
