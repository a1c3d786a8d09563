#include "schema/registry.h"

#include <fmt/format.h>

#include "json/pointer.h"
#include "schema/metaschema.h"
#include "schema/uri.h"

namespace tc::schema::detail {

using nlohmann::json;

SubschemaForm subschema_form(std::string_view k) {
  if (k == "additionalItems" || k == "contains" || k == "additionalProperties" || k == "propertyNames" ||
      k == "not" || k == "if" || k == "then" || k == "else")
    return SubschemaForm::One;
  if (k == "items") return SubschemaForm::OneOrArray;
  if (k == "allOf" || k == "anyOf" || k == "oneOf") return SubschemaForm::Array;
  if (k == "properties" || k == "patternProperties" || k == "definitions") return SubschemaForm::Map;
  if (k == "dependencies") return SubschemaForm::MapOfOneOrStrings;
  return SubschemaForm::None;
}

std::string base_inside(const json& node, const std::string& parent_base) {
  if (!node.is_object() || node.contains("$ref")) return parent_base;
  auto id = node.find("$id");
  if (id == node.end() || !id->is_string()) return parent_base;
  return uri::without_fragment(uri::resolve(parent_base, id->get_ref<const std::string&>()));
}

SchemaNode Registry::add_root(json document, const std::string& base_uri) {
  documents_.push_back(std::move(document));
  const json& root = documents_.back();
  SchemaNode node{&root, base_uri, ""};
  ids_.emplace(uri::without_fragment(base_uri), node);
  index(root, base_uri, "");
  return node;
}

void Registry::index(const json& node, const std::string& parent_base, const std::string& location) {
  if (!node.is_object()) return;
  std::string base = parent_base;
  auto id = node.find("$id");
  if (id != node.end() && id->is_string() && !node.contains("$ref")) {
    std::string resolved = uri::resolve(parent_base, id->get_ref<const std::string&>());
    uri::Split split = uri::split_fragment(resolved);
    base = std::string(split.resource);
    // "$id": "#name" names the node without changing the base (draft 7's
    // location-independent identifier); other $ids name a new resource.
    std::string key = split.fragment.empty() ? base : resolved;
    ids_.emplace(key, SchemaNode{&node, parent_base, location});
  }
  for (const auto& [keyword, value] : node.items()) {
    std::string here = location;
    tc::json::pointer::append_token(here, keyword);
    switch (subschema_form(keyword)) {
      case SubschemaForm::None: break;
      case SubschemaForm::One: index(value, base, here); break;
      case SubschemaForm::OneOrArray:
      case SubschemaForm::Array:
        if (value.is_array()) {
          for (size_t i = 0; i < value.size(); ++i) {
            std::string item = here;
            tc::json::pointer::append_index(item, i);
            index(value[i], base, item);
          }
        } else {
          index(value, base, here);
        }
        break;
      case SubschemaForm::Map:
      case SubschemaForm::MapOfOneOrStrings:
        if (value.is_object()) {
          for (const auto& [name, sub] : value.items()) {
            std::string member = here;
            tc::json::pointer::append_token(member, name);
            index(sub, base, member);
          }
        }
        break;
    }
  }
}

const SchemaNode& Registry::load(const std::string& resource, const std::string& from_location) {
  if (auto it = ids_.find(resource); it != ids_.end()) return it->second;
  std::optional<json> document;
  if (is_draft07_metaschema_uri(resource)) {
    document = json::parse(draft07_metaschema_text());
  } else if (resolver_) {
    document = resolver_(resource);
  }
  if (!document)
    throw SchemaLoadError(from_location, fmt::format("$ref names \"{}\", which no schema document provides"
                                                     " (remote documents come only from the resolver)",
                                                     resource));
  documents_.push_back(std::move(*document));
  const json& root = documents_.back();
  std::string location = resource + "#";
  ids_.emplace(resource, SchemaNode{&root, resource, location});
  index(root, resource, location);
  return ids_.at(resource);
}

SchemaNode Registry::resolve(const std::string& target, const std::string& from_location) {
  uri::Split split = uri::split_fragment(target);
  std::string resource(split.resource);
  std::optional<std::string> fragment = tc::json::pointer::percent_decode(split.fragment);
  if (!fragment)
    throw SchemaLoadError(from_location, fmt::format("$ref \"{}\" has a malformed percent escape", target));
  if (!fragment->empty() && (*fragment)[0] != '/') {
    // A plain name: a location-independent "$id": "#name".
    load(resource, from_location);  // make sure the document is indexed
    auto it = ids_.find(resource + "#" + std::string(split.fragment));
    if (it == ids_.end())
      throw SchemaLoadError(from_location,
                            fmt::format("$ref \"{}\": no subschema has $id \"#{}\"", target, split.fragment));
    return it->second;
  }
  SchemaNode node = load(resource, from_location);
  std::optional<std::vector<std::string>> tokens = tc::json::pointer::parse(*fragment);
  if (!tokens)
    throw SchemaLoadError(from_location, fmt::format("$ref \"{}\": the fragment is not a JSON pointer", target));
  for (const std::string& token : *tokens) {
    const json& parent = *node.node;
    node.parent_base = base_inside(parent, node.parent_base);
    const json* child = nullptr;
    if (parent.is_object()) {
      auto it = parent.find(token);
      if (it != parent.end()) child = &*it;
    } else if (parent.is_array()) {
      std::optional<size_t> index = tc::json::pointer::parse_index(token);
      if (index && *index < parent.size()) child = &parent[*index];
    }
    if (!child)
      throw SchemaLoadError(from_location,
                            fmt::format("$ref \"{}\": the pointer names nothing (no \"{}\")", target, token));
    node.node = child;
    tc::json::pointer::append_token(node.location, token);
  }
  return node;
}

}  // namespace tc::schema::detail
