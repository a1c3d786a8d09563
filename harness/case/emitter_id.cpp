#include "case/emitter_id.h"

#include <re2/re2.h>

#include <cctype>

namespace tc::cases {

std::optional<std::string> emitter_id_for_torch(std::string_view torch_version) {
  // Release segment, then anything up to an optional local version.
  static const RE2 kVersion(R"(\s*v?(\d+(?:\.\d+)*)[0-9A-Za-z.]*(?:\+([0-9A-Za-z._-]*))?\s*)");
  static const RE2 kAccelerator(R"((?i)^(cu\d+|rocm\d+(?:\.\d+)*|xpu)$)");
  std::string release, local;
  if (!RE2::FullMatch(torch_version, kVersion, &release, &local)) return std::nullopt;
  std::string id = "torch-" + release;
  // Local segments are separated by '.', '-' or '_' (PEP 440); a ROCm
  // version's own dots ("rocm6.2") are rejoined below.
  std::string token;
  auto flush = [&] {
    if (!token.empty() && RE2::FullMatch(token, kAccelerator)) {
      id += '-';
      for (char c : token) id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    token.clear();
  };
  for (size_t i = 0; i < local.size(); ++i) {
    char c = local[i];
    bool rocm_dot = c == '.' && i + 1 < local.size() && std::isdigit(static_cast<unsigned char>(local[i + 1])) &&
                    RE2::PartialMatch(token, R"((?i)^rocm[\d.]+$)");
    if ((c == '.' || c == '-' || c == '_') && !rocm_dot) {
      flush();
    } else {
      token += c;
    }
  }
  flush();
  return id;
}

bool is_emitter_id(std::string_view id) {
  // "<tool>-<version>" (torch-2.6.0, clang-14) or a bare tool name
  // (chromium, whose Debian version moves with every security update).
  static const RE2 kId(R"([a-z][a-z0-9_]*(-[0-9A-Za-z][0-9A-Za-z.+-]*)?)");
  return RE2::FullMatch(id, kId) && id.find("..") == std::string_view::npos;
}

}  // namespace tc::cases
