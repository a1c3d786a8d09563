#include "runner/capture.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "runner/environment.h"
#include "runner/out_dir.h"
#include "runner/sandbox.h"
#include "runner/text_tail.h"

extern char** environ;

namespace tc::runner {
namespace fs = std::filesystem;
using nlohmann::ordered_json;

namespace {

constexpr const char* kMountBase = "/tracecheck";
constexpr int kStartupAllowanceS = 60;  // capture.py's own work around the driver

// What capture() needs from the case file; capture.py validates the rest.
struct CaseInfo {
  fs::path root;      // the cases root: the file is root/<name>.json
  fs::path relative;  // the file below root
  int timeout_s = 300;
};

bool read_json(const fs::path& file, ordered_json& out) {
  std::ifstream in(file);
  if (!in) return false;
  out = ordered_json::parse(in, nullptr, /*allow_exceptions=*/false);
  return !out.is_discarded();
}

bool read_case(const fs::path& case_file, CaseInfo& info, std::string& error) {
  ordered_json doc;
  if (!read_json(case_file, doc) || !doc.is_object()) {
    error = "cannot read case file " + case_file.string() + " as a JSON object";
    return false;
  }
  if (auto t = doc.find("timeout_s"); t != doc.end() && t->is_number() && t->get<double>() > 0)
    info.timeout_s = static_cast<int>(t->get<double>() + 0.999);
  fs::path abs = fs::weakly_canonical(fs::absolute(case_file));
  std::string suffix;
  if (auto n = doc.find("name"); n != doc.end() && n->is_string()) suffix = "/" + n->get<std::string>() + ".json";
  const std::string path = abs.string();
  if (!suffix.empty() && path.size() > suffix.size() && path.ends_with(suffix)) {
    info.root = path.substr(0, path.size() - suffix.size());
    info.relative = suffix.substr(1);
  } else {  // capture.py falls back the same way
    info.root = abs.parent_path();
    info.relative = abs.filename();
  }
  return true;
}

fs::path find_on_path(const std::string& program) {
  if (program.find('/') != std::string::npos) return fs::absolute(program);
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    fs::path candidate = fs::path(dirs.substr(start, end - start)) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return {};
}

fs::path host_python(const CaptureRequest& request) {
  if (!request.host_python.empty()) return find_on_path(request.host_python.string());
  if (const char* p = std::getenv("TRACECHECK_PYTHON"); p && *p) return find_on_path(p);
  return find_on_path("python3");
}

std::string grace_for_capture_py(int kill_grace_s) {
  return "TRACECHECK_KILL_GRACE_S=" + std::to_string(std::max(1, kill_grace_s / 2));
}

// A chroot gets a small, fixed environment; HOME is in the run's /tmp so
// nothing a workload caches there outlives it or lands in the shared chroot.
std::vector<std::string> chroot_environment(int kill_grace_s) {
  std::vector<std::string> env = {
      "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      "HOME=/tmp",
      "LANG=C.UTF-8",
      grace_for_capture_py(kill_grace_s),
  };
  for (const char* name : {"CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "TZ"})
    if (const char* v = std::getenv(name)) env.push_back(std::string(name) + "=" + v);
  return env;
}

std::vector<std::string> host_environment(int kill_grace_s) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
    if (std::string_view(*e).rfind("TRACECHECK_KILL_GRACE_S=", 0) != 0) env.emplace_back(*e);
  env.push_back(grace_for_capture_py(kill_grace_s));
  return env;
}

bool build_spec(const CaptureRequest& request, const Environment& env, const CaseInfo& info,
                const fs::path& cases_dir, const fs::path& out, SandboxSpec& spec, std::string& error) {
  spec.log_file = out / "capture.log";
  spec.kill_grace_s = request.kill_grace_s;
  spec.timeout_s = request.timeout_s > 0 ? request.timeout_s : info.timeout_s + kStartupAllowanceS;
  if (env.root.empty()) {
    fs::path python = host_python(request);
    if (python.empty()) {
      error = "no host python (give --python or set TRACECHECK_PYTHON)";
      return false;
    }
    spec.argv = {python.string(), (cases_dir / "capture.py").string(), (info.root / info.relative).string(),
                 "--out", out.string(), "--device", request.device, "--env-name", env.name};
    spec.env = host_environment(request.kill_grace_s);
    spec.workdir = out.string();
    return true;
  }
  std::vector<ChrootBind> binds = {{cases_dir, "cases", true}, {out, "out", false}};
  std::string case_base = std::string(kMountBase) + "/cases";
  if (fs::weakly_canonical(info.root) != fs::weakly_canonical(cases_dir)) {
    binds.push_back({info.root, "case", true});
    case_base = std::string(kMountBase) + "/case";
  }
  spec.root = env.root;
  spec.mounts = chroot_mounts(env.root, binds);
  spec.argv = {"/usr/bin/python3", std::string(kMountBase) + "/cases/capture.py",
               case_base + "/" + info.relative.string(), "--out", std::string(kMountBase) + "/out",
               "--device", request.device, "--env-name", env.name};
  spec.env = chroot_environment(request.kill_grace_s);
  spec.workdir = std::string(kMountBase) + "/out";
  return true;
}

std::string string_or_empty(const ordered_json& doc, const char* key) {
  auto it = doc.find(key);
  return it != doc.end() && it->is_string() ? it->get<std::string>() : "";
}

void read_outcome(const fs::path& out, const SandboxResult& run, CaptureResult& result) {
  ordered_json outcome;
  if (!read_json(out / "outcome.json", outcome) || !outcome.is_object()) {
    result.exit_status = run.term_signal ? 128 + run.term_signal : run.exit_code;
    result.term_signal = run.term_signal;
    result.error = "the capture step wrote no outcome.json (" +
                   (run.term_signal ? "signal " + std::to_string(run.term_signal)
                                    : "exit " + std::to_string(run.exit_code)) + ")";
    return;
  }
  if (auto s = outcome.find("exit_status"); s != outcome.end() && s->is_number_integer())
    result.exit_status = s->get<int>();
  if (auto s = outcome.find("term_signal"); s != outcome.end() && s->is_number_integer())
    result.term_signal = s->get<int>();
  if (auto s = outcome.find("timed_out"); s != outcome.end() && s->is_boolean())
    result.timed_out = result.timed_out || s->get<bool>();
  result.exception = string_or_empty(outcome, "exception");
  result.uncaught_exception = string_or_empty(outcome, "uncaught_exception");
  result.skip_reason = string_or_empty(outcome, "skipped");
  result.skipped = !result.skip_reason.empty();
  if (run.timed_out && !outcome.value("timed_out", false)) {
    // capture.py saw only a SIGTERM; record why it came, for replay.
    outcome["timed_out"] = true;
    std::ofstream(out / "outcome.json") << outcome.dump(1) << "\n";
  }
}

bool read_env(const fs::path& out, CaptureResult& result) {
  ordered_json env;
  if (!read_json(out / "env.json", env) || !env.is_object()) return false;
  result.torch_version = string_or_empty(env, "torch_version");
  if (auto w = env.find("driver_wall_s"); w != env.end() && w->is_number()) result.driver_wall_s = w->get<double>();
  return true;
}

std::string output_tail(const fs::path& out) {
  std::string tail = file_tail(out / "stderr.txt", 40);
  std::string log = file_tail(out / "capture.log", 20, 4096);
  if (!log.empty()) tail += (tail.empty() ? "" : "\n") + std::string("--- capture step ---\n") + log;
  return tail;
}

}  // namespace

CaptureResult capture(const CaptureRequest& request) {
  CaptureResult result;
  CaseInfo info;
  if (!read_case(request.case_file, info, result.error)) return result;
  EnvironmentLookup lookup = find_environment(request.environment, request.provision);
  if (!lookup.ok) {
    result.error = lookup.error;
    return result;
  }
  if (request.out_dir.empty()) {
    result.error = "no output folder";
    return result;
  }
  if (!prepare_out_dir(request.out_dir, result.error)) return result;
  const fs::path out = fs::weakly_canonical(fs::absolute(request.out_dir));
  const fs::path cases_dir = fs::weakly_canonical(
      request.cases_dir.empty() ? fs::path(TRACECHECK_SOURCE_DIR) / "cases" : fs::absolute(request.cases_dir));

  SandboxSpec spec;
  if (!build_spec(request, lookup.env, info, cases_dir, out, spec, result.error)) return result;
  SandboxResult run = run_sandboxed(spec);
  result.wall_s = run.wall_s;
  result.isolated = run.isolated;
  result.timed_out = run.timed_out;
  if (!run.started) {
    result.error = run.error;
    result.stderr_tail = output_tail(out);
    return result;
  }
  result.ran = true;
  read_outcome(out, run, result);
  if (!read_env(out, result)) result.torch_version = lookup.env.torch_version;
  result.stderr_tail = output_tail(out);
  return result;
}

}  // namespace tc::runner
