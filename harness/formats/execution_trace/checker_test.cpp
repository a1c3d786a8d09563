#include "formats/execution_trace/checker.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "diag/profile.h"
#include "formats/registry/registry.h"
#include "io/temp_dir_for_tests.h"

namespace tc::formats::execution_trace {
namespace {

// The attrs PyTorch writes on every node besides rf_id (et-attr-required).
constexpr const char* kOtherAttrs =
    R"({"name": "fw_parent", "type": "uint64", "value": 0}, {"name": "seq_id", "type": "int64", "value": -1}, )"
    R"({"name": "scope", "type": "uint64", "value": 0}, {"name": "tid", "type": "uint64", "value": 1}, )"
    R"({"name": "fw_tid", "type": "uint64", "value": 0}, {"name": "op_schema", "type": "string", "value": ""})";

// A node of the nested layout (with strides, as 1.1.1 requires); `inputs`
// replaces the inputs object.
std::string node(int id, int parent, const std::string& name, const std::string& inputs = {}) {
  std::string in = inputs.empty() ? R"({"values": [], "shapes": [], "types": [], "strides": []})" : inputs;
  return "{\"id\": " + std::to_string(id) + ", \"name\": \"" + name + "\", \"ctrl_deps\": " + std::to_string(parent) +
         ", \"inputs\": " + in +
         R"(, "outputs": {"values": [], "shapes": [], "types": [], "strides": []}, "attrs": [{"name": "rf_id", "type": "uint64", "value": )" +
         std::to_string(id) + "}, " + kOtherAttrs + "]}";
}

std::string trace(const std::vector<std::string>& nodes, const std::string& schema = "1.0.2-chakra.0.0.4") {
  std::string out = "{\"schema\": \"" + schema +
                    "\", \"pid\": 7, \"time\": \"2024-01-01 00:00:00\", \"start_ts\": 1,\n  \"nodes\": [\n";
  for (size_t i = 0; i < nodes.size(); ++i) out += "    " + nodes[i] + (i + 1 < nodes.size() ? ",\n" : "\n");
  return out + "  ],\n  \"finish_ts\": 2\n}\n";
}

const char* kRoot = "[pytorch|profiler|execution_trace|process]";
const char* kThread = "[pytorch|profiler|execution_trace|thread]";

class EtCheckTest : public ::testing::Test {
 protected:
  void check(const std::string& text) {
    path_ = (temp_.path() / "et_check_test.json").string();
    std::ofstream(path_) << text;
    formats::CheckRequest request;
    request.path = path_;
    request.reporter = &reporter_;
    request.canonical = &sections_;
    std::string io_error;
    ASSERT_TRUE(formats::registry::find_format("execution_trace")->check(request, io_error)) << io_error;
  }
  const diag::Diagnostic* find(const std::string& rule) const {
    for (const auto& d : reporter_.kept())
      if (d.rule == rule) return &d;
    return nullptr;
  }
  diag::Verdict verdict(const char* profile) const {
    return diag::resolve(reporter_, *formats::registry::catalog().find_profile(profile));
  }

