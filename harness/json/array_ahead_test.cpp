#include "json/array_ahead.h"

#include <gtest/gtest.h>

#include <cstdio>
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
  for (unsigned threads : {1u, 2u, 3u}) {
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

// Pieces of very different element counts, in turn: runs of tiny
// elements (a piece of them ends at its memos' bound, not at its bytes)
// between long ones. Each memo still belongs to its element, whichever
// pooled buffer held an earlier piece's.
TEST(JsonArrayAhead, MemosOfPiecesOfEveryElementCount) {
  std::string text = "[";
  int64_t n = 0;
  for (int run = 0; run < 6; ++run) {
    for (int i = 0; i < 9000; ++i, ++n) text += std::to_string(n) + ",";
    for (int i = 0; i < 150; ++i, ++n) text += "{\"n\": " + std::to_string(n) + ", \"pad\": \"" + std::string(2000, 'p') + "\"},";
  }
  text.back() = ']';
  for (unsigned threads : {1u, 2u, 3u}) {
    io::MemorySource source(text, 1 << 16);
    JsonStreamOptions options;
    size_t seen = 0, with_memo = 0;
    const JsonStreamResult result = stream_json_array_ahead(
        source, options, threads,
        [](simdjson::dom::element value, void* memo) -> uint8_t {
          const int64_t own = value.is_object() ? value["n"].get_int64().value_unsafe() : value.get_int64().value_unsafe();
          std::memcpy(memo, &own, sizeof own);
          return 0;
        },
        [&](const JsonElement& el, const simdjson::dom::element* parsed, uint8_t, const void* memo) {
          ASSERT_EQ(el.index, seen++);
          if (!parsed) return;
          int64_t own;
          std::memcpy(&own, memo, sizeof own);
          ASSERT_EQ(own, static_cast<int64_t>(el.index)) << threads << " threads";
          ++with_memo;
        },
        [](const JsonMember&) {}, 200);
    EXPECT_TRUE(result.ok()) << result.error.message;
    EXPECT_EQ(seen, static_cast<size_t>(n));
    EXPECT_EQ(with_memo, static_cast<size_t>(n)) << threads << " threads";
  }
}

// Pieces are made in place in the splitter's buffers where the bytes
// around them are free, and copied where two pieces would share one (the
// elements one comma apart); an element longer than a piece goes to the
// fold alone. Whichever way, every element reaches the fold in order, with
// its own parsed value and memo, on every buffer size.
TEST(JsonArrayAhead, PiecesInPlaceOrCopiedGiveEveryElement) {
  std::string text = "[";
  const char* separators[] = {",", ", ", ",\n  "};
  int64_t n = 0;
  for (int i = 0; i < 4000; ++i, ++n) {
    if (i) text += separators[(i / 7 + i) % 3];
    if (i % 1500 == 700)
      text += "{\"n\": " + std::to_string(n) + ", \"big\": \"" + std::string(300 << 10, 'b') + "\"}";
    else
      text += "{\"n\": " + std::to_string(n) + ", \"pad\": \"" + std::string(static_cast<size_t>(i % 97), 'p') + "\"}";
  }
  text += "]";
  for (size_t chunk : {size_t{4096}, size_t{1} << 16, size_t{4} << 20}) {
    for (unsigned threads : {1u, 2u, 3u}) {
      io::MemorySource source(text, 1 << 15);
      JsonStreamOptions options;
      options.chunk = chunk;
      int64_t seen = 0, parsed_ahead = 0;
      const JsonStreamResult result = stream_json_array_ahead(
          source, options, threads,
          [](simdjson::dom::element value, void* memo) -> uint8_t {
            const int64_t own = value["n"].get_int64().value_unsafe();
            std::memcpy(memo, &own, sizeof own);
            return 1;
          },
          [&](const JsonElement& el, const simdjson::dom::element* parsed, uint8_t, const void* memo) {
            ASSERT_EQ(el.index, static_cast<uint64_t>(seen));
            simdjson::dom::parser own_parser;
            simdjson::dom::element own;
            ASSERT_EQ(own_parser.parse(el.text.data(), el.text.size(), false).get(own), simdjson::SUCCESS);
            EXPECT_EQ(own["n"].get_int64().value_unsafe(), seen);
            if (parsed) {
              EXPECT_EQ((*parsed)["n"].get_int64().value_unsafe(), seen);
              int64_t from_memo;
              std::memcpy(&from_memo, memo, sizeof from_memo);
              EXPECT_EQ(from_memo, seen);
              ++parsed_ahead;
            }
            ++seen;
          },
          [](const JsonMember&) {}, sizeof(int64_t));
      EXPECT_TRUE(result.ok()) << result.error.message;
      EXPECT_EQ(seen, n) << chunk << " byte chunks, " << threads << " threads";
      EXPECT_GE(parsed_ahead, n - 3) << "only the elements longer than a piece go to the fold unparsed";
    }
  }
}

// peek sees each element parsed ahead once, with its own note and memo,
// before the fold gets it and at most kPeekAhead elements before; an
// element the fold parses itself is never peeked.
TEST(JsonArrayAhead, PeekSeesEachParsedElementShortlyBeforeItsFold) {
  std::string text = "[";
  for (int i = 0; i < 3000; ++i) {
    if (i) text += ",\n";
    text += i == 2100 ? std::string("NaN") : "{\"n\": " + std::to_string(i) + "}";
  }
  text += "]";
  for (unsigned threads : {1u, 2u, 3u}) {
    io::MemorySource source(text, 4096);
    JsonStreamOptions options;
    options.chunk = 4096;
    std::vector<int64_t> peeked_at(3000, -1);  // how many folds had run when each element was peeked
    int64_t folded = 0;
    size_t parsed_count = 0;
    const JsonStreamResult result = stream_json_array_ahead(
        source, options, threads,
        [](simdjson::dom::element value, void* memo) -> uint8_t {
          const int64_t own = value["n"].get_int64().value_unsafe();
          std::memcpy(memo, &own, sizeof own);
          return static_cast<uint8_t>(1 + own % 200);
        },
        [&](const JsonElement& el, const simdjson::dom::element* parsed, uint8_t, const void*) {
          ASSERT_EQ(el.index, static_cast<uint64_t>(folded));
          if (parsed) {
            ++parsed_count;
            EXPECT_GE(peeked_at[el.index], 0) << el.index << " was not peeked";
            EXPECT_LE(folded - peeked_at[el.index], static_cast<int64_t>(kPeekAhead)) << el.index;
          } else {
            EXPECT_EQ(peeked_at[el.index], -1) << el.index << " was peeked, though the fold parses it";
          }
          ++folded;
        },
        [](const JsonMember&) {}, sizeof(int64_t),
        [&](uint8_t note, const void* memo) {
          int64_t own;
          std::memcpy(&own, memo, sizeof own);
          ASSERT_GE(own, folded) << "peeked after its fold";
          EXPECT_EQ(note, 1 + own % 200);
          EXPECT_EQ(peeked_at[own], -1) << own << " peeked twice";
          peeked_at[own] = folded;
        });
    EXPECT_TRUE(result.ok()) << result.error.message;
    EXPECT_EQ(folded, 3000);
    EXPECT_GT(parsed_count, 2500u) << threads << " threads";
    EXPECT_LT(parsed_count, 3000u) << "the NaN's piece is the fold's to parse";
  }
}

}  // namespace
}  // namespace tc::json
