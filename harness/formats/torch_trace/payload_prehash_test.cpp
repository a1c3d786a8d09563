#include "formats/torch_trace/payload_prehash.h"

#include <gtest/gtest.h>

#include "diag/reporter.h"
#include "json/parse.h"
#include "formats/torch_trace/reader.h"

namespace tc::formats::torch_trace {
namespace {

Md5 accumulated(const std::vector<std::string>& lines) {
  PayloadAccumulator acc;
  std::string kept;
  acc.start(&kept, 1 << 20);
  for (const std::string& l : lines) {
    acc.begin_line();
    acc.append(l);
  }
  return acc.finish().md5;
}

io::Block block_of(const std::string& text, bool starts_line = true) {
  io::Block b;
  b.data = std::make_unique<char[]>(text.size());
  std::copy(text.begin(), text.end(), b.data.get());
  b.size = text.size();
  b.starts_line = starts_line;
  return b;
}

const std::string kLogPrefix = "V1206 15:18:20.253000 1500233 torch/_logging/structured.py:22] ";

TEST(PayloadPrehash, HashesTheRunsTheReaderWillSeeWholeAsItDoes) {
  io::Block block = block_of(kLogPrefix + "{\"a\": {}, \"has_payload\": \"x\"}\n"  // 10
                "\tfirst\r\n"                                         // 11
                "\t\n"                                                // 12
                "\tlast\n" +                                          // 13
                kLogPrefix + "{\"b\": {}}\n"                             // 14: ends the run above
                "\torphan next to a blank line\n"                     // 15
                "\n" +                                                // 16
                kLogPrefix + "{\"c\": {}}\n"                             // 17
                "\tat the edge\n");                                   // 18: no line after it in the block
  std::vector<PrehashedPayload> runs = prehash_payloads(block);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].envelope_line, 0u);  // line 0 of the block
  EXPECT_EQ(runs[0].lines, 3u);
  EXPECT_EQ(runs[0].bytes, std::string("first\n\nlast").size());
  EXPECT_EQ(runs[0].md5, accumulated({"first", "", "last"}));
}

// The line a block starts in may have begun with a tab (a long payload
// line): the run after it is left to the reader.
TEST(PayloadPrehash, NeverTrustsALineBegunInAnEarlierBlock) {
  io::Block block = block_of("end of line 0\n\tpayload\n" + kLogPrefix + "{\"a\": {}, \"has_payload\": \"x\"}\n\tp\n" +
                                  kLogPrefix + "{}\n",
                              false);
  std::vector<PrehashedPayload> runs = prehash_payloads(block);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].envelope_line, 2u);
}

// A run's text comes joined for the reader to take whole only when the
// reader would report nothing of its lines (valid UTF-8, no CRLF) and it
// fits `keep`, with the JSON parser's padding spare.
TEST(PayloadPrehash, JoinsTheTextOfPlainRunsThatFitTheKeep) {
  const std::string env = kLogPrefix + "{\"a\": {}, \"has_payload\": \"x\"}\n";
  io::Block block = block_of(env + "\tplain\n\t\n\tend\n" +  // 0
                             env + "\tcrlf\r\n\tx\n" +          // 4
                             env + "\tbad \xff\n" +              // 7
                             env + "\t" + std::string(40, 'L') + "\n" + kLogPrefix + "{}\n");  // 9
  std::vector<PrehashedPayload> runs = prehash_payloads(block, 32);
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_TRUE(runs[0].whole);
  EXPECT_EQ(runs[0].text, "plain\n\nend");
  EXPECT_EQ(runs[0].md5, accumulated({"plain", "", "end"}));
  EXPECT_GE(runs[0].text.capacity(), runs[0].text.size() + json::Parser::kPadding);
  EXPECT_FALSE(runs[1].whole);  // CRLF
  EXPECT_FALSE(runs[2].whole);  // not UTF-8
  EXPECT_FALSE(runs[3].whole);  // 40 bytes, over the keep
  EXPECT_EQ(runs[3].md5, accumulated({std::string(40, 'L')}));
  for (const PrehashedPayload& r : prehash_payloads(block)) EXPECT_FALSE(r.whole);  // keep 0
}

