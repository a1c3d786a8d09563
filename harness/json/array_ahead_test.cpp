#include "json/array_ahead.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "io/memory_source.h"

namespace tc::json {
namespace {

// A note's memo reaches the fold with its element: what the note wrote of
// that element, for every element parsed ahead, and nothing (nullptr) for
// one the fold parses itself (a piece that does not parse whole).
TEST(JsonArrayAhead, EachMemoReachesTheFoldWithItsElement) {
  std::string text = "{\"nodes\": [";
  for (int i = 0; i < 2000; ++i) {
    if (i) text += ", ";
    text += i == 1500 ? std::string("NaN") : "{\"n\": " + std::to_string(i) + "}";
  }
  text += "]}";
  struct Memo {
    int64_t n;
    char tag[24];  // beyond one word: the memo is wider than a scalar
  };
  for (unsigned threads : {2u, 3u}) {
    io::MemorySource source(text, 4096);
    JsonStreamOptions options;
    options.array_key = "nodes";
    options.chunk = 4096;
    size_t with_memo = 0, without = 0;
    std::vector<uint64_t> order;
    const JsonStreamResult result = stream_json_array_ahead(
        source, options, threads,
        [](simdjson::dom::element value, void* memo) -> uint8_t {
          Memo m{};
          m.n = value["n"].get_int64().value_unsafe();
          std::snprintf(m.tag, sizeof m.tag, "n=%lld", static_cast<long long>(m.n));
          std::memcpy(memo, &m, sizeof m);
          return 1;
        },
        [&](const JsonElement& el, const simdjson::dom::element* parsed, uint8_t note, const void* memo) {
          order.push_back(el.index);
          if (!parsed) {
            EXPECT_EQ(memo, nullptr);
            EXPECT_EQ(note, 0);
            ++without;
            return;
          }
          ASSERT_NE(memo, nullptr);
          Memo m;
          std::memcpy(&m, memo, sizeof m);
          EXPECT_EQ(m.n, static_cast<int64_t>(el.index)) << threads << " threads";
          EXPECT_EQ(std::string(m.tag), "n=" + std::to_string(el.index));
          ++with_memo;
        },
        [](const JsonMember&) {}, sizeof(Memo));
    EXPECT_TRUE(result.ok()) << result.error.message;
    ASSERT_EQ(order.size(), 2000u);
    for (size_t i = 0; i < order.size(); ++i) ASSERT_EQ(order[i], i);
    // The NaN's piece goes to the fold unparsed; the others come with memos.
    EXPECT_GT(with_memo, 1500u) << threads << " threads";
    EXPECT_GT(without, 0u) << threads << " threads";
  }
}

}  // namespace
}  // namespace tc::json
