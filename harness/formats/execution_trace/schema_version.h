// The execution trace's top-level "schema" string and what it implies.
//
// Contract: classify_schema() never fails. A version tracecheck knows gives
// its layout; an unknown one is read with the layout of the closest known
// shape ("1.0.1" and other "1.0.x" without "-chakra" flat, anything else
// nested, strides from "1.1.1" on) and `known` false. The consumer lists are
// the exact strings each consumer dispatches on (../shared/spec/formats.md 3.6): PARAM
// et_replay/execution_trace.py and Chakra's PyTorchNode.SUPPORTED_VERSIONS.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace tc::formats::execution_trace {

enum class Layout { Flat, Nested };

struct SchemaInfo {
  Layout layout = Layout::Nested;
  bool strides = false;  // inputs/outputs carry "strides" (1.1.1 and later)
  bool known = false;    // one of the versions PyTorch has written
};

SchemaInfo classify_schema(std::string_view schema);

std::span<const std::string_view> known_versions();
std::span<const std::string_view> param_versions();
std::span<const std::string_view> chakra_versions();
bool accepted_by(std::span<const std::string_view> versions, std::string_view schema);
// "a, b, c" for messages.
std::string join_versions(std::span<const std::string_view> versions);

}  // namespace tc::formats::execution_trace
