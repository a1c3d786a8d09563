// GoogleTest matchers on trace files, for emitter projects that link
// tracecheck::gtest (find_package(tracecheck)).
//
//   EXPECT_THAT("out/trace.json", tracecheck::testing::ConformsTo("perfetto"));
//   EXPECT_THAT("out/trace.json", tracecheck::testing::HasFinding("ct-b-unclosed"));
//
// Contract: each match runs the installed `tracecheck check --profile P
// --output json FILE` (TRACECHECK_EXECUTABLE, set by the package) and reads
// its findings. ConformsTo matches when the profile finds no error (exit 0);
// HasFinding when some finding has the rule id. A failed match explains
// itself with the findings, one per line (at most 20).
#pragma once

#include <gmock/gmock.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <vector>

#ifndef TRACECHECK_EXECUTABLE
#define TRACECHECK_EXECUTABLE "tracecheck"
#endif

namespace tracecheck::testing {

struct CheckRun {
  int exit_code = -1;
  std::vector<std::string> lines;  // one JSON finding per line
};

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline CheckRun run_check(const std::string& file, const std::string& profile) {
  CheckRun run;
  std::string cmd = shell_quote(TRACECHECK_EXECUTABLE) + " check --output json" +
                    (profile.empty() ? "" : " --profile " + shell_quote(profile)) + " " + shell_quote(file) +
                    " 2>/dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return run;
  std::string line;
  for (int c = std::fgetc(pipe); c != EOF; c = std::fgetc(pipe)) {
    if (c == '\n') {
      run.lines.push_back(line);
      line.clear();
    } else {
      line += static_cast<char>(c);
    }
  }
  int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

inline void explain(const CheckRun& run, ::testing::MatchResultListener* listener) {
  *listener << "tracecheck check exited " << run.exit_code;
  for (size_t i = 0; i < run.lines.size() && i < 20; ++i) *listener << "\n  " << run.lines[i];
}

MATCHER_P(ConformsTo, profile, std::string("is a trace the ") + profile + " profile accepts") {
  CheckRun run = run_check(std::string(arg), profile);
  if (run.exit_code != 0) explain(run, result_listener);
  return run.exit_code == 0;
}

MATCHER_P(HasFinding, rule, std::string("is a trace with a ") + rule + " finding") {
  CheckRun run = run_check(std::string(arg), "");
  std::string needle = std::string("\"rule\":\"") + rule + "\"";
  for (const std::string& l : run.lines)
    if (l.find(needle) != std::string::npos) return true;
  explain(run, result_listener);
  return false;
}

}  // namespace tracecheck::testing
