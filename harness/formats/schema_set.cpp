#include "formats/schema_set.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "io/data_root.h"
#include "schema/schema_file.h"

namespace tc::formats {
namespace fs = std::filesystem;

namespace {

TorchTraceSchemas load_all() {
  TorchTraceSchemas s;
  s.root = schema_root();
  const std::string dir = s.root + "/torch_trace";
  if (!compile_into(dir + "/envelope.schema.json", "", s.envelope, s.error)) return s;
  if (!compile_into(dir + "/payloads/chromium_event.schema.json", "", s.chromium_event, s.error)) return s;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir + "/payloads/artifacts", ec)) files.push_back(entry.path());
  if (ec) {
    s.error = fmt::format("{}/payloads/artifacts: {}", dir, ec.message());
    return s;
  }
  constexpr std::string_view kSuffix = ".schema.json";
  for (const fs::path& p : files) {
    std::string name = p.filename().string();
    if (name.size() <= kSuffix.size() || name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
      continue;
    std::optional<schema::CompiledSchema> compiled;
    if (!compile_into(p.string(), "", compiled, s.error)) return s;
    s.artifacts.emplace(name.substr(0, name.size() - kSuffix.size()), std::move(*compiled));
  }
  return s;
}

}  // namespace

bool part_into(const schema::SchemaFile& file, const std::string& path, const std::string& fragment,
               std::optional<schema::CompiledSchema>& out, std::string& error) {
  schema::SchemaFile part = schema::schema_file_part(file, path, fragment);
  if (part.status != schema::SchemaFile::Status::Ok) {
    error = fmt::format("{}:{}:{}: {}", path, part.problem.line, part.problem.column, part.problem.message);
    return false;
  }
  out = std::move(part.schema);
  return true;
}

bool compile_into(const std::string& path, const std::string& fragment, std::optional<schema::CompiledSchema>& out,
                  std::string& error) {
  return part_into(schema::load_schema_file(path), path, fragment, out, error);
}

std::string schema_root() {
  if (const char* env = std::getenv("TRACECHECK_SCHEMA_DIR"); env && *env) return env;
  return io::data_root() + "/schemas";
}

const TorchTraceSchemas& torch_trace_schemas() {
  static const TorchTraceSchemas schemas = load_all();
  return schemas;
}

std::string display_schema_path(std::string_view path, std::string_view root, std::string_view root_file) {
  std::string prefix = schema::file_uri(std::string(root));
  if (!prefix.ends_with('/')) prefix += '/';  // a root given with its slash keeps it
  if (path.substr(0, prefix.size()) == prefix) {
    path.remove_prefix(prefix.size());
    // A document's root ("x.schema.json#"), named as the file alone; a '#'
    // that ends a key in the pointer stays.
    if (path.find('#') == path.size() - 1) path.remove_suffix(1);
    return std::string(path);
  }
  if (!path.empty() && path.front() == '/') return fmt::format("{}#{}", root_file, path);
  if (path.empty()) return std::string(root_file);
  return std::string(path);
}

}  // namespace tc::formats
