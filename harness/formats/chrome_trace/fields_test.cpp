#include "formats/chrome_trace/fields.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tc::formats::chrome_trace {
namespace {

// The key the reader takes ahead from an event's fields is the one the
// checks pair its flow by: cat (none when not a string), a 0x1f, and the id
// as read_event_id writes it; 0 for an event that opens or closes no flow.
TEST(FlowPairingKey, FromFieldsIsTheKeyOfCatAndId) {
  struct Case {
    const char* event;
    const char* keyed;  // the text hashed, or nullptr for no key
  };
  const Case cases[] = {
      {R"({"ph": "s", "cat": "ac2g", "id": 42, "ts": 1})", "ac2g\x1f" "42"},
      {R"({"ph": "f", "bp": "e", "cat": "ac2g", "id": "0x1a"})", "ac2g\x1f" "0x1a"},
      {R"({"ph": "s", "id2": {"local": 7}})", "\x1f" "local:7"},
      {R"({"ph": "f", "cat": 5, "id": -3})", "\x1f" "-3"},
      {R"({"ph": "s", "cat": "c", "id": 18446744073709551615})", "c\x1f" "18446744073709551615"},
      {R"({"ph": "t", "cat": "c", "id": 1})", nullptr},
      {R"({"ph": "X", "cat": "c", "id": 1})", nullptr},
      {R"({"ph": "s", "cat": "c"})", nullptr},
      {R"({"ph": "s", "cat": "c", "id": 1.5})", nullptr},
      {R"({"ph": 7, "cat": "c", "id": 1})", nullptr},
  };
  // A key longer than the stack's room is joined in the scratch string.
  const std::string long_cat(150, 'c');
  const std::string long_event = R"({"ph": "f", "cat": ")" + long_cat + R"(", "id": 9})";
  const std::string long_keyed = long_cat + "\x1f" "9";
  std::vector<Case> all(std::begin(cases), std::end(cases));
  all.push_back({long_event.c_str(), long_keyed.c_str()});
  simdjson::dom::parser parser;
  for (const Case& c : all) {
    simdjson::dom::object o;
    ASSERT_EQ(parser.parse(std::string(c.event)).get_object().get(o), simdjson::SUCCESS) << c.event;
    std::string id, scratch;
    const uint64_t key = flow_pairing_key(index_event_keys(o).fields, id, scratch);
    if (!c.keyed) {
      EXPECT_EQ(key, 0u) << c.event;
      continue;
    }
    EXPECT_EQ(key, std::hash<std::string_view>{}(c.keyed)) << c.event;
    std::string again;
    const size_t sep = std::string_view(c.keyed).find('\x1f');
    const std::string_view keyed(c.keyed);
    EXPECT_EQ(key, flow_pairing_key(keyed.substr(0, sep), keyed.substr(sep + 1), again)) << c.event;
  }
}

}  // namespace
}  // namespace tc::formats::chrome_trace
