// libFuzzer target: what reads golden texts, which people edit by hand and
// merge: the header, the sections, the record split of each format's
// traces, the record-aligned and unified diffs, drift and the baseline
// judgement (report/baseline.h), and the emitter-version order.
//
// The input is two texts split at its first NUL byte (the golden, then the
// actual); an input without one is the golden, and the actual is the same
// text with its middle line dropped and every line's first digit changed,
// so that a real golden as a seed is compared with a near copy of itself.
// Each text is also compared with itself: no diff, no drift, no new defect.
// Any of those failing traps, as does a diff longer than its bound. The
// input's first line, as an emitter id, is ordered against fixed ones.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "golden/drift.h"
#include "golden/golden_doc.h"
#include "golden/record_diff.h"
#include "report/baseline.h"

namespace {

std::string near_copy(std::string_view text) {
  std::string out;
  size_t lines = 0;
  for (char c : text) lines += c == '\n';
  size_t line = 0;
  bool changed = false;
  for (char c : text) {
    if (line != lines / 2) {
      if (!changed && c >= '0' && c <= '8') {
        out += static_cast<char>(c + 1);
        changed = true;
      } else {
        out += c;
      }
    }
    if (c == '\n') {
      ++line;
      changed = false;
    }
  }
  return out;
}

size_t count_lines(const std::string& text) {
  size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

void compare(const std::string& golden, const std::string& actual) {
  tc::golden::DiffOptions options;
  options.max_lines = 40;
  for (const char* mode : {"records", "unified"}) {
    const std::string diff = tc::golden::golden_diff(golden, actual, "golden", mode, options);
    // The bound, its "... N more" line, and a record diff's section heads.
    if (count_lines(diff) > 3 * options.max_lines + 2) std::abort();
    if (!tc::golden::golden_diff(golden, golden, "golden", mode, options).empty()) std::abort();
  }
  const tc::report::BaselineJudgement judged = tc::report::judge_against_baseline("fuzz", golden, actual, "records");
  (void)judged;
  const tc::report::BaselineJudgement same = tc::report::judge_against_baseline("fuzz", golden, golden, "records");
  if (!same.new_defects.empty() || !same.fixed_defects.empty() || !same.diff.empty()) std::abort();
  tc::golden::CaseDrift drift;
  drift.presence = "both";
  tc::golden::compare_goldens(golden, golden, drift);
  if (drift.drifted()) std::abort();
  for (const tc::golden::GoldenSection& s : tc::golden::split_sections(golden))
    if (s.name.starts_with("trace "))
      for (const tc::formats::Record& r : tc::golden::trace_records(s)) (void)tc::golden::record_name(r);
  if (auto header = tc::golden::parse_golden_header(golden)) (void)header->version;
  (void)tc::golden::golden_body(golden);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  const std::string golden(input.substr(0, nul));
  const std::string actual = nul == std::string_view::npos ? near_copy(input) : std::string(input.substr(nul + 1));
  compare(golden, actual);
  compare(actual, golden);
  const std::string emitter(input.substr(0, input.find('\n')));
  for (const char* other : {"torch-2.6.0", "torch-2.14.1-cu130", "torch-1", "clang-14"})
    if (tc::report::emitter_older(emitter, other) && tc::report::emitter_older(other, emitter)) std::abort();
  (void)tc::report::nearest_older(emitter, {"torch-2.6.0", "torch-2.14.1", emitter});
  return 0;
}
