// The scrub engine, rule kind by rule kind, on small hand-written rule sets.
#include "formats/torch_trace/scrubber.h"

#include <gtest/gtest.h>

#include <map>

#include "json/parse.h"
#include "scrub/load.h"

namespace tc::formats::torch_trace {
namespace {

std::shared_ptr<const scrub::RuleSet> rules(const std::string& text) {
  scrub::LoadError error;
  auto set = scrub::parse_rule_set(text, "test.json", error);
  EXPECT_TRUE(set) << error.text();
  return set;
}

std::string wrap(const std::string& body) {
  return R"({"name": "test/rules", "format": "torch_trace", "description": "test", )" + body + "}";
}

json::Value obj(const std::string& text) {
  json::Parser parser;
  json::ParseResult r = parser.parse(text);
  EXPECT_TRUE(r.ok) << text;
  return r.value;
}

struct Rendered {
  std::string out;
  std::vector<ScrubResult> results;
};

Rendered run(const std::shared_ptr<const scrub::RuleSet>& set, const std::vector<std::pair<std::string, const char*>>& records,
        ScrubOptions options = {}) {
  std::string error;
  auto scrubber = Scrubber::create(set, options, error);
  EXPECT_TRUE(scrubber) << error;
  Rendered r;
  for (const auto& [envelope, payload] : records) {
    std::string p = payload ? payload : "";
    r.results.push_back(scrubber->scrub(obj(envelope), payload ? &p : nullptr, r.out));
  }
  return r;
}

std::string scrub_one(const std::string& body, const std::string& envelope, const char* payload = nullptr) {
  return run(rules(wrap(body)), {{envelope, payload}}).out;
}

TEST(Scrubber, NoRulesRendersPythonJsonDumps) {
  EXPECT_EQ(scrub_one(R"("rules": [])", R"({"b":1,"a":[1.0,1e-05,"é"]})"),
            "{\"b\": 1, \"a\": [1.0, 1e-05, \"\\u00e9\"]}\n");
}

TEST(Scrubber, SetReplacesInPlaceOrAppendsAtTheEnd) {
  const std::string body = R"("rules": [{"id": "s", "op": "set", "path": ["k", "f"], "value": "X"}])";
  EXPECT_EQ(scrub_one(body, R"({"k": {"f": 1, "g": 2}, "z": 0})"), "{\"k\": {\"f\": \"X\", \"g\": 2}, \"z\": 0}\n");
  EXPECT_EQ(scrub_one(body, R"({"k": {"g": 2}, "z": 0})"), "{\"k\": {\"g\": 2, \"f\": \"X\"}, \"z\": 0}\n");
  // The parent must be present: no k, nothing happens.
  EXPECT_EQ(scrub_one(body, R"({"z": 0})"), "{\"z\": 0}\n");
}

TEST(Scrubber, TopLevelSetAlwaysApplies) {
  EXPECT_EQ(scrub_one(R"("rules": [{"id": "s", "op": "set", "path": ["new"], "value": [1]}])", R"({"a": 1})"),
            "{\"a\": 1, \"new\": [1]}\n");
}

TEST(Scrubber, ReplaceOnlyWhenPresent) {
  const std::string body = R"("rules": [{"id": "r", "op": "replace", "path": ["k", "f"], "value": {"x": null}}])";
  EXPECT_EQ(scrub_one(body, R"({"k": {"g": 2, "f": 1}})"), "{\"k\": {\"g\": 2, \"f\": {\"x\": null}}}\n");
  EXPECT_EQ(scrub_one(body, R"({"k": {"g": 2}})"), "{\"k\": {\"g\": 2}}\n");
  EXPECT_EQ(scrub_one(body, R"({"k": "not an object"})"), "{\"k\": \"not an object\"}\n");
}

TEST(Scrubber, SetBelowANonObjectFailsTheRecord) {
  auto set = rules(wrap(R"("rules": [{"id": "S2", "op": "set", "path": ["dynamo_start", "stack"], "value": "STACK"}])"));
  Rendered r = run(set, {{R"({"dynamo_start": [1, 2]})", nullptr}, {R"({"dynamo_start": {}})", nullptr}});
  EXPECT_EQ(r.out, "{\"dynamo_start\": {\"stack\": \"STACK\"}}\n");  // the failed record prints nothing
  ASSERT_EQ(r.results.size(), 2u);
  EXPECT_EQ(r.results[0].outcome, Outcome::Failed);
  EXPECT_EQ(r.results[0].rule, "S2");
  EXPECT_NE(r.results[0].message.find("dynamo_start is array"), std::string::npos) << r.results[0].message;
  EXPECT_EQ(r.results[1].outcome, Outcome::Kept);
}

TEST(Scrubber, FirstOfEditsOnlyTheFirstKeyPresent) {
  const std::string body = R"("rules": [{"id": "S14", "first_of": ["a", "b", "c"], "edits": [
      {"op": "set", "path": ["user_stack"], "value": "STACK"}, {"op": "set", "path": ["stack"], "value": "STACK"}]}])";
  // b and c present: only b (the first in the list order, not the record's) is edited.
  EXPECT_EQ(scrub_one(body, R"({"c": {"stack": 1}, "b": {"x": 1}})"),
            "{\"c\": {\"stack\": 1}, \"b\": {\"x\": 1, \"user_stack\": \"STACK\", \"stack\": \"STACK\"}}\n");
  EXPECT_EQ(scrub_one(body, R"({"c": {"stack": [], "user_stack": []}})"),
            "{\"c\": {\"stack\": \"STACK\", \"user_stack\": \"STACK\"}}\n");
  EXPECT_EQ(scrub_one(body, R"({"d": {}})"), "{\"d\": {}}\n");
  // The chosen key's value must be an object, as metadata[k][...] = ... needs.
  Rendered r = run(rules(wrap(body)), {{R"({"a": 5, "b": {}})", nullptr}});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.results[0].outcome, Outcome::Failed);
  EXPECT_EQ(r.results[0].rule, "S14");
}

