// Reads the small JSON files of a capture folder (cases/README.md):
// outcome.json, env.json, facts.json.
//
// Contract: a missing or malformed outcome.json or env.json is an error
// naming the file; facts.json is optional (absent or {} means no facts).
// env.json needs a torch_version unless the driver recorded an emitter id
// (tracecheck_driver.emitter(): traces of tools other than torch).
// Facts are rendered as sorted, indented JSON so the same facts always give
// the same text, whatever order the driver recorded them in.
#pragma once

#include <optional>
#include <string>

namespace tc::report {

struct CaptureOutcome {
  int exit_status = 0;
  std::optional<std::string> exception;           // the expected exception the driver caught
  std::optional<std::string> skipped;             // a declared skip's reason
  std::optional<std::string> uncaught_exception;  // the driver died of it
  std::optional<int> term_signal;
  bool timed_out = false;
};

struct CaptureEnv {
  std::string environment;  // "trixie", "sid", "host", ...
  std::string torch_version;            // "" when torch is absent and the driver named its emitter
  std::optional<std::string> emitter;   // the emitter id a driver of another tool recorded (e.g. "clang-14")
  double driver_wall_s = 0;  // the workload's own wall time
  double wall_s = 0;         // the whole capture step
};

// What wrote the traces, as a report line names it: the tool a driver
// named ("clang 14" for the emitter id clang-14; the host's torch, which
// env.json also records, wrote nothing), else "torch VERSION" ("torch ?"
// when unknown).
std::string emitter_label(const CaptureEnv& env);

bool read_outcome(const std::string& capture_dir, CaptureOutcome& out, std::string& error);
bool read_env(const std::string& capture_dir, CaptureEnv& out, std::string& error);
// nullopt when the driver recorded no facts; error set on a malformed file.
std::optional<std::string> read_facts(const std::string& capture_dir, std::string& error);

}  // namespace tc::report
