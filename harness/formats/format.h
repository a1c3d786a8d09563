// A trace format: how tracecheck recognises one kind of trace, checks it in
// one streaming pass and renders its canonical (golden) text. Each format
// defines one function returning its Format (declared in
// formats/NAME/format.h) and is listed once in formats/registry/registry.cpp,
// so `check`, `run` and `replay` learn a new format without being edited.
// (An explicit list, not static registrars:
// the library is static and the linker drops unreferenced objects.)
//
// Contract:
// - sniff() looks only at SniffInput (the first bytes of a file, or a
//   directory's entry names) and returns a confidence: 0 = not this format,
//   higher wins; detect_format() picks the highest, ties go to the format
//   registered first, and 0 everywhere is "unrecognized".
// - check() makes one pass over one input (a file, a ".gz" file, "-" or a
//   directory), reports findings to request.reporter, never throws or aborts
//   on bad input, and returns true, or false with io_error set when the
//   input cannot be opened or read. Findings locate the file they point into
//   by its path (Location::file).
// - When request.canonical is set, check() also appends the scrubbed
//   canonical text of the input: one Section per file it read, labelled with
//   a stable name that never contains a random part of the file name.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "diag/rule_catalog.h"
#include "formats/drawing.h"

namespace tc::scrub {
struct RuleUse;
}

namespace tc::formats {

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
  // Threads the check may use within this input (a TORCH_TRACE directory's
  // rank files, a file read ahead in blocks); its findings are the same
  // whatever the number.
  unsigned jobs = 1;
  // The size of the blocks a file is read ahead in when jobs > 1 (0: the
  // format's default); small blocks make the differential tests cross many
  // block boundaries.
  size_t block_bytes = 0;
};

// One record of a section of canonical text, as diffs and drift align them
// (golden/record_diff.h, golden/drift.h): a first line and the lines after
// it. Records of equal key (kind, name, scope) are paired in order.
struct Record {
  std::string kind;   // what the record is ("describe_tensor", "artifact"); "?" for lines outside any record
  std::string name;   // a finer name within the kind ("fx_graph_runnable" for an artifact), or ""
  std::string scope;  // where in the trace it belongs (a compile id, "0/1"), "-" for nowhere
  std::string line;   // its first line
  std::vector<std::string> payload;  // the lines after it
};

// What Format::stream_scrub did: printed the whole input, or stopped because
// the input cannot be read or the rule set cannot be used (its `error` says
// why). cli/scrub_command.cpp turns it into an exit code.
enum class StreamScrubResult { Printed, InputUnreadable, RulesUnusable };

// `tracecheck scrub` of a format whose canonical form is a stream of
// records, printed as they are read (Format::stream_scrub).
struct StreamScrubRequest {
  std::string path;
  std::string rules;                    // the rule set ("<id>/<name>" or a path)
  std::vector<std::string> enabled;     // rule-set options turned on
  std::optional<std::string> capture;   // capture mode: the one artifact to print
  diag::Reporter* reporter = nullptr;   // the input's own findings
  std::function<void(const std::string& text)> print;       // each printed record, in order
  std::function<void(const diag::Diagnostic& d)> unprinted;  // a record the rule set cannot print
};

struct Format {
  std::string id;           // "torch_trace", "chrome_trace", "execution_trace", "debug_dir"
  std::string description;  // one line, shown by `tracecheck check --help`
  int (*sniff)(const SniffInput& input) = nullptr;
  bool (*check)(const CheckRequest& request, std::string& io_error) = nullptr;
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
  // The member of a file's top-level object that holds its one big array
  // (the events, the nodes), which `validate` streams element by element
  // (schema/streamed_document.h) and readers split; empty when the format's
  // files are not one JSON document around such an array.
  std::string streamed_array = {};
  // What the format's files are called in a sentence ("execution traces"),
  // for messages that list what tracecheck reads; empty for a format of
  // directories only.
  std::string file_noun = {};
  // Whether a directory no format claims is read as this format, whose
  // reader then says what such a directory must hold (one format at most).
  bool reads_unclaimed_directories = false;
  // Loads a rule set of this format ("<id>/<name>" or a path) and says what
  // is wrong with it, before any trace is read; nullptr when a broken set is
  // only found while rendering (then it is one of CheckRequest::problems).
  bool (*check_rules)(std::string_view ref, std::string& error) = nullptr;
  // Prints the input record by record through the rule set, `error` set
  // unless the result is Printed. nullptr: `tracecheck scrub` prints the
  // canonical text check() renders.
  StreamScrubResult (*stream_scrub)(const StreamScrubRequest& request, std::string& error) = nullptr;
  // Whether a section label of a golden (CheckRequest's Section::label) is
  // one of this format's; nullptr: the labels that start with "<id>/".
  bool (*owns_section)(std::string_view label) = nullptr;
  // Cuts one section's canonical text (its label, its lines) into records;
  // nullptr: the section is one record of kind "?".
  std::vector<Record> (*split_records)(std::string_view label, const std::vector<std::string>& lines) = nullptr;
  // What drift (golden/drift.h) calls the names of its records: "records"
  // (a metadata key, an event's or node's path, a file), or a format's own
  // word ("artifacts": TORCH_TRACE names only its artifacts).
  std::string name_noun = "records";
  // Draws one section's canonical text for a person (formats/drawing.h), at
  // most `budget` nodes; nullptr: the format's sections are not drawn.
  Drawing (*draw)(std::string_view label, const std::vector<std::string>& lines, size_t budget) = nullptr;
  // The external parser presets (external/presets.h) that read this format's
  // files, by the names case files use ("tlparse").
  std::vector<std::string> external_parsers = {};
  // What one record it counts for event accounting is called ("event";
  // Reporter::close_record, diag/accounting.h); "record" when unnamed.
  std::string record_noun = "record";
  // The rules its checks report, beside the common ones (diag/rule_catalog.h),
  // and the profiles of the consumers that read it; the registry's catalog()
  // holds them all.
  std::span<const diag::Rule> rules = {};
  std::vector<diag::Profile> profiles = {};
};

}  // namespace tc::formats