  io::testing::TempDir temp_;
  std::string path_;
  diag::Reporter reporter_;
  std::vector<formats::Section> sections_;
};

TEST_F(EtCheckTest, ValidNestedTraceHasNoFindings) {
  check(trace({node(2, 1, kThread), node(3, 2, "aten::add"), node(1, 1, kRoot)}));
  EXPECT_TRUE(reporter_.kept().empty()) << diag::format_text(reporter_.kept().front());
  ASSERT_EQ(sections_.size(), 1u);
  EXPECT_EQ(sections_[0].label, "execution_trace/et_check_test.json");
}

TEST_F(EtCheckTest, DuplicateIdNamesNodeAndPointer) {
  check(trace({node(2, 1, kThread), node(3, 2, "aten::add"), node(3, 2, "aten::mul"), node(1, 1, kRoot)}));
  const diag::Diagnostic* d = find("et-id-duplicate");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/nodes/2/id");
  EXPECT_NE(d->message.find("node 3"), std::string::npos);
  EXPECT_NE(d->message.find("/nodes/1"), std::string::npos);
  EXPECT_EQ(d->location.line, 5u);
}

TEST_F(EtCheckTest, MissingParentNamesNodeAndPointer) {
  check(trace({node(2, 1, kThread), node(5, 4, "aten::add"), node(1, 1, kRoot)}));
  const diag::Diagnostic* d = find("et-parent-missing");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/nodes/1/ctrl_deps");
  EXPECT_NE(d->message.find("node 5"), std::string::npos);
  EXPECT_NE(d->message.find("ctrl_deps 4"), std::string::npos);
}

TEST_F(EtCheckTest, RootMustExistWithIdOne) {
  check(trace({node(2, 1, kThread)}));
  EXPECT_NE(find("et-root"), nullptr);
  reporter_ = diag::Reporter();
  check(trace({node(2, 2, kRoot), node(3, 2, kThread)}));
  const diag::Diagnostic* d = find("et-root");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/nodes/0/id");
}

TEST_F(EtCheckTest, ASecondRootIsItsOwnRule) {
  check(trace({node(2, 1, kThread), node(1, 1, kRoot), node(9, 1, kRoot)}));
  EXPECT_EQ(find("et-root"), nullptr);
  const diag::Diagnostic* d = find("et-root-second");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/nodes/2/name");
  // PARAM loads both roots (mutation set, roots-second-copied-root).
  EXPECT_FALSE(verdict("param").failed(false));
  EXPECT_TRUE(verdict("default").failed(false));
}

TEST_F(EtCheckTest, ARootWhoseIdIsTheStringOneIsNoRootForReplay) {
  std::string root = node(1, 1, kRoot);
  root.replace(root.find("\"id\": 1"), 7, "\"id\": \"1\"");
  check(trace({node(2, 1, kThread), root}));
  ASSERT_NE(find("et-root"), nullptr);
  EXPECT_EQ(find("et-root")->pointer, "/nodes/1/id");
  EXPECT_NE(find("et-id-type"), nullptr);
}

// A node's parent of another type: every consumer loads the node and
// leaves it out of the tree (ran: mutation set, parent-null and others).
TEST_F(EtCheckTest, AParentOfAnotherTypeIsAWarningForTheConsumers) {
  std::string orphan = node(3, 2, "aten::add");
  orphan.replace(orphan.find("\"ctrl_deps\": 2"), 14, "\"ctrl_deps\": null");
  check(trace({node(2, 1, kThread), orphan, node(1, 1, kRoot)}));
  const diag::Diagnostic* d = find("et-parent-type");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/nodes/1/ctrl_deps");
  EXPECT_EQ(find("et-node-field"), nullptr);
  EXPECT_FALSE(verdict("param").failed(false));
  EXPECT_FALSE(verdict("chakra").failed(false));
  EXPECT_TRUE(verdict("default").failed(false));
}

// PARAM sorts each node's children by id: a string id sorts among strings,
// and raises TypeError beside a number (mutation set, id-string).
TEST_F(EtCheckTest, AStringIdBesideANumericSiblingIsIncomparable) {
  auto string_id = [](int id, int parent) {
    std::string n = node(id, parent, "aten::add");
    n.replace(n.find("\"id\": "), 6 + std::to_string(id).size(), "\"id\": \"" + std::to_string(id) + "\"");
    return n;
  };
  check(trace({node(2, 1, kThread), string_id(3, 2), node(4, 2, "aten::mul"), node(1, 1, kRoot)}));
  ASSERT_NE(find("et-id-incomparable"), nullptr);
  EXPECT_EQ(find("et-id-incomparable")->pointer, "/nodes/1/id");
  EXPECT_TRUE(verdict("param").failed(false));
  reporter_ = diag::Reporter();
  check(trace({node(2, 1, kThread), string_id(3, 2), string_id(4, 2), node(1, 1, kRoot)}));
  EXPECT_EQ(find("et-id-incomparable"), nullptr);
  EXPECT_EQ(reporter_.count("et-id-type"), 2u);
  EXPECT_FALSE(verdict("param").failed(false));
  EXPECT_TRUE(verdict("chakra").failed(false));
}

TEST_F(EtCheckTest, TypeNamesAndStringListsHaveRulesOfTheirOwn) {
  check(trace({node(2, 1, kThread),
               node(3, 2, "aten::add", R"({"values": [1], "shapes": [[]], "types": [null], "strides": [[]]})"),
               node(4, 2, "aten::mul", R"({"values": [1], "shapes": [[]], "types": "Int", "strides": [[]]})"),
               node(1, 1, kRoot)}));
  ASSERT_NE(find("et-type-name"), nullptr);
  EXPECT_EQ(find("et-type-name")->pointer, "/nodes/1/inputs/types/0");
  ASSERT_NE(find("et-io-string"), nullptr);
  EXPECT_EQ(find("et-io-string")->pointer, "/nodes/2/inputs/types");
  EXPECT_EQ(find("et-node-field"), nullptr);
  // PARAM's get_tensors calls startswith on each type; Chakra writes the
  // list as text (mutation set, types-null, types-list-not-array).
  EXPECT_TRUE(verdict("param").failed(false));
  EXPECT_FALSE(verdict("chakra").failed(false));
}

TEST_F(EtCheckTest, AnRfIdPythonsIntReadsIsNoNodeField) {
  for (const char* value : {R"("8")", R"(" -1_000 ")", "8.5", "true"}) {
    std::string n = node(3, 2, "aten::add");
    n.replace(n.find("\"value\": 3}"), 11, std::string("\"value\": ") + value + "}");
    reporter_ = diag::Reporter();
    check(trace({node(2, 1, kThread), n, node(1, 1, kRoot)}));
    EXPECT_EQ(find("et-node-field"), nullptr) << value;
    EXPECT_NE(find("et-attr-required"), nullptr) << value;
  }
  for (const char* value : {R"("8a")", R"("_8")", R"("")", "null", "[8]"}) {
    std::string n = node(3, 2, "aten::add");
    n.replace(n.find("\"value\": 3}"), 11, std::string("\"value\": ") + value + "}");
    reporter_ = diag::Reporter();
    check(trace({node(2, 1, kThread), n, node(1, 1, kRoot)}));
    ASSERT_NE(find("et-node-field"), nullptr) << value;
    EXPECT_EQ(find("et-node-field")->pointer, "/nodes/1/attrs/0/value") << value;
  }
}

TEST_F(EtCheckTest, TensorValuesAreSixTuplesAlsoInsideLists) {
  std::string in =
      R"j({"values": [[5,6,0,4,4,"cpu"], [[5,6,0,4,4,"cpu"], [5,6,0,4]]], "shapes": [[2,2], [[2,2],[2,2]]], "types": ["Tensor(float)", "GenericList[Tensor(float),Tensor(float)]"]})j";
  check(trace({node(2, 1, kThread), node(3, 2, "aten::cat", in), node(1, 1, kRoot)}));
  const diag::Diagnostic* d = find("et-tensor-value");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/nodes/1/inputs/values/1/1");
  EXPECT_EQ(reporter_.count("et-tensor-value"), 1u);
}

TEST_F(EtCheckTest, ArityMismatchFailsDefaultWhileChakraAndParamReadOn) {
  std::string bad = R"({"values": [1, 2], "shapes": [[]], "types": ["Int", "Int"], "strides": [[], []]})";
  std::string quirk = R"({"values": [1, 2], "shapes": [[], []], "types": ["Int", "Int"], "strides": [[]]})";
  check(trace({node(2, 1, kThread), node(3, 2, "aten::add", bad), node(4, 2, "triton_poi_fused_add_0", quirk),
               node(5, 2, "aten::mul", quirk), node(1, 1, kRoot)},
              "1.1.1-chakra.0.0.4"));
  EXPECT_EQ(reporter_.count("et-arity"), 1u);          // aten::add's shapes
  EXPECT_EQ(reporter_.count("et-strides-arity"), 1u);  // aten::mul's strides
  const diag::Diagnostic* d = find("et-kernel-strides");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/nodes/2/inputs/strides");
  // Both consumers of 1.1.1-chakra.0.0.4 zip the lists and read on, but a
  // replay misreads every argument after the gap: a hard rule of the format,
  // so the default fails the values/shapes/types gap and warns of the rest.
  diag::Verdict v = verdict("default");
  EXPECT_EQ(v.errors, 1u);
  EXPECT_EQ(v.warnings, 2u);
  EXPECT_EQ(verdict("param").errors, 0u);
  EXPECT_EQ(verdict("chakra").errors, 0u);
}

TEST_F(EtCheckTest, FlatLayoutIsReadAndChakraRejectsIt) {
  std::string text = R"j({"schema": "1.0.1", "pid": 1, "time": "t", "start_ts": 1, "nodes": [
    {"name": "[pytorch|profiler|execution_trace|thread]", "id": 2, "rf_id": 0, "fw_parent": 0, "seq_id": -1, "tid": 1, "fw_tid": 0, "scope": 0, "parent": 1, "inputs": [], "input_shapes": [], "input_types": [], "outputs": [], "output_shapes": [], "output_types": []},
    {"name": "aten::empty", "id": 5, "rf_id": 3, "fw_parent": 0, "seq_id": -1, "tid": 1, "fw_tid": 0, "scope": 0, "parent": 7, "op_schema": "aten::empty(int[] size) -> Tensor", "inputs": [[2,2]], "input_shapes": [[[],[]]], "input_types": ["GenericList[Int,Int]"], "outputs": [[6,7,0,4,4]], "output_shapes": [[2,2]], "output_types": ["Tensor(float)"]},
    {"name": "[pytorch|profiler|execution_trace|process]", "id": 1, "rf_id": 0, "fw_parent": 0, "seq_id": -1, "tid": 1, "fw_tid": 0, "scope": 0, "parent": 1, "inputs": [], "input_shapes": [], "input_types": [], "outputs": [], "output_shapes": [], "output_types": []}
  ], "finish_ts": 2
})j";
  check(text);
  EXPECT_EQ(find("et-parent-missing")->pointer, "/nodes/1/parent");
  EXPECT_EQ(find("et-tensor-value")->pointer, "/nodes/1/outputs/0");
  EXPECT_EQ(reporter_.count("et-node-field"), 0u);
  // The missing parent breaks the tree and the 5-element tensor value its
  // type (both hard rules of the format).
  EXPECT_EQ(verdict("default").errors, 2u);
  // PARAM and Chakra drop a node whose parent is missing and take a tensor
  // value as it comes: warnings; Chakra's converter rejects 1.0.1.
  EXPECT_EQ(verdict("param").errors, 0u);
  diag::Verdict chakra = verdict("chakra");
  EXPECT_EQ(chakra.errors, 1u);
  ASSERT_NE(find("et-schema-chakra"), nullptr);
  EXPECT_NE(find("et-schema-chakra")->message.find("1.0.2-chakra.0.0.4"), std::string::npos);
}

