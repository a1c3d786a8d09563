#include "golden/drift.h"

#include <gtest/gtest.h>

namespace tc::golden {
namespace {

std::string golden(const std::vector<std::string>& kinds) {
  std::string s = "# h\n\n[trace log]\n";
  for (const auto& k : kinds) {
    if (k.starts_with("artifact:"))
      s += "{\"artifact\": {\"name\": \"" + k.substr(9) + "\"}, \"frame_id\": 0, \"frame_compile_id\": 0}\n";
    else
      s += "{\"" + k + "\": {}, \"frame_id\": 0, \"frame_compile_id\": 0}\n";
  }
  return s;
}

TEST(Drift, AppearedDisappearedMovedAndCounts) {
  CaseDrift d;
  compare_goldens(golden({"dynamo_start", "describe_tensor", "artifact:a", "guards", "metrics"}),
                  golden({"dynamo_start", "guards", "describe_tensor", "describe_tensor", "artifact:b", "metrics"}), d);
  EXPECT_TRUE(d.drifted());
  EXPECT_EQ(d.artifacts.appeared, std::vector<std::string>{"b"});
  EXPECT_EQ(d.artifacts.disappeared, std::vector<std::string>{"a"});
  EXPECT_EQ(d.kinds.moved.size(), 1u);
  ASSERT_EQ(d.kinds.count_changed.count("describe_tensor"), 1u);
  EXPECT_EQ(d.kinds.count_changed["describe_tensor"], (std::pair<size_t, size_t>{1, 2}));
  EXPECT_TRUE(d.kinds.appeared.empty());
}

TEST(Drift, SameKindsNoDrift) {
  CaseDrift d;
  compare_goldens(golden({"a", "b"}), golden({"a", "b"}), d);
  EXPECT_FALSE(d.drifted());
}

}  // namespace
}  // namespace tc::golden
