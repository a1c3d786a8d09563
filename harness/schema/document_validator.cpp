#include "schema/document_validator.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "json/source_locator.h"

namespace tc::schema {
namespace {

bool blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

size_t first_non_space(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
  return i;
}

}  // namespace

bool looks_like_json_lines(std::string_view text, simdjson::dom::parser& parser) {
  size_t start = first_non_space(text);
  const void* nl = std::memchr(text.data() + start, '\n', text.size() - start);
  if (!nl) return false;
  size_t end = static_cast<size_t>(static_cast<const char*>(nl) - text.data());
  std::string_view first = text.substr(start, end - start);
  if (blank(first)) return false;
  if (blank(text.substr(end))) return false;  // one value and a final newline
  simdjson::dom::element ignored;
  if (parser.parse(first.data(), first.size(), false).get(ignored) == simdjson::SUCCESS) return true;
  // Python's dialect (NaN) on the first line: a bracket-balanced line is a record too.
  json::Parser fallback;
  return fallback.validate(first, nullptr);
}

DocumentStats DocumentValidator::run(std::string_view text, Mode mode,
                                     const std::function<void(const Finding&)>& on_finding) {
  DocumentStats stats;
  stats.json_lines = mode == Mode::JsonLines || (mode == Mode::Auto && looks_like_json_lines(text, parser_));
  if (!stats.json_lines) {
    document(text, 0, text, 1, false, stats, on_finding);
    return stats;
  }
  uint64_t line = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    ++line;
    const void* nl = std::memchr(text.data() + pos, '\n', text.size() - pos);
    size_t end = nl ? static_cast<size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
    std::string_view doc = text.substr(pos, end - pos);
    if (!doc.empty() && doc.back() == '\r') doc.remove_suffix(1);
    if (!blank(doc)) document(text, pos, doc, line, true, stats, on_finding);
    pos = end + 1;
  }
  return stats;
}

void DocumentValidator::document(std::string_view whole, size_t offset, std::string_view doc, uint64_t line,
                                 bool json_lines, DocumentStats& stats,
                                 const std::function<void(const Finding&)>& on_finding) {
  ++stats.documents;
  if (doc.starts_with("\xEF\xBB\xBF")) {
    ++stats.syntax_errors;
    Finding f;
    f.kind = Finding::Kind::Syntax;
    f.message = kByteOrderMarkMessage;
    f.line = line;
    on_finding(f);
    return;
  }
  simdjson::dom::element element;
  auto error = parser_.parse(doc.data(), doc.size(), false).get(element);
  bool valid;
  json::ParseResult slow;
  if (error == simdjson::SUCCESS) {
    valid = schema_.validate(element);
  } else {
    slow = fallback_.parse(doc);
    if (!slow.ok) {
      ++stats.syntax_errors;
      Finding f;
      f.kind = Finding::Kind::Syntax;
      f.message = doc.empty() || blank(doc) ? "the input is empty" : "not valid JSON: " + slow.error.message;
      size_t at = std::min(slow.error.offset, doc.size());
      if (json_lines) {
        f.line = line;
        f.column = at + 1;
      } else {
        auto lc = json::line_columns(whole, {offset + at});
        f.line = lc[0].first;
        f.column = lc[0].second;
      }
      on_finding(f);
      return;
    }
    valid = schema_.validate(slow.value);
  }
  if (valid) return;
  ++stats.invalid;
  errors_.clear();
  if (error == simdjson::SUCCESS)
    schema_.validate(element, &errors_, max_errors_);
  else
    schema_.validate(slow.value, &errors_, max_errors_);
  stats.violations += errors_.size();
  stats.capped += errors_.size() >= max_errors_;
  report(whole, offset, doc, line, json_lines, errors_, on_finding);
}

void DocumentValidator::report(std::string_view whole, size_t offset, std::string_view doc, uint64_t line,
                               bool json_lines, const std::vector<SchemaError>& errors,
                               const std::function<void(const Finding&)>& on_finding) {
  std::vector<std::string> pointers;
  pointers.reserve(errors.size());
  for (const SchemaError& e : errors) pointers.push_back(e.instance_pointer);
  std::vector<size_t> offsets = json::locate_pointers(doc, pointers);
  for (size_t& o : offsets) o = o == json::kNotFound ? 0 : o;
  // A JSON-lines record knows its line; a single document counts lines once for all its errors.
  std::vector<std::pair<size_t, size_t>> lc;
  if (!json_lines) {
    for (size_t& o : offsets) o += offset;
    lc = json::line_columns(whole, offsets);
  }
  // Findings in document order, as a compiler would (evaluation order is the schema's).
  std::vector<size_t> order(errors.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return offsets[a] < offsets[b]; });
  for (size_t k : order) {
    Finding f;
    f.kind = Finding::Kind::Violation;
    f.line = json_lines ? line : lc[k].first;
    f.column = json_lines ? offsets[k] + 1 : lc[k].second;
    f.message = errors[k].message;
    f.instance_pointer = errors[k].instance_pointer;
    f.schema_path = errors[k].schema_path;
    on_finding(f);
  }
}

}  // namespace tc::schema
