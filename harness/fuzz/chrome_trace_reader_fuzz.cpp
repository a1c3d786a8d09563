// libFuzzer target: the Chrome trace reader (json::stream_json_array, per-event
// simdjson parses, the slow path that locates JSON errors and quirks, the
// container findings) and the report of its findings under every profile,
// on arbitrary bytes, in memory. Small chunk, event and member caps make
// the buffer-refill, too-long-event and cut-member paths reachable with
// small inputs; the input's size picks the read size (1-61 bytes), so
// buffer boundaries fall everywhere while committed traces stay valid seeds.
// Input starting with the gzip magic is decompressed, as open_input does.
//
// Checks (abort on failure): every event handed on is a non-empty object
// within the event cap, no more events than array elements, every member's
// text within the member cap; every finding formats; and a second read on
// two threads (events parsed ahead in place in the splitter's buffers,
// json/array_ahead.h) finds the same findings, in the same order, and hands
// on as many events.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "fuzz/format_findings.h"
#include "io/memory_source.h"
#include "formats/chrome_trace/reader.h"

namespace {

struct Read {
  tc::diag::Reporter reporter;
  uint64_t events = 0;
};

void read(std::string_view text, unsigned threads, Read& out) {
  size_t step = 1 + text.size() % 61;
  std::unique_ptr<tc::io::InputSource> source = std::make_unique<tc::io::MemorySource>(std::string(text), step);
  if (text.size() >= 2 && static_cast<unsigned char>(text[0]) == 0x1f && static_cast<unsigned char>(text[1]) == 0x8b)
    source = tc::io::make_gzip_source(std::move(source));
  tc::formats::chrome_trace::ChromeReadOptions options;
  options.threads = threads;
  options.chunk = 64;
  options.max_event = 2048;
  options.max_member = 256;
  std::string io_error;
  tc::formats::chrome_trace::ChromeTraceReader reader(
      options, out.reporter,
      [&](const tc::formats::chrome_trace::ChromeEvent& e) {
        if (!e.value.is_object() || e.text.empty() || e.text.size() > options.max_event) std::abort();
        (void)e.pointer();
        ++out.events;
      },
      [&](const tc::formats::chrome_trace::ChromeMember& m) {
        if (m.text.size() > options.max_member) std::abort();
      });
  reader.read(*source, "fuzz.json", io_error);
  if (out.events > reader.info().events) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tc::fuzz::read_on_one_and_two_threads<Read>(std::string_view(reinterpret_cast<const char*>(data), size), read,
                                              [](const Read& a, const Read& b) { return a.events == b.events; });
  return 0;
}
