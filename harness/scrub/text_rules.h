// RE2 text rules: run on a record's rendered text (after structural rules).
//
// Contract: replacement is global, left to right, over non-overlapping
// matches, like Python's re.sub; `^` and `\b` see the whole text. An empty
// match is never replaced (compile_text_pattern rejects a pattern that
// matches the empty string, the one case where re.sub and RE2 disagree).
// Patterns are RE2 syntax: Python's Unicode `\s` and `\d` must be spelt out
// (see scrubbers/torch_trace/pytorch_test.json, rule R1).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "scrub/placeholders.h"
#include "scrub/rule_set.h"

namespace tc::scrub {

// nullptr with `problem` set when the pattern does not compile or matches "".
std::shared_ptr<const RE2> compile_text_pattern(std::string_view pattern, std::string& problem);

// Applies one rule to `text` in place; returns the number of replacements.
size_t apply_text_rule(const TextRule& rule, std::string& text, Placeholders& placeholders);

}  // namespace tc::scrub
