#include "scrub/load.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/data_root.h"
#include "scrub/parse_rules.h"

namespace tc::scrub {

std::string LoadError::text() const {
  std::string out = file;
  if (!where.empty()) out += ": " + where;
  out += ": " + message;
  return out;
}

std::optional<std::string> resolve_rule_set(std::string_view ref, std::string* error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path as_path{std::string(ref)};
  if (fs::is_regular_file(as_path, ec)) return as_path.string();

  // A name: <format>/<name>, without the .json suffix.
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("TRACECHECK_SCRUBBERS_DIR"); env && *env) dirs.emplace_back(env);
  dirs.emplace_back(fs::path(io::data_root()) / "scrubbers");
  std::string tried;
  for (const fs::path& dir : dirs) {
    fs::path candidate = dir / (std::string(ref) + ".json");
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
    tried += (tried.empty() ? "" : ", ") + candidate.string();
  }
  if (error) {
    *error = "no rule set '" + std::string(ref) + "'";
    *error += tried.empty() ? " (not a file, and no scrubbers directory is configured)"
                            : " (not a file; looked for " + tried + ")";
  }
  return std::nullopt;
}

std::shared_ptr<const RuleSet> load_rule_set(std::string_view ref, LoadError* error) {
  std::string why;
  std::optional<std::string> path = resolve_rule_set(ref, &why);
  if (!path) {
    if (error) *error = {std::string(ref), "", why};
    return nullptr;
  }
  std::ifstream in(*path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (!in.good() && !in.eof()) {
    if (error) *error = {*path, "", "cannot read the file"};
    return nullptr;
  }
  auto rules = parse_rule_set(buffer.str(), *path, error);
  // Loaded by name: the file must say it is that rule set, so that a copied
  // file cannot silently stand in for another.
  if (rules && *path != std::string(ref) && rules->name != ref) {
    if (error) *error = {*path, "name", "is '" + rules->name + "' but the file was loaded as '" + std::string(ref) + "'"};
    return nullptr;
  }
  return rules;
}

std::shared_ptr<const RuleSet> parse_rule_set(std::string_view json_text, const std::string& file,
                                              LoadError* error) {
  try {
    return std::make_shared<const RuleSet>(detail::parse_rules(json_text, file));
  } catch (const detail::RuleError& e) {
    if (error) *error = {file, e.where, e.what()};
    return nullptr;
  }
}

}  // namespace tc::scrub
