#include "formats/chrome_trace/u64_map.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <map>
#include <string>
#include <vector>

#include "tests/support/rng.h"
#include "formats/chrome_trace/fields.h"
#include "diag/reporter.h"

namespace tc::formats::chrome_trace {
namespace {

using namespace std::string_view_literals;

// Random inserts, finds and erases against std::map; few distinct keys with
// colliding homes, so the backward shift of erase is exercised.
TEST(U64Map, BehavesAsAMap) {
  testing::Rng rng(21);
  for (int round = 0; round < 20; ++round) {
    U64Map<uint64_t> m;
    std::map<uint64_t, uint64_t> want;
    const uint64_t range = 8 + rng.below(2000);
    for (int op = 0; op < 20000; ++op) {
      uint64_t key = rng.below(range) * (rng.chance(50) ? 1 : 0x100000000ULL);
      switch (rng.below(3)) {
        case 0:
          if (!want.count(key)) {
            m.insert(key, op);
            want[key] = op;
          }
          break;
        case 1:
          ASSERT_EQ(m.erase(key), want.erase(key) == 1);
          break;
        default: {
          uint64_t* v = m.find(key);
          auto it = want.find(key);
          ASSERT_EQ(v != nullptr, it != want.end());
          if (v) ASSERT_EQ(*v, it->second);
        }
      }
      ASSERT_EQ(m.size(), want.size());
    }
    std::map<uint64_t, uint64_t> seen;
    m.for_each([&](uint64_t k, uint64_t v) { seen[k] = v; });
    EXPECT_EQ(seen, want);
  }
}

// Hash-like keys past many doublings, half erased (the Bloom filter in
// front is rebuilt several times on the way): every key present is found,
// every key erased or never inserted is not.
TEST(U64Map, FindsWhatItHoldsAcrossGrowthAndFilterRebuilds) {
  testing::Rng rng(7);
  U64Map<uint64_t> m;
  std::vector<uint64_t> keys;
  for (int i = 0; i < 100000; ++i) {
    const uint64_t key = (rng.below(UINT32_MAX) << 32) ^ rng.below(UINT32_MAX) ^ 0x5bd1e995ULL * i;
    if (m.find(key)) continue;
    m.insert(key, i);
    keys.push_back(key);
  }
  for (size_t i = 0; i < keys.size(); i += 2) ASSERT_TRUE(m.erase(keys[i]));
  for (size_t i = 0; i < keys.size(); ++i) {
    const uint64_t* v = m.find(keys[i]);
    ASSERT_EQ(v != nullptr, i % 2 == 1) << i;
  }
  EXPECT_EQ(m.size(), keys.size() / 2);
  size_t absent_found = 0;
  for (int i = 0; i < 100000; ++i) absent_found += m.find((rng.below(UINT32_MAX) << 32) | 0x80000001ULL) != nullptr;
  EXPECT_LE(absent_found, 1u);  // a 64-bit collision at most
}

TEST(EventFields, FirstOfARepeatedKeyAsSimdjsonLookupGives) {
  simdjson::dom::parser parser;
  simdjson::dom::object o;
  ASSERT_EQ(parser
                .parse(std::string_view(
                    R"({"ph":"X","name":"a","ph":"B","cat":"c","ts":1,"dur":2,"pid":3,"tid":"t","args":{},)"
                    R"("id":4,"id2":{"local":5},"bp":"e","s":"g","other":1,"t":0,"pi":1,"tidy":2})"))
                .get_object()
                .get(o),
            simdjson::SUCCESS);
  EventFields f = index_event_fields(o);
  const char* names[] = {"ph", "name", "cat", "ts", "dur", "pid", "tid", "args", "id", "id2", "bp", "s"};
  for (unsigned k = 0; k < EventFields::kCount; ++k) {
    simdjson::dom::element got, want;
    ASSERT_TRUE(f.get(static_cast<EventFields::Key>(k), got)) << names[k];
    ASSERT_EQ(o[names[k]].get(want), simdjson::SUCCESS);
    EXPECT_EQ(simdjson::to_string(got), simdjson::to_string(want)) << names[k];
  }
  std::string_view ph;
  ASSERT_EQ(f.value[EventFields::Ph].get_string().get(ph), simdjson::SUCCESS);
  EXPECT_EQ(ph, "X");
  std::string id;
  EXPECT_TRUE(read_event_id(f, id));
  EXPECT_EQ(id, "4");

  ASSERT_EQ(parser.parse(std::string_view(R"({"id2":{"global":"g"},"x":1})")).get_object().get(o), simdjson::SUCCESS);
  f = index_event_fields(o);
  EXPECT_FALSE(f.has(EventFields::Ph));
  EXPECT_TRUE(read_event_id(f, id));
  EXPECT_EQ(id, "global:g");
}

// An id's text is std::to_string's for integers and the string itself, in
// a string that may hold an earlier, longer id; other types are no id and
// leave it as it was.
TEST(EventFields, IdTextIsTheIntegersDecimalOrTheString) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(std::string_view(
                R"([0, -1, 9223372036854775807, -9223372036854775808, 18446744073709551615, "a b", "", 1.5, true, null, [1]])"))
                .get(doc),
            simdjson::SUCCESS);
  const std::vector<std::string> want = {"0", "-1", std::to_string(INT64_MAX), std::to_string(INT64_MIN),
                                         std::to_string(UINT64_MAX), "a b", ""};
  size_t i = 0;
  std::string text = "an earlier and longer id";
  for (simdjson::dom::element v : simdjson::dom::array(doc)) {
    if (i < want.size()) {
      EXPECT_TRUE(read_id_text(v, text)) << i;
      EXPECT_EQ(text, want[i]) << i;
      FieldId id;
      EXPECT_TRUE(read_id(v, id));
      EXPECT_EQ(id.text, want[i]);
      EXPECT_EQ(id.is_string, v.is_string());
    } else {
      text = "kept";
      EXPECT_FALSE(read_id_text(v, text)) << i;
      EXPECT_EQ(text, "kept");
    }
    ++i;
  }
  EXPECT_EQ(i, 11u);
}

