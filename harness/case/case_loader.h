// Finds and loads case files.
//
// Contract: every error names the case file and the field ("cases/NAME.json:
// /timeout_s: must be ..."); load_case() either returns a Case that meets
// case.h's contract or sets `error`. Case names given on the command line are
// checked as safe relative paths before any file is opened.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "case/case.h"

namespace tc::cases {

// The cases root: $TRACECHECK_CASES_DIR, else <source>/cases.
std::string default_cases_root();

// Loads <cases_root>/<name>.json.
std::optional<Case> load_case_by_name(const std::string& cases_root, const std::string& name, std::string& error);
// Loads one case file (must lie below cases_root).
std::optional<Case> load_case_file(const std::string& cases_root, const std::string& file, std::string& error);

// Loads the named cases, or every case below cases_root when `names` is
// empty, in order. A case that fails to load is printed on stdout as
// "ERROR <name>" plus the reason and counted in `failed`, so the commands
// that run cases report bad case files the same way.
std::vector<Case> load_cases_reporting(const std::string& cases_root, const std::vector<std::string>& names,
                                       size_t& failed);

// Names of every case below cases_root, sorted: the files
// <group>/<name>.json (deeper files are a case's own data).
std::vector<std::string> list_case_names(const std::string& cases_root);

}  // namespace tc::cases
