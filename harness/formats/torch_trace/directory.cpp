#include "formats/torch_trace/directory.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <set>
#include <system_error>
#include <tuple>

namespace tc::formats::torch_trace {
namespace {

constexpr std::string_view kGzipSuffix = ".gz";

}  // namespace

bool parse_trace_file_name(std::string_view name, int& rank) {
  constexpr std::string_view kPrefix = "dedicated_log_torch_trace_";
  constexpr std::string_view kSuffix = ".log";
  rank = -1;
  if (name.ends_with(kGzipSuffix)) name.remove_suffix(kGzipSuffix.size());
  if (name.size() < kPrefix.size() + kSuffix.size() || name.substr(0, kPrefix.size()) != kPrefix ||
      name.substr(name.size() - kSuffix.size()) != kSuffix)
    return false;
  std::string_view middle = name.substr(kPrefix.size(), name.size() - kPrefix.size() - kSuffix.size());
  constexpr std::string_view kRank = "rank_";
  if (middle.substr(0, kRank.size()) == kRank) {
    std::string_view rest = middle.substr(kRank.size());
    size_t digits = 0;
    while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
    if (digits > 0 && (digits == rest.size() || rest[digits] == '_')) {
      int value = 0;
      auto [p, ec] = std::from_chars(rest.data(), rest.data() + digits, value);
      if (ec == std::errc() && p == rest.data() + digits) rank = value;
    }
  }
  return true;
}

bool list_trace_files(const std::string& dir, std::vector<TraceFile>& files, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    error = ec.message();
    return false;
  }
  std::vector<std::pair<std::string, TraceFile>> found;
  std::set<std::string> names;
  for (const fs::directory_entry& entry : it) {
    std::error_code type_ec;
    if (!entry.is_regular_file(type_ec)) continue;
    std::string name = entry.path().filename().string();
    int rank = -1;
    if (!parse_trace_file_name(name, rank)) continue;
    names.insert(name);
    found.push_back({name, TraceFile{entry.path().string(), rank}});
  }
  // A compressed copy beside its log is the same trace: the log is read.
  std::erase_if(found, [&](const auto& f) {
    return f.first.ends_with(kGzipSuffix) && names.count(f.first.substr(0, f.first.size() - kGzipSuffix.size()));
  });
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return std::make_tuple(a.second.rank >= 0, a.second.rank, a.first) <
           std::make_tuple(b.second.rank >= 0, b.second.rank, b.first);
  });
  files.clear();
  for (auto& f : found) files.push_back(std::move(f.second));
  return true;
}

}  // namespace tc::formats::torch_trace
