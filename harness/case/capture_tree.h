// A folder of captures made elsewhere: ci/gpu-capture.sh's archives, once
// extracted, hold cuda/<group>/<name>/runN/ and cpu/<group>/<name>/.
//
// Contract: find_capture_tree() walks `root` (symbolic links are not
// followed) and finds each folder whose path ends in a known case name
// <group>/<name>. Such a folder holds either one capture (it has an
// outcome.json or env.json) or several, as sub-folders run1, run2, ...
// (sorted by number); it is not searched further. Each case is found once:
// a second folder for the same case, a case folder holding neither form,
// and a capture folder (outcome.json) whose path names no case are listed
// as problems, one line each, and their captures are not returned. The
// result is sorted by case name.
#pragma once

#include <string>
#include <vector>

namespace tc::cases {

struct CaseCaptures {
  std::string case_name;          // <group>/<name>
  std::string folder;             // the folder found for it
  std::vector<std::string> runs;  // its captures: runN/ folders, or the folder itself
};

struct CaptureTree {
  std::vector<CaseCaptures> cases;
  std::vector<std::string> problems;
};

CaptureTree find_capture_tree(const std::string& root, const std::vector<std::string>& case_names);

}  // namespace tc::cases
