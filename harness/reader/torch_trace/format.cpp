// The TORCH_TRACE format (format/format.h): glog-prefixed log lines, or a
// TORCH_TRACE directory of per-rank files.
#include "format/format.h"

#include "checks/torch_trace_checker.h"
#include "diag/exit_code.h"
#include "reader/torch_trace/directory.h"
#include "reader/torch_trace/reader.h"

namespace tc::format {
namespace {

// A glog line starts with a level letter and MMDD: "I1122 ..." (possibly
// after a "[rankN]:" launcher prefix, which the reader diagnoses).
bool looks_like_glog(std::string_view line) {
  if (line.rfind("[rank", 0) == 0) {
    size_t close = line.find("]:");
    if (close == std::string_view::npos) return false;
    line.remove_prefix(close + 2);
  }
  if (line.size() < 6 || std::string_view("VIWEF").find(line[0]) == std::string_view::npos) return false;
  for (size_t i = 1; i <= 4; ++i)
    if (line[i] < '0' || line[i] > '9') return false;
  return true;
}

int sniff(const SniffInput& in) {
  if (in.is_directory) {
    int rank = -1;
    for (const std::string& e : in.entries)
      if (reader::parse_trace_file_name(e, rank)) return 50;
    return 0;
  }
  std::string_view head = in.head;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  // The first non-blank line decides.
  while (!head.empty() && (head.front() == '\n' || head.front() == '\r')) head.remove_prefix(1);
  return looks_like_glog(head.substr(0, head.find('\n'))) ? 50 : 0;
}

int check(const CheckRequest& request, std::string& io_error) {
  checks::TorchTraceChecker checker(*request.reporter);
  reader::ReadOptions options;
  int rc = reader::read_torch_trace(
      request.path, options, *request.reporter, [&](reader::Record& r) { checker.feed(r); }, nullptr, &io_error);
  checker.finish();
  return rc;
}

}  // namespace

Format torch_trace_format() {
  return {"torch_trace",
          "TORCH_TRACE structured compile logs (files, .gz, '-' or a "
          "TORCH_TRACE directory)",
          sniff, check};
}

}  // namespace tc::format
