// Conformance of any emitter: run its command in a fresh folder, collect the
// artifacts it wrote, check them like a case's capture, and compare the
// report with a golden file (`tracecheck conform`, and the CMake function
// tracecheck_add_check other projects use).
//
// Contract:
//  - the command runs through /bin/sh in `work_dir` (made fresh) with its own
//    process group, killed after timeout_s; its exit status becomes the
//    golden's outcome, so an emitter that crashes is a visible change;
//  - artifacts: the files of work_dir matching the glob (fnmatch, '/' not
//    matched by '*'), sorted; none is an error naming the glob;
//  - the capture folder made from them has the case layout (cases/README.md:
//    <format>/..., outcome.json, env.json with the given emitter id), and is
//    evaluated by report::evaluate_capture like any live capture;
//  - the format is `format` when given, else detected on the first artifact;
//    with no profiles given, the format's consumer profiles are used.
#pragma once

#include <string>
#include <vector>

#include "report/evaluate.h"

namespace tc::report {

struct ConformRequest {
  std::string name = "conform/emitter";  // the case name in the golden
  std::string command;                   // shell command line
  std::string artifact_glob;             // relative to work_dir
  std::string format;                    // "" = detect
  std::string rules;                     // "" = the format's default rule set
  std::vector<std::string> profiles;     // default: every profile of the format's consumers
  std::string emitter = "emitter";       // golden header's emitter id
  std::string work_dir;                  // made fresh; the capture goes to work_dir/../capture
  int timeout_s = 300;
};

struct ConformResult {
  bool ok = false;  // false: the run could not be evaluated; see error
  std::string error;
  int command_status = 0;
  std::vector<std::string> artifacts;  // names, relative to work_dir
  std::string capture_dir;
  Evaluation evaluation;
};

ConformResult run_conform(const ConformRequest& request);

}  // namespace tc::report
