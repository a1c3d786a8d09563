#include "io/newlines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace tc::io {
namespace {

// Lines of every length up to 36, some ending in CRLF, cut anywhere: in the
// vectorized stretch, its tail and the bytes after it.
std::string lines_of_every_length() {
  std::string text;
  for (int i = 0; i < 500; ++i) text += std::string(static_cast<size_t>(i % 37), 'a') + (i % 5 ? "\n" : "\r\n");
  return text;
}

const size_t kCuts[] = {0, 1, 15, 16, 17, 100, 127, 128, 129, 4095, 4096, 4097, 32767, 32768, 32769, 40000};

TEST(Newlines, FindLineEndsFindsEveryNewline) {
  const std::string text = lines_of_every_length();
  for (size_t cut : kCuts) {
    const std::string_view part(text.data(), std::min(cut, text.size()));
    std::vector<uint32_t> want;
    for (size_t i = 0; i < part.size(); ++i)
      if (part[i] == '\n') want.push_back(static_cast<uint32_t>(i));
    EXPECT_EQ(find_line_ends(part), want) << cut;
    EXPECT_EQ(find_line_ends_baseline(part), want) << cut;
  }
}

// Counting goes on past 255 rounds (64 or 128 bytes each), where the byte
// lanes are summed, and from any alignment.
TEST(Newlines, CountNewlinesCountsEveryNewline) {
  const std::string text = lines_of_every_length() + std::string(40000, '\n');
  for (size_t from : {size_t{0}, size_t{3}})
    for (size_t cut : kCuts) {
      const std::string_view part = std::string_view(text).substr(from, std::min(cut, text.size() - from));
      const auto want = static_cast<uint64_t>(std::count(part.begin(), part.end(), '\n'));
      EXPECT_EQ(count_newlines(part), want) << from << " " << cut;
      EXPECT_EQ(count_newlines_baseline(part), want) << from << " " << cut;
    }
  const std::string_view all(text);
  EXPECT_EQ(count_newlines(all), static_cast<uint64_t>(std::count(all.begin(), all.end(), '\n')));
  EXPECT_EQ(count_newlines_baseline(all), static_cast<uint64_t>(std::count(all.begin(), all.end(), '\n')));
}

}  // namespace
}  // namespace tc::io
