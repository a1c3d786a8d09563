// A profile maps rule ids to severities, modelling what one consumer
// tolerates. Rules a profile does not name keep the catalog's default
// (diag/rule_catalog.h Catalog fills them in). Every consumer profile cites
// the consumer behaviour it reproduces; each is defined beside the rules of
// the format its consumer reads (formats/ID/rules.cpp).
#pragma once

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace tc::diag {

// What a consumer does with what a rule finds, and where that is
// established: error when it rejects the file or crashes on it; warning
// when it reads on and does something else instead ("Perfetto uses the pid
// as the tid", "catapult skips the arrow"); off when the deviation changes
// nothing it reads.
struct Grounding {
  std::string does;   // one sentence, the consumer as its subject
  std::string cites;  // repo@commit path:line(s), "(ran)" when the consumer's own code was run on such a file
};

struct Profile {
  std::string name;
  std::vector<std::string> aliases;
  std::string models;  // the consumer and version it reproduces, with its source
  // The severities it gives: as written, the rules it changes; once in a
  // Catalog, every rule of the catalog.
  std::map<std::string, Severity, std::less<>> overrides;
  // A consumer profile grounds each severity it gives in what the consumer
  // does (see Grounding); `default` needs none.
  std::map<std::string, Grounding, std::less<>> grounds;
  // The format whose consumer it models (set by formats/registry's
  // catalog()); empty for `default`, which reads every format. A consumer
  // reads only its own format, so its verdict on a capture or a `check` of
  // several formats comes from the findings in files of that format.
  std::string format;
  // `default` only: every consumer profile's severities, by its name. A
  // finding in a file that consumer reads (diag::Reporter::read_by) gets at
  // least that consumer's severity: `default` fails what a consumer that
  // reads this kind of trace fails, and otherwise the format's own
  // severity (the catalog's) decides. Filled in by Catalog::add_profile.
  std::map<std::string, std::map<std::string, Severity, std::less<>>, std::less<>> raised_by;
  // A consumer profile: whether its severities raise `default` where it
  // reads a file. False for one that also judges what the program did
  // rather than the file (tlparse --strict fails a log of a failed compile).
  bool raises_default = true;

  // Aborts on a rule the profile has no severity for (a programming error).
  Severity severity_of(std::string_view rule) const;
};

// One line of a consumer profile: the severity it gives a rule, and why.
struct Reading {
  std::string_view rule;
  Severity severity;
  std::string_view does;
  std::string_view cites;
};

// A consumer profile whose every severity is grounded.
Profile consumer_profile(std::string name, std::vector<std::string> aliases, std::string models,
                         std::span<const Reading> readings);

// tracecheck's reading of every format: the catalog's (own) severities, raised
// per file by the consumers that read it (raised_by).
Profile strict_profile();

}  // namespace tc::diag
