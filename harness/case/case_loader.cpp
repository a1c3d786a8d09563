#include "case/case_loader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "case/case_name.h"
#include "case/case_structure.h"
#include "diag/profile.h"
#include "formats/registry/registry.h"

namespace tc::cases {
namespace fs = std::filesystem;

std::string default_cases_root() {
  if (const char* env = std::getenv("TRACECHECK_CASES_DIR"); env && *env) return env;
  return std::string(TRACECHECK_SOURCE_DIR) + "/cases";
}

std::optional<Case> load_case_by_name(const std::string& cases_root, const std::string& name, std::string& error) {
  std::string n = name;
  if (n.size() > 5 && n.ends_with(".json")) n.resize(n.size() - 5);
  if (!is_safe_relative_path(n)) {
    error = "'" + name + "' is not a case name (a path below cases/ such as structured/example_fn; no '..', not absolute)";
    return std::nullopt;
  }
  return load_case_file(cases_root, cases_root + "/" + n + ".json", error);
}

std::optional<Case> load_case_file(const std::string& cases_root, const std::string& file, std::string& error) {
  std::error_code ec;
  fs::path root = fs::weakly_canonical(cases_root, ec);
  fs::path path = fs::weakly_canonical(file, ec);
  std::string display = file;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = display + ": no such case file";
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    error = display + ": not valid JSON: " + e.what();
    return std::nullopt;
  } catch (const nlohmann::json::out_of_range& e) {  // JSON, but a number no double holds (1e999)
    error = display + ": a number beyond double range: " + e.what();
    return std::nullopt;
  }
  if (auto problems = check_case_structure(doc); !problems.empty()) {
    error = display + ": does not match schemas/case.schema.json:";
    for (const auto& p : problems) error += "\n  " + display + ": " + p;
    return std::nullopt;
  }

  fs::path rel = path.lexically_relative(root);
  std::string expected = rel.replace_extension().generic_string();
  if (rel.empty() || expected.starts_with("..") || !is_safe_relative_path(expected)) {
    error = display + ": a case file must lie below " + root.string();
    return std::nullopt;
  }
  Case c;
  c.file = path.string();
  c.name = doc["name"].get<std::string>();
  if (c.name != expected) {
    error = display + ": /name: \"" + c.name + "\" must equal the file's path below cases/ (\"" + expected + "\")";
    return std::nullopt;
  }
  c.description = doc["description"].get<std::string>();
  c.driver = doc["driver"].get<std::string>();
  if (!fs::is_regular_file(root / c.driver)) {
    error = display + ": /driver: " + (root / c.driver).string() + " does not exist";
    return std::nullopt;
  }
  if (doc.contains("args")) c.args = doc["args"].get<std::vector<std::string>>();
  c.formats = doc["formats"].get<std::vector<std::string>>();
  c.rules = doc["rules"].get<std::string>();
  c.profiles = doc["profiles"].get<std::vector<std::string>>();
  for (size_t i = 0; i < c.profiles.size(); ++i) {
    if (!formats::registry::catalog().find_profile(c.profiles[i])) {
      error = display + ": /profiles/" + std::to_string(i) + ": unknown profile \"" + c.profiles[i] + "\"";
      return std::nullopt;
    }
  }
  if (doc.contains("external_parsers")) c.external_parsers = doc["external_parsers"].get<std::vector<std::string>>();
  if (doc.contains("requires"))
    for (const auto& r : doc["requires"]) c.requires_.push_back({r["feature"], r["reason"]});
  c.timeout_s = doc["timeout_s"].get<int>();
  if (doc.contains("environment")) c.environment = doc["environment"].get<std::string>();
  // The schema allows only "full" and "verdicts".
  if (doc.contains("golden") && doc["golden"].get<std::string>() == "verdicts") c.golden = GoldenMode::Verdicts;
  return c;
}

std::vector<std::string> list_case_names(const std::string& cases_root) {
  std::vector<std::string> names;
  std::error_code ec;
  fs::path root(cases_root);
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".json") continue;
    std::string rel = it->path().lexically_relative(root).replace_extension().generic_string();
    // Case files are <group>/<name>.json; deeper files are a case's own data
    // (cases/emitters/package_example/...).
    if (std::count(rel.begin(), rel.end(), '/') != 1) continue;
    names.push_back(rel);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<Case> load_cases_reporting(const std::string& cases_root, const std::vector<std::string>& names,
                                       size_t& failed) {
  std::vector<Case> loaded;
  for (const std::string& name : names.empty() ? list_case_names(cases_root) : names) {
    std::string error;
    if (auto c = load_case_by_name(cases_root, name, error)) {
      loaded.push_back(std::move(*c));
    } else {
      std::printf("ERROR %s\n    %s\n", name.c_str(), error.c_str());
      ++failed;
    }
  }
  return loaded;
}

}  // namespace tc::cases
