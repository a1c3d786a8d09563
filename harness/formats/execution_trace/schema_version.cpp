#include "formats/execution_trace/schema_version.h"

#include <array>

namespace tc::formats::execution_trace {
namespace {

// ../shared/spec/formats.md 3.1: every version PyTorch's ExecutionTraceObserver wrote.
constexpr std::array<std::string_view, 6> kKnown = {"1.0.1",
                                                    "1.0.2-chakra.0.0.4",
                                                    "1.0.3-chakra.0.0.4",
                                                    "1.0.4-chakra.0.0.4",
                                                    "1.1.0-chakra.0.0.4",
                                                    "1.1.1-chakra.0.0.4"};
// param et_replay/execution_trace.py (1e115ff): ExecutionTrace dispatches on
// these and raises ValueError on anything else.
constexpr std::array<std::string_view, 6> kParam = kKnown;
// What Chakra's converter reads: mlcommons/chakra@21585d8
// src/converter/pytorch_node.py:50 SUPPORTED_VERSIONS, which rejects 1.0.1,
// less "1.1.1-chakra.1.0.0": listed there, but the converter run on such a
// trace crashes with AttributeError 'parent' (pytorch_node.py:88-101 parses
// it with no branch of its own), and no PyTorch writes it.
constexpr std::array<std::string_view, 4> kChakra = {"1.0.2-chakra.0.0.4", "1.0.3-chakra.0.0.4", "1.1.0-chakra.0.0.4",
                                                     "1.1.1-chakra.0.0.4"};

// "1.1.1-chakra.0.0.4" -> {1, 1, 1}; missing or non-numeric parts are 0.
std::array<int, 3> semver(std::string_view s) {
  std::array<int, 3> v{0, 0, 0};
  size_t part = 0;
  for (char c : s) {
    if (c == '.') {
      if (++part == 3) break;
    } else if (c >= '0' && c <= '9') {
      v[part] = v[part] * 10 + (c - '0');
      if (v[part] > 100000) break;
    } else {
      break;
    }
  }
  return v;
}

}  // namespace

SchemaInfo classify_schema(std::string_view schema) {
  SchemaInfo info;
  info.known = accepted_by(kKnown, schema);
  std::array<int, 3> v = semver(schema);
  bool chakra = schema.find("-chakra") != std::string_view::npos;
  info.layout = (!chakra && v[0] == 1 && v[1] == 0 && v[2] <= 1) ? Layout::Flat : Layout::Nested;
  info.strides = v > std::array<int, 3>{1, 1, 0};
  return info;
}

std::span<const std::string_view> known_versions() { return kKnown; }
std::span<const std::string_view> param_versions() { return kParam; }
std::span<const std::string_view> chakra_versions() { return kChakra; }

bool accepted_by(std::span<const std::string_view> versions, std::string_view schema) {
  for (std::string_view v : versions)
    if (v == schema) return true;
  return false;
}

std::string join_versions(std::span<const std::string_view> versions) {
  std::string out;
  for (std::string_view v : versions) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out;
}

}  // namespace tc::formats::execution_trace
