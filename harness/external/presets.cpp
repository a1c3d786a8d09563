#include "external/presets.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/data_root.h"
#include "io/input_source.h"

namespace tc::external {
namespace {
namespace fs = std::filesystem;

// $<env> when set (it must be executable), else `name` on PATH, else the
// first executable of `fallbacks`; nullopt with `why_not` otherwise.
std::optional<std::string> locate(const char* env, const std::string& name, const std::vector<std::string>& fallbacks,
                                  std::string& why_not) {
  if (const char* value = std::getenv(env); value && *value) {
    if (auto program = find_executable(value)) return program;
    why_not = std::string(env) + "=" + value + " is not an executable";
    return std::nullopt;
  }
  if (auto program = find_executable(name)) return program;
  for (const std::string& f : fallbacks)
    if (auto program = find_executable(f)) return program;
  why_not = name + " is not on PATH and " + env + " is not set";
  return std::nullopt;
}

std::string npm_cache_bin(const std::string& tool) {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  std::string cache = xdg && *xdg ? xdg : std::string(home ? home : "/root") + "/.cache";
  return cache + "/tracecheck/npm/node_modules/.bin/" + tool;
}

bool write_json(const fs::path& path, const nlohmann::json& j, std::string& error) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path);
  out << j.dump(1);
  if (!out.flush()) {
    error = "cannot write " + path.string();
    return false;
  }
  return true;
}

// Copies `from` (plain or gzip) to `to`.
bool copy_plain(const std::string& from, const std::string& to, std::string& error) {
  std::unique_ptr<io::InputSource> in = io::open_input(from, error);
  if (!in) return false;
  std::ofstream out(to, std::ios::binary);
  std::array<char, 1 << 16> buf;
  while (true) {
    ptrdiff_t n = in->read(buf.data(), buf.size());
    if (n < 0) {
      error = from + ": " + in->error();
      return false;
    }
    if (n == 0) break;
    out.write(buf.data(), n);
  }
  if (!out.flush()) {
    error = "cannot write " + to;
    return false;
  }
  return true;
}

constexpr std::array kJsonLevelRules = {"json-syntax",    "json-non-finite", "ct-structure",       "ct-truncated",
                                        "ct-trailing-comma", "ct-unterminated", "ct-no-trace-events", "ct-event-too-long",
                                        "input-empty",    "input-bom",       "input-format"};

}  // namespace

bool prepare_ajv_inputs(const std::string& schema_dir, const std::string& tmp, std::string& artifact,
                        std::string& error) {
  const fs::path schemas = schema_dir;
  std::vector<std::string> files = {"trace.schema.json", "event.schema.json"};
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(schemas / "events", ec))
    if (entry.path().extension() == ".json") files.push_back("events/" + entry.path().filename().string());
  if (ec) {
    error = "cannot list " + (schemas / "events").string() + ": " + ec.message();
    return false;
  }
  std::sort(files.begin() + 2, files.end());
  for (const std::string& f : files) {
    std::ifstream in(schemas / f);
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      error = (schemas / f).string() + ": not a JSON object";
      return false;
    }
    // ajv-cli indexes -r schemas by $id; relative ids match the relative $refs.
    j["$id"] = f;
    if (!write_json(fs::path(tmp) / "schemas" / f, j, error)) return false;
  }
  std::string name = fs::path(artifact).filename().string();
  if (name.ends_with(".gz")) name.resize(name.size() - 3);
  std::string copy = (fs::path(tmp) / (fs::path(name).stem().string() + ".json")).string();
  if (!copy_plain(artifact, copy, error)) return false;
  artifact = copy;
  return true;
}

bool ajv_rejects_on(const diag::Diagnostic& d, const std::string& array_key) {
  if (std::find(kJsonLevelRules.begin(), kJsonLevelRules.end(), d.rule) != kJsonLevelRules.end()) return true;
  if (!d.breaks_schema) return false;
  const std::string& p = d.pointer;  // "/<array_key>/7/args" (object form) or "/7/args" (bare array)
  return (!array_key.empty() && p.starts_with("/" + array_key + "/")) ||
         (p.size() > 1 && p[1] >= '0' && p[1] <= '9');
}

std::optional<ExternalParser> find_preset(const std::string& name, const PresetTarget& target,
                                          std::string& why_not) {
  ExternalParser p;
  p.name = name;
  if (name == "tlparse") {
    auto program = locate("TRACECHECK_TLPARSE", "tlparse", {}, why_not);
    if (!program) return std::nullopt;
    p.argv = {*program, "-o", "{tmp}", "--overwrite", "--no-browser", "--strict", "{artifact}"};
    p.format = target.format;
    return p;
  }
  if (name == "ajv") {
    auto program = locate("TRACECHECK_AJV", "ajv", {npm_cache_bin("ajv")}, why_not);
    if (!program) return std::nullopt;
    p.argv = {*program, "validate", "--spec=draft7", "--strict=true", "--allow-union-types", "--errors=text",
              "-s", "{tmp}/schemas/trace.schema.json", "-r", "{tmp}/schemas/event.schema.json",
              "-r", "{tmp}/schemas/events/*.schema.json", "-d", "{artifact}"};
    p.format = target.format;
    p.timeout_s = 60;
    const std::string schema_dir = (fs::path(io::data_root()) / "schemas" / target.format).string();
    p.prepare = [schema_dir](const std::string& tmp, std::string& artifact, std::string& error) {
      return prepare_ajv_inputs(schema_dir, tmp, artifact, error);
    };
    p.predicts_rejection = [array_key = target.array_key](const diag::Diagnostic& d) {
      return ajv_rejects_on(d, array_key);
    };
    return p;
  }
  why_not = "unknown external parser '" + name + "' (presets: tlparse, ajv)";
  return std::nullopt;
}

}  // namespace tc::external
