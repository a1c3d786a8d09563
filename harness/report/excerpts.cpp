#include "report/excerpts.h"

#include <re2/re2.h>

#include <map>
#include <memory>
#include <set>

#include "io/input_source.h"
#include "io/line_reader.h"

namespace tc::report {
namespace {

// line -> its text (its first 1 MiB), for the wanted lines of one file.
std::map<uint64_t, std::string> read_lines(const std::string& file, const std::set<uint64_t>& wanted) {
  std::map<uint64_t, std::string> out;
  std::string error;
  std::unique_ptr<io::InputSource> in = io::open_input(file, error);
  if (!in || wanted.empty()) return out;
  io::LineReader lines(*in, /*max_piece=*/size_t{1} << 20);
  const uint64_t last = *wanted.rbegin();
  io::Line line;
  while (lines.next(line) && line.number <= last)
    if (!line.continuation && wanted.count(line.number)) out[line.number] = std::string(line.text);
  return out;
}

}  // namespace

std::vector<Excerpt> read_excerpts(const std::vector<TracePlace>& places) {
  std::map<std::string, std::set<uint64_t>> wanted;
  for (const TracePlace& p : places)
    if (p.file != "<stdin>" && p.line > 0) wanted[p.file].insert(p.line);
  std::map<std::string, std::map<uint64_t, std::string>> lines;
  for (const auto& [file, numbers] : wanted) lines[file] = read_lines(file, numbers);
  std::vector<Excerpt> out;
  for (const TracePlace& p : places) {
    auto file = lines.find(p.file);
    if (file == lines.end()) continue;
    auto line = file->second.find(p.line);
    if (line == file->second.end()) continue;
    const std::string& text = line->second;
    const size_t col = p.column > 0 ? static_cast<size_t>(p.column - 1) : 0;
    const size_t from = std::min(col > kExcerptBytes / 2 ? col - kExcerptBytes / 2 : 0, text.size());
    out.push_back({p, text.substr(from, kExcerptBytes), col - from});
  }
  return out;
}

std::vector<TracePlace> places_in_findings(const std::string& findings_text, size_t max) {
  static const RE2 finding(R"((?m)^(.+?):(\d+):(\d+): (?:error|warning)\[)");
  std::vector<TracePlace> out;
  std::set<std::string> seen;
  re2::StringPiece text(findings_text);
  TracePlace p;
  while (out.size() < max && RE2::FindAndConsume(&text, finding, &p.file, &p.line, &p.column))
    if (seen.insert(place_key(p)).second) out.push_back(p);
  return out;
}

}  // namespace tc::report
