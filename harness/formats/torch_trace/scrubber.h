// Applies a loaded rule set (scrub/rule_set.h) to a stream of records and
// renders each kept record canonically (formats/torch_trace/record_text.h).
//
// Usage:
//   auto rules = scrub::load_rule_set("torch_trace/pytorch_test", err);
//   auto scrubber = Scrubber::create(rules, {}, why);
//   std::string text;
//   for each Record r: scrubber->scrub(r, text);   // appends
//
// Contract:
//  - one Scrubber is one render: placeholder numbering runs across all the
//    records it sees (reset() starts a new render);
//  - scrub() appends the record's canonical text to `out`, or nothing when
//    the record is dropped or fails; a failure is what makes PyTorch's
//    formatter raise (logging then prints nothing for the record), reported
//    with the rule id and a message so the caller can diagnose it;
//  - rule_usage() counts, per rule id, the records each rule changed,
//    dropped or kept, so rules that never fire can be reported.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "json/value.h"
#include "formats/torch_trace/record.h"
#include "scrub/placeholders.h"
#include "scrub/rule_set.h"

namespace tc::formats::torch_trace {

struct ScrubOptions {
  std::vector<std::string> enabled;    // rule-set options to turn on, e.g. "keep_chromium"
  std::optional<std::string> capture;  // capture mode: the artifact (or top-level key) to keep
};

enum class Outcome : uint8_t { Kept, Dropped, Failed };

struct ScrubResult {
  Outcome outcome = Outcome::Kept;
  std::string rule;     // the rule that dropped or failed the record
  std::string message;  // why it failed (Failed only)
};

class Scrubber {
 public:
  // nullptr with `error` set when an option is not declared by the rule set,
  // or capture mode is asked of a rule set without a capture rule.
  static std::unique_ptr<Scrubber> create(std::shared_ptr<const scrub::RuleSet> rules, ScrubOptions options,
                                          std::string& error);

  // `payload` is null when the record has none (PyTorch's payload None).
  ScrubResult scrub(const json::Value& envelope, const std::string* payload, std::string& out);
  ScrubResult scrub(const Record& record, std::string& out);

  std::vector<scrub::RuleUse> rule_usage() const;
  void reset() { placeholders_.clear(); }
  const scrub::RuleSet& rules() const { return *rules_; }

 private:
  Scrubber(std::shared_ptr<const scrub::RuleSet> rules, ScrubOptions options);
  ScrubResult scrub_capture(const json::Value& envelope, const std::string* payload, std::string& out);
  ScrubResult scrub_records(const json::Value& envelope, const std::string* payload, std::string& out);
  void apply_text_rules(uint8_t mode, std::string& text);

  std::shared_ptr<const scrub::RuleSet> rules_;
  ScrubOptions options_;
  std::vector<bool> drop_on_;  // per drop rule: on in this mode with these options
  scrub::Placeholders placeholders_;
  bool payload_truncated_ = false;  // set while scrubbing a Record with a capped payload
  // Hit counters, parallel to the rule set's vectors.
  std::vector<uint64_t> drop_hits_, rule_hits_, payload_hits_, text_hits_;
  uint64_t capture_hits_ = 0;
};

}  // namespace tc::formats::torch_trace
