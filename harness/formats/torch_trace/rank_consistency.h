// Across the rank files of one distributed run (one TORCH_TRACE folder):
// every rank must compile the same graphs in the same order, the desync
// question tlparse users ask when one rank hangs in a collective.
//
// A rank's compile sequence is, in file order, each dynamo_start (its
// compile id) and each dynamo_output_graph (its compile id and the md5 of
// its graph code, from has_payload). Every rank is compared with the lowest
// rank; the first entry where they differ, or where one sequence ends
// before the other, is reported once per rank at that rank's record.
//
// Contract: feed() every record (any order of files); finish() compares.
// Checking rank files on several threads (one checker per file): each
// checker hands its compile sequences out with take_summary() instead of
// comparing; merge() takes the summaries in the order a single checker
// would have been fed their files, then finish() reports exactly what that
// single checker reports. Files without a rank (Record::rank_file, else the envelope's rank) are
// ignored, as is a folder with fewer than two ranks; only the first file
// of a rank counts. Memory is bounded by the number of compiles.
//
// Reports: tt-rank-desync.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "diag/reporter.h"
#include "formats/torch_trace/record.h"

namespace tc::formats::torch_trace {

class RankConsistencyChecker {
 public:
  explicit RankConsistencyChecker(diag::Reporter& reporter) : reporter_(reporter) {}

  struct Entry {
    std::string compile_id;  // "F/C", "!A/F/C", "!A"
    std::string graph_md5;   // empty for a dynamo_start
    uint64_t line = 0;
  };
  struct Rank {
    std::string file;
    std::vector<Entry> entries;
  };
  using Summary = std::map<int64_t, Rank>;  // by rank

  void feed(const Record& record);
  void finish();

  // The compile sequences fed so far, by rank; leaves this checker empty
  // (its finish() then reports nothing).
  Summary take_summary();
  // As if the records behind `summary` were fed now: a rank already seen
  // keeps its first file (entries of that same file are appended).
  void merge(Summary&& summary);

 private:
  static std::string describe(const Entry& e);

  diag::Reporter& reporter_;
  Summary ranks_;
};

}  // namespace tc::formats::torch_trace
