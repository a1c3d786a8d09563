// A trace format: how tracecheck recognises one kind of trace, checks it in
// one streaming pass and renders its canonical (golden) text. Each format
// defines one function returning its Format (declared below) and is listed
// once in format/registry.cpp, so `check`, `run` and `replay` learn a new
// format without being edited. (An explicit list, not static registrars:
// the library is static and the linker drops unreferenced objects.)
//
// Contract:
// - sniff() looks only at SniffInput (the first bytes of a file, or a
//   directory's entry names) and returns a confidence: 0 = not this format,
//   higher wins; detect_format() picks the highest, ties go to the format
//   registered first, and 0 everywhere is "unrecognized".
// - check() makes one pass over one input (a file, a ".gz" file, "-" or a
//   directory), reports findings to request.reporter, never throws or aborts
//   on bad input, and returns kExitOk, or kExitIo with io_error set when the
//   input cannot be opened or read. Findings locate the file they point into
//   by its path (Location::file).
// - When request.canonical is set, check() also appends the scrubbed
//   canonical text of the input: one Section per file it read, labelled with
//   a stable name that never contains a random part of the file name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diag/reporter.h"

namespace tc::scrub {
struct RuleUse;
}

namespace tc::format {

struct SniffInput {
  std::string path;
  bool is_directory = false;
  std::string_view head;             // first bytes of the file (decompressed when .gz);
                                     // empty for a directory
  std::vector<std::string> entries;  // a directory's entry names, sorted; empty for a file
};

struct Section {
  std::string label;  // e.g. "rank_0", "log", "chrome_trace/step_1"
  std::string file;   // the path findings in this section carry in Location::file
  std::string text;   // scrubbed canonical text
};

struct CheckRequest {
  std::string path;
  diag::Reporter* reporter = nullptr;
  std::string rules;                             // scrub rule set id ("" = the format's default set)
  std::vector<Section>* canonical = nullptr;     // when set, receives the golden text
  // With canonical: only the sections' labels and files are wanted (a
  // verdicts-only golden keeps no trace text), so a format may leave text
  // empty instead of rendering it (chrome_trace does).
  bool labels_only = false;
  std::vector<std::string>* problems = nullptr;  // failures no golden can accept (a scrub rule that failed)
  // When set (with canonical), receives the hits per rule of the rule set
  // applied, summed over every file; entries are appended or summed by id.
  std::vector<scrub::RuleUse>* rule_usage = nullptr;
};

struct Format {
  std::string id;           // "torch_trace", "chrome_trace", "execution_trace", "debug_dir"
  std::string description;  // one line, shown by `tracecheck check --help`
  int (*sniff)(const SniffInput& input) = nullptr;
  int (*check)(const CheckRequest& request, std::string& io_error) = nullptr;
  // The consumer profiles whose verdicts `check` prints for this format when
  // none is named (diag/profile.h), first = the default one.
  std::vector<std::string> consumer_profiles = {};
  // Whether a finding's line number names the same record in every capture
  // of one workload: true only where the emitter writes the same lines before
  // every record each time (TORCH_TRACE: one envelope line per record, in
  // program order). Chrome traces and execution traces are not: how many
  // events or nodes precede a record varies run to run (profiler threads,
  // warm-up steps). Goldens keep line numbers only for such formats
  // (golden/golden_doc.h); false, the default, is the safe answer.
  bool stable_line_numbers = false;
  // The scrub rule set check() renders canonical text with when the request
  // names none; goldens name it in their header.
  std::string default_rules = {};
};

const std::vector<Format>& all_formats();
const Format* find_format(std::string_view id);

// Reads the head of `path` (or lists it) and asks every format. Returns
// nullptr with `why` set when nothing claims it or it cannot be read; then
// `*blank` (when given) tells an empty or whitespace-only file (read whole,
// up to the 64 KiB head), which no format claims and "empty" describes best.
const Format* detect_format(const std::string& path, std::string& why, bool* blank = nullptr);

// One function per format, each defined beside its reader.
Format torch_trace_format();
Format chrome_trace_format();
Format execution_trace_format();
Format debug_dir_format();

}  // namespace tc::format
