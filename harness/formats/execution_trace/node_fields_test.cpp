// NodeParser::parse_valid (node_fields.h) against what it stands for: the
// node schema's verdict (EtSchemaChecker::passes_nested) and parse()
// reporting nothing, on a valid node and on every variant of it made by
// removing, retyping, adding or repeating one member anywhere in it.
#include "formats/execution_trace/node_fields.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "formats/execution_trace/schema_check.h"
#include "formats/schema_set.h"
#include "schema/schema.h"

namespace tc::formats::execution_trace {
// A namespace of its own name: its `json` (nlohmann) stays out of the unity
// batch around it, where tc::json is meant.
namespace node_fields_test {

using nlohmann::json;

const char* const kNode = R"js({"id": 7, "name": "aten::add", "ctrl_deps": 2,
  "inputs": {"values": [[1, 2, 0, 4, 4, "cpu"], 1], "shapes": [[2, 2], []], "types": ["Tensor(float)", "Int"],
             "strides": [[2, 1], []]},
  "outputs": {"values": [[3, 4, 0, 4, 4, "cpu"]], "shapes": [[2, 2]], "types": ["Tensor(float)"], "strides": [[2, 1]]},
  "attrs": [{"name": "rf_id", "type": "uint64", "value": 5}, {"name": "op_schema", "type": "string", "value": "s"},
            {"name": "seq_id", "type": "int64", "value": -1}, {"name": "fw_parent", "type": "uint64", "value": 0},
            {"name": "scope", "type": "uint64", "value": 0}, {"name": "tid", "type": "uint64", "value": 1},
            {"name": "fw_tid", "type": "uint64", "value": 0}]})js";

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

// A node schema to decide: the shipped one, or a variant of it.
struct NodeSchema {
  const NodeSchemaPlan* plan;
  std::function<bool(simdjson::dom::element)> passes;
};

NodeSchema shipped() { return {EtSchemaChecker::nested_plan(), EtSchemaChecker::passes_nested}; }

struct Reading {
  bool decided = false;  // parse_valid's answer
  bool passes = false;   // the schema's verdict
  size_t reported = 0;   // what parse() reports
};

void expect_same_io(const EtIo& a, const EtIo& b) {
  EXPECT_EQ(a.values, b.values);
  EXPECT_EQ(a.shapes, b.shapes);
  EXPECT_EQ(a.types, b.types);
  EXPECT_EQ(a.strides, b.strides);
  EXPECT_EQ(a.type_names, b.type_names);
  EXPECT_EQ(a.shape_texts, b.shape_texts);
}

void expect_same_io_json(const EtIoJson& a, const EtIoJson& b) {
  EXPECT_EQ(a.found, b.found);
  EXPECT_EQ(a.nested, b.nested);
  if (a.found && b.found) {
    EXPECT_EQ(a.values.size(), b.values.size());
    EXPECT_EQ(a.types.size(), b.types.size());
  }
}

Reading read(const std::string& text, bool want_strides, const NodeSchema& schema = shipped()) {
  simdjson::dom::parser parser;
  simdjson::dom::element e = parser.parse(simdjson::padded_string(text)).value();
  EXPECT_TRUE(schema.plan) << "the node schema is a record the reader can decide";
  Reading r;
  diag::Reporter reporter;
  NodeParser parser_of_nodes("t.json", reporter, /*keep_texts=*/true);
  EtNode decided, parsed;
  EtNodeJson decided_json, parsed_json;
  r.decided = schema.plan && parser_of_nodes.parse_valid(e, want_strides, decided, decided_json, *schema.plan);
  EXPECT_TRUE(reporter.kept().empty()) << "parse_valid reports nothing";
  r.passes = schema.passes(e);
  parser_of_nodes.parse(e, Layout::Nested, want_strides, parsed, parsed_json);
  r.reported = reporter.kept().size();
  if (r.decided) {  // what parse() reads
    SCOPED_TRACE(text);
    EXPECT_EQ(decided.has_id, parsed.has_id);
    EXPECT_EQ(decided.id, parsed.id);
    EXPECT_EQ(decided.name, parsed.name);
    EXPECT_EQ(decided.has_parent, parsed.has_parent);
    EXPECT_EQ(decided.parent, parsed.parent);
    EXPECT_EQ(decided.rf_id, parsed.rf_id);
    EXPECT_EQ(decided.op_schema, parsed.op_schema);
    EXPECT_EQ(decided.kernel_backend, parsed.kernel_backend);
    EXPECT_EQ(decided.kernel_file, parsed.kernel_file);
    expect_same_io(decided.inputs, parsed.inputs);
    expect_same_io(decided.outputs, parsed.outputs);
    expect_same_io_json(decided_json.inputs, parsed_json.inputs);
    expect_same_io_json(decided_json.outputs, parsed_json.outputs);
  }
  return r;
}

std::vector<std::string> all_variants() {
  json root = json::parse(kNode);
  std::vector<std::string> texts;
  variants(root, root, texts);
  return texts;
}

