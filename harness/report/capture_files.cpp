#include "report/capture_files.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace tc::report {
namespace {

using nlohmann::json;

bool load(const std::string& path, json& doc, std::string& error) {
  std::ifstream in(path);
  if (!in) return error = path + ": missing (not a complete capture)", false;
  try {
    doc = json::parse(in);
  } catch (const json::exception& e) {
    return error = path + ": not valid JSON: " + e.what(), false;
  }
  if (!doc.is_object()) return error = path + ": must hold a JSON object", false;
  return true;
}

std::optional<std::string> opt_string(const json& doc, const char* key) {
  auto it = doc.find(key);
  if (it == doc.end() || it->is_null() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

bool read_outcome(const std::string& capture_dir, CaptureOutcome& out, std::string& error) {
  std::string path = capture_dir + "/outcome.json";
  json doc;
  if (!load(path, doc, error)) return false;
  auto status = doc.find("exit_status");
  if (status == doc.end() || !status->is_number_integer())
    return error = path + ": /exit_status: must be an integer", false;
  out.exit_status = status->get<int>();
  out.exception = opt_string(doc, "exception");
  out.skipped = opt_string(doc, "skipped");
  out.uncaught_exception = opt_string(doc, "uncaught_exception");
  if (auto it = doc.find("term_signal"); it != doc.end() && it->is_number_integer()) out.term_signal = it->get<int>();
  if (auto it = doc.find("timed_out"); it != doc.end() && it->is_boolean()) out.timed_out = it->get<bool>();
  return true;
}

bool read_env(const std::string& capture_dir, CaptureEnv& out, std::string& error) {
  std::string path = capture_dir + "/env.json";
  json doc;
  if (!load(path, doc, error)) return false;
  auto version = opt_string(doc, "torch_version");
  out.emitter = opt_string(doc, "emitter");
  if (!version && !out.emitter)
    return error = path + ": /torch_version: missing; the capture did not find torch (and the driver named no emitter)",
           false;
  out.torch_version = version.value_or("");
  out.environment = opt_string(doc, "environment").value_or("?");
  if (auto it = doc.find("driver_wall_s"); it != doc.end() && it->is_number()) out.driver_wall_s = it->get<double>();
  if (auto it = doc.find("wall_s"); it != doc.end() && it->is_number()) out.wall_s = it->get<double>();
  return true;
}

std::optional<std::string> read_facts(const std::string& capture_dir, std::string& error) {
  std::string path = capture_dir + "/facts.json";
  if (!std::filesystem::exists(path)) return std::nullopt;
  json doc;
  if (!load(path, doc, error)) return std::nullopt;
  if (doc.empty()) return std::nullopt;
  return doc.dump(2);  // nlohmann's object is a std::map: keys come out sorted
}

std::string emitter_label(const CaptureEnv& env) {
  if (env.emitter && !env.emitter->starts_with("torch-")) {
    std::string label = *env.emitter;
    if (size_t dash = label.find('-'); dash != std::string::npos) label[dash] = ' ';
    return label;
  }
  return "torch " + (env.torch_version.empty() ? std::string("?") : env.torch_version);
}

}  // namespace tc::report
