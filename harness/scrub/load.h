// Finds, reads and checks a scrubber rule set.
//
// A reference is either a path to a rule-set file, or a name such as
// "torch_trace/pytorch_test", looked up as <dir>/<name>.json in
// $TRACECHECK_SCRUBBERS_DIR, then in the source tree's scrubbers/
// (TRACECHECK_SOURCE_DIR, a compile definition).
//
// This is the one loader of rule sets, for every format. Each file is
// checked twice: by hand (scrub/parse_rules.h), for messages that name the
// rule, and for what a schema cannot say: duplicate ids, an `unless` naming
// no declared option, a bad RE2 pattern or rewrite, a text pattern that
// matches the empty string; then against schemas/scrubber.schema.json with
// tracecheck's own validator, which also covers what the hand check leaves
// to a format (the "canonical" options). Every error names the file and the
// rule (index and id) or the JSON pointer it is about.
//
// "extends": "<format>/<name>" starts a set from another of the same format,
// loaded by name and checked the same way: each top-level member the set
// gives replaces the base's, and the members of an object member
// ("canonical", "options") replace the base's one by one. Chains may be
// long; a cycle is an error.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "scrub/rule_set.h"

namespace tc::scrub {

struct LoadError {
  std::string file;     // the file, or the reference when no file was found
  std::string where;    // e.g. "rules[3] (S4)", "text[0] (R1)"; empty: the whole file
  std::string message;
  // "FILE: WHERE: MESSAGE" (WHERE omitted when empty).
  std::string text() const;
};

// The path a reference resolves to, or nullopt with `error` naming the
// places looked at.
std::optional<std::string> resolve_rule_set(std::string_view ref, std::string& error);

// Resolves, reads and parses. nullptr on failure, with `error` set.
std::shared_ptr<const RuleSet> load_rule_set(std::string_view ref, LoadError& error);

// Parses rule-set text; `file` is used in messages and kept in RuleSet::file.
// An "extends" in it is resolved by name.
std::shared_ptr<const RuleSet> parse_rule_set(std::string_view json_text, const std::string& file,
                                              LoadError& error);

}  // namespace tc::scrub
