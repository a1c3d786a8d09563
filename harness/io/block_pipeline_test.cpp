#include "io/block_pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "io/memory_source.h"
#include "io/newlines.h"
#include "io/utf8.h"

namespace tc::io {
namespace {

struct Seen {
  uint64_t first_line;
  bool starts_line;
  size_t size;
  std::string prepared;
};

// Serves `text` through a pipeline, returns what was served and the blocks
// as on_served saw them.
std::string through_pipeline(const std::string& text, unsigned threads, size_t block_bytes, std::vector<Seen>& seen) {
  MemorySource source(text, 5);
  BlockPipeline pipeline(
      source, threads, [](Block& b) { b.prepared = std::string("prepared:") + std::to_string(b.size); },
      [&](Block& b) { seen.push_back({b.first_line, b.starts_line, b.size, std::any_cast<std::string>(b.prepared)}); },
      block_bytes);
  std::string out;
  char buf[3];
  ptrdiff_t n;
  while ((n = pipeline.read(buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  EXPECT_EQ(n, 0);
  return out;
}

TEST(BlockPipeline, ServesTheInputInOrderInBlocksOfWholeLines) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += std::string(static_cast<size_t>(i % 23), 'a' + i % 26) + "\n";
  text += std::string(100, 'x') + "\n" + "last line without a newline";
  for (unsigned threads : {1u, 2u, 5u}) {
    for (size_t block : {1u, 7u, 64u, 1000u, 1u << 20}) {
      std::vector<Seen> seen;
      ASSERT_EQ(through_pipeline(text, threads, block, seen), text) << threads << " threads, blocks of " << block;
      size_t offset = 0;
      for (const Seen& s : seen) {
        const std::string before = text.substr(0, offset);
        EXPECT_EQ(s.first_line, 1 + std::count(before.begin(), before.end(), '\n'));
        EXPECT_EQ(s.starts_line, offset == 0 || text[offset - 1] == '\n');
        EXPECT_EQ(s.prepared, "prepared:" + std::to_string(s.size));
        offset += s.size;
        // A block ends after a '\n', unless it is full of one line or the last.
        const bool ends_line = text[offset - 1] == '\n';
        EXPECT_TRUE(ends_line || s.size == block || offset == text.size()) << offset;
      }
    }
  }
}

// lend() hands out what read() would, each block's rest at once, followed
// by readable padding; the two calls may be mixed.
TEST(BlockPipeline, LendsTheBytesItServesInPlace) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += std::string(static_cast<size_t>(i % 31), 'a' + i % 26) + "\n";
  text += "no newline at the end";
  for (unsigned threads : {1u, 2u, 4u}) {
    for (size_t block : {1u, 64u, 1000u}) {
      MemorySource source(text, 9);
      std::vector<size_t> sizes;
      BlockPipeline pipeline(source, threads, [](Block&) {}, [&](Block& b) { sizes.push_back(b.size); }, block);
      ASSERT_TRUE(pipeline.lends());
      std::string out;
      size_t lends = 0, vouched = 0, with_ends = 0;
      for (;;) {
        if (lends % 3 == 2) {  // a short read now and then
          char c;
          const ptrdiff_t n = pipeline.read(&c, 1);
          ASSERT_GE(n, 0);
          if (n == 0) break;
          out += c;
          ++lends;
          continue;
        }
        InputSource::Lent lent;
        const ptrdiff_t n = pipeline.lend(lent);
        ASSERT_GE(n, 0);
        if (n == 0) break;
        const char* data = lent.data;
        const bool valid = lent.valid_utf8;
        if (lent.line_ends) {
          EXPECT_EQ(*lent.line_ends, find_line_ends(std::string_view(data, static_cast<size_t>(n))));
          ++with_ends;
        }
        out.append(data, static_cast<size_t>(n));
        if (valid) {
          EXPECT_TRUE(is_valid_utf8(std::string_view(data, static_cast<size_t>(n))));
          ++vouched;
        }
        volatile char sink = 0;
        for (size_t i = 0; i < InputSource::kLendPadding; ++i) sink = sink ^ data[n + static_cast<ptrdiff_t>(i)];
        ++lends;
      }
      EXPECT_EQ(out, text) << threads << " threads, blocks of " << block;
      EXPECT_GE(lends, sizes.size());
      EXPECT_GT(vouched, 0u) << "a whole block of ASCII lent as valid UTF-8";
      EXPECT_GT(with_ends, 0u) << "a whole block lent with its line ends";
    }
  }
}

TEST(BlockPipeline, AnEmptyInputServesNothing) {
  std::vector<Seen> seen;
  EXPECT_EQ(through_pipeline("", 3, 16, seen), "");
  EXPECT_TRUE(seen.empty());
}

// A source that fails after its bytes.
class FailingSource : public InputSource {
 public:
  explicit FailingSource(std::string bytes) : bytes_(std::move(bytes)) { name_ = "failing"; }
  ptrdiff_t read(char* buf, size_t n) override {
    if (at_ == bytes_.size()) {
      error_ = "read failed";
      data_error_ = true;
      return -1;
    }
    const size_t k = std::min(n, bytes_.size() - at_);
    std::copy_n(bytes_.data() + at_, k, buf);
    at_ += k;
    return static_cast<ptrdiff_t>(k);
  }

 private:
  std::string bytes_;
  size_t at_ = 0;
};

TEST(BlockPipeline, PassesAReadErrorOnAfterTheBytesBeforeIt) {
  FailingSource source("one\ntwo\nthr");
  BlockPipeline pipeline(source, 2, [](Block&) {}, [](Block&) {}, 4);
  std::string out;
  char buf[16];
  ptrdiff_t n;
  while ((n = pipeline.read(buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  EXPECT_EQ(n, -1);
  EXPECT_EQ(out, "one\ntwo\nthr");
  EXPECT_EQ(pipeline.error(), "read failed");
  EXPECT_TRUE(pipeline.data_error());
}

TEST(BlockPipeline, StopsCleanlyWhenTheReaderStopsEarly) {
  std::string text(1 << 16, 'a');
  for (size_t i = 0; i < text.size(); i += 10) text[i] = '\n';
  MemorySource source(text, 4096);
  BlockPipeline pipeline(source, 4, [](Block&) {}, [](Block&) {}, 256);
  char buf[10];
  EXPECT_GT(pipeline.read(buf, sizeof buf), 0);
}  // the destructor joins the helpers

}  // namespace
}  // namespace tc::io