TEST(Scrubber, RulesApplyInFileOrder) {
  const std::string body = R"("rules": [
      {"id": "one", "op": "set", "path": ["x"], "value": 1},
      {"id": "two", "op": "replace", "path": ["x"], "value": 2},
      {"id": "three", "op": "set", "path": ["y"], "value": 3}])";
  EXPECT_EQ(scrub_one(body, R"({"k": 0})"), "{\"k\": 0, \"x\": 2, \"y\": 3}\n");
}

TEST(Scrubber, DropRulesAndOptions) {
  auto set = rules(wrap(R"("options": {"keep_c": "keep c records"},
      "drop": [{"id": "F1", "key": "str"}, {"id": "F2", "key": "c", "unless": "keep_c"}])"));
  const std::vector<std::pair<std::string, const char*>> input = {
      {R"({"str": ["x", 0]})", nullptr}, {R"({"c": {}})", nullptr}, {R"({"a": {}})", nullptr}};
  Rendered dropped = run(set, input);
  EXPECT_EQ(dropped.out, "{\"a\": {}}\n");
  EXPECT_EQ(dropped.results[0].outcome, Outcome::Dropped);
  EXPECT_EQ(dropped.results[0].rule, "F1");
  EXPECT_EQ(dropped.results[1].rule, "F2");
  ScrubOptions keep;
  keep.enabled = {"keep_c"};
  EXPECT_EQ(run(set, input, keep).out, "{\"c\": {}}\n{\"a\": {}}\n");
  std::string error;
  ScrubOptions unknown;
  unknown.enabled = {"keep_d"};
  EXPECT_FALSE(Scrubber::create(set, unknown, error));
  EXPECT_NE(error.find("keep_d"), std::string::npos);
}

TEST(Scrubber, PayloadIsAppendedForItsKeyOnly) {
  auto set = rules(wrap(R"("rules": [{"id": "n", "op": "set", "path": ["dump_file", "name"], "value": "<k>"}],
      "payload": [{"id": "S16", "key": "dump_file"}])"));
  Rendered r = run(set, {{R"({"dump_file": {"name": "<eval_with_key>.3"}, "has_payload": "x"})", "\n\ndef f():  \n    pass\n  \n"},
                    {R"({"other": {}, "has_payload": "x"})", "not printed"},
                    {R"({"dump_file": {}})", nullptr}});
  EXPECT_EQ(r.out,
            "{\"dump_file\": {\"name\": \"<k>\"}, \"has_payload\": \"x\"}\n\n\ndef f():\n    pass\n\n"
            "{\"other\": {}, \"has_payload\": \"x\"}\n");
  EXPECT_EQ(r.results[2].outcome, Outcome::Failed);  // payload.splitlines() on None raises
  EXPECT_EQ(r.results[2].rule, "S16");
}

TEST(Scrubber, CaptureModeKeepsTheNamedPayload) {
  auto set = rules(wrap(R"("options": {"keep_c": "k"},
      "drop": [{"id": "F1", "key": "str"}, {"id": "F2", "key": "chromium_event", "unless": "keep_c", "modes": ["records"]}],
      "rules": [{"id": "S1", "op": "replace", "path": ["has_payload"], "value": "HASH"}],
      "capture": {"id": "F3", "formatter": {"id": "F4"}})"));
  ScrubOptions options;
  options.capture = "make_fx_fail_partial";
  Rendered r = run(set,
              {{R"({"artifact": {"name": "make_fx_fail_partial", "encoding": "string"}, "has_payload": "h"})", "\n  def forward():\n    pass  \n\n"},
               {R"({"artifact": {"name": "other", "encoding": "string"}, "has_payload": "h"})", "no"},
               {R"({"dynamo_start": {}})", nullptr},
               {R"({"make_fx_fail_partial": {}, "has_payload": "h"})", "top-level key"},
               {R"({"str": ["make_fx_fail_partial", 1]})", nullptr},
               {R"({"artifact": {"encoding": "string"}})", nullptr},
               {R"({"make_fx_fail_partial": {}})", nullptr}},
              options);
  EXPECT_EQ(r.out, "def forward():\n    pass\ntop-level key\n");
  EXPECT_EQ(r.results[1].outcome, Outcome::Dropped);
  EXPECT_EQ(r.results[2].outcome, Outcome::Dropped);
  EXPECT_EQ(r.results[4].rule, "F1");
  EXPECT_EQ(r.results[5].outcome, Outcome::Failed);  // metadata["artifact"]["name"] raises KeyError
  EXPECT_EQ(r.results[5].rule, "F3");
  EXPECT_EQ(r.results[6].outcome, Outcome::Failed);  // None.strip() raises
  EXPECT_EQ(r.results[6].rule, "F4");

  // The chromium filter is not on the capture handler.
  options.capture = "chromium_event";
  EXPECT_EQ(run(set, {{R"({"chromium_event": {}, "has_payload": "h"})", "{\"ph\": \"B\"}"}}, options).out, "{\"ph\": \"B\"}\n");
  // A rule set without capture rule refuses capture mode.
  std::string error;
  EXPECT_FALSE(Scrubber::create(rules(wrap(R"("rules": [])")), options, error));
}

TEST(Scrubber, TextRulesRunOnTheRenderedText) {
  const std::string body = R"j("text": [{"id": "R1", "pattern": "(\"t_s\":\\s*)(\\d+\\.\\d+)", "rewrite": "\\1<dynamic>"}])j";
  EXPECT_EQ(scrub_one(body, R"({"t_s": 1.25, "u": {"t_s": 3.5}, "n": {"t_s": 3}})"),
            "{\"t_s\": <dynamic>, \"u\": {\"t_s\": <dynamic>}, \"n\": {\"t_s\": 3}}\n");
}

TEST(Scrubber, PlaceholdersLinkEqualValuesWithinOneRender) {
  auto set = rules(wrap(R"j("rules": [{"id": "pid", "op": "replace", "path": ["pid"], "placeholder": "PID"},
                                     {"id": "ref", "op": "replace", "path": ["e", "ref"], "placeholder": "ID"}],
      "text": [{"id": "tpid", "pattern": "pid=(\\d+)", "placeholder": "PID", "group": 1}])j"));
  std::string error;
  auto scrubber = Scrubber::create(set, {}, error);
  ASSERT_TRUE(scrubber) << error;
  std::string out;
  for (const char* e : {R"({"pid": 77, "e": {"ref": "a"}, "msg": "pid=91"})", R"({"pid": 91, "e": {"ref": "b"}})",
                        R"({"pid": 77, "e": {"ref": "a"}, "msg": "pid=77 pid=5"})"})
    scrubber->scrub(obj(e), nullptr, out);
  EXPECT_EQ(out,
            "{\"pid\": \"<PID_1>\", \"e\": {\"ref\": \"<ID_1>\"}, \"msg\": \"pid=<PID_2>\"}\n"
            "{\"pid\": \"<PID_2>\", \"e\": {\"ref\": \"<ID_2>\"}}\n"
            "{\"pid\": \"<PID_1>\", \"e\": {\"ref\": \"<ID_1>\"}, \"msg\": \"pid=<PID_1> pid=<PID_3>\"}\n");
  // A new render numbers from 1 again.
  scrubber->reset();
  out.clear();
  scrubber->scrub(obj(R"({"pid": 91})"), nullptr, out);
  EXPECT_EQ(out, "{\"pid\": \"<PID_1>\"}\n");
}

TEST(Scrubber, RuleUsageCountsWhatFired) {
  auto set = rules(wrap(R"("drop": [{"id": "D", "key": "str"}],
      "rules": [{"id": "A", "op": "replace", "path": ["a"], "value": 0}, {"id": "never", "op": "replace", "path": ["zz"], "value": 0}],
      "text": [{"id": "T", "pattern": "0", "rewrite": "zero"}])"));
  Rendered r = run(set, {{R"({"a": 1})", nullptr}, {R"({"a": 2})", nullptr}, {R"({"str": 1})", nullptr}});
  EXPECT_EQ(r.out, "{\"a\": zero}\n{\"a\": zero}\n");
  std::string error;
  auto scrubber = Scrubber::create(set, {}, error);
  std::string out;
  scrubber->scrub(obj(R"({"a": 1})"), nullptr, out);
  scrubber->scrub(obj(R"({"str": 1})"), nullptr, out);
  std::map<std::string, uint64_t> hits;
  for (const scrub::RuleUse& u : scrubber->rule_usage()) hits[u.id] = u.hits;
  EXPECT_EQ(hits, (std::map<std::string, uint64_t>{{"D", 1}, {"A", 1}, {"never", 0}, {"T", 1}}));
}

TEST(Scrubber, RecordPayloadComesFromTheReaderRecord) {
  auto set = rules(wrap(R"("payload": [{"id": "P", "key": "dump_file"}])"));
  std::string error;
  auto scrubber = Scrubber::create(set, {}, error);
  Record record;
  record.envelope = obj(R"({"dump_file": {}, "has_payload": "h"})");
  record.has_payload = true;
  record.payload = "x \ny";
  std::string out;
  EXPECT_EQ(scrubber->scrub(record, out).outcome, Outcome::Kept);
  EXPECT_EQ(out, "{\"dump_file\": {}, \"has_payload\": \"h\"}\nx\ny\n");
  record.payload_truncated = true;
  out.clear();
  EXPECT_EQ(scrubber->scrub(record, out).outcome, Outcome::Failed);
  EXPECT_EQ(out, "");
}

}  // namespace
}  // namespace tc::formats::torch_trace
