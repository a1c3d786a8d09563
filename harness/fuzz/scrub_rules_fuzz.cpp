// libFuzzer target: the scrubber rule-set loader (structure, RE2 patterns,
// rewrites) on arbitrary text; a rule set it accepts is then applied to a
// few fixed TORCH_TRACE envelopes. Errors must name the file.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "json/parse.h"
#include "scrub/load.h"
#include "formats/torch_trace/scrubber.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tc::scrub::LoadError error;
  std::shared_ptr<const tc::scrub::RuleSet> rules = tc::scrub::parse_rule_set(text, "fuzz.json", error);
  if (!rules) {
    if (error.file != "fuzz.json" || error.message.empty()) std::abort();
    return 0;
  }
  std::string why;
  std::unique_ptr<tc::formats::torch_trace::Scrubber> scrubber = tc::formats::torch_trace::Scrubber::create(rules, {}, why);
  if (!scrubber) return 0;
  tc::json::Parser parser;
  const std::string payload = "def forward(self, x):\n    return (x + 1,)\n";
  for (
      std::string_view envelope :
      {std::string_view(
           R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": 0}]}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})"),
       std::string_view(
           R"({"artifact": {"name": "x", "encoding": "string"}, "has_payload": "0123456789abcdef0123456789abcdef"})"),
       std::string_view(R"({"str": ["/a/b.py", 0]})")}) {
    tc::json::ParseResult r = parser.parse(envelope);
    std::string out;
    scrubber->scrub(r.value, &payload, out);
  }
  return 0;
}
