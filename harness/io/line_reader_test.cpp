#include "io/line_reader.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "io/block_pipeline.h"
#include "io/input_source.h"
#include "io/memory_source.h"
#include "io/newlines.h"
#include "io/utf8.h"

namespace tc::io {
namespace {

struct Got {
  std::string text;
  uint64_t number;
  bool crlf, partial, continuation, valid;
};

std::vector<Got> read_all(InputSource& src, size_t max_piece = 1 << 20, size_t chunk = 16) {
  LineReader reader(src, max_piece, chunk);
  std::vector<Got> out;
  Line line;
  while (reader.next(line))
    out.push_back({std::string(line.text), line.number, line.crlf, line.partial, line.continuation, line.valid_utf8});
  EXPECT_FALSE(reader.failed());
  return out;
}

TEST(LineReader, SplitsLinesWithNumbers) {
  MemorySource src("a\nbb\n\nccc");
  auto lines = read_all(src);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].text, "a");
  EXPECT_EQ(lines[1].text, "bb");
  EXPECT_EQ(lines[2].text, "");
  EXPECT_EQ(lines[3].text, "ccc");
  EXPECT_EQ(lines[3].number, 4u);
}

TEST(LineReader, TrailingNewlineMakesNoExtraLine) {
  MemorySource src("a\nb\n");
  EXPECT_EQ(read_all(src).size(), 2u);
  MemorySource empty("");
  EXPECT_TRUE(read_all(empty).empty());
}

TEST(LineReader, CrlfIsStrippedLikeRustLines) {
  MemorySource src("a\r\n\r\nb\rc\nlast\r");
  auto lines = read_all(src);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].text, "a");
  EXPECT_TRUE(lines[0].crlf);
  EXPECT_EQ(lines[1].text, "");      // a CRLF blank line is blank
  EXPECT_EQ(lines[2].text, "b\rc");  // a lone CR stays
  EXPECT_FALSE(lines[2].crlf);
  EXPECT_EQ(lines[3].text, "last\r");  // no newline: the CR stays (str::lines)
}

TEST(LineReader, FlagsInvalidUtf8PerLine) {
  MemorySource src("ok\nbad\xff\n\xc3\xa9t\xc3\xa9\nok again\n");
  auto lines = read_all(src, 1 << 20, 4096);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_TRUE(lines[0].valid);
  EXPECT_FALSE(lines[1].valid);
  EXPECT_TRUE(lines[2].valid);
  EXPECT_TRUE(lines[3].valid);
}

TEST(LineReader, LongLinesComeInPiecesThatKeepUtf8AndCrlfWhole) {
  std::string longline;
  for (int i = 0; i < 50; ++i) longline += "\xc3\xa9x";  // 3 bytes each
  MemorySource src("short\n" + longline + "\r\nnext\n");
  auto lines = read_all(src, 16, 8);
  std::string joined;
  size_t pieces = 0;
  for (const Got& g : lines) {
    if (g.number != 2) continue;
    ++pieces;
    EXPECT_TRUE(g.valid) << "a piece split a UTF-8 sequence";
    joined += g.text;
  }
  EXPECT_GT(pieces, 5u);
  EXPECT_EQ(joined, longline);
  EXPECT_TRUE(lines[1].partial);
  EXPECT_FALSE(lines[1].continuation);
  EXPECT_EQ(lines.back().text, "next");
  EXPECT_EQ(lines.back().number, 3u);
  // The last piece of line 2 carries the CRLF flag.
  for (size_t i = 0; i + 1 < lines.size(); ++i)
    if (lines[i].number == 2 && !lines[i].partial) EXPECT_TRUE(lines[i].crlf);
}

TEST(LineReader, PaddingAfterEveryLineIsReadable) {
  MemorySource src("x\nyy\n", 1);
  LineReader reader(src, 64, 16);
  Line line;
  while (reader.next(line)) {
    // Reading kPadding bytes past the end must stay inside the buffer; the
    // sanitizer build turns a violation into a failure.
    volatile char sink = 0;
    for (size_t i = 0; i < LineReader::kPadding; ++i) sink = sink ^ line.text.data()[line.text.size() + i];
  }
}

// Lends its bytes `step` at a time (and copies them out on read()), and
// remembers where it lent them.
class LendingSource : public InputSource {
 public:
  LendingSource(std::string data, size_t step, bool vouch)
      : size_(data.size()), data_(std::move(data)), step_(step), vouch_(vouch) {
    data_.append(kLendPadding, '\0');
  }
  ptrdiff_t read(char* buf, size_t n) override {
    const size_t k = std::min({n, step_, size_ - pos_});
    std::memcpy(buf, data_.data() + pos_, k);
    pos_ += k;
    return static_cast<ptrdiff_t>(k);
  }
  bool lends() const override { return true; }
  ptrdiff_t lend(Lent& out) override {
    const size_t k = std::min(step_, size_ - pos_);
    const std::string_view lent(data_.data() + pos_, k);
    out.data = lent.data();
    out.valid_utf8 = vouch_ && is_valid_utf8(lent);
    ends_ = find_line_ends(lent);
    out.line_ends = vouch_ ? &ends_ : nullptr;
    pos_ += k;
    return static_cast<ptrdiff_t>(k);
  }
  bool lent(std::string_view text) const {
    return text.data() >= data_.data() && text.data() + text.size() <= data_.data() + size_;
  }

