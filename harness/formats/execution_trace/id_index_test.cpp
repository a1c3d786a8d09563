#include "formats/execution_trace/id_index.h"

#include <gtest/gtest.h>

namespace tc::formats::execution_trace {
namespace {

TEST(IdIndex, KeepsTheFirstPositionOfEachId) {
  IdIndex index;
  bool inserted = false;
  EXPECT_EQ(index.insert(1, 0, inserted), 0u);
  EXPECT_TRUE(inserted);
  EXPECT_EQ(index.insert(2, 1, inserted), 1u);
  EXPECT_EQ(index.insert(1, 2, inserted), 0u);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(index.find(1), 0u);
  EXPECT_EQ(index.find(2), 1u);
  EXPECT_FALSE(index.find(3));
  EXPECT_FALSE(index.contains(0));
}

// Ids far past the others (and id 0, and the largest) are found as dense
// ones are, before and after the dense part grows over them.
TEST(IdIndex, SparseAndHugeIdsAreFoundAsDenseOnes) {
  IdIndex index;
  bool inserted = false;
  index.insert(UINT64_MAX, 0, inserted);
  index.insert(1'000'000'000'000, 1, inserted);
  index.insert(50'000, 2, inserted);  // beyond the dense part yet: the map
  for (uint64_t id = 0; id < 20'000; ++id) index.insert(id, 3 + id, inserted);  // grows the dense part past 50000
  EXPECT_EQ(index.find(UINT64_MAX), 0u);
  EXPECT_EQ(index.find(1'000'000'000'000), 1u);
  EXPECT_EQ(index.find(50'000), 2u);
  EXPECT_EQ(index.insert(50'000, 99, inserted), 2u);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(index.find(0), 3u);
  EXPECT_EQ(index.find(19'999), 20'002u);
  EXPECT_FALSE(index.find(20'000));
  EXPECT_FALSE(index.find(49'999));
}

// A position too large for a dense slot is kept whole.
TEST(IdIndex, PositionsPast32BitsAreKeptWhole) {
  IdIndex index;
  bool inserted = false;
  const size_t far = size_t{5} << 32;
  index.insert(7, far, inserted);
  EXPECT_EQ(index.find(7), far);
}

}  // namespace
}  // namespace tc::formats::execution_trace
