// Reading JSON-Schema-Test-Suite files, for the conformance and
// differential tests (header-only; no library code depends on it).
//
// Files are read with tc::json::Parser, which keeps big integers exact
// (the optional bignum tests), and each schema / instance is handed out as
// JSON text, so every consumer parses exactly what the file says.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "json/parse.h"
#include "json/python_dump.h"

namespace tc::schema::suite {

struct Case {
  std::string description;
  std::string data;  // JSON text
  bool valid = false;
};

struct Group {
  std::string file;  // relative to the draft's directory, e.g. "optional/bignum.json"
  std::string description;
  std::string schema;  // JSON text
  std::vector<Case> cases;
};

// The Debian package's location unless TRACECHECK_JSON_SCHEMA_SUITE says otherwise.
inline std::filesystem::path root() {
  if (const char* env = std::getenv("TRACECHECK_JSON_SCHEMA_SUITE")) return env;
  return "/usr/share/json-schema-test-suite";
}

inline std::optional<std::string> read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every group of the given files (sorted by name), or an error message.
inline std::vector<Group> load_groups(const std::filesystem::path& dir, const std::vector<std::string>& files,
                                      std::string& error) {
  std::vector<Group> groups;
  tc::json::Parser parser;
  for (const std::string& file : files) {
    std::optional<std::string> text = read_text(dir / file);
    tc::json::ParseResult r = text ? parser.parse(*text) : tc::json::ParseResult{};
    if (!r.ok || !r.value.is_array()) {
      error = "cannot read " + (dir / file).string();
      return {};
    }
    for (const tc::json::Value& g : r.value.items()) {
      Group group;
      group.file = file;
      group.description = g.find("description")->text();
      group.schema = tc::json::python_dump(*g.find("schema"));
      for (const tc::json::Value& t : g.find("tests")->items())
        group.cases.push_back(
            {t.find("description")->text(), tc::json::python_dump(*t.find("data")), t.find("valid")->as_bool()});
      groups.push_back(std::move(group));
    }
  }
  return groups;
}

// *.json files under dir/sub ("" for dir itself), relative to dir, sorted;
// with `recursive`, subfolders too.
inline std::vector<std::string> list_files(const std::filesystem::path& dir, const std::string& sub,
                                           bool recursive) {
  std::vector<std::string> out;
  std::filesystem::path base = sub.empty() ? dir : dir / sub;
  if (!std::filesystem::is_directory(base)) return out;
  auto add = [&](const std::filesystem::directory_entry& e) {
    if (e.is_regular_file() && e.path().extension() == ".json")
      out.push_back(std::filesystem::relative(e.path(), dir).generic_string());
  };
  if (recursive) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(base)) add(e);
  } else {
    for (const auto& e : std::filesystem::directory_iterator(base)) add(e);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tc::schema::suite
