// Applies the text rules of a scrub rule set (scrubbers/<format>/<set>.json)
// to a canonical text, for formats whose canonical form is plain text
// (execution_trace, debug_dir): the rules stay data, as for TORCH_TRACE.
//
// Contract: `ref` "" or a set of another format selects `default_ref`;
// returns false with `problem` set when the set cannot be loaded or is of
// another format. Rules run in file order over the whole text (modes are
// ignored); placeholders number per call.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "scrub/rule_set.h"

namespace tc::scrub {

// `usage`, when set, gets each text rule's replacement count added by id.
bool scrub_canonical_text(std::string_view ref, std::string_view format, std::string_view default_ref,
                          std::string& text, std::string& problem, std::vector<RuleUse>* usage = nullptr);

}  // namespace tc::scrub
