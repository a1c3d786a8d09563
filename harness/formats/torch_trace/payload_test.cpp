#include "formats/torch_trace/payload.h"

#include <gtest/gtest.h>

#include <string>

namespace tc::formats::torch_trace {
namespace {

PayloadAccumulator::Result accumulate_lines(const std::vector<std::string>& lines, std::string& kept, size_t keep) {
  PayloadAccumulator acc;
  acc.start(&kept, keep);
  for (const std::string& l : lines) {
    if (l == "<blank>") {
      acc.blank_line();
    } else {
      acc.begin_line();
      acc.append(l);
    }
  }
  return acc.finish();
}

TEST(Payload, Md5OfLinesJoinedWithoutTrailingNewline) {
  std::string kept;
  auto r = accumulate_lines({"a", "b"}, kept, 1 << 20);
  EXPECT_EQ(kept, "a\nb");
  EXPECT_EQ(md5_hex(r.md5), "8cdeb44417f3c26826595d5820cf5700");  // md5sum of "a\nb"
  EXPECT_EQ(r.lines, 2u);
  EXPECT_FALSE(r.truncated);
}

TEST(Payload, NoLinesIsTheEmptyString) {
  std::string kept = "stale";
  auto r = accumulate_lines({}, kept, 10);
  EXPECT_EQ(kept, "");
  EXPECT_EQ(md5_hex(r.md5), "d41d8cd98f00b204e9800998ecf8427e");
}

TEST(Payload, HashesPastTheKeepCapAndAcrossBatches) {
  std::string big(100000, 'x');
  std::string kept;
  auto r = accumulate_lines({big, big, big}, kept, 150000);
  EXPECT_EQ(md5_hex(r.md5), "d88c9b9122daa5dacff2aa83457ddd61");
  EXPECT_TRUE(r.truncated);
  EXPECT_EQ(kept.size(), 150000u);
  EXPECT_EQ(r.bytes, 300002u);
}

TEST(Payload, PieceByPieceEqualsWhole) {
  PayloadAccumulator acc;
  std::string kept;
  acc.start(&kept, 1 << 20);
  acc.begin_line();
  acc.append("a");
  acc.begin_line();
  acc.append("");
  acc.append("b");  // a long line's second piece
  auto r = acc.finish();
  EXPECT_EQ(kept, "a\nb");
  EXPECT_EQ(md5_hex(r.md5), "8cdeb44417f3c26826595d5820cf5700");
}

TEST(Payload, BlankLinesAreNotPayloadButGiveAnAlternative) {
  std::string kept;
  auto r = accumulate_lines({"a", "<blank>", "b"}, kept, 1 << 20);
  EXPECT_EQ(kept, "a\nb");
  EXPECT_EQ(md5_hex(r.md5), "8cdeb44417f3c26826595d5820cf5700");
  ASSERT_TRUE(r.has_alternative);
  EXPECT_EQ(md5_hex(r.with_blank_lines), "f3085cccd508e131c268385174aee259");  // "a\n\nb"
  r = accumulate_lines({"a", "<blank>", "<blank>", "b", "c", "<blank>"}, kept, 1 << 20);
  EXPECT_EQ(md5_hex(r.with_blank_lines), "51cc4fce44ddf7a575665c8d3f18475f");  // "a\n\n\nb\nc"
  EXPECT_EQ(r.blank_lines, 3u);
  r = accumulate_lines({"<blank>", "a"}, kept, 1 << 20);  // before the first line: not inside
  EXPECT_FALSE(r.has_alternative);
}

TEST(Payload, DecodesOnlyLowercaseHex) {
  Md5 m{};
  EXPECT_TRUE(decode_md5_hex("d41d8cd98f00b204e9800998ecf8427e", m));
  EXPECT_EQ(md5_hex(m), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_FALSE(decode_md5_hex("D41D8CD98F00B204E9800998ECF8427E", m));
  EXPECT_FALSE(decode_md5_hex("d41d8cd98f00b204e9800998ecf8427", m));
  EXPECT_FALSE(decode_md5_hex("d41d8cd98f00b204e9800998ecf8427e0", m));
  EXPECT_FALSE(decode_md5_hex("", m));
  EXPECT_FALSE(decode_md5_hex("g41d8cd98f00b204e9800998ecf8427e", m));
}

}  // namespace
}  // namespace tc::formats::torch_trace