TEST_F(EtCheckTest, UnknownSchemaWarnsByDefaultAndFailsChakraAndParam) {
  check(trace({node(2, 1, kThread), node(1, 1, kRoot)}, "2.0.0-chakra.9"));
  EXPECT_EQ(verdict("default").errors, 0u);
  EXPECT_EQ(verdict("default").warnings, 1u);
  EXPECT_EQ(verdict("chakra").errors, 1u);
  EXPECT_EQ(verdict("param").errors, 1u);
  EXPECT_NE(find("et-schema-param")->message.find("1.0.1"), std::string::npos);
}

TEST_F(EtCheckTest, ParentCyclesFailNamingTheirIds) {
  check(trace({node(1, 1, kRoot), node(2, 1, kThread), node(3, 5, "a"), node(4, 3, "b"), node(5, 4, "c")}));
  ASSERT_EQ(reporter_.count("et-parent-cycle"), 1u);
  const diag::Diagnostic* d = find("et-parent-cycle");
  EXPECT_NE(d->message.find("3 -> 5 -> 4 -> 3"), std::string::npos) << d->message;
  EXPECT_EQ(d->pointer, "/nodes/2/ctrl_deps");
  EXPECT_GE(verdict("default").errors, 1u);
  // A tree has none, however deep.
  reporter_ = diag::Reporter();
  check(trace({node(1, 1, kRoot), node(2, 1, kThread), node(3, 2, "a"), node(4, 3, "b"), node(5, 4, "c")}));
  EXPECT_EQ(reporter_.count("et-parent-cycle"), 0u);
  // Through the root it is a rule of its own: PARAM never links node 1 to a
  // parent, so it loads the trace, while it hangs on any other cycle.
  reporter_ = diag::Reporter();
  check(trace({node(1, 2, kRoot), node(2, 1, kThread), node(3, 2, "a")}));
  EXPECT_EQ(reporter_.count("et-parent-cycle"), 0u);
  EXPECT_EQ(reporter_.count("et-parent-cycle-root"), 1u);
  EXPECT_GE(verdict("default").errors, 1u);
  EXPECT_EQ(verdict("param").errors, 0u);
}

