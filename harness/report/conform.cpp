#include "report/conform.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "formats/registry/registry.h"
#include "golden/golden_doc.h"
#include "runner/command.h"

namespace tc::report {
namespace fs = std::filesystem;

namespace {

bool write_json(const fs::path& path, const nlohmann::ordered_json& doc, std::string& error) {
  std::ofstream out(path);
  out << doc.dump(1) << "\n";
  if (!out) error = path.string() + ": cannot write";
  return static_cast<bool>(out);
}

std::vector<std::string> matching_files(const fs::path& root, const std::string& glob) {
  std::vector<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    std::string rel = fs::relative(it->path(), root, ec).string();
    if (fnmatch(glob.c_str(), rel.c_str(), FNM_PATHNAME) == 0) found.push_back(rel);
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

ConformResult run_conform(const ConformRequest& request) {
  ConformResult result;
  std::error_code ec;
  fs::path work = fs::absolute(request.work_dir);
  fs::path capture = work.parent_path() / (work.filename().string() + "-capture");
  fs::remove_all(work, ec);
  fs::remove_all(capture, ec);
  fs::create_directories(work, ec);
  if (ec) return result.error = work.string() + ": " + ec.message(), result;

  // coreutils timeout: own process group, TERM then KILL after a grace period.
  runner::CommandOutput out =
      runner::run_command({"timeout", "--kill-after=5", std::to_string(std::max(1, request.timeout_s)), "/bin/sh", "-c",
                           "cd " + shell_quote(work.string()) + " && " + request.command},
                          /*echo_stderr=*/true);
  if (out.status < 0) return result.error = "cannot run the emitter: " + out.error, result;
  result.command_status = out.status;

  result.artifacts = matching_files(work, request.artifact_glob);
  if (result.artifacts.empty())
    return result.error = "the emitter wrote no file matching '" + request.artifact_glob + "' in " + work.string(),
           result;

  std::string format_id = request.format;
  if (format_id.empty()) {
    std::string why;
    const formats::Format* f = formats::registry::detect_format((work / result.artifacts.front()).string(), why);
    if (!f) return result.error = why, result;
    format_id = f->id;
  } else if (!formats::registry::find_format(format_id)) {
    return result.error = "unknown format '" + format_id + "'", result;
  }

  fs::create_directories(capture / format_id, ec);
  for (const std::string& rel : result.artifacts) {
    // Flattened: the golden labels come from file names, never from folders
    // an emitter may name after a pid or a date.
    fs::copy_file(work / rel, capture / format_id / fs::path(rel).filename(), fs::copy_options::overwrite_existing, ec);
    if (ec) return result.error = (work / rel).string() + ": " + ec.message(), result;
  }
  nlohmann::ordered_json outcome = {
      {"exit_status", out.status}, {"exception", nullptr},           {"skipped", nullptr},
      {"term_signal", nullptr},    {"timed_out", out.status == 124}, {"uncaught_exception", nullptr}};
  nlohmann::ordered_json env = {{"environment", "host"}, {"emitter", request.emitter}, {"command", request.command}};
  if (!write_json(capture / "outcome.json", outcome, result.error) ||
      !write_json(capture / "env.json", env, result.error))
    return result;
  result.capture_dir = capture.string();

  cases::Case c;
  c.name = request.name;
  c.description = "tracecheck conform";
  c.formats = {format_id};
  c.rules = request.rules.empty() ? formats::registry::find_format(format_id)->default_rules : request.rules;
  c.profiles = request.profiles;
  if (c.profiles.empty()) c.profiles = formats::registry::find_format(format_id)->consumer_profiles;
  if (c.profiles.empty()) c.profiles = {"default"};
  EvaluateOptions options;
  options.work_dir = (work.parent_path() / (work.filename().string() + "-external")).string();
  options.emitter = request.emitter;
  result.evaluation = evaluate_capture(c, capture.string(), options);
  if (!result.evaluation.ok) return result.error = result.evaluation.error, result;
  // Not a case: it is updated by re-running the conform command that made it
  // (tracecheck_add_check's ctest, or the CLI) with --accept.
  result.evaluation.doc.update_hint = "re-run this conform check with --accept (or TRACECHECK_UPDATE=always)";
  result.evaluation.text = golden::render_golden(result.evaluation.doc);
  result.ok = true;
  return result;
}

}  // namespace tc::report
