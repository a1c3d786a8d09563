// Every rule id tracecheck can report, with its default severity and what it
// means, and the consumer profiles that change those severities. The rules
// every format shares (input-*, json-*, schema-*) and the `default` profile
// are here; each format adds its own rules and its consumers' profiles
// (formats/ID/rules.h, Format::rules and Format::profiles), and
// formats/registry/registry.h catalog() assembles the one Catalog that
// `check`, `tracecheck rules` and the rule documentation read. A rule id
// reported but not in the catalog is a programming error.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/profile.h"

namespace tc::diag {

struct Rule {
  std::string_view id;
  Severity default_severity;  // the format's own (rule_catalog.cpp); `default` may raise it per file
  std::string_view summary;  // one sentence: what is wrong
  std::string_view why;      // which consumer breaks, or why it matters
  std::string_view example = {};  // a minimal input line that triggers it, where one fits on a line
};

// The rules of no one format: input-*, json-* and schema-*.
std::span<const Rule> common_rules();

// Rules and profiles, assembled once: add every rule set, then the profiles.
// Contract: a rule id is added once; a profile's overrides name added rules;
// add_profile() fills in the default severity of every rule the profile does
// not override, so Profile::severity_of answers for every rule of the
// catalog (a violation aborts: it is a programming error).
class Catalog {
 public:
  // `format`: the format whose checks report them; "" for the common rules.
  void add_rules(std::span<const Rule> rules, std::string_view format = {});
  void add_profile(Profile profile);

  std::span<const Rule> rules() const { return rules_; }
  const Rule* find_rule(std::string_view id) const;
  // The format whose rules `id` is one of; "" for a common rule.
  std::string_view rule_format(std::string_view id) const;
  // Whether `profile` judges what `rule` finds: `default` and the common
  // rules everywhere; a consumer profile only its own format's rules.
  bool judges(const Profile& profile, std::string_view rule) const;
  // All profiles; the first added is "default".
  std::span<const Profile> profiles() const { return profiles_; }
  // By name or alias; nullptr when unknown.
  const Profile* find_profile(std::string_view name) const;
  const Profile& default_profile() const { return profiles_.front(); }
  // "default, tlparse-0.4.3 (tlparse), ...": the names, for messages.
  std::string profile_names() const;

 private:
  std::vector<Rule> rules_;
  std::vector<std::string> rule_formats_;  // parallel to rules_
  std::vector<Profile> profiles_;
};

}  // namespace tc::diag
