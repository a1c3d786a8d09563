#include "formats/torch_trace/file_reader.h"

#include <fmt/format.h>

#include <algorithm>

#include "io/utf8.h"

namespace tc::formats::torch_trace {
namespace {

// A file is a TORCH_TRACE log when one of its first non-blank lines has a
// glog prefix; a log always starts with one, this leaves room for junk.
constexpr uint64_t kSniffLines = 16;
constexpr size_t kMaxBlankLinesKept = 4096;
constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr const char* kWhatALogLooksLike =
    "a TORCH_TRACE log has lines like 'V1206 15:18:20.253000 1500233 torch/_logging/structured.py:22] "
    "{\"str\": [\"/a.py\", 0]}'";

static_assert(io::LineReader::kPadding >= json::Parser::kPadding, "lines must carry the JSON parser's padding");

}  // namespace

FileReader::FileReader(std::string display_name, int rank_file, const ReadOptions& options, diag::Reporter& reporter,
                       const std::function<void(Record&)>& on_record)
    : name_(std::move(display_name)), options_(options), reporter_(reporter), on_record_(on_record) {
  record_.file = &name_;
  record_.rank_file = rank_file;
}

bool FileReader::read(io::InputSource& source, ReadStats* stats, std::string& error) {
  io::LineReader lines(source, options_.max_piece);
  io::Line line;
  uint64_t last_line = 0;
  lines_ = &lines;
  while (!gave_up_ && lines.next(line)) {
    last_line = line.number;
    on_line(line);
  }
  lines_ = nullptr;
  if (stats) stats->bytes += lines.bytes();
  if (lines.failed()) {
    if (!lines.data_error()) {
      error = fmt::format("{}: {}", name_, lines.error());
      return false;
    }
    // A corrupt compressed stream is malformed input, not an I/O failure.
    recognise();
    reporter_.report("input-format", {name_, last_line + 1, 1}, lines.error(), {}, {},
                     "the compressed file is damaged or truncated; recompress it from the original log");
  }
  finish_file();
  if (stats) {
    stats->records += records_;
    stats->payloads_hashed_ahead += hashed_ahead_;
    stats->payloads_taken_whole += taken_whole_;
  }
  return true;
}

void FileReader::report(std::string_view rule, uint64_t line, uint64_t column, std::string message, std::string kind,
                        std::string pointer, std::string hint) {
  diag::Diagnostic d;
  d.rule = std::string(rule);
  d.location = {name_, line, column};
  d.message = std::move(message);
  d.record_kind = std::move(kind);
  d.pointer = std::move(pointer);
  d.hint = std::move(hint);
  if (recognised_)
    reporter_.report(std::move(d));
  else
    deferred_.push_back(std::move(d));
}

void FileReader::report_too_long(uint64_t number) {
  report("input-line-too-long", number, 1,
         fmt::format("the line is longer than {} bytes; it was not checked", options_.max_line_bytes), {}, {},
         "no PyTorch envelope is this long; the file is damaged (a missing newline?)");
}

void FileReader::recognise() {
  if (recognised_) return;
  recognised_ = true;
  for (auto& d : deferred_) reporter_.report(std::move(d));
  deferred_.clear();
}

void FileReader::on_line(const io::Line& line) {
  if (prehashed_) prehashed_->forget_before(line.number);
  if (line.crlf && !crlf_reported_) {
    crlf_reported_ = true;
    report("input-crlf", line.number, line.text.size() + 1, "lines end with CRLF (first here)", {}, {},
           "PyTorch writes LF; a tool rewrote the file (tlparse reads CRLF the same)");
  }
  if (line.number == 1 && !line.continuation && line.text.substr(0, kBom.size()) == kBom) {
    bom_length_ = kBom.size();
    report("input-bom", 1, 1, "the file starts with a UTF-8 byte order mark", {}, {},
           "PyTorch never writes one; strict JSON readers reject the first record");
  }
  if (line.partial || line.continuation) {
    on_piece(line);
    return;
  }
  if (!line.valid_utf8) {
    report("input-invalid-utf8", line.number, io::first_invalid_utf8(line.text) + 1,
           "the line holds bytes that are not UTF-8", {}, {},
           "tlparse stops with 'stream did not contain valid UTF-8' (exit 1); the log was damaged or written "
           "with another encoding");
  }
  on_complete_line(line.text, line.number);
}

void FileReader::on_piece(const io::Line& piece) {
  std::string_view text = piece.text;
  if (!piece.continuation) {
    piece_offset_ = 0;
    long_line_bad_utf8_ = false;
    long_line_too_long_ = false;
    piece_mode_ = PieceMode::Skip;
    if (mode_ == Mode::Payload) {
      if (text[0] == '\t') {
        piece_mode_ = PieceMode::Payload;
        add_payload_line(text.substr(1), piece.number);
        text = {};
      } else {
        finish_payload();
      }
    } else if (mode_ == Mode::SkipPayload) {
      if (text[0] == '\t')
        text = {};
      else
        mode_ = Mode::Records;
    }
    if (piece_mode_ == PieceMode::Skip && !text.empty()) {
      PrefixMatch m;
      if (matcher_.match(text, m)) {
        flush_orphans();
        recognise();
        piece_mode_ = PieceMode::Envelope;
        long_line_.assign(text);
        if (!long_line_reported_) {
          long_line_reported_ = true;
          report("input-long-line", piece.number, 1,
                 fmt::format("the envelope line is longer than {} bytes (first here)", options_.max_piece), {}, {},
                 "PyTorch interns strings and moves large data to payloads; a line this long is usually "
                 "lines joined by a lost newline");
        }
      } else {
        on_unmatched_line(text, piece.number);
      }
    }
  } else {
    switch (piece_mode_) {
      case PieceMode::Payload:
        payload_.append(text);
        break;
      case PieceMode::Envelope:
        if (long_line_.size() + text.size() > options_.max_line_bytes) {
          report_too_long(piece.number);
          long_line_too_long_ = true;
          std::string().swap(long_line_);
          piece_mode_ = PieceMode::Skip;
        } else {
          // Grow by doubling, never past the limit plus the parser's padding:
          // the limit bounds memory, so capacity must not overshoot it.
          size_t need = long_line_.size() + text.size() + json::Parser::kPadding;
          if (need > long_line_.capacity())
            long_line_.reserve(
                std::min(std::max(need, 2 * long_line_.capacity()), options_.max_line_bytes + json::Parser::kPadding));
          long_line_.append(text);
        }
        break;
      default:
        break;
    }
  }
  if (!piece.valid_utf8 && !long_line_bad_utf8_) {
    long_line_bad_utf8_ = true;
    report("input-invalid-utf8", piece.number, piece_offset_ + io::first_invalid_utf8(piece.text) + 1,
           "the line holds bytes that are not UTF-8", {}, {},
           "tlparse stops with 'stream did not contain valid UTF-8' (exit 1)");
  }
  piece_offset_ += piece.text.size();
  if (piece.partial) return;
  // The last piece: the line is complete.
  if (piece_mode_ == PieceMode::Envelope) {
    size_t size = long_line_.size();
    long_line_.append(json::Parser::kPadding, '\0');
    std::string_view full(long_line_.data(), size);
    PrefixMatch m;
    if (matcher_.match(full, m)) on_envelope_line(full, piece.number, m);
    std::string().swap(long_line_);
  } else if (long_line_too_long_) {
    mode_ = Mode::SkipPayload;  // its payload lines, if any, went with it
  }
  piece_mode_ = PieceMode::None;
}

void FileReader::on_complete_line(std::string_view text, uint64_t number) {
  if (text.empty()) {
    // tlparse drops blank lines before looking at them (lib.rs:512-520), so
    // one inside a payload neither ends it nor enters its md5.
    if (mode_ == Mode::Payload) {
      payload_.blank_line();
      if (record_.payload_lines > 0 && record_.payload_blank_lines.size() < kMaxBlankLinesKept)
        record_.payload_blank_lines.push_back(number);
      report("tt-blank-line", number, 1, "blank line inside a payload", std::string(record_.kind), {},
             "tlparse drops it, so it is not part of the payload or its md5; PyTorch writes an empty "
             "payload line as a lone tab");
    } else {
      report("tt-blank-line", number, 1, "blank line between records", {}, {},
             "PyTorch never writes one; tlparse drops it");
    }
    return;
  }
  if (mode_ == Mode::Payload) {
    if (text[0] == '\t') {
      add_payload_line(text.substr(1), number);
      return;
    }
    finish_payload();
  } else if (mode_ == Mode::SkipPayload) {
    if (text[0] == '\t') return;  // the payload of an envelope already reported
    mode_ = Mode::Records;
  }
  if (text.size() > options_.max_line_bytes) {
    // Lines this long usually come in pieces (on_piece); a buffer can still
    // hold one whole when the limit is set low.
    report_too_long(number);
    mode_ = Mode::SkipPayload;
    return;
  }
  PrefixMatch m;
  if (!matcher_.match(text, m)) {
    on_unmatched_line(text, number);
    return;
  }
  flush_orphans();
  recognise();
  on_envelope_line(text, number, m);
}

void FileReader::on_unmatched_line(std::string_view text, uint64_t number) {
  if (!recognised_) {
    if (unrecognised_lines_ == 0) {
      size_t skip = number == 1 && bom_length_ < text.size() ? bom_length_ : 0;
      first_unrecognised_byte_ = text[skip];
    }
    if (++unrecognised_lines_ >= kSniffLines) {
      gave_up_ = true;
      deferred_.clear();
      bool json = first_unrecognised_byte_ == '{' || first_unrecognised_byte_ == '[';
      reporter_.report("input-format", {name_, 1, 1},
                       json ? "a JSON document, not a TORCH_TRACE log"
                            : fmt::format("not a TORCH_TRACE log: none of the first {} non-blank lines has a "
                                          "glog prefix",
                                          kSniffLines),
                       {}, {},
                       json ? "tracecheck check reads TORCH_TRACE logs (files or directories)" : kWhatALogLooksLike);
      return;
    }
  }
  if (text[0] == '\t') {
    if (orphan_count_ == 0) {
      orphan_first_ = number;
      orphan_hint_ = no_payload_reason_;
    }
    ++orphan_count_;
    return;
  }
  flush_orphans();
  report("tt-prefix", number, 1, explain_prefix_failure(text), {}, {},
         "tlparse counts the line as fail_glog (--strict fails)");
}

void FileReader::add_payload_line(std::string_view text_without_tab, uint64_t number) {
  if (record_.payload_lines == 0) record_.payload_first_line = number;
  payload_last_line_ = number;
  ++record_.payload_lines;
  payload_.begin_line();
  payload_.append(text_without_tab);
}

void FileReader::finish_payload() {
  mode_ = Mode::Records;
  PayloadAccumulator::Result result = payload_.finish();
  record_.payload_lines = result.lines;
  record_.payload_truncated = result.truncated;
  Md5 expected{};
  if (!decode_md5_hex(expected_md5_, expected)) {
    record_.md5_ok = false;
    report("tt-has-payload", record_.line, envelope_location(record_, "/has_payload").column,
           fmt::format("has_payload \"{}\" is not 32 lowercase hex digits", expected_md5_), record_label(record_),
           "/has_payload",
           "tlparse decodes it as lowercase hex and counts fail_payload_md5 otherwise; PyTorch writes "
           "hashlib.md5(payload).hexdigest()");
  } else if (expected != result.md5) {
    record_.md5_ok = false;
    std::string hint;
    if (result.has_alternative && result.with_blank_lines == expected) {
      hint = fmt::format(
          "it matches when the {} blank line(s) inside the payload are read as empty payload lines: "
          "something stripped their tab (PyTorch writes a lone tab); tlparse drops blank lines",
          result.blank_lines);
    } else if (result.lines == 0) {
      hint = "the record has has_payload but no payload lines follow it";
    } else {
      hint = fmt::format("the payload (lines {}-{}) was edited or truncated after PyTorch wrote it",
                         record_.payload_first_line, payload_last_line_);
      if (result.blank_lines > 0)
        hint += fmt::format("; {} blank line(s) inside it lost more than their tab", result.blank_lines);
    }
    report("tt-payload-md5", record_.line, envelope_location(record_, "/has_payload").column,
           fmt::format("payload md5 {} differs from has_payload {} ({} payload lines, {} bytes)", md5_hex(result.md5),
                       expected_md5_, result.lines, result.bytes),
           record_label(record_), "/has_payload", std::move(hint));
  }
  no_payload_reason_.clear();
  emit();
}

void FileReader::flush_orphans() {
  if (orphan_count_ == 0) return;
  std::string hint = orphan_hint_.empty() ? "the record before them has no has_payload" : orphan_hint_;
  hint += "; tlparse reads each as an unrecognized line (fail_glog)";
  report("tt-orphan-payload", orphan_first_, 1,
         fmt::format("{} tab-prefixed payload line(s) without a record that takes a payload", orphan_count_), {}, {},
         std::move(hint));
  orphan_count_ = 0;
}

void FileReader::finish_file() {
  if (mode_ == Mode::Payload) finish_payload();
  flush_orphans();
  if (gave_up_ || recognised_) return;
  deferred_.clear();
  if (unrecognised_lines_ == 0) {
    reporter_.report("input-empty", {name_, 1, 1}, "the input holds no records (it is empty or blank)", {}, {},
                     "PyTorch creates the file at its first record; an empty log means nothing was traced");
  } else {
    reporter_.report("input-format", {name_, 1, 1}, "not a TORCH_TRACE log: no line has a glog prefix", {}, {},
                     kWhatALogLooksLike);
  }
}

}  // namespace tc::formats::torch_trace
