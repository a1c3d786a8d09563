// libFuzzer target: the execution-trace reader (io::stream_json_array, node
// parsing, header checks) and the report of its findings. The reader opens
// paths, so each input is written to a per-process temp file first (gzip
// input included: the reader sniffs the magic bytes).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "diag/profile.h"
#include "diag/reporter.h"
#include "formats/execution_trace/reader.h"
#include "formats/registry/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string file =
      (std::filesystem::temp_directory_path() / ("tracecheck-fuzz-et-" + std::to_string(getpid()) + ".json")).string();
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  tc::diag::Reporter reporter;
  tc::reader::et::EtHandler handler;
  uint64_t nodes = 0;
  handler.on_node = [&](const tc::reader::et::EtNode&, const tc::reader::et::EtNodeJson&) { ++nodes; };
  handler.on_end = [](const tc::reader::et::EtHeader&) {};
  std::string io_error;
  tc::reader::et::read_execution_trace(file, reporter, handler, &io_error);
  tc::diag::Verdict verdict = tc::diag::resolve(reporter, tc::format::catalog().default_profile());
  for (const tc::diag::Diagnostic& d : verdict.diagnostics) (void)tc::diag::format_text(d);
  return 0;
}
