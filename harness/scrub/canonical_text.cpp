#include "scrub/canonical_text.h"

#include "scrub/load.h"
#include "scrub/placeholders.h"
#include "scrub/text_rules.h"

namespace tc::scrub {

bool scrub_canonical_text(std::string_view ref, std::string_view format, std::string_view default_ref,
                          std::string& text, std::string& problem, std::vector<RuleUse>* usage) {
  std::string prefix = std::string(format) + "/";
  std::string_view use = ref.substr(0, prefix.size()) == prefix ? ref : default_ref;
  LoadError error;
  auto rules = load_rule_set(use, error);
  if (!rules) {
    problem = error.text();
    return false;
  }
  if (rules->format != format) {
    problem = rules->file + ": a rule set for " + rules->format + ", not " + std::string(format);
    return false;
  }
  Placeholders placeholders;
  for (const TextRule& rule : rules->text) {
    size_t hits = apply_text_rule(rule, text, placeholders);
    if (!usage) continue;
    auto it = usage->begin();
    while (it != usage->end() && !(it->id == rule.id && it->kind == "text")) ++it;
    if (it == usage->end()) it = usage->insert(usage->end(), {rule.id, "text", 0});
    it->hits += hits;
  }
  return true;
}

}  // namespace tc::scrub
