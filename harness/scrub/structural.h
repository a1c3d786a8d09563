// Applies one structural rule (scrub/rule_set.h) to a record's envelope.
//
// Contract (mirrors PyTorch's StructuredTraceTestingFormatter, which writes
// `if k in m: m[k][f] = v` and `if f in m[k]: m[k][f] = v`):
//  - set: walks the parent chain; a missing link means the rule does not
//    apply; a link that is not an object fails the record (Python raises
//    TypeError and logging drops it); then replaces the field in place, or
//    appends it at the end of the parent object;
//  - replace: applies only when every link is an object and the field is
//    present; replaces in place (key order kept);
//  - first-of: only the first listed top-level key present is edited.
#pragma once

#include <string>

#include "json/value.h"
#include "scrub/placeholders.h"
#include "scrub/rule_set.h"

namespace tc::scrub {

enum class Applied : uint8_t { No, Yes, Failed };

// `problem` is set when the result is Failed.
Applied apply_structural(const StructuralRule& rule, json::Value& envelope, Placeholders& placeholders,
                         std::string& problem);

}  // namespace tc::scrub
