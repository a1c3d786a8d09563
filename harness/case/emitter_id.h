// Emitter ids: the name of the golden folder for one emitter build.
//
// Rule (PEP 440 version of torch -> "torch-" + id):
//   1. the release segment (leading dotted digits, e.g. "2.6.0") is kept as
//      written;
//   2. pre-, post- and dev-release tags after it ("a0", "rc1", ".post1",
//      ".dev20250101") are dropped: they do not change the trace format a
//      build writes, and nightlies must compare against their release line;
//   3. the local version ("+...") is dropped, except the parts that name an
//      accelerator build (cuNNN, rocmX[.Y...], xpu), which are appended with
//      '-' because a CUDA build writes records a CPU build never writes;
//      distro and packaging suffixes ("+debian", "+cpu", "+git1234") drop.
//   So "2.6.0+debian" -> torch-2.6.0, "1.13.0a0" -> torch-1.13.0,
//   "2.11.0+cu130" -> torch-2.11.0-cu130, "2.5.1+rocm6.2" -> torch-2.5.1-rocm6.2.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tc::cases {

// The emitter id for a torch.__version__ string; nullopt when it does not
// start with a release segment (digits).
std::optional<std::string> emitter_id_for_torch(std::string_view torch_version);

// True when `id` is a well-formed emitter id (a safe folder name): a tool
// name, optionally "-" and a version ("torch-2.6.0", "clang-14",
// "chromium"); no "..". Drivers of tools other than torch record theirs with
// tracecheck_driver.emitter().
bool is_emitter_id(std::string_view id);

}  // namespace tc::cases
