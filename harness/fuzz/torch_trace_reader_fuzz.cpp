// libFuzzer target: the TORCH_TRACE reader (plain and gzip) and the report
// of its findings under every profile, on arbitrary bytes. Small piece and
// line limits make the long-line paths reachable with small inputs. The
// input's size picks the read size (1-61 bytes), so buffer boundaries fall
// everywhere while committed logs stay valid seeds.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "fuzz/format_findings.h"
#include "io/memory_source.h"
#include "formats/torch_trace/file_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  size_t step = 1 + size % 61;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tc::formats::torch_trace::ReadOptions options;
  options.max_piece = 256;
  options.max_line_bytes = 4096;
  options.max_kept_payload = 1024;
  tc::diag::Reporter reporter;
  std::unique_ptr<tc::io::InputSource> source = std::make_unique<tc::io::MemorySource>(std::string(text), step);
  if (text.size() >= 2 && static_cast<unsigned char>(text[0]) == 0x1f && static_cast<unsigned char>(text[1]) == 0x8b)
    source = tc::io::make_gzip_source(std::move(source));
  // FileReader keeps a reference to the callback: it must outlive the reader.
  const std::function<void(tc::formats::torch_trace::Record&)> on_record = [](tc::formats::torch_trace::Record&) {};
  tc::formats::torch_trace::FileReader reader("fuzz.log", -1, options, reporter, on_record);
  std::string io_error;
  reader.read(*source, nullptr, io_error);
  tc::fuzz::format_findings(reporter);
  return 0;
}
