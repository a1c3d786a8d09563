// A streaming test that a text is strict JSON (RFC 8259), for texts too
// large to parse into a DOM (payloads of tens of MB): constant memory
// (a bit per nesting level), one pass, nothing copied.
//
// Contract:
//  - Valid: the text is one JSON value with only whitespace around it, valid
//    UTF-8, nested under half json::Parser::kMaxDepth, with no unpaired
//    \uD800-\uDFFF escape, so json::Parser (Python's json.loads) accepts it;
//    its only possible quirks are repeated keys and numbers beyond double
//    range, which json::find_json_quirks locates;
//  - Invalid: not JSON in any dialect json::Parser accepts (a syntax error,
//    bad UTF-8), so json::Parser rejects it too, with json::locate_error's
//    error (which streams as well);
//  - Undecided: Python's dialect (NaN, Infinity, an unpaired surrogate) or
//    deep nesting: the caller takes the exact path (json::Parser).
#pragma once

#include <string_view>

namespace tc::json {

enum class StrictJson { Valid, Invalid, Undecided };

StrictJson check_strict_json(std::string_view text);

}  // namespace tc::json
