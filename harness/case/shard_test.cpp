#include "case/shard.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace tc::cases {
namespace {

std::vector<Case> make_cases(const std::vector<std::string>& names) {
  std::vector<Case> cases;
  for (const std::string& n : names) {
    Case c;
    c.name = n;
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<std::string> names_of(const std::vector<Case>& cases) {
  std::vector<std::string> names;
  for (const Case& c : cases) names.push_back(c.name);
  return names;
}

TEST(Shard, ParsesIOverN) {
  Shard s;
  std::string why;
  ASSERT_TRUE(parse_shard("2/5", s, why)) << why;
  EXPECT_EQ(s.index, 2u);
  EXPECT_EQ(s.count, 5u);
  ASSERT_TRUE(parse_shard("1/1", s, why));
  EXPECT_EQ(s.count, 1u);
}

TEST(Shard, RejectsMalformed) {
  Shard s;
  std::string why;
  for (const char* bad : {"", "3", "0/2", "3/2", "1/0", "a/b", "1/2/3", "-1/2", " 1/2", "1/2 "}) {
    EXPECT_FALSE(parse_shard(bad, s, why)) << bad;
    EXPECT_FALSE(why.empty()) << bad;
  }
}

TEST(Shard, EveryCaseInExactlyOneShardAndBalanced) {
  std::vector<std::string> names;
  for (int i = 0; i < 23; ++i) names.push_back("group" + std::to_string(i % 3) + "/case_" + std::to_string(i));
  for (unsigned n : {1u, 2u, 3u, 4u, 7u, 30u}) {
    std::map<std::string, int> seen;
    size_t smallest = names.size(), largest = 0;
    for (unsigned i = 1; i <= n; ++i) {
      std::vector<std::string> got = names_of(select_shard(make_cases(names), Shard{i, n}));
      for (const std::string& g : got) {
        ++seen[g];
        EXPECT_TRUE(in_shard(names, g, Shard{i, n}));
      }
      smallest = std::min(smallest, got.size());
      largest = std::max(largest, got.size());
    }
    EXPECT_EQ(seen.size(), names.size()) << n;
    for (const auto& [name, count] : seen) EXPECT_EQ(count, 1) << name << " in " << n << " shards";
    EXPECT_LE(largest - smallest, 1u) << n;
  }
}

TEST(Shard, IndependentOfGivenOrderAndKeepsIt) {
  std::vector<std::string> names = {"b/x", "a/y", "c/z", "a/a", "b/b"};
  std::vector<std::string> reversed(names.rbegin(), names.rend());
  for (unsigned i = 1; i <= 2; ++i) {
    std::vector<std::string> one = names_of(select_shard(make_cases(names), Shard{i, 2}));
    std::vector<std::string> two = names_of(select_shard(make_cases(reversed), Shard{i, 2}));
    std::sort(one.begin(), one.end());
    std::sort(two.begin(), two.end());
    EXPECT_EQ(one, two);
  }
  // Sorted: a/a a/y b/b b/x c/z -> shard 1 holds a/a, b/b, c/z, in the given order.
  EXPECT_EQ(names_of(select_shard(make_cases(names), Shard{1, 2})), (std::vector<std::string>{"c/z", "a/a", "b/b"}));
  EXPECT_EQ(names_of(select_shard(make_cases(names), Shard{2, 2})), (std::vector<std::string>{"b/x", "a/y"}));
}

}  // namespace
}  // namespace tc::cases