 private:
  size_t size_;
  std::string data_;
  size_t step_;
  bool vouch_;  // says which lent bytes are valid UTF-8, and where their lines end
  std::vector<uint32_t> ends_;
  size_t pos_ = 0;
};

// Lent bytes give the lines copied ones give, field for field, whatever
// the lending steps and the piece size; whole lines come in place.
TEST(LineReader, LentBytesGiveTheLinesOfCopiedOnes) {
  const std::string longline(300, 'L');
  const std::vector<std::string> inputs = {
      "a\nbb\n\nccc",
      "a\r\n\r\nb\rc\nlast\r",
      "ok\nbad\xff\n\xc3\xa9t\xc3\xa9\nok again\n",
      "short\n" + longline + "\r\nnext\n" + longline,
      std::string(70, 'x') + "\n" + std::string(5, 'y') + "\n\n" + longline + "\xff\n" + "end\n",
      std::string(64, 'p') + "\n" + std::string(64, 'q') + "\r\nend\n",  // exactly max_piece (64): whole
      "",
      "\n\n",
  };
  for (const std::string& input : inputs) {
    for (size_t max_piece : {size_t{64}, size_t{1} << 20}) {
      MemorySource copied(input, 5);
      const std::vector<Got> want = read_all(copied, max_piece, 16);
      for (size_t step : {size_t{1}, size_t{7}, size_t{64}, size_t{1000}}) {
        for (bool vouch : {false, true}) {
          LendingSource lending(input, step, vouch);
          LineReader reader(lending, max_piece, 16);
          std::vector<Got> got;
          size_t in_place = 0;
          Line line;
          while (reader.next(line)) {
            got.push_back(
                {std::string(line.text), line.number, line.crlf, line.partial, line.continuation, line.valid_utf8});
            if (lending.lent(line.text) && !line.text.empty()) ++in_place;
          }
          EXPECT_FALSE(reader.failed());
          ASSERT_EQ(got.size(), want.size()) << "step " << step << ", max_piece " << max_piece;
          for (size_t i = 0; i < got.size(); ++i) {
            EXPECT_EQ(got[i].text, want[i].text) << i;
            EXPECT_EQ(got[i].number, want[i].number) << i;
            EXPECT_EQ(got[i].crlf, want[i].crlf) << i;
            EXPECT_EQ(got[i].partial, want[i].partial) << i;
            EXPECT_EQ(got[i].continuation, want[i].continuation) << i;
            EXPECT_EQ(got[i].valid, want[i].valid) << i;
          }
          EXPECT_EQ(reader.bytes(), input.size());
          if (step == 1000 && max_piece > 1000 && !want.empty() && !want.front().text.empty())
            EXPECT_GT(in_place, 0u) << "no line came in place";
        }
      }
    }
  }
}

// skip() passes over lines only where they lie whole in the bytes lent now,
// with their ends known and no piece among them; the numbers go on as if
// they had been read, and a refusal passes over nothing.
TEST(LineReader, SkipPassesOverWholeLentLinesOnly) {
  const std::string input = "a\nbb\n" + std::string(20, 'c') + "\ndddd\ne\n";
  Line line;
  {
    LendingSource lending(input, 1000, /*vouch=*/true);
    LineReader reader(lending, 1 << 20, 16);
    ASSERT_TRUE(reader.next(line));
    EXPECT_TRUE(reader.skip(2));
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line.text, "dddd");
    EXPECT_EQ(line.number, 4u);
    EXPECT_FALSE(reader.skip(2));  // one line left
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line.text, "e");
    EXPECT_EQ(line.number, 5u);
    EXPECT_FALSE(reader.next(line));
    EXPECT_EQ(reader.bytes(), input.size());
  }
  {  // Lines of up to max_piece bytes each pass, however long together.
    LendingSource lending(input, 1000, true);
    LineReader reader(lending, 20, 16);
    ASSERT_TRUE(reader.next(line));
    EXPECT_TRUE(reader.skip(2));  // 2 + 20 bytes
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line.text, "dddd");
  }
  // Refused: line ends unknown, lines past the bytes lent now, a line that
  // would come in pieces, a source that does not lend.
  LendingSource unvouched(input, 1000, false);
  LendingSource stepped(input, 7, true);
  LendingSource lending(input, 1000, true);
  MemorySource copied(input, 5);
  struct Case {
    InputSource& source;
    size_t max_piece;
  } cases[] = {{unvouched, 1 << 20}, {stepped, 1 << 20}, {lending, 16}, {copied, 1 << 20}};
  for (Case& c : cases) {
    LineReader reader(c.source, c.max_piece, 16);
    ASSERT_TRUE(reader.next(line));
    EXPECT_FALSE(reader.skip(2));
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line.text, "bb");
    EXPECT_EQ(line.number, 2u);
  }
}

