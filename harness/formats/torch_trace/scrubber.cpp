#include "formats/torch_trace/scrubber.h"

#include <algorithm>

#include "formats/torch_trace/record_text.h"
#include "scrub/structural.h"
#include "scrub/text_rules.h"

namespace tc::formats::torch_trace {
namespace {
constexpr const char* kTruncated = "the payload is longer than the reader keeps, so it cannot be printed";
}  // namespace

std::unique_ptr<Scrubber> Scrubber::create(std::shared_ptr<const scrub::RuleSet> rules, ScrubOptions options,
                                           std::string& error) {
  for (const std::string& name : options.enabled) {
    if (!rules->options.count(name)) {
      error = "rule set '" + rules->name + "' has no option '" + name + "'";
      return nullptr;
    }
  }
  if (options.capture && !rules->capture) {
    error = "rule set '" + rules->name + "' has no capture rule, so it cannot capture payloads";
    return nullptr;
  }
  return std::unique_ptr<Scrubber>(new Scrubber(std::move(rules), std::move(options)));
}

Scrubber::Scrubber(std::shared_ptr<const scrub::RuleSet> rules, ScrubOptions options)
    : rules_(std::move(rules)), options_(std::move(options)) {
  const uint8_t mode = options_.capture ? scrub::kCaptureMode : scrub::kRecordsMode;
  for (const scrub::DropRule& d : rules_->drops) {
    const bool disabled = !d.unless.empty() &&
                          std::find(options_.enabled.begin(), options_.enabled.end(), d.unless) != options_.enabled.end();
    drop_on_.push_back((d.modes & mode) && !disabled);
  }
  drop_hits_.assign(rules_->drops.size(), 0);
  rule_hits_.assign(rules_->rules.size(), 0);
  payload_hits_.assign(rules_->payloads.size(), 0);
  text_hits_.assign(rules_->text.size(), 0);
}

ScrubResult Scrubber::scrub(const Record& record, std::string& out) {
  payload_truncated_ = record.has_payload && record.payload_truncated;
  ScrubResult r = scrub(record.envelope, record.has_payload ? &record.payload : nullptr, out);
  payload_truncated_ = false;
  return r;
}

ScrubResult Scrubber::scrub(const json::Value& envelope, const std::string* payload, std::string& out) {
  if (!envelope.is_object()) return {Outcome::Failed, "", "the record is not a JSON object"};
  for (size_t i = 0; i < rules_->drops.size(); ++i) {
    if (drop_on_[i] && envelope.find(rules_->drops[i].key)) {
      ++drop_hits_[i];
      return {Outcome::Dropped, rules_->drops[i].id, {}};
    }
  }
  return options_.capture ? scrub_capture(envelope, payload, out) : scrub_records(envelope, payload, out);
}

// StructuredTraceTestingFilter(match_name) then StructuredTracePayloadFormatter.
ScrubResult Scrubber::scrub_capture(const json::Value& envelope, const std::string* payload, std::string& out) {
  const scrub::CaptureRule& capture = *rules_->capture;
  const std::string& wanted = *options_.capture;
  if (const json::Value* artifact = envelope.find(capture.artifact_key)) {
    // metadata["artifact"]["name"]: Python raises unless it is a dict with that key.
    const json::Value* name = artifact->is_object() ? artifact->find(capture.name_field) : nullptr;
    if (!name)
      return {Outcome::Failed, capture.id,
              capture.artifact_key + " has no " + capture.name_field + " to match against '" + wanted + "'"};
    if (!name->is_string() || name->text() != wanted) return {Outcome::Dropped, capture.id, {}};
  } else if (!envelope.find(wanted)) {
    return {Outcome::Dropped, capture.id, {}};
  }
  // record.payload.strip() raises on a record without payload.
  if (!payload) return {Outcome::Failed, capture.formatter_id, "the record has no payload to print"};
  if (payload_truncated_) return {Outcome::Failed, capture.formatter_id, kTruncated};
  ++capture_hits_;
  std::string text;
  render_payload(*payload, text);
  apply_text_rules(scrub::kCaptureMode, text);
  out += text;
  return {};
}

// StructuredTraceTestingFormatter.
ScrubResult Scrubber::scrub_records(const json::Value& envelope, const std::string* payload, std::string& out) {
  json::Value metadata = envelope;  // copy.deepcopy(record.metadata)
  for (size_t i = 0; i < rules_->rules.size(); ++i) {
    std::string problem;
    switch (scrub::apply_structural(rules_->rules[i], metadata, placeholders_, problem)) {
      case scrub::Applied::Yes: ++rule_hits_[i]; break;
      case scrub::Applied::No: break;
      case scrub::Applied::Failed: return {Outcome::Failed, rules_->rules[i].id, problem};
    }
  }
  std::string text;
  const scrub::PayloadRule* appended = nullptr;
  for (size_t i = 0; i < rules_->payloads.size() && !appended; ++i) {
    const json::Value* keyed = metadata.find(rules_->payloads[i].key);
    if (!keyed) continue;
    if (!rules_->payloads[i].name.empty()) {
      const json::Value* name = keyed->is_object() ? keyed->find("name") : nullptr;
      if (!name || !name->is_string() || name->text() != rules_->payloads[i].name) continue;
    }
    // record.payload.splitlines() raises on a record without payload.
    if (!payload) return {Outcome::Failed, rules_->payloads[i].id, "the record has no payload to append"};
    if (payload_truncated_) return {Outcome::Failed, rules_->payloads[i].id, kTruncated};
    appended = &rules_->payloads[i];
    ++payload_hits_[i];
  }
  if (appended) render_record_with_payload(metadata, *payload, text);
  else render_record(metadata, text);
  apply_text_rules(scrub::kRecordsMode, text);
  out += text;
  return {};
}

void Scrubber::apply_text_rules(uint8_t mode, std::string& text) {
  for (size_t i = 0; i < rules_->text.size(); ++i) {
    const scrub::TextRule& rule = rules_->text[i];
    if (rule.modes & mode) text_hits_[i] += scrub::apply_text_rule(rule, text, placeholders_) > 0 ? 1 : 0;
  }
}

std::vector<scrub::RuleUse> Scrubber::rule_usage() const {
  std::vector<scrub::RuleUse> uses;
  for (size_t i = 0; i < rules_->drops.size(); ++i) uses.push_back({rules_->drops[i].id, "drop", drop_hits_[i]});
  for (size_t i = 0; i < rules_->rules.size(); ++i) uses.push_back({rules_->rules[i].id, "rule", rule_hits_[i]});
  for (size_t i = 0; i < rules_->payloads.size(); ++i)
    uses.push_back({rules_->payloads[i].id, "payload", payload_hits_[i]});
  if (rules_->capture) {
    uses.push_back({rules_->capture->id, "capture", capture_hits_});
    uses.push_back({rules_->capture->formatter_id, "capture", capture_hits_});
  }
  for (size_t i = 0; i < rules_->text.size(); ++i) uses.push_back({rules_->text[i].id, "text", text_hits_[i]});
  return uses;
}

}  // namespace tc::formats::torch_trace
