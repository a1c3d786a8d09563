#include "formats/execution_trace/rules.h"

#include <array>

#include "diag/severity_shorthand.h"

namespace tc::format {
namespace {

using diag::Rule;
using namespace diag::severity_shorthand;

// Sorted by id (diag/rule_catalog.cpp states the severity classes).
constexpr std::array kRules = {
    Rule{"et-arity", E, "a node's inputs or outputs have values, shapes, types (and strides) of different lengths",
         "PARAM et_replay and Chakra zip them by position and misread every argument after the gap"},
    Rule{"et-header", E, "the top level lacks schema, pid, time, start_ts, finish_ts or nodes, or one is mistyped",
         "Chakra's converter reads all of them; PARAM dispatches on schema"},
    Rule{"et-id-duplicate", E, "two nodes have the same id",
         "consumers index nodes by id: one of them is lost and its children are reparented"},
    Rule{"et-kernel-strides", W, "a compiled-kernel node has fewer strides than values",
         "a known PyTorch quirk (handleKernelBackendInfo adds grid and stream without strides); replay skips them"},
    Rule{"et-kineto-rf-id", E, "an rf_id of the execution trace has no Record function id in the Kineto trace, or the reverse",
         "PyTorch's test_execution_trace_with_kineto asserts they match; Chakra's trace_link joins on them"},
    Rule{"et-node-field", E, "a node lacks a field its schema's layout requires, or the field has the wrong type",
         "PARAM et_replay requires id, name, ctrl_deps/parent and inputs/outputs with values, shapes and types"},
    Rule{"et-parent-missing", E, "a node's ctrl_deps (parent in 1.0.1) names no node of the trace",
         "the node falls out of the tree: replay and Chakra drop it and its subtree"},
    Rule{"et-parent-order", W, "a node's parent has a higher id than the node",
         "ids are assigned at op entry, so a parent's id is always lower; the ids were rewritten"},
    Rule{"et-root", E, "no process root node with id 1, or more than one",
         "Chakra's host loader reads get_nodes()[1]; PyTorch's tests require the root with id 1"},
    Rule{"et-schema-chakra", Off, "Chakra's converter does not accept this schema version",
         "chakra_converter rejects it (PyTorchNode.SUPPORTED_VERSIONS; 1.0.1 is not there)"},
    Rule{"et-schema-param", Off, "PARAM's et_replay does not accept this schema version",
         "ExecutionTrace raises ValueError on a version it does not list"},
    Rule{"et-schema-unknown", W, "the schema version is not one PyTorch has written",
         "tracecheck reads it with the closest layout; consumers that dispatch on the exact string reject it"},
    Rule{"et-tensor-value", E, "a tensor value is not [tensor_id, storage_id, offset, numel, itemsize, device]",
         "PyTorch's tests assert the 6-tuple; Chakra's PyTorchTensor.is_valid rejects the tensor"},
};

}  // namespace

std::span<const Rule> execution_trace_rules() { return kRules; }

std::vector<diag::Profile> execution_trace_profiles() {
  std::vector<diag::Profile> p;
  // Chakra's converter (mlcommons/chakra 21585d8, src/converter/pytorch_node.py
  // SUPPORTED_VERSIONS and pytorch_converter.py): it raises on a schema it
  // does not list (1.0.1 included) and reads the top level, ids and ctrl_deps.
  p.push_back({"chakra",
               {},
               "Chakra's PyTorch converter (mlcommons/chakra 21585d8: pytorch_node.py SUPPORTED_VERSIONS)",
               {
                   {"et-schema-chakra", E},
                   {"et-schema-unknown", Off},
               }});
  // PARAM et_replay (facebookresearch/param 1e115ff, et_replay/execution_trace.py):
  // ExecutionTrace dispatches on the exact schema string (1.0.1 accepted) and
  // raises ValueError otherwise.
  p.push_back({"param",
               {},
               "PARAM et_replay (facebookresearch/param 1e115ff: et_replay/execution_trace.py ExecutionTrace)",
               {
                   {"et-schema-param", E},
                   {"et-schema-unknown", Off},
               }});
  return p;
}

}  // namespace tc::format