// Keys read in place with other bytes after them (as in a simdjson string
// buffer): only a key's own bytes and length decide its field.
TEST(EventFields, KeyLookupReadsOnlyTheKeysBytes) {
  const char* names[] = {"ph", "name", "cat", "ts", "dur", "pid", "tid", "args", "id", "id2", "bp", "s"};
  auto key_of = [](std::string_view k) {
    const std::string buffer = std::string(k) + "name";  // what follows the key in the buffer
    return event_field_key(std::string_view(buffer.data(), k.size()));
  };
  for (unsigned k = 0; k < EventFields::kCount; ++k) EXPECT_EQ(key_of(names[k]), k) << names[k];
  for (std::string_view other : {""sv, "p"sv, "n"sv, "nam"sv, "names"sv, "Ph"sv, "pH"sv, "ph "sv, "id3"sv, "ts\0"sv,
                                 "\0ph"sv, "argz"sv, "dura"sv, "bps"sv, "ss"sv, "External id"sv})
    EXPECT_EQ(key_of(other), EventFields::kCount) << other;
}

TEST(Reporter, CountIfFullCountsOnlyPastTheKeepLimit) {
  diag::Reporter r(2);
  EXPECT_FALSE(r.count_if_full("a", "f"));
  r.report("a", {"f", 1, 1}, "one");
  EXPECT_FALSE(r.count_if_full("a", "f"));
  r.report("a", {"f", 2, 1}, "two");
  EXPECT_TRUE(r.count_if_full("a", "f"));
  EXPECT_TRUE(r.count_if_full("a", "f"));
  EXPECT_EQ(r.count("a"), 4u);
  EXPECT_EQ(r.kept().size(), 2u);
  EXPECT_FALSE(r.count_if_full("b", "f"));
  EXPECT_EQ(r.count("b"), 0u);
}

}  // namespace
}  // namespace tc::formats::chrome_trace
