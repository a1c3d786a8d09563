// The schema documents a compile sees and the URIs that name their parts
// (internal): the root document, the built-in metaschema, and whatever the
// Resolver returns, indexed by $id (draft 7 rules) and navigated by JSON
// pointer fragments.
//
// Contract: documents live as long as the Registry, at stable addresses;
// resolve() takes an absolute URI (the $ref already resolved against its
// base) and returns the node it names, the base URI its parent had and a
// display location; a URI nothing names is a SchemaLoadError.
#pragma once

#include <deque>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>

#include "schema/schema.h"

namespace tc::schema::detail {

struct SchemaNode {
  const nlohmann::json* node = nullptr;
  std::string parent_base;  // base URI in effect around the node (its own $id not applied)
  std::string location;     // "/a/b" in the root document, "URI#/a/b" elsewhere
};

// Subschema-bearing keywords of draft 7, and how they hold subschemas.
enum class SubschemaForm { None, One, Array, Map, OneOrArray, MapOfOneOrStrings };
SubschemaForm subschema_form(std::string_view keyword);

// The base URI inside `node` given the base around it: changed by a string
// $id unless a sibling $ref makes draft 7 ignore it.
std::string base_inside(const nlohmann::json& node, const std::string& parent_base);

class Registry {
 public:
  explicit Registry(Resolver resolver) : resolver_(std::move(resolver)) {}

  SchemaNode add_root(nlohmann::json document, const std::string& base_uri);
  SchemaNode resolve(const std::string& uri, const std::string& from_location);

 private:
  const SchemaNode& load(const std::string& resource, const std::string& from_location);
  void index(const nlohmann::json& node, const std::string& parent_base, const std::string& location);

  Resolver resolver_;
  std::deque<nlohmann::json> documents_;
  std::unordered_map<std::string, SchemaNode> ids_;  // absolute URI (or URI#anchor) -> node
};

}  // namespace tc::schema::detail