std::string gzip(const std::string& data) {
  z_stream zs{};
  deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&zs, data.size()) + 32, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

TEST(GzipSource, DecompressesConcatenatedMembers) {
  auto src = make_gzip_source(std::make_unique<MemorySource>(gzip("one\ntwo\n") + gzip("three\n"), 5));
  auto lines = read_all(*src);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[2].text, "three");
}

TEST(GzipSource, TruncatedStreamIsADataError) {
  std::string z = gzip(std::string(10000, 'a') + "\n");
  auto src = make_gzip_source(std::make_unique<MemorySource>(z.substr(0, z.size() / 2)));
  LineReader reader(*src);
  Line line;
  while (reader.next(line)) {
  }
  EXPECT_TRUE(reader.failed());
  EXPECT_TRUE(reader.data_error());
  EXPECT_NE(reader.error().find("truncated"), std::string::npos);
}

// The bytes before the cut of a truncated stream: all of them, whatever
// the size of the reads (a short read must not strand what inflate holds).
std::string decoded_before_error(const std::string& z, size_t read_size) {
  auto src = make_gzip_source(std::make_unique<MemorySource>(z, 4096));
  std::string out(read_size, '\0'), all;
  ptrdiff_t n;
  while ((n = src->read(out.data(), read_size)) > 0) all.append(out.data(), static_cast<size_t>(n));
  EXPECT_EQ(n, -1);
  EXPECT_TRUE(src->data_error());
  return all;
}

TEST(GzipSource, ATruncatedStreamYieldsTheSameBytesToShortAndLongReads) {
  std::string text;
  for (int i = 0; i < 3000; ++i) text += "line " + std::to_string(i * 7919 % 10007) + "\n";
  const std::string z = gzip(text);
  for (size_t cut_at = z.size() / 3; cut_at < z.size() - 8; cut_at += z.size() / 7) {
    const std::string cut = z.substr(0, cut_at);
    const std::string whole = decoded_before_error(cut, 1 << 20);
    ASSERT_GT(whole.size(), 0u);
    EXPECT_EQ(text.compare(0, whole.size(), whole), 0);
    for (size_t size : {1u, 7u, 100u, 256u, 4096u}) {
      const std::string decoded = decoded_before_error(cut, size);
      EXPECT_EQ(decoded.size(), whole.size()) << "reads of " << size << ", cut at " << cut_at;
      EXPECT_TRUE(decoded == whole);
    }
  }
}

// A member's trailer: its CRC-32 and length are checked, a cut one is a
// truncation, and bytes after the last member must be another member.
TEST(GzipSource, TheTrailerIsCheckedAndNothingButMembersFollows) {
  const std::string text = "one\ntwo\nthree\n";
  const std::string z = gzip(text);
  auto error_of = [](const std::string& input, std::string* decoded = nullptr) {
    for (size_t step : {1u, 3u, 4096u}) {
      auto src = make_gzip_source(std::make_unique<MemorySource>(input, step));
      std::string out(5, '\0'), all;
      ptrdiff_t n;
      while ((n = src->read(out.data(), out.size())) > 0) all.append(out.data(), static_cast<size_t>(n));
      if (decoded) *decoded = all;
      if (n == 0) return std::string("no error");
      if (!src->data_error()) return "not a data error: " + src->error();
      if (step == 4096u) return src->error();
    }
    return std::string();
  };
  std::string bad_crc = z;
  bad_crc[z.size() - 8] ^= 1;  // the CRC-32's first byte
  std::string decoded;
  EXPECT_EQ(error_of(bad_crc, &decoded), "corrupt gzip stream: incorrect data check");
  EXPECT_EQ(decoded, text);  // what was decoded still comes first
  std::string bad_size = z;
  bad_size[z.size() - 1] ^= 1;  // ISIZE's last byte
  EXPECT_NE(error_of(bad_size).find("corrupt gzip stream"), std::string::npos);
  EXPECT_NE(error_of(z.substr(0, z.size() - 3)).find("truncated"), std::string::npos);
  EXPECT_EQ(error_of(z + "garbage after the member"), "corrupt gzip stream: incorrect header check");
  EXPECT_EQ(error_of(z + "junk"), "corrupt gzip stream: incorrect header check");  // shorter than a header
  EXPECT_EQ(error_of(z + z), "no error");
}

TEST(OpenInput, MissingFileAndDirectoryCannotBeOpened) {
  std::string error;
  EXPECT_EQ(open_input("/nonexistent/x.log", error), nullptr);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(open_input("/", error), nullptr);
  EXPECT_EQ(error, "is a directory");
}

TEST(OpenInput, RecognisesGzipByMagicNotName) {
  char path[] = "/tmp/tracecheck_gz_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  std::string z = gzip("hello\nworld\n");
  ASSERT_EQ(write(fd, z.data(), z.size()), static_cast<ssize_t>(z.size()));
  close(fd);
  std::string error;
  auto src = open_input(path, error);
  ASSERT_NE(src, nullptr) << error;
  EXPECT_TRUE(src->gzip());
  auto lines = read_all(*src);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].text, "world");
  unlink(path);
}

}  // namespace
}  // namespace tc::io
