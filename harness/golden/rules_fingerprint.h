// The fingerprint of a scrub rule set, recorded in every golden's header.
//
// Contract: "md5:<32 hex>" of the rule file's canonical JSON (keys sorted,
// no whitespace) with the keys that only document ("why", "description",
// "reproduces", "$comment", "$schema") removed at every depth, so rewording
// a reason keeps the fingerprint and any change to what the rules do
// changes it. "" when the reference resolves to no readable JSON file.
#pragma once

#include <string>
#include <string_view>

namespace tc::golden {

std::string rules_fingerprint(std::string_view rule_set_ref);
// The same over rule-file text (exposed for tests).
std::string rules_fingerprint_of_text(std::string_view json_text);

}  // namespace tc::golden
