// PayloadJson: payloads from kStreamAbove bytes on are checked by streaming
// and get the verdict, error and args.compile_id of the DOM path.
#include "formats/torch_trace/payload_json.h"

#include <gtest/gtest.h>

#include <string>

#include "json/parse.h"
#include "json/text.h"

namespace tc::formats::torch_trace {
namespace {

// A JSON object of at least `bytes` bytes: {"args": ..., "items": [...] <tail>}.
std::string big_payload(const std::string& head, const std::string& tail = "}") {
  std::string text = "{" + head + "\"items\": [";
  while (text.size() < PayloadJson::kStreamAbove + 1024) text += "{\"k\": \"v\\u00e9\", \"n\": [1, 2.5e3, null]},";
  text.back() = ']';
  return text + tail;
}

PayloadJson::Result check(const std::string& text, bool want_id = false) {
  PayloadJson p;
  return p.check(text, text.capacity(), want_id);
}

TEST(PayloadJsonLarge, StrictJsonIsValidWithoutADom) {
  std::string text = big_payload("\"args\": {\"compile_id\": \"0/1\"}, ");
  PayloadJson::Result r = check(text, true);
  EXPECT_TRUE(r.ok);
  ASSERT_TRUE(r.args_compile_id);
  EXPECT_EQ(*r.args_compile_id, "0/1");
  // quirks is a hint to look; the text itself has none.
  EXPECT_TRUE(json::find_json_quirks(text).empty());
}

TEST(PayloadJsonLarge, NoCompileIdWhenAbsentOrNotAString) {
  EXPECT_FALSE(check(big_payload(""), true).args_compile_id);
  EXPECT_FALSE(check(big_payload("\"args\": {\"compile_id\": 3}, "), true).args_compile_id);
  PayloadJson::Result r = check(big_payload("\"args\": {\"compile_id\": \"a\\\"b\"}, "), true);
  ASSERT_TRUE(r.args_compile_id);
  EXPECT_EQ(*r.args_compile_id, "a\"b");
}

TEST(PayloadJsonLarge, QuirksAreFoundInTheText) {
  PayloadJson::Result dup = check(big_payload("\"a\": 1, \"a\": 2, "));
  EXPECT_TRUE(dup.ok);
  EXPECT_TRUE(dup.quirks);
  ASSERT_EQ(json::find_json_quirks(big_payload("\"a\": 1, \"a\": 2, ")).size(), 1u);
  PayloadJson::Result nan = check(big_payload("\"a\": NaN, "));  // Python's dialect: the exact path
  EXPECT_TRUE(nan.ok);
  EXPECT_TRUE(nan.quirks);
}

TEST(PayloadJsonLarge, ErrorsAreThoseOfTheExactPath) {
  std::string text = big_payload("", "]");  // closed by the wrong bracket
  PayloadJson::Result r = check(text);
  EXPECT_FALSE(r.ok);
  json::Parser parser;
  json::ParseResult exact = parser.parse(text);
  ASSERT_FALSE(exact.ok);
  EXPECT_EQ(r.error.offset, exact.error.offset);
  EXPECT_EQ(r.error.message, exact.error.message);
}

}  // namespace
}  // namespace tc::formats::torch_trace
