#include "formats/debug_dir/rules.h"

#include <array>

#include "diag/severity_shorthand.h"

namespace tc::formats::debug_dir {
namespace {

using diag::Rule;
using namespace diag::severity_shorthand;

// Sorted by id (diag/rule_catalog.cpp states the severity classes).
constexpr std::array kRules = {
    Rule{"dd-file-missing", E, "a graph folder lacks one of the files test_debug_trace requires",
         "fx_graph_*.py, output_code.py and ir_pre/post_fusion.txt are what compiler developers open first"},
    Rule{"dd-file-size", E, "a required debug-trace file is not larger than test_debug_trace's minimum",
         "an empty or stub file means the writer failed part way"},
    Rule{"dd-graph-missing", E, "the directory holds no graph folder (torchinductor/<graph>/)",
         "trace.enabled wrote nothing for the compiled graph"},
    Rule{"dd-log-dir", E, "the \"debug trace: <dir>\" log line names no graph folder of the directory",
         "PyTorch's test_debug_trace asserts the logged path is a directory"},
    Rule{"dd-log-line", E, "torch._inductor.debug did not log exactly one \"debug trace: <dir>\" warning",
         "PyTorch's test_debug_trace asserts exactly one such line"},
};

}  // namespace

std::span<const Rule> debug_dir_rules() { return kRules; }

std::vector<diag::Profile> debug_dir_profiles() { return {}; }  // no consumer reads it but people

}  // namespace tc::formats::debug_dir
