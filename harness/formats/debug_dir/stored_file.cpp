#include "formats/debug_dir/stored_file.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>

#include "io/file.h"
#include "io/input_source.h"

namespace tc::formats::debug_dir {
namespace fs = std::filesystem;

namespace {
constexpr std::string_view kGzipSuffix = ".gz";
}  // namespace

std::string_view name_as_written(std::string_view name) {
  if (name.ends_with(kGzipSuffix)) name.remove_suffix(kGzipSuffix.size());
  return name;
}

fs::path stored_path(const fs::path& plain) {
  std::error_code ec;
  if (fs::is_regular_file(plain, ec)) return plain;
  fs::path twin = plain;
  twin += kGzipSuffix;
  if (fs::is_regular_file(twin, ec)) return twin;
  return {};
}

bool read_stored(const fs::path& path, uint64_t limit, std::string& out, std::string& error) {
  out.clear();
  std::unique_ptr<io::InputSource> in = io::open_input(path.string(), error);
  if (!in) return false;
  constexpr size_t kChunk = size_t{1} << 16;
  while (out.size() < limit) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(kChunk, limit - out.size()));
    const size_t at = out.size();
    out.resize(at + want);
    const ptrdiff_t n = in->read(out.data() + at, want);
    if (n < 0) {
      out.resize(at);
      error = in->error();
      return false;
    }
    out.resize(at + static_cast<size_t>(n));
    if (n == 0) break;
  }
  return true;
}

bool read_stored_whole(const fs::path& plain, uint64_t gzip_limit, std::string& out, fs::path& path) {
  path = stored_path(plain);
  if (path.empty()) return false;
  if (path != plain) {
    std::string error;
    return read_stored(path, gzip_limit + 1, out, error) && out.size() <= gzip_limit;
  }
  std::optional<std::string> text = io::read_file(path.string());
  if (!text) return false;
  out = std::move(*text);
  return true;
}

}  // namespace tc::formats::debug_dir
