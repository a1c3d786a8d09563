// NodeParser::parse_valid (node_fields.h) against what it stands for: the
// node schema's verdict (EtSchemaChecker::passes_nested) and parse()
// reporting nothing, on a valid node and on every variant of it made by
// removing, retyping, adding or repeating one member anywhere in it.
#include "formats/execution_trace/node_fields.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/execution_trace/schema_check.h"

namespace tc::reader::et {
// A namespace of its own name: its `json` (nlohmann) stays out of the unity
// batch around it, where tc::json is meant.
namespace node_fields_test {

using nlohmann::json;

const char* const kNode = R"js({"id": 7, "name": "aten::add", "ctrl_deps": 2,
  "inputs": {"values": [[1, 2, 0, 4, 4, "cpu"], 1], "shapes": [[2, 2], []], "types": ["Tensor(float)", "Int"],
             "strides": [[2, 1], []]},
  "outputs": {"values": [[3, 4, 0, 4, 4, "cpu"]], "shapes": [[2, 2]], "types": ["Tensor(float)"], "strides": [[2, 1]]},
  "attrs": [{"name": "rf_id", "type": "uint64", "value": 5}, {"name": "op_schema", "type": "string", "value": "s"},
            {"name": "seq_id", "type": "int64", "value": -1}]})js";

const json kReplacements[] = {nullptr, true, 1, -1, 1.5, 2.0, "s", "int64", json::array(), json::array({"x"}),
                              json::array({1}), json::object(), json{{"k", 1}}};

// Keys of every object a node has, in either layout, and one of none.
const char* const kKeys[] = {"id",      "name",         "ctrl_deps",   "inputs",        "outputs",
                             "attrs",   "parent",       "input_shapes", "input_types",  "output_shapes",
                             "output_types", "rf_id",   "op_schema",   "values",        "shapes",
                             "types",   "strides",      "type",        "value",         "unknown"};

// Every variant of `node`: each member removed or replaced by each of
// kReplacements, or a member of each of kKeys added, at every depth.
void variants(const json& node, json& root, std::vector<std::string>& out) {
  if (node.is_object()) {
    json& self = const_cast<json&>(node);
    for (const char* extra : kKeys) {
      if (self.contains(extra)) continue;
      self[extra] = 1;
      out.push_back(root.dump());
      self.erase(extra);
    }
    std::vector<std::string> keys;
    for (auto it = node.begin(); it != node.end(); ++it) keys.push_back(it.key());
    for (const std::string& k : keys) {
      json saved = self[k];
      self.erase(k);
      out.push_back(root.dump());
      for (const json& r : kReplacements) {
        self[k] = r;
        out.push_back(root.dump());
      }
      self[k] = saved;
      variants(self[k], root, out);
    }
  } else if (node.is_array()) {
    for (size_t i = 0; i < node.size(); ++i) variants(node[i], root, out);
  }
}

struct Reading {
  bool decided = false;  // parse_valid's answer
  bool passes = false;   // the schema's verdict
  size_t reported = 0;   // what parse() reports
  EtNode node;
};

Reading read(const std::string& text, bool want_strides) {
  simdjson::dom::parser parser;
  simdjson::dom::element e = parser.parse(simdjson::padded_string(text)).value();
  const NodeSchemaPlan* plan = checks::EtSchemaChecker::nested_plan();
  EXPECT_TRUE(plan) << "the nested node schema is a record the reader can decide";
  Reading r;
  diag::Reporter reporter;
  NodeParser parser_of_nodes("t.json", reporter, /*keep_texts=*/true);
  EtNodeJson json_of_node;
  EtNode decided;
  r.decided = plan && parser_of_nodes.parse_valid(e, want_strides, decided, json_of_node, *plan);
  EXPECT_TRUE(reporter.kept().empty()) << "parse_valid reports nothing";
  r.passes = checks::EtSchemaChecker::passes_nested(e);
  parser_of_nodes.parse(e, Layout::Nested, want_strides, r.node, json_of_node);
  r.reported = reporter.kept().size();
  if (r.decided) {  // the same node as parse() reads
    EXPECT_EQ(decided.id, r.node.id);
    EXPECT_EQ(decided.name, r.node.name);
    EXPECT_EQ(decided.parent, r.node.parent);
    EXPECT_EQ(decided.rf_id, r.node.rf_id);
    EXPECT_EQ(decided.op_schema, r.node.op_schema);
    EXPECT_EQ(decided.inputs.type_names, r.node.inputs.type_names);
    EXPECT_EQ(decided.outputs.shape_texts, r.node.outputs.shape_texts);
    EXPECT_EQ(decided.inputs.strides, r.node.inputs.strides);
  }
  return r;
}

TEST(NodeParserParseValid, DecidesAValidNode) {
  Reading r = read(kNode, /*want_strides=*/true);
  EXPECT_TRUE(r.passes);
  EXPECT_EQ(r.reported, 0u);
  EXPECT_TRUE(r.decided);
}

TEST(NodeParserParseValid, SaysValidExactlyWhenTheSchemaPassesAndNothingIsReported) {
  json root = json::parse(kNode);
  std::vector<std::string> texts;
  variants(root, root, texts);
  {  // A mistyped member before the right one.
    std::string t = kNode;
    size_t at = t.find("\"types\": [\"Tensor(float)\"]");
    texts.push_back(t.substr(0, at) + "\"types\": 1, " + t.substr(at));
    at = t.find("\"type\": \"uint64\"");
    texts.push_back(t.substr(0, at) + "\"type\": 1, " + t.substr(at));
  }
  ASSERT_GT(texts.size(), 300u);
  size_t decided = 0, valid = 0;
  for (const std::string& text : texts) {
    for (bool want_strides : {true, false}) {
      Reading r = read(text, want_strides);
      EXPECT_EQ(r.decided, r.passes && r.reported == 0) << text << (want_strides ? " (strides wanted)" : "");
      decided += r.decided;
      valid += r.passes;
    }
  }
  // The variants cover both answers (replacing a value by an equal one, or
  // an attr's value by anything, keeps the node valid).
  EXPECT_GT(decided, 10u);
  EXPECT_LT(valid, 2 * texts.size());
}

// A repeated key: the schema judges each value, the reader reads the first;
// parse_valid does not decide such a node (the caller validates it).
TEST(NodeParserParseValid, LeavesARepeatedKeyToTheSchema) {
  std::string t = kNode;
  std::string rest = t.substr(t.find("\"name\""));
  for (const char* head : {R"({"id": 7, "id": 8, )", R"({"id": 7, "id": "x", )"}) {
    Reading r = read(head + rest, true);
    EXPECT_FALSE(r.decided);
  }
  EXPECT_TRUE(read(std::string(R"({"id": 7, "id": 8, )") + rest, true).passes);
}

}  // namespace node_fields_test
}  // namespace tc::reader::et