// ExecutionGraphObserver (PyTorch 1.13 and 2.0) wrote 1.0.1 with its root
// named execution_graph, id 1 and its own parent; PARAM reads it.
TEST_F(EtCheckTest, ExecutionGraphRootsOf101AreRoots) {
  check(R"j({"schema": "1.0.1", "pid": 1, "time": "t", "start_ts": 1, "nodes": [
    {"name": "[pytorch|profiler|execution_graph|thread]", "id": 2, "rf_id": 0, "fw_parent": 0, "seq_id": -1, "tid": 1, "fw_tid": 0, "scope": 0, "parent": 1, "inputs": [], "input_shapes": [], "input_types": [], "outputs": [], "output_shapes": [], "output_types": []},
    {"name": "[pytorch|profiler|execution_graph|process]", "id": 1, "rf_id": 0, "fw_parent": 0, "seq_id": -1, "tid": 1, "fw_tid": 0, "scope": 0, "parent": 1, "inputs": [], "input_shapes": [], "input_types": [], "outputs": [], "output_shapes": [], "output_types": []}
  ], "finish_ts": 2
})j");
  EXPECT_EQ(reporter_.count("et-root"), 0u);
  EXPECT_EQ(reporter_.count("et-parent-missing"), 0u);
  EXPECT_EQ(verdict("default").errors, 0u);
  EXPECT_EQ(verdict("param").errors, 0u);
  EXPECT_EQ(verdict("chakra").errors, 1u);  // Chakra's converter does not read 1.0.1
}

