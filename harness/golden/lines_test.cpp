#include "golden/lines.h"

#include <gtest/gtest.h>

namespace tc::golden {
namespace {

TEST(GoldenLines, AFinalNewlineAddsNoLineAndAMissingOneStaysVisible) {
  EXPECT_EQ(lines_of("a\nb\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(lines_of("a\nb"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(lines_of("a\n\nb\n"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(lines_of("\n"), (std::vector<std::string>{""}));
  EXPECT_TRUE(lines_of("").empty());
}

TEST(GoldenLines, ViewsPointIntoTheText) {
  const std::string text = "first\nsecond";
  std::vector<std::string_view> views = line_views(text);
  ASSERT_EQ(views.size(), 2u);
  EXPECT_EQ(views[1], "second");
  EXPECT_EQ(views[1].data(), text.data() + 6);
}

}  // namespace
}  // namespace tc::golden
