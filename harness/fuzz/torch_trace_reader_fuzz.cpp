// libFuzzer target: the TORCH_TRACE reader (plain and gzip) and the report
// of its findings under every profile, on arbitrary bytes. Small piece and
// line limits make the long-line paths reachable with small inputs. The
// input's size picks the read size (1-61 bytes), so buffer boundaries fall
// everywhere while committed logs stay valid seeds.
//
// Checks (abort on failure): every finding formats; and a second read on two
// threads (blocks of 1-97 bytes read ahead, payloads hashed and taken whole
// there, formats/torch_trace/payload_prehash.h) returns the same, hands on
// the same records, payload for payload, and finds the same findings in the
// same order.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "fuzz/format_findings.h"
#include "io/memory_source.h"
#include "formats/torch_trace/reader.h"

namespace {

// What a record hands on that reading ahead could change.
struct Seen {
  uint64_t line, json_column;
  std::string kind, payload;
  bool md5_ok, truncated;
  uint64_t payload_lines, payload_first_line;
  std::vector<uint64_t> payload_blank_lines;
  std::vector<std::string> duplicate_keys;
  std::optional<int64_t> rank;
  bool operator==(const Seen&) const = default;
};

struct Read {
  tc::diag::Reporter reporter;
  std::vector<Seen> records;
  bool read = false;
  std::string error;
  bool operator==(const Read& o) const { return records == o.records && read == o.read && error == o.error; }
};

void read(std::string_view text, unsigned threads, Read& out) {
  size_t step = 1 + text.size() % 61;
  std::unique_ptr<tc::io::InputSource> source = std::make_unique<tc::io::MemorySource>(std::string(text), step);
  if (text.size() >= 2 && static_cast<unsigned char>(text[0]) == 0x1f && static_cast<unsigned char>(text[1]) == 0x8b)
    source = tc::io::make_gzip_source(std::move(source));
  tc::formats::torch_trace::ReadOptions options;
  options.max_piece = 256;
  options.max_line_bytes = 4096;
  options.max_kept_payload = 1024;
  options.threads = threads;
  options.block_bytes = 1 + text.size() % 97;
  const std::function<void(tc::formats::torch_trace::Record&)> on_record = [&](tc::formats::torch_trace::Record& r) {
    out.records.push_back({r.line, r.json_column, std::string(r.kind), r.payload, r.md5_ok, r.payload_truncated,
                           r.payload_lines, r.payload_first_line, r.payload_blank_lines, r.duplicate_keys, r.rank});
  };
  out.read = tc::formats::torch_trace::read_trace_source(*source, "fuzz.log", -1, options, out.reporter, on_record,
                                                         nullptr, out.error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tc::fuzz::read_on_one_and_two_threads<Read>(std::string_view(reinterpret_cast<const char*>(data), size), read,
                                              [](const Read& a, const Read& b) { return a == b; });
  return 0;
}