// Chakra's converter copies seven attrs into every node it writes and
// crashes without one, or with one of another type; PARAM casts what is
// there and takes None for what is not.
TEST_F(EtCheckTest, AttrsChakraCopiesAreRequiredOfChakra) {
  const std::string good = node(3, 1, "aten::mm");
  for (const auto& [from, to] :
       std::vector<std::pair<std::string, std::string>>{{R"({"name": "fw_tid", "type": "uint64", "value": 0}, )", ""},
                                                        {R"("value": "")", R"("value": 7)"},
                                                        {R"({"name": "scope", "type": "uint64", "value": 0})",
                                                         R"({"name": "scope", "type": "uint64", "value": "0"})"}}) {
    std::string bad = good;
    ASSERT_NE(bad.find(from), std::string::npos) << from;
    bad.replace(bad.find(from), from.size(), to);
    reporter_ = diag::Reporter();
    check(trace({node(2, 1, kThread), bad, node(1, 1, kRoot)}));
    ASSERT_NE(find("et-attr-required"), nullptr) << bad;
    EXPECT_EQ(find("et-attr-required")->pointer, "/nodes/1/attrs");
    EXPECT_EQ(verdict("chakra").errors, 1u) << bad;
    EXPECT_EQ(verdict("param").errors, 0u) << bad;
  }
  // 1.0.1 keeps them as members; PARAM's loader indexes them.
  reporter_ = diag::Reporter();
  check(R"j({"schema": "1.0.1", "pid": 1, "time": "t", "start_ts": 1, "nodes": [
    {"name": "[pytorch|profiler|execution_graph|process]", "id": 1, "rf_id": 0, "parent": 1, "seq_id": -1, "tid": 1, "fw_tid": 0, "scope": 0, "inputs": [], "input_shapes": [], "input_types": [], "outputs": [], "output_shapes": [], "output_types": []}
  ], "finish_ts": 2
})j");
  ASSERT_NE(find("et-node-field"), nullptr);
  EXPECT_EQ(find("et-node-field")->pointer, "/nodes/0/fw_parent");
  EXPECT_EQ(verdict("param").errors, 1u);
}

// Listed in Chakra's SUPPORTED_VERSIONS, but its converter crashes on it.
TEST_F(EtCheckTest, ChakraFailsTheVersionItListsButCrashesOn) {
  check(trace({node(2, 1, kThread), node(1, 1, kRoot)}, "1.1.1-chakra.1.0.0"));
  ASSERT_NE(find("et-schema-chakra"), nullptr);
  EXPECT_EQ(verdict("chakra").errors, 1u);
}

TEST_F(EtCheckTest, BrokenNodesAreFindingsNotCrashes) {
  check(R"({"schema": "1.0.2-chakra.0.0.4", "pid": 1, "time": "t", "start_ts": 1, "nodes": [
    {"id": "x", "name": 3, "ctrl_deps": -1, "inputs": [], "outputs": {"values": 1}, "attrs": [{"name": "rf_id"}]},
    17,
    {"id": 1, "name": "[pytorch|profiler|execution_trace|process]", "ctrl_deps": 1, "inputs": {"values": [], "shapes": [], "types": []}, "outputs": {"values": [], "shapes": [], "types": []}, "attrs": []}
  ]})");
  // id "x" and ctrl_deps -1 have rules of their own; name 3, the inputs
  // array, outputs' values and the attr without a value are et-node-field.
  EXPECT_GE(reporter_.count("et-node-field"), 4u);
  EXPECT_EQ(reporter_.count("et-id-type"), 1u);
  EXPECT_EQ(reporter_.count("et-parent-type"), 1u);
  EXPECT_EQ(find("et-header")->pointer, "/finish_ts");
  reporter_ = diag::Reporter();
  check(R"({"schema": "1.0.2-chakra.0.0.4", "nodes": [{"id": 1, )");
  EXPECT_NE(find("json-syntax"), nullptr);
  reporter_ = diag::Reporter();
  check("");
  EXPECT_NE(find("input-empty"), nullptr);
}

