#include "scrub/load.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/data_root.h"
#include "json/parse.h"
#include "schema/schema_file.h"
#include "scrub/parse_rules.h"

namespace tc::scrub {

std::string LoadError::text() const {
  std::string out = file;
  if (!where.empty()) out += ": " + where;
  out += ": " + message;
  return out;
}

std::optional<std::string> resolve_rule_set(std::string_view ref, std::string& error) {
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
  error = "no rule set '" + std::string(ref) + "'";
  error += tried.empty() ? " (not a file, and no scrubbers directory is configured)"
                         : " (not a file; looked for " + tried + ")";
  return std::nullopt;
}

namespace {

// A chain longer than this is a mistake, not a design.
constexpr size_t kMaxExtends = 16;

std::string line_column(std::string_view text, size_t offset) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, column = 1;
    else ++column;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

bool parse_document(std::string_view text, const std::string& file, json::Value& out, LoadError& error) {
  json::Parser parser;
  json::ParseResult parsed = parser.parse(text);
  if (!parsed.ok) {
    error = {file, "", "not valid JSON at " + line_column(text, parsed.error.offset) + ": " + parsed.error.message};
    return false;
  }
  out = std::move(parsed.value);
  return true;
}

// Resolves `ref` and reads and parses the file. A file loaded by name must
// say it is that rule set, so that a copied file cannot stand in for another.
bool read_document(std::string_view ref, std::string& path, json::Value& out, LoadError& error) {
  std::string why;
  std::optional<std::string> found = resolve_rule_set(ref, why);
  if (!found) {
    error = {std::string(ref), "", why};
    return false;
  }
  path = *found;
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (!in.good() && !in.eof()) {
    error = {path, "", "cannot read the file"};
    return false;
  }
  if (!parse_document(buffer.str(), path, out, error)) return false;
  const json::Value* name = out.is_object() ? out.find("name") : nullptr;
  if (path != ref && name && name->is_string() && name->text() != ref) {
    error = {path, "name", "is '" + name->text() + "' but the file was loaded as '" + std::string(ref) + "'"};
    return false;
  }
  return true;
}

// schemas/scrubber.schema.json, compiled once.
const schema::SchemaFile& scrubber_schema() {
  static const schema::SchemaFile file =
      schema::load_schema_file((std::filesystem::path(io::data_root()) / "schemas" / "scrubber.schema.json").string());
  return file;
}

// The file's rules as the hand check reads them; nullopt with `error` set.
std::optional<RuleSet> check_by_hand(const json::Value& document, const std::string& file, LoadError& error) {
  try {
    return detail::parse_rules(document, file);
  } catch (const detail::RuleError& e) {
    error = {file, e.where, e.what()};
    return std::nullopt;
  }
}

bool check_against_schema(const json::Value& document, const std::string& file, LoadError& error) {
  const schema::SchemaFile& schema = scrubber_schema();
  if (!schema.schema) {
    error = {file, "", "cannot check it: the scrubber schema did not load (" + schema.problem.message + ")"};
    return false;
  }
  std::vector<schema::SchemaError> errors;
  if (schema.schema->validate(document, &errors, 1)) return true;
  const schema::SchemaError& first = errors.front();
  error = {file, first.instance_pointer.empty() ? "/" : first.instance_pointer,
           first.message + " (schemas/scrubber.schema.json " + first.schema_path + ")"};
  return false;
}

// The base's members, replaced by the set's: whole, or one by one for a
// member that is an object in both.
void merge_over(json::Value& base, const json::Value& set) {
  for (const auto& [key, value] : set.members()) {
    if (key == "extends") continue;
    json::Value* mine = base.find(key);
    if (mine && mine->is_object() && value.is_object()) {
      for (const auto& [inner, inner_value] : value.members()) mine->set(inner, inner_value);
    } else {
      base.set(key, value);
    }
  }
  base.erase("extends");
}

// Checks one file of a chain and merges its bases under it; `names` are
// the sets already on the chain, for cycles. A file that extends nothing is
// its own rule set: `alone` receives it, so it is not parsed twice.
bool resolve_chain(json::Value document, const std::string& file, std::vector<std::string>& names,
                   json::Value& merged, std::optional<RuleSet>& alone, LoadError& error) {
  std::optional<RuleSet> checked = check_by_hand(document, file, error);
  if (!checked || !check_against_schema(document, file, error)) return false;
  const json::Value* extends = document.find("extends");
  if (!extends) {
    merged = std::move(document);
    alone = std::move(checked);
    return true;
  }
  const std::string base_name = extends->text();
  names.push_back(document.find("name")->text());
  if (std::find(names.begin(), names.end(), base_name) != names.end()) {
    std::string cycle;
    for (const std::string& n : names) cycle += n + " -> ";
    error = {file, "extends", "a cycle: " + cycle + base_name};
    return false;
  }
  if (names.size() > kMaxExtends) {
    error = {file, "extends", "more than " + std::to_string(kMaxExtends) + " sets on the chain"};
    return false;
  }
  std::string base_file;
  json::Value base;
  if (!read_document(base_name, base_file, base, error)) {
    // A base that is not found is the extending file's fault: its "extends"
    // names it. (A base found but broken names its own file.)
    if (base_file.empty()) error = {file, "extends", error.message};
    return false;
  }
  const json::Value* base_format = base.is_object() ? base.find("format") : nullptr;
  const std::string format = document.find("format")->text();
  if (base_format && base_format->is_string() && base_format->text() != format) {
    error = {file, "extends", "'" + base_name + "' is a rule set for " + base_format->text() + ", not " + format};
    return false;
  }
  std::optional<RuleSet> base_alone;  // the base's own rules; the merge is what counts
  if (!resolve_chain(std::move(base), base_file, names, merged, base_alone, error)) return false;
  merge_over(merged, document);
  return true;
}

std::shared_ptr<const RuleSet> load_document(json::Value document, const std::string& file, LoadError& error) {
  std::vector<std::string> names;
  json::Value merged;
  std::optional<RuleSet> alone;
  if (!resolve_chain(std::move(document), file, names, merged, alone, error)) return nullptr;
  if (alone) return std::make_shared<const RuleSet>(std::move(*alone));
  try {
    return std::make_shared<const RuleSet>(detail::parse_rules(merged, file));
  } catch (const detail::RuleError& e) {  // each file passed alone; together they may still clash
    error = {file, e.where, e.what()};
    return nullptr;
  }
}

}  // namespace

std::shared_ptr<const RuleSet> load_rule_set(std::string_view ref, LoadError& error) {
  std::string path;
  json::Value document;
  if (!read_document(ref, path, document, error)) return nullptr;
  return load_document(std::move(document), path, error);
}

std::shared_ptr<const RuleSet> parse_rule_set(std::string_view json_text, const std::string& file,
                                              LoadError& error) {
  json::Value document;
  if (!parse_document(json_text, file, document, error)) return nullptr;
  return load_document(std::move(document), file, error);
}

}  // namespace tc::scrub
