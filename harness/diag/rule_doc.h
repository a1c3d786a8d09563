// The rule documentation, generated from the rule catalog and the profiles
// so it cannot drift from the code: for each rule its id, what it means, why
// it matters, an example where the catalog has one, and its severity under
// every consumer profile (which consumers care).
//
// Contract: rule_doc_markdown() is a pure function of the catalog (its rules
// and profiles); harness/diag/RULES.md is its committed output, and a
// test fails when the two differ. rule_doc_anchor() is the fragment of a
// rule's heading in that file (the link SARIF output and hints give).
#pragma once

#include <string>
#include <string_view>

namespace tc::diag {

class Catalog;
struct Grounding;

// Of `catalog` (formats/registry/registry.h catalog()).
std::string rule_doc_markdown(const Catalog& catalog);
// One object: {"rules": [{id, summary, why, example, severity: {profile: s}}]}.
std::string rule_doc_json(const Catalog& catalog);
// What a consumer profile's severity rests on, from its citation: "a run of
// the consumer" ("(ran)"), "the consumer's tests", "the consumer's code",
// "tracecheck's own limit" or "not established" ("no source").
std::string established_by(const Grounding& g);
// A few lines about one rule; "" when unknown.
std::string rule_doc_text(const Catalog& catalog, std::string_view rule_id);
std::string rule_doc_anchor(std::string_view rule_id);

inline constexpr std::string_view kRuleDocPath = "harness/diag/RULES.md";

}  // namespace tc::diag