// What Python's json.load reads and simdjson does not is a json-* warning
// at the literal (Chakra and PARAM load the node), not a syntax error.
TEST_F(EtCheckTest, NodesPythonReadsAreWarnedAtTheLiteral) {
  const std::string attrs = std::string(R"([{"name": "rf_id", "type": "uint64", "value": 0}, )") + kOtherAttrs;
  const std::string head =
      R"({"schema": "1.0.2-chakra.0.0.4", "pid": 1, "time": "t", "start_ts": 1, "finish_ts": 2, "nodes": [
    {"id": 1, "name": "[pytorch|profiler|execution_trace|process]", "ctrl_deps": 1, "inputs": {"values": [], "shapes": [], "types": []}, "outputs": {"values": [], "shapes": [], "types": []}, "attrs": )" +
      attrs + R"(]},
    {"id": 2, "name": "a", "ctrl_deps": 1, "inputs": {"values": [], "shapes": [], "types": []}, "outputs": {"values": [], "shapes": [], "types": []}, "attrs": )" +
      attrs + R"(, {"name": "v", "type": "uint64", "value": )";
  for (const char* literal : {"18446744073709551616", "NaN", "1e999"}) {
    reporter_ = diag::Reporter();
    check(head + literal + "}]}]}");
    EXPECT_EQ(find("json-syntax"), nullptr) << literal;
    const diag::Diagnostic* d = nullptr;
    for (const char* rule : {"json-big-integer", "json-non-finite", "json-number-range"})
      if (!d) d = find(rule);
    ASSERT_NE(d, nullptr) << literal;
    EXPECT_EQ(d->pointer, "/nodes/1/attrs/7/value") << literal;
    EXPECT_FALSE(verdict("chakra").failed(false)) << literal;
  }
}

TEST_F(EtCheckTest, SchemaFailuresOfReadFieldsAreReportedOnce) {
  // The reader reports a string id as et-id-type; the schema's own
  // failure at /id is the same fact and is not reported again.
  std::string bad_id = node(3, 2, "aten::add");
  bad_id.replace(bad_id.find("\"id\": 3"), 7, "\"id\": \"3\"");
  // An attr type outside the schema's list is what only the schema checks.
  std::string odd_attr = node(4, 2, "aten::mul");
  odd_attr.replace(odd_attr.find("\"uint64\""), 8, "\"uint128\"");
  check(trace({node(2, 1, kThread), bad_id, odd_attr, node(1, 1, kRoot)}));
  EXPECT_EQ(reporter_.count("schema-violation"), 0u);
  ASSERT_NE(find("et-id-type"), nullptr);
  EXPECT_EQ(find("et-id-type")->pointer, "/nodes/1/id");
  EXPECT_TRUE(find("et-id-type")->breaks_schema);
  EXPECT_EQ(reporter_.count("et-field-value"), 1u);
  ASSERT_NE(find("et-field-value"), nullptr);
  EXPECT_EQ(find("et-field-value")->pointer, "/nodes/2/attrs/0/type");
}

TEST_F(EtCheckTest, DefaultAnswersForTheConsumersThatReadTheVersion) {
  // 1.0.2-chakra.0.0.4 is read by Chakra and PARAM; 1.0.1 by PARAM only.
  check(trace({node(2, 1, kThread), node(1, 1, kRoot)}));
  ASSERT_NE(reporter_.readers_of(path_), nullptr);
  EXPECT_EQ(*reporter_.readers_of(path_), (std::vector<std::string>{"chakra", "param"}));
  reporter_ = diag::Reporter();
  check(R"({"schema": "1.0.1", "pid": 1, "time": "t", "start_ts": 1, "finish_ts": 2, "nodes": []})");
  ASSERT_NE(reporter_.readers_of(path_), nullptr);
  EXPECT_EQ(*reporter_.readers_of(path_), (std::vector<std::string>{"param"}));
  reporter_ = diag::Reporter();
  check(trace({node(2, 1, kThread), node(1, 1, kRoot)}, "2.0.0-chakra.9"));
  ASSERT_NE(reporter_.readers_of(path_), nullptr);
  EXPECT_TRUE(reporter_.readers_of(path_)->empty());
}