// A text taken whole is the kept text with the digest handed over; should
// a line follow after all, the digest is not trusted and all is hashed.
TEST(PayloadPrehash, ATextTakenWholeIsKeptAndStillChecked) {
  Md5 marker;
  marker.fill(0xAB);
  {
    PayloadAccumulator acc;
    std::string kept;
    acc.start(&kept, 1 << 20);
    std::string text = "abc\ndef";
    acc.take_whole(text, marker, 2);
    PayloadAccumulator::Result r = acc.finish();
    EXPECT_EQ(r.md5, marker);
    EXPECT_EQ(r.lines, 2u);
    EXPECT_EQ(r.bytes, 7u);
    EXPECT_EQ(kept, "abc\ndef");
  }
  {
    PayloadAccumulator acc;
    std::string kept;
    acc.start(&kept, 1 << 20);
    std::string text = "abc\ndef";
    acc.take_whole(text, marker, 2);
    acc.begin_line();
    acc.append("ghi");
    PayloadAccumulator::Result r = acc.finish();
    EXPECT_EQ(r.md5, accumulated({"abc", "def", "ghi"}));
    EXPECT_EQ(kept, "abc\ndef\nghi");
  }
}

TEST(PayloadPrehash, LooksUpTheRunAfterAnEnvelopeInLineOrder) {
  PrehashedPayloads runs;
  runs.add({{4, 1, 1, {}}, {8, 2, 3, {}}}, 1);
  runs.add({{0, 1, 1, {}}}, 20);
  EXPECT_EQ(runs.after_envelope(4), nullptr);
  ASSERT_NE(runs.after_envelope(9), nullptr);
  EXPECT_EQ(runs.after_envelope(9)->lines, 2u);
  EXPECT_EQ(runs.after_envelope(5), nullptr);  // forgotten: lookups only go forward
  EXPECT_EQ(runs.after_envelope(20)->envelope_line, 20u);
}

// A PayloadAccumulator handed a digest that does not fit what it then reads
// hashes what it kept.
TEST(PayloadPrehash, AWrongPrehashIsNotTrusted) {
  PayloadAccumulator acc;
  std::string kept;
  acc.start(&kept, 1 << 20);
  acc.use_digest(Md5{}, 1, 3);
  acc.begin_line();
  acc.append("abc");
  acc.begin_line();
  acc.append("def");
  EXPECT_EQ(acc.finish().md5, accumulated({"abc", "def"}));
}

// A digest handed over for the payload that follows is the one returned,
// unhashed (a marker no payload hashes to shows it).
TEST(PayloadPrehash, ATrustedDigestIsReturnedAsGiven) {
  PayloadAccumulator acc;
  std::string kept;
  acc.start(&kept, 1 << 20);
  Md5 marker;
  marker.fill(0xAB);
  acc.use_digest(marker, 2, 7);
  acc.begin_line();
  acc.append("abc");
  acc.begin_line();
  acc.append("def");
  PayloadAccumulator::Result r = acc.finish();
  EXPECT_EQ(r.md5, marker);
  EXPECT_EQ(kept, "abc\ndef");
}

// A payload that outgrows the cap, or holds a blank line, is hashed here
// whole, whatever was handed over.
TEST(PayloadPrehash, APayloadLongerThanTheCapOrWithABlankLineIsHashedHere) {
  Md5 marker;
  marker.fill(0xAB);
  {
    PayloadAccumulator acc;
    std::string kept;
    acc.start(&kept, 4);
    acc.use_digest(marker, 1, 3);  // fits the cap as announced
    acc.begin_line();
    acc.append("abcdefghij");      // but is longer
    EXPECT_EQ(acc.finish().md5, accumulated({"abcdefghij"}));
  }
  {
    PayloadAccumulator acc;
    std::string kept;
    acc.start(&kept, 4);
    acc.use_digest(marker, 1, 10);  // longer than the cap: ignored
    acc.begin_line();
    acc.append("abcdefghij");
    EXPECT_EQ(acc.finish().md5, accumulated({"abcdefghij"}));
  }
  {
    PayloadAccumulator acc;
    std::string kept;
    acc.start(&kept, 1 << 20);
    acc.use_digest(marker, 2, 3);
    acc.begin_line();
    acc.append("a");
    acc.blank_line();
    acc.begin_line();
    acc.append("b");
    PayloadAccumulator::Result r = acc.finish();
    EXPECT_EQ(r.md5, accumulated({"a", "b"}));
    ASSERT_TRUE(r.has_alternative);
    EXPECT_EQ(r.with_blank_lines, accumulated({"a", "", "b"}));
  }
}

}  // namespace
}  // namespace tc::formats::torch_trace
