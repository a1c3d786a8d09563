// Reads one TORCH_TRACE stream (reader.h states the contract). Internal to
// the reader: read_torch_trace() makes one per file.
//
// The line loop (file_reader.cpp) follows tlparse's order of work: blank
// lines are dropped first; tab lines after a record with has_payload are its
// payload; any other line must carry the glog prefix and a JSON envelope
// (envelope_line.cpp). Diagnostics wait until the file is recognised as a
// TORCH_TRACE log, so a file of another format yields one input-format.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "diag/reporter.h"
#include "io/input_source.h"
#include "io/line_reader.h"
#include "json/parse.h"
#include "formats/torch_trace/glog_prefix.h"
#include "formats/torch_trace/payload.h"
#include "formats/torch_trace/payload_prehash.h"
#include "formats/torch_trace/reader.h"
#include "formats/torch_trace/record.h"

namespace tc::formats::torch_trace {

class FileReader {
 public:
  FileReader(std::string display_name, int rank_file, const ReadOptions& options, diag::Reporter& reporter,
             const std::function<void(Record&)>& on_record);

  // False, with `error` set, when the stream cannot be read; malformed
  // input is reported and read past.
  bool read(io::InputSource& source, ReadStats* stats, std::string& error);
  // Payload md5s computed ahead (the source is an io::BlockPipeline whose
  // blocks feed `prehashed`): the reader compares them instead of hashing.
  void use_prehashed(PrehashedPayloads* prehashed) { prehashed_ = prehashed; }

 private:
  enum class Mode { Records, Payload, SkipPayload };
  enum class PieceMode { None, Payload, Skip, Envelope };

  // file_reader.cpp
  void on_line(const io::Line& line);
  void on_piece(const io::Line& piece);
  void on_complete_line(std::string_view text, uint64_t number);
  void on_unmatched_line(std::string_view text, uint64_t number);
  void add_payload_line(std::string_view text_without_tab, uint64_t number);
  void finish_payload();
  void flush_orphans();
  void finish_file();
  void report(std::string_view rule, uint64_t line, uint64_t column, std::string message, std::string kind = {},
              std::string pointer = {}, std::string hint = {});
  void recognise();
  void report_too_long(uint64_t number);

  // envelope_line.cpp
  // `text` is followed by json::Parser::kPadding readable bytes.
  void on_envelope_line(std::string_view text, uint64_t number, const PrefixMatch& m);
  void check_junk(std::string_view text, uint64_t number, const PrefixMatch& m);
  void check_prefix_numbers(std::string_view text, uint64_t number, const PrefixMatch& m, bool written);
  void check_str(uint64_t number);
  void check_rank(uint64_t number);
  void check_fork(std::string_view text, uint64_t number, const PrefixMatch& m);
  void report_envelope_quirks(std::string_view json, uint64_t number, uint64_t json_column);
  void emit();

  std::string name_;
  const ReadOptions& options_;
  diag::Reporter& reporter_;
  const std::function<void(Record&)>& on_record_;

  GlogPrefixMatcher matcher_;
  json::Parser parser_;
  PayloadAccumulator payload_;
  PrehashedPayloads* prehashed_ = nullptr;
  io::LineReader* lines_ = nullptr;  // during read(), for passing over payloads taken whole
  uint64_t hashed_ahead_ = 0;
  uint64_t taken_whole_ = 0;
  Record record_;
  std::string expected_md5_;
  uint64_t payload_last_line_ = 0;
  uint64_t records_ = 0;

  Mode mode_ = Mode::Records;
  PieceMode piece_mode_ = PieceMode::None;
  std::string long_line_;  // an envelope line that came in pieces
  bool long_line_too_long_ = false;
  bool long_line_bad_utf8_ = false;
  uint64_t piece_offset_ = 0;  // bytes of the current long line before this piece

  // Format recognition: diagnostics wait until a glog prefix is seen.
  bool recognised_ = false;
  uint64_t unrecognised_lines_ = 0;
  bool gave_up_ = false;
  char first_unrecognised_byte_ = 0;
  std::vector<diag::Diagnostic> deferred_;

  size_t bom_length_ = 0;
  bool crlf_reported_ = false;
  bool long_line_reported_ = false;  // input-long-line: once per file
  bool launcher_reported_ = false;

  // Orphan payload lines, reported once per run of them.
  uint64_t orphan_first_ = 0, orphan_count_ = 0;
  std::string orphan_hint_;

  // Why the last record did not take a payload (for the orphan hint).
  std::string no_payload_reason_;

  // Rank: the first record carrying one fixes it (tlparse lib.rs:711-729).
  std::optional<int64_t> expected_rank_;
  uint64_t expected_rank_line_ = 0;

  // Processes seen (the prefix's pid), for tt-fork.
  std::optional<uint64_t> first_pid_;
  std::set<uint64_t> pids_;
};

}  // namespace tc::formats::torch_trace