// The findings of a plain check, one string each, in order.
std::vector<std::string> plain_check(const std::string& path, unsigned jobs, size_t block_bytes) {
  diag::Reporter reporter;
  formats::CheckRequest request;
  request.path = path;
  request.reporter = &reporter;
  request.jobs = jobs;
  request.block_bytes = block_bytes;
  std::string io_error;
  EXPECT_TRUE(formats::registry::find_format("execution_trace")->check(request, io_error)) << io_error;
  std::vector<std::string> out;
  for (const diag::Diagnostic& d : reporter.kept())
    out.push_back(d.rule + " " + std::to_string(d.location.line) + ":" + std::to_string(d.location.column) + " " +
                  d.pointer + " " + d.message + (d.breaks_schema ? " (schema)" : ""));
  return out;
}

// Nodes parsed and checked against the schema ahead on other threads
// (--jobs above 1) give the findings of one thread, in the same order:
// nodes that fail the schema, are not JSON, lack fields, repeat ids.
TEST(EtCheckThreads, FindingsAreThoseOfOneThread) {
  std::vector<std::string> nodes = {node(2, 1, kThread), node(1, 1, kRoot)};
  for (int id = 3; id < 200; ++id) {
    if (id % 37 == 0)
      nodes.push_back(R"({"id": )" + std::to_string(id) + R"(, "ctrl_deps": 2, "bogus": NaN})");  // not JSON
    else if (id % 23 == 0)
      nodes.push_back(R"({"id": )" + std::to_string(id) + R"(, "ctrl_deps": 2, "extra": 1})");  // fields missing
    else if (id % 19 == 0)
      nodes.push_back(node(id - 1, 2, "aten::dup"));  // a repeated id
    else if (id % 11 == 0)
      nodes.push_back(node(id, 2, "aten::cat",
                           R"X({"values": [[1, 2]], "shapes": [[2]], "types": ["Tensor(float)"], "strides": [[1]]})X"));
    else
      nodes.push_back(node(id, 2, "aten::add"));
  }
  const io::testing::TempDir dir;
  const std::string path = (dir.path() / "trace.json").string();
  std::ofstream(path) << trace(nodes);
  const std::vector<std::string> one = plain_check(path, 1, 0);
  ASSERT_GT(one.size(), 20u);
  for (unsigned jobs : {2u, 3u})
    for (size_t block : {64u, 700u, 0u}) EXPECT_EQ(plain_check(path, jobs, block), one) << jobs << " jobs, " << block;
}

// A node's fields are read in one pass over its members; a repeated key
// counts once, with its first value, as a lookup of it would.
TEST_F(EtCheckTest, ARepeatedKeyCountsWithItsFirstValue) {
  std::string twice = node(3, 2, "aten::add");
  twice.replace(twice.find("\"id\": 3"), 7, "\"id\": 3, \"id\": \"three\"");
  twice.replace(twice.find("\"ctrl_deps\": 2"), 14, "\"ctrl_deps\": 2, \"ctrl_deps\": 99");
  check(trace({node(1, 1, kRoot), node(2, 1, kThread), twice, node(3, 2, "aten::mul")}));
  EXPECT_EQ(find("et-node-field"), nullptr);
  EXPECT_EQ(find("et-parent-missing"), nullptr);  // ctrl_deps 2, the first
  ASSERT_NE(find("et-id-duplicate"), nullptr);
  EXPECT_EQ(find("et-id-duplicate")->message, "node 3: id 3 is also the id of /nodes/2");
}

// What the graph checks keep of a node is packed; a node after more than
// 65535 nodes that are not JSON still gets its own index.
TEST_F(EtCheckTest, IndicesStayExactPastManyNodesThatAreNotJson) {
  std::vector<std::string> nodes = {node(1, 1, kRoot), node(2, 1, kThread)};
  nodes.insert(nodes.end(), 65540, "nope");
  nodes.push_back(node(3, 99, "aten::add"));
  nodes.push_back(node(3, 2, "aten::mul"));
  check(trace(nodes));
  ASSERT_NE(find("et-parent-missing"), nullptr);
  EXPECT_EQ(find("et-parent-missing")->pointer, "/nodes/65542/ctrl_deps");
  EXPECT_EQ(find("et-parent-missing")->location.line, 65545u);
  ASSERT_NE(find("et-id-duplicate"), nullptr);
  EXPECT_EQ(find("et-id-duplicate")->pointer, "/nodes/65543/id");
  EXPECT_EQ(find("et-id-duplicate")->message, "node 3: id 3 is also the id of /nodes/65542");
}

