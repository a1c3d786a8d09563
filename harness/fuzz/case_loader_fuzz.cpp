// libFuzzer target: the case loader (JSON, schemas/case.schema.json, name
// and driver checks) on arbitrary case-file text. The loader reads files,
// so each input is written to <tmp>/cases/fuzz/case.json beside an existing
// driver. A case it accepts must meet case.h's contract.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "case/case_loader.h"
#include "fuzz/process_scratch.h"

namespace {

const std::filesystem::path& cases_root() {
  static const std::filesystem::path root = [] {
    static const ProcessScratch scratch("tracecheck-fuzz", "");
    const std::filesystem::path& p = scratch.path();
    std::filesystem::create_directories(p / "cases/fuzz");
    std::ofstream(p / "cases/fuzz/case.py") << "print('fuzz')\n";
    return p / "cases";
  }();
  return root;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::filesystem::path file = cases_root() / "fuzz/case.json";
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  std::string error;
  std::optional<tc::cases::Case> c = tc::cases::load_case_file(cases_root().string(), file.string(), error);
  if (!c) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (c->name != "fuzz/case" || c->timeout_s <= 0) std::abort();
  return 0;
}
