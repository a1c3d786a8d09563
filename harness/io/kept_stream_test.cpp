#include "io/kept_stream.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <fstream>
#include <string>
#include <thread>

#include "io/input_source.h"
#include "io/temp_dir_for_tests.h"

namespace tc::io {
namespace {

// A pipe whose reading end is opened by path (/dev/fd/N), as a shell's
// <(...) hands one to tracecheck; `bytes` are written from a thread, so a
// stream longer than the pipe's buffer flows as it is read.
class Pipe {
 public:
  explicit Pipe(std::string bytes) {
    int fds[2];
    if (::pipe(fds) != 0) std::abort();
    read_ = fds[0];
    writer_ = std::thread([fd = fds[1], bytes = std::move(bytes)] {
      for (size_t at = 0; at < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + at, bytes.size() - at);
        if (n <= 0) break;
        at += static_cast<size_t>(n);
      }
      ::close(fd);
    });
  }
  ~Pipe() {
    writer_.join();
    ::close(read_);
  }
  std::string path() const { return "/dev/fd/" + std::to_string(read_); }

 private:
  int read_;
  std::thread writer_;
};

std::string read_to_end(InputSource& in, size_t step = 4096) {
  std::string out, buf(step, '\0');
  for (ptrdiff_t n; (n = in.read(buf.data(), buf.size())) > 0;) out.append(buf.data(), static_cast<size_t>(n));
  return out;
}

std::string read_first(InputSource& in, size_t n) {
  std::string out(n, '\0');
  size_t got = 0;
  while (got < n) {
    const ptrdiff_t k = in.read(out.data() + got, n - got);
    if (k <= 0) break;
    got += static_cast<size_t>(k);
  }
  out.resize(got);
  return out;
}

std::string pattern(size_t n) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i * 7 + i / 251) % 26);
  return s;
}

TEST(KeptStream, AShortStreamReadsWholeOnEveryOpen) {
  Pipe pipe("{\"traceEvents\": []}\n");
  std::string error;
  auto first = open_input(pipe.path(), error);
  ASSERT_NE(first, nullptr) << error;
  EXPECT_EQ(read_first(*first, 5), "{\"tra");
  for (int i = 0; i < 3; ++i) {
    auto again = open_input(pipe.path(), error);
    ASSERT_NE(again, nullptr) << error;
    EXPECT_EQ(read_to_end(*again), "{\"traceEvents\": []}\n");
  }
}

TEST(KeptStream, TheFirstReaderPastTheHeadTakesTheRest) {
  const std::string bytes = pattern(kKeptHead * 3 + 123);
  Pipe pipe(bytes);
  std::string error;
  auto sniff = open_input(pipe.path(), error);  // as detect_format reads a head
  ASSERT_NE(sniff, nullptr) << error;
  EXPECT_EQ(read_first(*sniff, 64 << 10), bytes.substr(0, 64 << 10));
  auto reader = open_input(pipe.path(), error);
  ASSERT_NE(reader, nullptr) << error;
  EXPECT_EQ(read_to_end(*reader, 10000), bytes);
  // Every other reader ends where the kept head ends.
  EXPECT_EQ(read_to_end(*sniff), bytes.substr(64 << 10, kKeptHead - (64 << 10)));
  auto late = open_input(pipe.path(), error);
  ASSERT_NE(late, nullptr) << error;
  EXPECT_EQ(read_to_end(*late), bytes.substr(0, kKeptHead));
}

TEST(KeptStream, AGzipStreamIsKeptDecoded) {
  const std::string text = pattern(300000);
  std::string packed(compressBound(text.size()) + 64, '\0');
  z_stream z{};
  ASSERT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), Z_OK);  // 31: a gzip wrapper
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(packed.data());
  z.avail_out = static_cast<uInt>(packed.size());
  ASSERT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  packed.resize(z.total_out);
  deflateEnd(&z);
  Pipe pipe(packed);
  std::string error;
  auto sniff = open_input(pipe.path(), error);
  ASSERT_NE(sniff, nullptr) << error;
  EXPECT_TRUE(sniff->gzip());
  EXPECT_EQ(read_first(*sniff, 1000), text.substr(0, 1000));
  auto reader = open_input(pipe.path(), error);
  ASSERT_NE(reader, nullptr) << error;
  EXPECT_TRUE(reader->gzip());
  EXPECT_EQ(read_to_end(*reader), text);
}

TEST(KeptStream, ARegularFileIsNotKept) {
  testing::TempDir dir;
  const std::string path = (dir.path() / "t.json").string();
  std::ofstream(path) << "first";
  std::string error;
  auto a = open_input(path, error);
  ASSERT_NE(a, nullptr) << error;
  EXPECT_EQ(read_to_end(*a), "first");
  std::ofstream(path) << "second";
  auto b = open_input(path, error);
  ASSERT_NE(b, nullptr) << error;
  EXPECT_EQ(read_to_end(*b), "second");
}

}  // namespace
}  // namespace tc::io
