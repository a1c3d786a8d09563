// Streams a TORCH_TRACE log, record by record, in one pass.
//
// Inputs: a file, a .gz file, "-" for stdin, or a TORCH_TRACE directory. A
// directory is read as one run: its files named
// dedicated_log_torch_trace_[rank_<N>_]*.log are read in rank order, each
// with its own rank and diagnostics (other files are ignored, as tlparse
// does); Record::file names the file a record came from.
//
// Contract: memory stays bounded whatever the file size (payloads are
// hashed incrementally and kept only up to ReadOptions::max_kept_payload);
// every defect is reported to the Reporter with file:line:col and a rule id
// from diag/rule_catalog; `str` intern records are passed on like any other
// record (scrub rules drop them).
//
// Format recognition: a file none of whose first 16 non-blank lines carries
// a glog prefix is reported once as input-format (1:1) and not read further;
// an empty file (or one of blank lines only) as input-empty.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "diag/reporter.h"
#include "io/input_source.h"
#include "formats/torch_trace/directory.h"
#include "formats/torch_trace/record.h"

namespace tc::formats::torch_trace {

struct ReadOptions {
  size_t max_kept_payload = size_t{64} << 20;  // bytes of payload text kept per record
  // Longer envelope lines are reported, not parsed. PyTorch puts large data in
  // payloads, so real envelopes stay far below this; the limit bounds memory
  // (an envelope is held whole to parse it: the line plus its parsed value).
  size_t max_line_bytes = size_t{16} << 20;
  size_t max_piece = size_t{4} << 20;          // longer lines are read in pieces of this size
  // Threads reading one file: above 1, the file is read ahead in blocks of
  // block_bytes whose payloads other threads hash (payload_prehash.h); the
  // records and findings are the same whatever the numbers.
  unsigned threads = 1;
  size_t block_bytes = size_t{1} << 20;
};

struct ReadStats {
  uint64_t records = 0;
  uint64_t bytes = 0;
  uint64_t files = 0;
  uint64_t payloads_hashed_ahead = 0;  // payloads whose md5 came from payload_prehash.h
  uint64_t payloads_taken_whole = 0;   // ...and whose text too, their lines passed over unread
};

// Hands every record to `on_record` and reports findings to `reporter`.
// False, with `error` set, when an input cannot be opened or read (the
// Reporter is not used for I/O failures); malformed input is reported and
// read past. `stats` may be null.
bool read_torch_trace(const std::string& path, const ReadOptions& options, diag::Reporter& reporter,
                      const std::function<void(Record&)>& on_record, ReadStats* stats, std::string& error);

// Reads one file of a TORCH_TRACE directory exactly as read_torch_trace()
// reads it there (named by its path, with the rank of its name), for
// callers that read a directory's files themselves, e.g. on several threads.
// Returns as read_torch_trace() does, for this file alone.
bool read_trace_file(const TraceFile& file, const ReadOptions& options, diag::Reporter& reporter,
                     const std::function<void(Record&)>& on_record, ReadStats* stats, std::string& error);

// Reads one opened log (a file's bytes, decompressed) as read_torch_trace()
// reads a file, naming it `display`: for input that is not a file, such as
// the fuzz target's.
bool read_trace_source(io::InputSource& source, std::string display, int rank_file, const ReadOptions& options,
                       diag::Reporter& reporter, const std::function<void(Record&)>& on_record, ReadStats* stats,
                       std::string& error);

}  // namespace tc::formats::torch_trace
