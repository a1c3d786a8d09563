// Payload rules with a `name` filter (PyTorch's match_name): only the
// artifact of that name carries its payload into the rendered text.
#include <gtest/gtest.h>

#include "json/parse.h"
#include "scrub/load.h"
#include "formats/torch_trace/scrubber.h"

namespace tc::formats::torch_trace {
namespace {

constexpr const char* kRules = R"({"name": "test/rules", "format": "torch_trace", "description": "test",
  "payload": [{"id": "P1", "key": "artifact", "name": "make_fx_fail_partial"}]})";

std::string render(const std::string& envelope, const char* payload, ScrubResult* result = nullptr) {
  scrub::LoadError error;
  auto set = scrub::parse_rule_set(kRules, "test.json", error);
  EXPECT_TRUE(set) << error.text();
  std::string why;
  auto scrubber = Scrubber::create(set, {}, why);
  EXPECT_TRUE(scrubber) << why;
  json::Parser parser;
  json::ParseResult parsed = parser.parse(envelope);
  EXPECT_TRUE(parsed.ok);
  std::string p = payload ? payload : "", out;
  ScrubResult r = scrubber->scrub(parsed.value, payload ? &p : nullptr, out);
  if (result) *result = r;
  return out;
}

TEST(PayloadFilter, OnlyTheNamedArtifactCarriesItsPayload) {
  EXPECT_EQ(render(R"({"artifact": {"name": "make_fx_fail_partial", "encoding": "string"}})", "def f():  \n  pass"),
            "{\"artifact\": {\"name\": \"make_fx_fail_partial\", \"encoding\": \"string\"}}\ndef f():\n  pass\n");
  EXPECT_EQ(render(R"({"artifact": {"name": "other", "encoding": "string"}})", "x"),
            "{\"artifact\": {\"name\": \"other\", \"encoding\": \"string\"}}\n");
  EXPECT_EQ(render(R"({"artifact": "make_fx_fail_partial"})", "x"), "{\"artifact\": \"make_fx_fail_partial\"}\n");
  EXPECT_EQ(render(R"({"make_fx_fail_partial": {}})", "x"), "{\"make_fx_fail_partial\": {}}\n");
}

TEST(PayloadFilter, TheNamedArtifactWithoutPayloadFails) {
  ScrubResult r;
  render(R"({"artifact": {"name": "make_fx_fail_partial"}})", nullptr, &r);
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_EQ(r.rule, "P1");
}

TEST(PayloadFilter, NameMustBeANonEmptyString) {
  scrub::LoadError error;
  EXPECT_FALSE(scrub::parse_rule_set(R"({"name": "t/r", "format": "torch_trace", "description": "d",
    "payload": [{"id": "P1", "key": "artifact", "name": 3}]})",
                              "t.json", error));
  EXPECT_NE(error.text().find("name"), std::string::npos);
  EXPECT_FALSE(scrub::parse_rule_set(R"({"name": "t/r", "format": "torch_trace", "description": "d",
    "payload": [{"id": "P1", "key": "artifact", "name": ""}]})",
                              "t.json", error));
}

}  // namespace
}  // namespace tc::formats::torch_trace