TEST(NodeParserParseValid, DecidesAValidNode) {
  Reading r = read(kNode, /*want_strides=*/true);
  EXPECT_TRUE(r.passes);
  EXPECT_EQ(r.reported, 0u);
  EXPECT_TRUE(r.decided);
}

TEST(NodeParserParseValid, SaysValidExactlyWhenTheSchemaPassesAndNothingIsReported) {
  std::vector<std::string> texts = all_variants();
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
// parse_valid does not decide such a node (the caller validates it), at
// any depth, whichever value is wrong.
TEST(NodeParserParseValid, LeavesARepeatedKeyToTheSchema) {
  const std::string t = kNode;
  auto with = [&](const std::string& find, const std::string& add, bool before) {
    size_t at = t.find(find);
    EXPECT_NE(at, std::string::npos) << find;
    return before ? t.substr(0, at) + add + t.substr(at) : t.substr(0, at + find.size()) + add + t.substr(at + find.size());
  };
  const std::string repeats[] = {
      with("\"name\"", "\"id\": 8, ", true),
      with("\"name\"", "\"id\": \"x\", ", true),
      with("\"types\": [\"Tensor(float)\"]", ", \"types\": 1", false),
      with("\"types\": [\"Tensor(float)\"]", ", \"types\": [\"Int\"]", false),
      with("\"type\": \"uint64\"", ", \"type\": \"bogus\"", false),
      with("\"type\": \"uint64\"", ", \"type\": \"int64\"", false)};
  for (const std::string& text : repeats) {
    Reading r = read(text, true);
    EXPECT_FALSE(r.decided) << text;
  }
  EXPECT_TRUE(read(repeats[0], true).passes);    // the second id is an integer too
  EXPECT_FALSE(read(repeats[4], true).passes);   // the second type is not in the enum
  EXPECT_EQ(read(repeats[4], true).reported, 0u);  // and the reader reads the first
}

// The shipped schema with one part changed, compiled with its definitions.
struct Custom {
  schema::CompiledSchema schema;
  std::optional<NodeSchemaPlan> plan;
  NodeSchema node_schema() const {
    const schema::CompiledSchema* s = &schema;
    return {plan ? &*plan : nullptr, [s](simdjson::dom::element e) { return s->validate(e); }};
  }
};

Custom custom(const std::function<void(json& definitions)>& change) {
  std::ifstream in(formats::schema_root() + "/execution_trace/1.1.1-chakra.0.0.4.schema.json");
  json document = json::parse(in);
  json definitions = document["definitions"];
  change(definitions);
  Custom c{schema::compile(json{{"$ref", "#/definitions/node"}, {"definitions", definitions}}), std::nullopt};
  c.plan = NodeSchemaPlan::make(schema::SchemaPart::root(c.schema));
  return c;
}

// Parts of the schema the reader's own checks do not cover (an enum of
// type names, a typed attr value), and parts the plan leaves to the
// schema's own walk (an open record, a required key the reader does not
// read, an array with more than items): parse_valid still says valid only
// of nodes that pass.
TEST(NodeParserParseValid, DecidesOtherSchemasOnlyWhereTheyPass) {
  struct Case {
    const char* what;
    std::function<void(json&)> change;
    bool node_passes;  // kNode
  };
  const Case cases[] = {
      {"types of an enum", [](json& d) { d["node"]["properties"]["inputs"]["properties"]["types"]["items"] = {{"enum", {"Int"}}}; }, false},
      {"an integer attr value", [](json& d) { d["attr"]["properties"]["value"] = {{"type", "integer"}}; }, false},
      {"open inputs", [](json& d) { d["node"]["properties"]["inputs"].erase("additionalProperties"); }, true},
      {"outputs requiring a key the reader does not read",
       [](json& d) { d["node"]["properties"]["outputs"]["required"].push_back("extra"); }, false},
      {"attrs with maxItems", [](json& d) { d["node"]["properties"]["attrs"]["maxItems"] = 2; }, false},
      {"attrs with minItems", [](json& d) { d["node"]["properties"]["attrs"]["minItems"] = 1; }, true},
  };
  const std::vector<std::string> texts = all_variants();
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Custom schema = custom(c.change);
    ASSERT_TRUE(schema.plan);
    Reading node = read(kNode, true, schema.node_schema());
    EXPECT_EQ(node.passes, c.node_passes);
    EXPECT_EQ(node.decided, c.node_passes);
    for (const std::string& text : texts) {
      Reading r = read(text, true, schema.node_schema());
      EXPECT_TRUE(!r.decided || (r.passes && r.reported == 0)) << text;
    }
  }
}

TEST(NodeParserParseValid, MakesNoPlanOfANodeSchemaThatIsNotARecord) {
  EXPECT_FALSE(custom([](json& d) { d["node"]["minProperties"] = 1; }).plan);
  EXPECT_FALSE(custom([](json& d) { d["node"]["patternProperties"] = {{"^x", json::object()}}; }).plan);
  EXPECT_FALSE(custom([](json& d) { d["node"]["required"].push_back("extra"); }).plan);
}

}  // namespace node_fields_test
}  // namespace tc::formats::execution_trace
