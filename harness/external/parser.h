// External parsers: another tool's reading of a captured artifact.
//
// A parser is a command template: argv words in which "{artifact}" becomes
// the file to parse and "{tmp}" a fresh scratch folder; the exit codes that
// count as success; a timeout; the format of the artifacts it reads; an
// optional prepare step that writes what the command needs into {tmp} (and
// may hand it another file, e.g. a decompressed copy); and which of our own
// findings predict that it rejects a file. The presets (tlparse, ajv) are in
// external/presets.h.
//
// Contract: run_external_parser() never throws and never outlives its
// timeout: the child runs in its own process group, which is killed
// (SIGKILL) on expiry, so a hung parser and its children are gone when it
// returns. Its stdout+stderr go to a file; `output` keeps the last
// `max_output` bytes. A signal death is Crashed, whatever the exit codes.
//
// Results are machine-dependent (the tool may be absent or another version),
// so they are reported beside the golden, never inside it (golden_doc.h).
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "diag/diagnostic.h"

namespace tc::external {

struct ExternalParser {
  std::string name;
  std::vector<std::string> argv;  // template; argv[0] is the program
  std::set<int> success_codes{0};
  double timeout_s = 120;
  std::string format;             // format id of the artifacts it reads; empty: any
  // Writes into `tmp` what argv needs; may replace `artifact` by the file to
  // pass. False with `error`: the parser is reported as an error, not run.
  std::function<bool(const std::string& tmp, std::string& artifact, std::string& error)> prepare;
  // Which of our findings (any severity) predict a rejection by this parser;
  // unset: the errors of our profile of the same name.
  std::function<bool(const diag::Diagnostic&)> predicts_rejection;
};

enum class ParserStatus { NotRun, Passed, Failed, Crashed, TimedOut, Error };
const char* parser_status_name(ParserStatus s);

struct ParserResult {
  std::string name;
  std::string artifact;
  ParserStatus status = ParserStatus::NotRun;
  int exit_code = -1;   // when it exited
  int signal = 0;       // when a signal ended it
  double wall_s = 0;
  std::string command;  // the expanded command line, shell-quoted for display
  std::string output;   // tail of stdout+stderr
  std::string output_file;
  std::string reason;   // NotRun / Error: why
  bool ok() const { return status == ParserStatus::Passed; }
};

// Runs `parser` on `artifact`; {tmp} is `tmp_dir` (created when missing), and
// the output file is written there as <name>.out.
ParserResult run_external_parser(const ExternalParser& parser, const std::string& artifact,
                                 const std::string& tmp_dir, size_t max_output = 16384);

// Finds an executable by name on $PATH (or checks a path containing '/').
std::optional<std::string> find_executable(const std::string& name);

}  // namespace tc::external
