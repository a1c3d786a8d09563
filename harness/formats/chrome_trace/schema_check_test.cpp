#include "formats/chrome_trace/schema_check.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tc::formats::chrome_trace {
namespace {

// The schema's own verdict on an event: what validate_event finds.
bool validated(ChromeSchemaChecker& checker, simdjson::dom::element value, const std::string& file) {
  ChromeEvent ev;
  ev.value = value;
  ev.object = value.get_object().value_unsafe();
  ev.file = &file;
  checker.validate_event(ev);
  const bool ok = checker.facts().empty();
  checker.facts().clear();
  return ok;
}

// passes() decides most events from their fields alone, through each
// phase's record of properties (formats/record_plan.h): its verdict must be
// the schema's on every phase, whichever member is missing, of another
// type, or not the phase's, and on events with keys that are not fields.
TEST(ChromeSchemaPasses, IsTheSchemasVerdictFromTheFieldsAlone) {
  const std::string phases = "XBEiIMstfCbenNODRP";
  const std::vector<std::string> values = {"1",    "2.5",    "2.0",  "-3", "18446744073709551615", "\"s\"", "\"X\"",
                                           "true", "null",   "[1]",  "{}", "{\"a\": [1, {\"b\": 2}]}"};
  std::vector<std::string> keys(kEventFieldNames.begin(), kEventFieldNames.end());
  for (const char* other : {"tts", "scope", "sf", "flow_in", "zz", "name2"}) keys.push_back(other);

  std::vector<std::string> events;
  for (char ph : phases) {
    nlohmann::ordered_json base = {{"ph", std::string(1, ph)}, {"name", "n"}, {"cat", "c"}, {"ts", 1.5},
                                   {"pid", 1},                 {"tid", "t"},  {"args", nlohmann::json::object()}};
    if (ph == 'X') base["dur"] = 2;
    if (std::string("stfCbenNOD").find(ph) != std::string::npos) base["id"] = 7;
    if (ph == 'f') base["bp"] = "e";
    events.push_back(base.dump());
    for (const auto& [key, value] : base.items()) {
      nlohmann::ordered_json less = base;
      less.erase(key);
      events.push_back(less.dump());
    }
    for (const std::string& key : keys)
      for (const std::string& value : values) {
        nlohmann::ordered_json more = base;
        more[key] = nlohmann::ordered_json::parse(value);
        events.push_back(more.dump());
      }
  }
  for (const std::string& ph : {"\"Q\"", "\"XX\"", "\"\"", "1"}) events.push_back("{\"ph\": " + ph + ", \"ts\": 1, \"pid\": 1}");
  events.push_back("{\"ts\": 1, \"pid\": 1}");

  diag::Reporter reporter;
  ChromeSchemaChecker checker(reporter);
  const std::string file = "t.json";
  simdjson::dom::parser parser;
  size_t passed = 0, failed = 0;
  for (const std::string& text : events) {
    simdjson::dom::element value;
    ASSERT_EQ(parser.parse(text).get(value), simdjson::SUCCESS) << text;
    const EventKeys event_keys = index_event_keys(value.get_object().value_unsafe());
    ASSERT_FALSE(event_keys.repeated) << text;
    const bool expected = validated(checker, value, file);
    EXPECT_EQ(ChromeSchemaChecker::passes(event_keys, value), expected) << text;
    ++(expected ? passed : failed);
  }
  EXPECT_TRUE(reporter.kept().empty()) << "the schemas did not load: " << reporter.kept()[0].message;
  // Both verdicts, many times over: the comparison is not idle.
  EXPECT_GT(passed, 400u);
  EXPECT_GT(failed, 1000u);
}

}  // namespace
}  // namespace tc::formats::chrome_trace
