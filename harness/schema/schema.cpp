// compile(): the public entry that wires Registry and Compiler together.
#include "schema/schema.h"

#include "schema/compiler.h"
#include "schema/program.h"
#include "schema/registry.h"

namespace tc::schema {

CompiledSchema compile(nlohmann::json schema, Resolver resolver, CompileOptions options) {
  auto program = std::make_shared<detail::Program>();
  detail::Registry registry(std::move(resolver));
  detail::SchemaNode root = registry.add_root(std::move(schema), options.base_uri);
  detail::Compiler compiler(registry, *program);
  program->root = compiler.compile(root);
  detail::add_dispatch(*program);
  detail::seal_indexes(*program);
  CompiledSchema out;
  out.root_ = program->root;
  out.program_ = std::move(program);
  return out;
}

const std::vector<std::string>& CompiledSchema::unknown_keywords() const {
  return program_->unknown_keywords;
}

std::optional<CompiledSchema> CompiledSchema::at(std::string_view location) const {
  auto it = program_->by_location.find(std::string(location));
  if (it == program_->by_location.end()) return std::nullopt;
  CompiledSchema out;
  out.program_ = program_;
  out.root_ = it->second;
  return out;
}

}  // namespace tc::schema
