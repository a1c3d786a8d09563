#include "formats/torch_trace/reader.h"

#include <fmt/format.h>

#include <filesystem>

#include "io/block_pipeline.h"
#include "io/input_source.h"
#include "formats/torch_trace/directory.h"
#include "formats/torch_trace/file_reader.h"
#include "formats/torch_trace/payload_prehash.h"

namespace tc::formats::torch_trace {
namespace {

bool read_one(const std::string& path, std::string display, int rank_file, const ReadOptions& options,
              diag::Reporter& reporter, const std::function<void(Record&)>& on_record, ReadStats* stats,
              std::string& error) {
  std::string open_error;
  std::unique_ptr<io::InputSource> source = io::open_input(path, open_error);
  if (!source) {
    error = fmt::format("{}: {}", display, open_error);
    return false;
  }
  if (stats) ++stats->files;
  if (path == "-") display = source->name();
  return read_trace_source(*source, std::move(display), rank_file, options, reporter, on_record, stats, error);
}

}  // namespace

bool read_trace_source(io::InputSource& source, std::string display, int rank_file, const ReadOptions& options,
                       diag::Reporter& reporter, const std::function<void(Record&)>& on_record, ReadStats* stats,
                       std::string& error) {
  FileReader reader(std::move(display), rank_file, options, reporter, on_record);
  if (options.threads <= 1) return reader.read(source, stats, error);
  PrehashedPayloads prehashed;
  using Runs = std::vector<PrehashedPayload>;
  io::BlockPipeline blocks(
      source, options.threads,
      [keep = options.max_kept_payload](io::Block& b) { b.prepared = prehash_payloads(b, keep); },
      [&](io::Block& b) { prehashed.add(std::move(std::any_cast<Runs&>(b.prepared)), b.first_line); },
      options.block_bytes);
  reader.use_prehashed(&prehashed);
  return reader.read(blocks, stats, error);
}

bool read_trace_file(const TraceFile& file, const ReadOptions& options, diag::Reporter& reporter,
                     const std::function<void(Record&)>& on_record, ReadStats* stats, std::string& error) {
  return read_one(file.path, file.path, file.rank, options, reporter, on_record, stats, error);
}

bool read_torch_trace(const std::string& path, const ReadOptions& options, diag::Reporter& reporter,
                      const std::function<void(Record&)>& on_record, ReadStats* stats, std::string& error) {
  std::error_code ec;
  if (path != "-" && std::filesystem::is_directory(path, ec)) {
    std::vector<TraceFile> files;
    std::string list_error;
    if (!list_trace_files(path, files, list_error)) {
      error = fmt::format("{}: {}", path, list_error);
      return false;
    }
    if (files.empty()) {
      reporter.report("input-format", {path, 1, 1},
                      "the directory holds no dedicated_log_torch_trace_*.log file (nor .log.gz)", {}, {},
                      "pass the directory TORCH_TRACE pointed to, or one log file");
      return true;
    }
    bool read = true;  // every file is read; `error` keeps the last failure
    for (const TraceFile& f : files)
      if (!read_trace_file(f, options, reporter, on_record, stats, error)) read = false;
    return read;
  }
  return read_one(path, path, -1, options, reporter, on_record, stats, error);
}

}  // namespace tc::formats::torch_trace
