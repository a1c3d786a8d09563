#include "formats/torch_trace/checker_ranks.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "formats/torch_trace/rank_consistency.h"
#include "formats/schema_set.h"
#include "formats/torch_trace/checker.h"
#include "formats/torch_trace/directory.h"
#include "formats/torch_trace/reader.h"

namespace tc::formats::torch_trace {
namespace {

bool check_sequential(const std::string& path, unsigned threads, size_t block_bytes, diag::Reporter& reporter,
                      std::string& error) {
  TorchTraceChecker checker(reporter);
  ReadOptions options;
  options.threads = threads;
  if (block_bytes) options.block_bytes = block_bytes;
  bool read = read_torch_trace(
      path, options, reporter, [&](Record& r) { checker.feed(r); }, nullptr, error);
  checker.finish();
  return read;
}

// What one file's check leaves for the merge.
struct FileResult {
  std::unique_ptr<diag::Reporter> reporter;
  RankConsistencyChecker::Summary ranks;
  bool read = true;
  std::string read_error;
  std::exception_ptr error;
};

void check_file(const TraceFile& file, FileResult& out) {
  out.reporter = std::make_unique<diag::Reporter>();
  try {
    TorchTraceChecker checker(*out.reporter);
    out.read = read_trace_file(
        file, ReadOptions{}, *out.reporter, [&](Record& r) { checker.feed(r); }, nullptr,
        out.read_error);
    out.ranks = checker.finish_deferring_ranks();
  } catch (...) {
    out.error = std::current_exception();
  }
}

}  // namespace

bool check_torch_trace(const std::string& path, unsigned jobs, size_t block_bytes, diag::Reporter& reporter,
                       std::string& error) {
  std::error_code ec;
  if (jobs <= 1 || path == "-" || !std::filesystem::is_directory(path, ec))
    return check_sequential(path, jobs, block_bytes, reporter, error);
  // schema-invalid is reported once per run, at the run's first record:
  // per-file checkers would report it once per file.
  if (!torch_trace_schemas().error.empty()) return check_sequential(path, jobs, block_bytes, reporter, error);
  std::vector<TraceFile> files;
  std::string list_error;
  // A directory that cannot be listed, or holds no file, is the sequential
  // reader's to report.
  if (!list_trace_files(path, files, list_error) || files.size() < 2)
    return check_sequential(path, jobs, block_bytes, reporter, error);

  const size_t n = files.size();
  std::vector<FileResult> results(n);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++) check_file(files[i], results[i]);
  };
  const size_t workers = std::min<size_t>(jobs, n);
  std::vector<std::thread> pool;
  pool.reserve(workers);
  for (size_t t = 0; t < workers; ++t) pool.emplace_back(work);
  for (std::thread& t : pool) t.join();

  // The merge, in file order: as read_torch_trace() over the directory, the
  // result fails when a file failed and `error` is the last failure's
  // message; findings follow the sequential order (formats/torch_trace/checker.h).
  bool read = true;
  RankConsistencyChecker ranks(reporter);
  for (FileResult& r : results) {
    if (r.error) std::rethrow_exception(r.error);
    reporter.absorb(std::move(*r.reporter));
    r.reporter.reset();
    ranks.merge(std::move(r.ranks));
    if (!r.read) {
      read = false;
      error = std::move(r.read_error);
    }
  }
  ranks.finish();
  return read;
}

}  // namespace tc::formats::torch_trace