// A column past 32 bits (a one-line trace of over 4 GiB) is kept whole.
TEST(EtChecker, ColumnsPast32BitsAreKeptWhole) {
  diag::Reporter reporter;
  EtChecker checker("big.json", reporter, /*keep_nodes=*/false);
  EtNode n;
  n.index = 4;
  n.pos.line = 1;
  n.pos.column = uint64_t{5} << 32;
  n.has_id = true;
  n.id = 9;
  n.has_parent = true;
  n.parent = 77;
  checker.feed(n, EtNodeJson{});
  EtHeader header;
  header.complete = true;
  checker.finish(header);
  const diag::Diagnostic* missing = nullptr;
  for (const diag::Diagnostic& d : reporter.kept())
    if (d.rule == "et-parent-missing") missing = &d;
  ASSERT_NE(missing, nullptr);
  EXPECT_EQ(missing->location.column, uint64_t{5} << 32);
  EXPECT_EQ(missing->pointer, "/nodes/4/ctrl_deps");
}

// Ids and parents past 32 bits keep their high bits, for the nodes after
// the first such node and the ones before it: a 64-bit id is not the id
// with its low 32 bits.
TEST(EtChecker, IdsPast32BitsAreKeptWhole) {
  diag::Reporter reporter;
  EtChecker checker("big.json", reporter, /*keep_nodes=*/false);
  const uint64_t high = uint64_t{1} << 32;
  uint64_t index = 0;
  auto feed = [&](uint64_t id, uint64_t parent) {
    EtNode n;
    n.index = index;
    n.pos.line = 10 + index++;
    n.pos.column = 3;
    n.has_id = n.has_parent = true;
    n.id = id;
    n.parent = parent;
    checker.feed(n, EtNodeJson{});
  };
  feed(2, 3);                // before any high bits: parent 3 is higher
  feed(3, 2);                // 3 and 2: a cycle of small ids
  feed(7, 2);                // shares its low 32 bits with the next: no duplicate
  feed(high + 7, high + 9);  // a cycle of 64-bit ids
  feed(high + 9, high + 7);
  feed(5 * high + 1, 5 * high + 2);  // a parent that is not there
  EtHeader header;
  header.complete = true;
  checker.finish(header);
  std::vector<std::string> got;
  for (const diag::Diagnostic& d : reporter.kept())
    got.push_back(d.rule + " " + std::to_string(d.location.line) + " " + d.pointer + " " + d.message);
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<std::string>{
                     "et-parent-cycle 10 /nodes/0/ctrl_deps node 2: parents form a cycle: 2 -> 3 -> 2 (node, its "
                     "parent, ...)",
                     "et-parent-cycle 13 /nodes/3/ctrl_deps node 4294967303: parents form a cycle: 4294967303 -> "
                     "4294967305 -> 4294967303 (node, its parent, ...)",
                     "et-parent-missing 15 /nodes/5/ctrl_deps node 21474836481: ctrl_deps 21474836482 names no node",
                     "et-parent-order 10 /nodes/0/ctrl_deps node 2: parent 3 has a higher id (ids are assigned at "
                     "op entry)",
                     "et-parent-order 13 /nodes/3/ctrl_deps node 4294967303: parent 4294967305 has a higher id (ids "
                     "are assigned at op entry)",
                 }));
}

// List and tuple types nest: each element type is matched with its value by
// position, commas inside brackets or parentheses splitting nothing; a list
// whose length is not its type's is not looked into.
TEST_F(EtCheckTest, NestedListTypesMatchTheirValuesByPosition) {
  std::string in =
      R"j({"values": [[[[1,2,0,4,4,"cpu"], 3], [1,2]], [[1,2,0,4,4,"cpu"]]], "shapes": [[], []], )j"
      R"j("types": ["Tuple[GenericList[Tensor(float),Int],Tensor(long)]", "GenericList[Tensor(float),Tensor(float)]"]})j";
  check(trace({node(2, 1, kThread), node(3, 2, "aten::cat", in), node(1, 1, kRoot)}));
  ASSERT_EQ(reporter_.count("et-tensor-value"), 1u);
  EXPECT_EQ(find("et-tensor-value")->pointer, "/nodes/1/inputs/values/0/1");
  EXPECT_NE(find("et-tensor-value")->message.find("a Tensor(long) value is not"), std::string::npos);
}

}  // namespace
}  // namespace tc::formats::execution_trace
