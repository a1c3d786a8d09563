// The files a TORCH_TRACE directory holds for one run.
//
// Contract: the files named dedicated_log_torch_trace_[rank_<N>_]*.log (the
// names PyTorch's LazyTraceHandler gives them; "rank_<N>.log" without the
// random suffix is accepted too, as tlparse's fixtures use it), and the same
// names gzipped (NAME.log.gz, as logs are kept by CI jobs and by tracecheck's
// raw captures; the reader knows gzip by its bytes) unless NAME.log is there
// too, sorted: files without a rank first (by name), then by rank, then by
// name. Other files and subdirectories are ignored, as tlparse
// --all-ranks-html does.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tc::formats::torch_trace {

struct TraceFile {
  std::string path;
  int rank = -1;  // from the name; -1 when it has none
};

// True when `name` is a trace file name, gzipped or not; sets `rank` (-1
// when it has none).
bool parse_trace_file_name(std::string_view name, int& rank);

// Returns false (and sets `error`) when the directory cannot be listed.
bool list_trace_files(const std::string& dir, std::vector<TraceFile>& files, std::string& error);

}  // namespace tc::formats::torch_trace
