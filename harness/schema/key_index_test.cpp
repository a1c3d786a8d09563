#include "schema/key_index.h"

#include <gtest/gtest.h>

#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace tc::schema::detail {
namespace {

// A key copied into a buffer with 16 bytes after it that are not zero, as
// a simdjson string buffer holds the next strings there: find_padded must
// read only the key's own bytes.
struct Padded {
  std::string buffer;
  std::string_view key;
  explicit Padded(std::string_view k) : buffer(std::string(k) + std::string(16, '\xAB')), key(buffer.data(), k.size()) {}
};

TEST(KeyIndex, FindsEveryKeyAtItsFirstPosition) {
  KeyIndex index;
  const std::vector<std::string> keys = {"ph", "ts", "", "args", "External id", "maxThreadsPerMultiprocessor",
                                         "maxThreadsPerMultiProcessor", "a", "ph", "0123456789abcdef",
                                         "0123456789abcdeg", "0123456789abcdef0"};
  for (const std::string& k : keys) index.add(k);
  std::map<std::string, int32_t> first;
  for (size_t i = 0; i < keys.size(); ++i) first.try_emplace(keys[i], static_cast<int32_t>(i));
  for (bool sealed : {false, true}) {
    if (sealed) index.seal();
    EXPECT_EQ(index.alone(), sealed);
    for (const auto& [key, position] : first) {
      EXPECT_EQ(index.find(key), position) << key;
      EXPECT_EQ(index.find_padded(Padded(key).key), position) << key;
    }
    for (std::string_view missing : {"p", "phx", "pH", "args ", "maxThreadsPerMultiprocessoR", "0123456789abcde",
                                     "0123456789abcdef1", "External"}) {
      EXPECT_EQ(index.find(missing), -1) << missing;
      EXPECT_EQ(index.find_padded(Padded(missing).key), -1) << missing;
    }
  }
}

// Random keys of every length up to 40 over a small alphabet (so that many
// share their first 16 bytes), in sets small enough for each key to have
// its slot alone and larger ones that are probed: both lookups agree with
// a map.
TEST(KeyIndex, AgreesWithAMapOnRandomKeys) {
  std::mt19937 rng(7);
  auto random_key = [&] {
    std::string k(rng() % 41, 'x');
    for (char& c : k) c = "ab\0\xff"[rng() % 4];
    return k;
  };
  for (size_t keys : {1, 2, 5, 15, 31, 32, 33, 300}) {
    KeyIndex index;
    std::map<std::string, int32_t> first;
    for (int32_t i = 0; i < static_cast<int32_t>(keys); ++i) {
      // Repeats too: a repeated key keeps its first position.
      std::string k = i > 0 && rng() % 8 == 0 ? std::next(first.begin(), rng() % first.size())->first : random_key();
      index.add(k);
      first.try_emplace(k, i);
    }
    for (bool sealed : {false, true}) {
      if (sealed) index.seal();
      // Sealed, up to 15 keys have a seed (a test of the hash's spread);
      // past kAloneMax none is looked for.
      if (!sealed || first.size() > KeyIndex::kAloneMax) EXPECT_FALSE(index.alone()) << keys;
      if (sealed && first.size() <= 15) EXPECT_TRUE(index.alone()) << keys;
      for (const auto& [k, position] : first) {
        ASSERT_EQ(index.find(k), position) << keys << " sealed " << sealed;
        ASSERT_EQ(index.find_padded(Padded(k).key), position) << keys << " sealed " << sealed;
      }
      for (int i = 0; i < 5000; ++i) {
        const std::string k = random_key();
        const auto it = first.find(k);
        const int32_t want = it == first.end() ? -1 : it->second;
        ASSERT_EQ(index.find(k), want) << keys << " sealed " << sealed;
        ASSERT_EQ(index.find_padded(Padded(k).key), want) << keys << " sealed " << sealed;
      }
    }
  }
}

TEST(KeyIndex, AnAddAfterSealingProbesAgainAndFindsEveryKey) {
  KeyIndex index;
  for (std::string_view k : {"ph", "ts", "dur"}) index.add(k);
  index.seal();
  EXPECT_TRUE(index.alone());
  index.add("args");
  index.add("ts");
  EXPECT_FALSE(index.alone());
  EXPECT_EQ(index.find("ph"), 0);
  EXPECT_EQ(index.find("ts"), 1);
  EXPECT_EQ(index.find("dur"), 2);
  EXPECT_EQ(index.find_padded(Padded("args").key), 3);
  EXPECT_EQ(index.find("name"), -1);
}

TEST(KeyIndex, EmptyIndexFindsNothing) {
  KeyIndex index;
  EXPECT_EQ(index.find("ph"), -1);
  EXPECT_EQ(index.find_padded(Padded("ph").key), -1);
  index.seal();
  EXPECT_EQ(index.find(""), -1);
  EXPECT_EQ(index.find_padded(Padded("").key), -1);
}

}  // namespace
}  // namespace tc::schema::detail
