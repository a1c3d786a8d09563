#include "formats/torch_trace/record.h"

#include <algorithm>

#include "json/text.h"

namespace tc::formats::torch_trace {

std::string record_label(const Record& r) {
  if (r.kind == "artifact") {
    if (const json::Value* a = r.envelope.find("artifact"); a && a->is_object()) {
      if (const json::Value* name = a->find("name"); name && name->is_string()) return "artifact:" + name->text();
    }
  }
  return std::string(r.kind);
}

diag::Location envelope_location(const Record& r, std::string_view pointer) {
  diag::Location loc{r.file ? *r.file : std::string(), r.line, r.json_column};
  size_t at = json::locate_json_pointer(r.envelope_text, pointer);
  if (at != std::string_view::npos) loc.column = r.json_column + at;
  return loc;
}

diag::Location payload_location(const Record& r, size_t offset) {
  offset = std::min(offset, r.payload.size());
  std::string_view text(r.payload.data(), offset);
  uint64_t index = static_cast<uint64_t>(std::count(text.begin(), text.end(), '\n'));
  size_t line_start = text.rfind('\n');
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  // The k-th payload line is the k-th tab line after the envelope; blank
  // lines the reader skipped inside the payload shift it further down.
  uint64_t line = r.payload_first_line + index;
  for (uint64_t blank : r.payload_blank_lines)
    if (blank <= line) ++line;
  return {r.file ? *r.file : std::string(), line, 2 + (offset - line_start)};
}

}  // namespace tc::formats::torch_trace
