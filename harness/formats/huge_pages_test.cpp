#include "formats/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tc::formats {
namespace {

struct Record {
  uint64_t id = 0, parent = 0;
  uint32_t column = 0;
};

TEST(HugePageBlocks, ElementsStayPutAcrossBlocks) {
  HugePageBlocks<Record> table;
  EXPECT_TRUE(table.empty());
  const size_t n = 2 * HugePageBlocks<Record>::kPerBlock + 3;  // into a third block
  table.push_back({7, 0, 1});
  const Record* first = &table[0];
  for (uint64_t i = 1; i < n; ++i) table.push_back({i, i - 1, static_cast<uint32_t>(i % 1000)});
  ASSERT_EQ(table.size(), n);
  EXPECT_EQ(&table[0], first);  // no copy when it grew
  EXPECT_EQ(table[0].id, 7u);
  for (size_t i : {size_t{1}, HugePageBlocks<Record>::kPerBlock - 1, HugePageBlocks<Record>::kPerBlock,
                   2 * HugePageBlocks<Record>::kPerBlock, n - 1}) {
    EXPECT_EQ(table[i].id, i);
    EXPECT_EQ(table[i].parent, i - 1);
    EXPECT_EQ(table[i].column, i % 1000);
  }
  // A block is 2 MiB, aligned for a huge page.
  EXPECT_EQ(reinterpret_cast<uintptr_t>(&table[HugePageBlocks<Record>::kPerBlock]) % kHugePage, 0u);
}

TEST(HugePageAllocator, BigAllocationsAreAlignedAndSmallOnesAreOrdinary) {
  std::vector<uint32_t, HugePageAllocator<uint32_t>> big(HugePageAllocator<uint32_t>::kHuge / sizeof(uint32_t), 5);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big.data()) % HugePageAllocator<uint32_t>::kHuge, 0u);
  EXPECT_EQ(big.back(), 5u);
  big.resize(3 * big.size(), 9);  // grows into another aligned allocation, the old values copied
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big.data()) % HugePageAllocator<uint32_t>::kHuge, 0u);
  EXPECT_EQ(big.front(), 5u);
  EXPECT_EQ(big.back(), 9u);
  std::vector<uint32_t, HugePageAllocator<uint32_t>> small(16, 1);
  EXPECT_EQ(small[15], 1u);
}

}  // namespace
}  // namespace tc::formats
