// Turns schema documents into a Program (internal; schema.h's compile()
// is the public entry).
//
// Contract: each schema node is compiled once (memoised by address), so
// recursive $refs become cycles in the check tree, not infinite recursion;
// a chain of $refs that leads back to itself without any other keyword is
// a SchemaLoadError (it could never decide anything). Every ill-formed
// keyword value is a SchemaLoadError at its location; unknown keywords are
// listed in Program::unknown_keywords.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "schema/program.h"
#include "schema/registry.h"

namespace tc::schema::detail {

class Compiler {
 public:
  Compiler(Registry& registry, Program& program) : registry_(registry), program_(program) {}

  const Subschema* compile(const SchemaNode& node);

 private:
  void fill(Subschema& s, const nlohmann::json& node, const std::string& base);
  const Subschema* child(const nlohmann::json& value, const std::string& base, const std::string& location);

  // Keyword groups (compile_keywords.cpp); each returns true when it
  // recognised the keyword.
  bool any_keyword(Subschema& s, std::string_view key, const nlohmann::json& value, const std::string& base,
                   const std::string& here);
  bool number_keyword(Subschema& s, std::string_view key, const nlohmann::json& value, const std::string& here);
  bool string_keyword(Subschema& s, std::string_view key, const nlohmann::json& value, const std::string& here);
  void conditional(Subschema& s, const nlohmann::json& node, const std::string& base);
  void array_keywords(Subschema& s, const nlohmann::json& node, const std::string& base);
  void object_keywords(Subschema& s, const nlohmann::json& node, const std::string& base);
  void dependencies(Subschema& s, const nlohmann::json& value, const std::string& base, const std::string& here);

  Registry& registry_;
  Program& program_;
  std::unordered_map<const nlohmann::json*, const Subschema*> memo_;
  std::vector<const nlohmann::json*> ref_chain_;  // pure-$ref schemas being compiled, innermost last
};

// Keyword value readers shared by the compile files; they throw
// SchemaLoadError naming `here` when the value is not of the right form.
uint64_t read_count(const nlohmann::json& value, const std::string& here);
Number read_number(const nlohmann::json& value, const std::string& here);
// True for `true` and `{}`: a subschema that accepts everything.
bool accepts_everything(const nlohmann::json& schema);

}  // namespace tc::schema::detail
