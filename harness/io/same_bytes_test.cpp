#include "io/same_bytes.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

namespace tc::io {
namespace {

// Every length up to 40 (each load width, their overlaps and memcmp's
// range), equal and with one byte differing at each position: the same
// verdict as memcmp. The bytes lie at the very end of their allocations, so
// a read past them is an ASan error.
TEST(SameBytes, AgreesWithMemcmpAtEveryLengthAndPosition) {
  for (size_t n = 0; n <= 40; ++n) {
    auto a = std::make_unique<char[]>(n + 1), b = std::make_unique<char[]>(n + 1);
    char* pa = a.get() + 1;
    char* pb = b.get() + 1;
    for (size_t i = 0; i < n; ++i) pa[i] = pb[i] = static_cast<char>('a' + i % 26);
    EXPECT_TRUE(same_bytes(pa, pb, n)) << n;
    for (size_t i = 0; i < n; ++i) {
      pb[i] ^= 0x20;
      EXPECT_EQ(same_bytes(pa, pb, n), std::memcmp(pa, pb, n) == 0) << n << " " << i;
      EXPECT_FALSE(same_bytes(pa, pb, n)) << n << " " << i;
      pb[i] ^= 0x20;
    }
  }
}

TEST(SameBytes, ViewsOfOtherSizesDiffer) {
  EXPECT_TRUE(same_bytes(std::string_view("External id"), std::string_view("External id")));
  EXPECT_FALSE(same_bytes(std::string_view("External id"), std::string_view("External i")));
  EXPECT_FALSE(same_bytes(std::string_view("External id"), std::string_view("External ix")));
  EXPECT_TRUE(same_bytes(std::string_view(), std::string_view("")));
}

}  // namespace
}  // namespace tc::io
