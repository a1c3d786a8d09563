#include "formats/execution_trace/rules.h"

#include <array>

#include "diag/severity_shorthand.h"

namespace tc::formats::execution_trace {
namespace {

using diag::Rule;
using namespace diag::severity_shorthand;

// Sorted by id (diag/rule_catalog.cpp states the severity classes).
constexpr std::array kRules = {
    Rule{"et-arity", E, "a node's inputs or outputs have values, shapes and types of different lengths",
         "a hard rule of the format: a replay zips them by position and misreads every argument after the gap, even "
         "where a loader does not look"},
    Rule{"et-attr-required", W,
         "a node lacks one of the attrs PyTorch writes on every node (rf_id, fw_parent, seq_id, scope, tid, fw_tid "
         "as integers, op_schema as a string), or has one of another type",
         "Chakra's converter copies each into the node it writes and crashes without it"},
    Rule{"et-field-value", W,
         "a node breaks its layout's schema where et-node-field does not look (1.0.1's fw_parent, seq_id, scope, tid, "
         "fw_tid or op_schema of another type; an attr whose type is not one the schema lists)",
         "PyTorch writes these fields with these types; a reader that uses them may misread the node"},
    Rule{"et-header", E, "the top level lacks schema, pid, time, start_ts, finish_ts or nodes, or one is mistyped",
         "Chakra's converter reads all of them; PARAM dispatches on schema"},
    Rule{"et-id-duplicate", E, "two nodes have the same id",
         "consumers index nodes by id: one of them is lost and its children are reparented"},
    Rule{"et-id-incomparable", E,
         "a node's id cannot be sorted among its siblings' or used as a key: a string or null id beside a numeric "
         "one under the same parent, or an array or object id",
         "PARAM keys nodes by id and sorts each node's children by id; Python orders numbers with numbers only"},
    Rule{"et-id-type", E, "a node's id is present but not an unsigned integer",
         "a hard rule of the format: ids key the node tree, and every parent names one"},
    Rule{"et-io-string", E, "a node's inputs or outputs has a string where its values, shapes or types array belongs",
         "a hard rule of the format: values, shapes and types are parallel arrays; a consumer that iterates the "
         "string reads one item per character"},
    Rule{"et-kernel-strides", W, "a compiled-kernel node has fewer strides than values",
         "a known PyTorch quirk (handleKernelBackendInfo adds grid and stream without strides); replay skips them"},
    Rule{"et-kineto-rf-id", W, "an rf_id of the execution trace has no Record function id in the Kineto trace, or the reverse",
         "PyTorch's test_execution_trace_with_kineto asserts they match; Chakra's trace_link joins on them"},
    Rule{"et-node-field", E,
         "a node lacks a field its schema's layout requires, or the field has a type no consumer reads (an id, "
         "parent, types or type name of another type has a rule of its own)",
         "PARAM et_replay requires id, name, ctrl_deps/parent and inputs/outputs with values, shapes and types"},
    Rule{"et-parent-missing", E, "a node's ctrl_deps (parent in 1.0.1) names no node of the trace",
         "the node falls out of the tree: replay and Chakra drop it and its subtree"},
    Rule{"et-parent-cycle", E, "following parents from a node comes back to it: the parents form no tree",
         "an execution trace's nodes form one tree under the process root; a node on a cycle reaches no root"},
    Rule{"et-parent-cycle-root", E, "following parents from a node comes back to it through node 1, the process root",
         "an execution trace's nodes form one tree under the process root, whose parent is itself or none"},
    Rule{"et-parent-order", W, "a node's parent has a higher id than the node",
         "ids are assigned at op entry, so a parent's id is always lower; the ids were rewritten"},
    Rule{"et-parent-type", E, "a node's ctrl_deps (parent in 1.0.1) is present but not an unsigned integer",
         "a hard rule of the format: the node names no parent and falls out of the tree"},
    Rule{"et-root", E, "no process root node, or its id is not the integer 1",
         "PARAM's replay starts at nodes[1]; Chakra's host loader reads get_nodes()[1]; PyTorch's tests require the "
         "root with id 1"},
    Rule{"et-root-second", E, "a second process root node",
         "a hard rule of the format: the nodes form one tree under one process root"},
    Rule{"et-schema-chakra", Off, "Chakra's converter does not accept this schema version",
         "chakra_converter rejects it (PyTorchNode.SUPPORTED_VERSIONS; 1.0.1 is not there)"},
    Rule{"et-schema-param", Off, "PARAM's et_replay does not accept this schema version",
         "ExecutionTrace raises ValueError on a version it does not list"},
    Rule{"et-schema-unknown", W, "the schema version is not one PyTorch has written",
         "tracecheck reads it with the closest layout; consumers that dispatch on the exact string reject it"},
    Rule{"et-strides-arity", W, "a node's inputs or outputs have more strides, or fewer (not a compiled kernel), than values",
         "strides are optional (1.1.0 and later): a replay that reads them pairs them with the wrong value"},
    Rule{"et-tensor-value", E, "a tensor value is not [tensor_id, storage_id, offset, numel, itemsize, device]",
         "a hard rule of the format: PyTorch's tests assert the 6-tuple and a replay reads the tensor from it, even "
         "where a loader does not look"},
    Rule{"et-type-name", E, "a type in a node's inputs or outputs types is not a string",
         "a hard rule of the format: the type says how to read the value beside it"},
};

// What each consumer of an execution trace does with each finding, one line
// per rule it judges, sorted by id: error when it rejects the file or crashes,
// warning when it reads on and does something else, off when nothing it reads
// changes. Sources are repo@commit path:line; "(ran)" where the consumer's
// own code was run on such a file. Chakra's converter and PARAM both
// load the file with Python's json.load, PARAM a .gz in bytes mode.

// Chakra's converter (mlcommons/chakra 21585d8, src/converter/pytorch_node.py
// SUPPORTED_VERSIONS and pytorch_converter.py): it raises on a schema it does
// not list (1.0.1 included) and crashes on 1.1.1-chakra.1.0.0, which it lists;
// it reads the top level, ids, ctrl_deps, inputs, outputs and attrs, finds its
// roots by thread name and drops nodes it cannot reach.
constexpr std::array<diag::Reading, 40> kChakraReadings = {{
    {"et-arity", W,
     "chakra copies values, shapes and types into its protobuf as strings without pairing them; only comm_size zips "
     "values with types, stopping at the shorter list",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:297-302; chakra@e2cdc71 "
     "src/converter/pytorch_node.py comm_size; mlcommons/chakra@21585d8 (ran: 5 values for 4 types converts)"},
    {"et-attr-required", E,
     "chakra crashes: AttributeError for a missing attr (it sets the attrs as node fields and reads each), "
     "TypeError from protobuf for a value of another type",
     "mlcommons/chakra@21585d8 src/converter/pytorch_node.py:121-122; src/converter/pytorch_converter.py:312-321 "
     "(ran: mutation set)"},
    {"et-field-value", Off,
     "chakra reads an attr's name and value, never its type; 1.0.1's flat fields it never sees, as it rejects 1.0.1",
     "mlcommons/chakra@21585d8 src/converter/pytorch_node.py:50,121-122 (ran: mutation set, attrs-type-unknown "
     "converts)"},
    {"et-header", E,
     "chakra reads schema, pid, time, start_ts, finish_ts and nodes, and raises KeyError on a missing one",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:92-102"},
    {"et-id-duplicate", W,
     "chakra keys nodes by id in a dict, so the last node with an id silently replaces the others",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:105"},
    {"et-id-incomparable", Off,
     "chakra never sorts nodes by id; et-id-type carries its TypeError on an id that is not an integer",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:295"},
    {"et-id-type", E,
     "chakra raises TypeError from protobuf when it writes an id that is not an integer (a float or a string)",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:295 (ran: mutation set, id-float and id-string)"},
    {"et-io-string", W,
     "chakra writes the node's values, shapes and types as their Python text, a string as well as a list, and reads "
     "each type only for a collective's comm_size",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:302-311, pytorch_node.py:221 (ran: mutation set, "
     "types-list-not-array)"},
    {"et-kernel-strides", Off, "chakra never reads strides",
     "mlcommons/chakra@21585d8 src/converter (ran)"},
    {"et-kineto-rf-id", W,
     "not established what chakra does with it: its converter reads no Kineto trace, and what chakra_trace_link does "
     "with an unmatched rf_id was not found",
     "no source: chakra@21585d8 src/trace_link (trace_linker.py, "
     "chakra_host_trace_loader.py) have no such case"},
    {"et-node-field", E,
     "chakra raises KeyError on a missing id, ctrl_deps, inputs or outputs, or an attr without name or value, and "
     "AttributeError 'rf_id' on missing attrs; a 1.1.1 node without strides it accepts, as it never reads them",
     "mlcommons/chakra@21585d8 src/converter/pytorch_node.py:106-108, pytorch_converter.py:314-320 (ran)"},
    {"et-parent-cycle", W,
     "chakra's converter tolerates a cycle of parents and writes the trace; which of the cycle's nodes it keeps was "
     "not counted",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py (ran: mutation set, parent-cycle-2 and -3, PASS "
     "where the schema version is one it supports)"},
    {"et-parent-cycle-root", W,
     "chakra's converter tolerates a cycle of parents and writes the trace, as for et-parent-cycle",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py (ran: mutation set, roots-root-parent-child, PASS "
     "where the schema version is one it supports)"},
    {"et-parent-missing", W,
     "chakra silently drops the node as dangling (a 5-node trace wrote 4); a self-parent or an execution_graph root "
     "it accepts",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:138-141,493-522 (ran)"},
    {"et-parent-order", Off, "chakra never compares a parent's id with its child's",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:137-140"},
    {"et-parent-type", W,
     "chakra writes no ctrl_deps for a parent that names no node it holds, and drops the node as dangling: one node "
     "fewer is written, and a string parent can take its subtree too",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:298-299,493-522 (ran: mutation set, parent-negative, "
     "parent-null and parent-string)"},
    {"et-root", Off,
     "chakra finds its roots by thread name (execution_graph|thread or execution_trace|thread) and never reads the "
     "process root or id 1",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:181-184 (ran)"},
    {"et-root-second", Off,
     "chakra finds its roots by thread name and never reads the process root, a second one included",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:181-184 (ran: mutation set, roots-second-copied-root)"},
    {"et-schema-chakra", E,
     "chakra raises ValueError 'Unsupported schema version' on a version SUPPORTED_VERSIONS lacks, and crashes with "
     "AttributeError 'parent' on 1.1.1-chakra.1.0.0, which it lists, so tracecheck counts that one as unsupported",
     "mlcommons/chakra@21585d8 src/converter/pytorch_node.py:50,88-101 (ran)"},
    {"et-schema-param", Off,
     "chakra dispatches on its own SUPPORTED_VERSIONS (et-schema-chakra); PARAM's list changes nothing it reads",
     "mlcommons/chakra@21585d8 src/converter/pytorch_node.py:50"},
    {"et-schema-unknown", Off,
     "chakra accepts or rejects a version by SUPPORTED_VERSIONS alone, which et-schema-chakra judges",
     "mlcommons/chakra@21585d8 src/converter/pytorch_node.py:50,91-101 (ran)"},
    {"et-strides-arity", Off, "chakra never reads strides",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:297-302 (copies values, shapes and types only)"},
    {"et-tensor-value", W,
     "chakra converts a node whose tensor value is not a 6-tuple and writes it: PyTorchTensor.is_valid is not called "
     "on the way",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py (ran: a 5-element tensor value converts)"},
    {"et-type-name", W,
     "chakra writes the types list as its Python text and reads each type only for a collective's comm_size",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:308,311, pytorch_node.py:221 (ran: mutation set, "
     "types-null and types-number)"},
    {"input-bom", E, "chakra's json.load on a file opened in text mode raises JSONDecodeError 'Unexpected UTF-8 BOM'",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75; Python's json.load (ran)"},
    {"input-crlf", Off, "chakra's json.load reads CR and LF as JSON whitespace",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75"},
    {"input-empty", E, "chakra's json.load raises JSONDecodeError on an empty file",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75"},
    {"input-format", E,
     "chakra's json.load raises JSONDecodeError on text that is not JSON, and parse_json_trace raises KeyError "
     "'schema' on JSON that is not an execution trace",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75,92"},
    {"input-invalid-utf8", E, "chakra opens the file in text mode, so json.load raises UnicodeDecodeError",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75"},
    {"input-line-too-long", E,
     "chakra reads the whole file with one json.load whatever its line lengths; tracecheck raises this rule only on "
     "TORCH_TRACE envelope lines, never on an execution trace",
     "no source: tracecheck-internal (harness/diag/rule_catalog.cpp)"},
    {"input-long-line", W,
     "chakra reads the whole file with one json.load whatever its line lengths; tracecheck raises this rule only on "
     "TORCH_TRACE lines, never on an execution trace",
     "no source: tracecheck-internal (harness/diag/rule_catalog.cpp)"},
    {"json-big-integer", W, "chakra's json.load reads an integer beyond 64 bits exactly and the converter goes on",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75; Python's json.load"},
    {"json-duplicate-key", W, "chakra's json.load keeps the last value of a repeated key",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75; Python's json.load"},
    {"json-lone-surrogate", W,
     "not established what chakra does with it; Python's json.load keeps the lone surrogate in the string",
     "no source: no reading or run covers a lone surrogate for Chakra"},
    {"json-non-finite", W, "chakra's json.load reads NaN and Infinity as floats and the converter goes on",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75; Python's json.load"},
    {"json-number-range", W,
     "chakra's json.load reads 1e999 as float infinity; what the converter then does with it was not established",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75; Python's json.load"},
    {"json-syntax", E, "chakra's json.load raises JSONDecodeError and the converter stops",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:74-75"},
    {"schema-invalid", E,
     "chakra never reads tracecheck's schema file; the rule stays an error because tracecheck can check nothing "
     "against it",
     "no source: tracecheck-internal (harness/diag/rule_catalog.cpp)"},
    {"schema-unknown-key", Off, "chakra reads only the keys it names and ignores the rest",
     "mlcommons/chakra@73edb74 src/converter/pytorch_converter.py:91-105"},
    {"schema-violation", Off, "Chakra's converter checks no JSON Schema; the et-* rules carry what it rejects",
     "mlcommons/chakra@21585d8 src/converter/pytorch_converter.py:92-102, pytorch_node.py:50 (no schema check)"},
}};

// PARAM et_replay (facebookresearch/param 1e115ff, et_replay/execution_trace.py
// and tools/et_replay.py): ExecutionTrace dispatches on the exact schema
// string (1.0.1 accepted) and raises ValueError otherwise; it needs schema,
// pid and nodes, and et_replay takes the root as nodes[1].
constexpr std::array<diag::Reading, 40> kParamReadings = {{
    {"et-arity", W,
     "PARAM zips types, values and shapes in get_inputs, so the longer lists' extra items are silently dropped",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py:182-186,283-287; facebookresearch/param@1e115ff "
     "(ran: 5 values for 4 types loads)"},
    {"et-attr-required", W,
     "PARAM reads a missing attr as None and casts a present one with int() or str(), so a numeric string loads "
     "and anything int() cannot read raises",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:448-455 (ran: mutation set)"},
    {"et-field-value", W,
     "PARAM reads an attr's name and value, never its type; what it does with 1.0.1's fw_parent, seq_id, scope, tid "
     "or fw_tid of another type is not established",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:446-451 (ran: mutation set, attrs-type-unknown "
     "loads); the 1.0.1 fields: no reading or run"},
    {"et-header", E,
     "PARAM raises KeyError when schema, pid or nodes is missing; time, start_ts and finish_ts it never reads",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:354-357"},
    {"et-id-duplicate", W, "PARAM stores nodes by id, so the last node with an id silently replaces the others",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py:370-372"},
    {"et-id-incomparable", E,
     "PARAM's sort_children raises TypeError comparing a string or None id with an integer one; an array or object id "
     "raises TypeError (unhashable) where PARAM keys its nodes",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:342-343,380-381 (ran: mutation set, id-string)"},
    {"et-id-type", W,
     "PARAM keys the node by the id as json.load gives it: a float equal to an integer acts as that integer; a string "
     "id loads, and no parent's integer ctrl_deps names it (et-id-incomparable when sorting it raises)",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:380-381,411-415 (ran: mutation set, id-float and "
     "id-root-string)"},
    {"et-io-string", W,
     "PARAM zips a string's characters as the list's items, none of them a Tensor type, so the node loads and its "
     "tensors are lost",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:292-300 (ran: mutation set, types-list-not-array)"},
    {"et-kernel-strides", W,
     "PARAM zips inputs with strides in get_tensor_strides, so the values without strides get none and replay goes on",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py:294-300"},
    {"et-kineto-rf-id", W, "not established what PARAM does with it",
     "no source: no reading or run covers it; et_replay's Kineto use was not read"},
    {"et-node-field", E,
     "PARAM raises KeyError on a missing id, ctrl_deps, inputs, outputs or attrs, an attr without name or value, and "
     "a 1.1.1 node without strides; ValueError or TypeError when int() cannot read an rf_id attr",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:446-451,530,538-543,592-593 (ran)"},
    {"et-parent-cycle", E,
     "PARAM's loader never returns: ExecutionTrace() ends with remove_dataloader_ops, whose check_parent walks up the "
     "parents until a node that is its own parent, and a cycle has none",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:421,829-835 (ran: mutation set, parent-cycle-2 and "
     "-3 on five bases, no result in 60 s where loading takes about 1 s)"},
    {"et-parent-cycle-root", Off,
     "PARAM links every node but id 1 to its parent, so its walks up the parents end at node 1 and the cycle is never "
     "seen; it loads the trace",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:409-415,829-835 (ran: mutation set, "
     "roots-root-parent-child on five bases, PASS)"},
    {"et-parent-missing", W,
     "PARAM loads the node as an orphan with no parent, silently; a self-parent root (1.0.1, execution_graph) is what "
     "it expects",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:212-215,413-415 (ran)"},
    {"et-parent-order", Off, "PARAM sorts children by id and never compares a parent's id with its child's",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py:333-334,401-409"},
    {"et-parent-type", W,
     "PARAM loads the node as an orphan: its parent id is in no node's key (execution_trace.py:413), so the replay, "
     "which walks the tree from the root, never reaches it",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:411-415 (ran: mutation set, parent-negative, "
     "parent-null and parent-string)"},
    {"et-root", E,
     "PARAM's et_replay raises KeyError 1 at root = nodes[1] when no node has the integer id 1, though its loader "
     "(ExecutionTrace, what the oracle runs) accepts the trace; a root named execution_graph loads and replays",
     "facebookresearch/param@1e115ff et_replay/tools/et_replay.py:1361 (ran: the loader passes the mutation set's "
     "roots-root-removed and id-root-string)"},
    {"et-root-second", W,
     "PARAM loads a second root as a node like any other; its replay starts at nodes[1], so it never replays the "
     "second root's subtree",
     "facebookresearch/param@1e115ff et_replay/tools/et_replay.py:1361 (ran: mutation set, roots-second-copied-root "
     "loads)"},
    {"et-schema-chakra", Off,
     "PARAM dispatches on its own schema list (et-schema-param); Chakra's list changes nothing it reads",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:360-377"},
    {"et-schema-param", E,
     "PARAM raises ValueError 'No corresponding node creation function found for schema version X' on a version it "
     "does not list",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:360-377 (ran)"},
    {"et-schema-unknown", Off, "PARAM accepts or rejects a version by its own list alone, which et-schema-param judges",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:360-377 (ran)"},
    {"et-strides-arity", W, "not established what PARAM's replay does with strides of another count; its loader keeps them",
     "no source: facebookresearch/param@1e115ff et_replay/execution_trace.py was read for values, shapes and types only"},
    {"et-tensor-value", W, "PARAM makes the tensor id with tuple(value) and checks no length",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py:283-287; facebookresearch/param@1e115ff (ran: a "
     "5-element tensor value loads)"},
    {"et-type-name", E,
     "PARAM's get_tensors calls startswith on each type and raises AttributeError on one that is not a string",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:295 (ran: mutation set, types-null and types-number)"},
    {"input-bom", E,
     "PARAM's json.load on a .json opened in text mode raises JSONDecodeError 'Unexpected UTF-8 BOM'; a .gz, read "
     "as bytes, it accepts",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main(); Python's json.load (ran)"},
    {"input-crlf", Off, "PARAM's json.load reads CR and LF as JSON whitespace",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main()"},
    {"input-empty", E, "PARAM's json.load raises JSONDecodeError on an empty file",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main()"},
    {"input-format", E,
     "PARAM's json.load raises JSONDecodeError on text that is not JSON, and ExecutionTrace raises KeyError 'schema' "
     "on JSON that is not an execution trace",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py:345 and main()"},
    {"input-invalid-utf8", E, "PARAM's json.load raises UnicodeDecodeError",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main()"},
    {"input-line-too-long", E,
     "PARAM reads the whole file with one json.load whatever its line lengths; tracecheck raises this rule only on "
     "TORCH_TRACE envelope lines, never on an execution trace",
     "no source: tracecheck-internal (harness/diag/rule_catalog.cpp)"},
    {"input-long-line", W,
     "PARAM reads the whole file with one json.load whatever its line lengths; tracecheck raises this rule only on "
     "TORCH_TRACE lines, never on an execution trace",
     "no source: tracecheck-internal (harness/diag/rule_catalog.cpp)"},
    {"json-big-integer", W, "PARAM's json.load reads an integer beyond 64 bits exactly and loading goes on",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main(); Python's json.load"},
    {"json-duplicate-key", W, "PARAM's json.load keeps the last value of a repeated key",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main(); Python's json.load"},
    {"json-lone-surrogate", W,
     "not established what PARAM does with it; Python's json.load keeps the lone surrogate in the string",
     "no source: no reading or run covers a lone surrogate for PARAM"},
    {"json-non-finite", W, "PARAM's json.load reads NaN and Infinity as floats and loading goes on",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main(); Python's json.load"},
    {"json-number-range", W,
     "PARAM's json.load reads 1e999 as float infinity; what replay then does with it was not established",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main(); Python's json.load"},
    {"json-syntax", E, "PARAM's json.load raises JSONDecodeError and nothing is loaded",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py main()"},
    {"schema-invalid", E,
     "PARAM never reads tracecheck's schema file; the rule stays an error because tracecheck can check nothing "
     "against it",
     "no source: tracecheck-internal (harness/diag/rule_catalog.cpp)"},
    {"schema-unknown-key", Off,
     "PARAM reads only the keys it names (and only the attrs in ATTR_TYPES) and ignores the rest",
     "facebookresearch/param@cbf0988 et_replay/execution_trace.py:345-348,439-444"},
    {"schema-violation", Off, "PARAM checks no JSON Schema; the et-* rules carry what it rejects",
     "facebookresearch/param@1e115ff et_replay/execution_trace.py:354-377 (no schema check)"},
}};

}  // namespace

std::span<const Rule> execution_trace_rules() { return kRules; }

std::vector<diag::Profile> execution_trace_profiles() {
  std::vector<diag::Profile> p;
  p.push_back(diag::consumer_profile(
      "chakra", {}, "Chakra's PyTorch converter (mlcommons/chakra 21585d8: pytorch_node.py SUPPORTED_VERSIONS)",
      kChakraReadings));
  p.push_back(diag::consumer_profile(
      "param", {}, "PARAM et_replay (facebookresearch/param 1e115ff: et_replay/execution_trace.py ExecutionTrace)",
      kParamReadings));
  return p;
}

}  // namespace tc::formats::execution_trace
