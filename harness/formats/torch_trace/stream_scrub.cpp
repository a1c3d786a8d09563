#include "formats/torch_trace/stream_scrub.h"

#include "formats/torch_trace/reader.h"
#include "formats/torch_trace/scrubber.h"
#include "scrub/load.h"

namespace tc::formats::torch_trace {

StreamScrubResult stream_scrub_torch_trace(const StreamScrubRequest& request, std::string& error) {
  scrub::LoadError load_error;
  auto rules = scrub::load_rule_set(request.rules, load_error);
  if (!rules) {
    error = load_error.text();
    return StreamScrubResult::RulesUnusable;
  }
  ScrubOptions options;
  options.enabled = request.enabled;
  options.capture = request.capture;
  auto scrubber = Scrubber::create(rules, options, error);
  if (!scrubber) return StreamScrubResult::RulesUnusable;

  std::string text;
  auto on_record = [&](Record& record) {
    text.clear();
    ScrubResult r = scrubber->scrub(record, text);
    if (r.outcome == Outcome::Failed) {
      // Not a reader finding: the record is valid, the rule set cannot print
      // it (PyTorch's formatter would raise). Handed over apart from the
      // Reporter, whose rule ids belong to the catalog.
      diag::Diagnostic d;
      d.rule = "scrub-" + (r.rule.empty() ? std::string("record") : r.rule);
      d.location = {record.file ? *record.file : request.path, record.line, record.json_column};
      d.message = "not printed: " + r.message;
      d.record_kind = record_label(record);
      request.unprinted(d);
      return;
    }
    request.print(text);
  };
  return read_torch_trace(request.path, ReadOptions{}, *request.reporter, on_record, nullptr, error)
             ? StreamScrubResult::Printed
             : StreamScrubResult::InputUnreadable;
}

}  // namespace tc::formats::torch_trace
