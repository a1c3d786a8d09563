// Generated mutations of real records against the TORCH_TRACE schemas: for
// the first record of every kind in the committed raw captures
// (golden/*/*/*.raw/torch_trace/) and, when present, the corpus of real
// traces (TRACECHECK_CORPUS_DIR; its tlparse-history/ logs of other eras,
// with deviations of their own, and its deliberately corrupted files are
// left out), each required field of the kind's metadata (and of a json payload whose
// shape is known) is dropped and given a wrong type, which must be an error
// at the right JSON pointer naming the field; a key added anywhere must be
// exactly one schema-unknown-key warning at the new key.
#include "formats/torch_trace/schema_checks.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "formats/schema_set.h"
#include "formats/torch_trace/checker.h"
#include "json/python_dump.h"
#include "json/text.h"
#include "formats/torch_trace/reader.h"

namespace tc::formats::torch_trace {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const std::string kMutatedFile = "mutated.log";
constexpr const char* kAddedKey = "tracecheck_mutation_key";

// One real record, kept by value.
struct Sample {
  std::string source;  // file:line it came from
  json::Value envelope;
  bool has_payload = false;
  std::string payload;
};

std::vector<std::string> sample_files() {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(TRACECHECK_SOURCE_DIR) / "golden", ec)) {
    std::string p = e.path().string();
    if (e.is_regular_file() && p.find(".raw/torch_trace/") != std::string::npos) files.push_back(p);
  }
  fs::path corpus = fs::path(TRACECHECK_CORPUS_DIR) / "torch_trace";
  for (const auto& e : fs::recursive_directory_iterator(corpus, ec)) {
    std::string p = e.path().string();
    if (e.is_regular_file() && e.path().filename().string().find("corrupted") == std::string::npos &&
        p.find("/tlparse-history/") == std::string::npos)
      files.push_back(p);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The first record of each kind ("artifact:<name>" per json artifact).
const std::map<std::string, Sample>& samples() {
  static const std::map<std::string, Sample> all = [] {
    std::map<std::string, Sample> out;
    for (const std::string& file : sample_files()) {
      diag::Reporter ignored;
      std::string error;
      read_torch_trace(file, {}, ignored, [&](Record& r) {
        if (!r.envelope.is_object() || !r.md5_ok || r.payload_truncated) return;
        std::string key = record_label(r);
        if (out.count(key)) return;
        out[key] = Sample{fmt::format("{}:{}", file, r.line), r.envelope, r.has_payload, r.payload};
      }, nullptr, error);
    }
    return out;
  }();
  return all;
}

Json load_json(const fs::path& p) {
  std::ifstream in(p);
  return Json::parse(in);
}

// Follows $ref (relative file + fragment) from `node` in file `base`.
std::pair<Json, fs::path> deref(Json node, fs::path base) {
  while (node.is_object() && node.contains("$ref")) {
    std::string ref = node["$ref"];
    size_t hash = ref.find('#');
    std::string file = ref.substr(0, hash);
    std::string fragment = hash == std::string::npos ? "" : ref.substr(hash + 1);
    fs::path target = file.empty() ? base : (base.parent_path() / file).lexically_normal();
    Json doc = load_json(target);
    node = fragment.empty() ? doc : doc.at(Json::json_pointer(fragment));
    base = target;
  }
  return {node, base};
}

// Required names and property schemas of an object schema, through $ref and allOf.
void collect(const Json& schema, const fs::path& base, std::set<std::string>& required, Json& properties) {
  auto [node, file] = deref(schema, base);
  if (node.contains("required"))
    for (const auto& r : node["required"]) required.insert(r.get<std::string>());
  if (node.contains("properties"))
    for (const auto& [k, v] : node["properties"].items()) {
      auto [prop, prop_file] = deref(v, file);
      properties[k] = prop;
    }
  if (node.contains("allOf"))
    for (const auto& sub : node["allOf"]) collect(sub, file, required, properties);
}

// A value whose JSON type the property schema does not allow.
json::Value wrong_type(const Json& property) {
  std::set<std::string> allowed;
  if (property.contains("type")) {
    if (property["type"].is_string())
      allowed.insert(property["type"].get<std::string>());
    else
      for (const auto& t : property["type"]) allowed.insert(t.get<std::string>());
  }
  if (!allowed.count("object")) return json::Value::object();
  if (!allowed.count("string")) return json::Value::string("mutated");
  return json::Value::boolean(true);
}

struct CheckOutcome {
  std::vector<diag::Diagnostic> findings;
  std::string envelope_text;
};

CheckOutcome check(const json::Value& envelope, const std::string* payload) {
  Record r;
  r.file = &kMutatedFile;
  r.line = 7;
  r.json_column = 40;
  r.envelope = envelope;
  r.kind = r.envelope.first_key();
  r.envelope_text = json::python_dump(r.envelope);
  if (payload) {
    r.has_payload = true;
    r.payload = *payload;
    r.payload_first_line = 8;
  }
  diag::Reporter reporter;
  SchemaChecker checker(reporter);
  RecordPayload parsed;
  parsed.next(r);
  checker.feed(r, parsed);
  return {reporter.kept(), r.envelope_text};
}

std::string describe(const CheckOutcome& o) {
  std::string s;
  for (const auto& d : o.findings) s += fmt::format("\n  {} at {}: {}", d.rule, d.pointer, d.message);
  return s.empty() ? " (nothing)" : s;
}

// The mutated value must fail at `pointer` with a message naming `field`.
void expect_violation(const CheckOutcome& o, const std::string& pointer, const std::string& field, const std::string& what) {
  bool found = false;
  for (const auto& d : o.findings) {
    EXPECT_NE(d.rule, "schema-unknown-key") << what << describe(o);
    if (d.rule == "schema-violation" && d.pointer == pointer && d.message.find(field) != std::string::npos)
      found = true;
  }
  EXPECT_TRUE(found) << what << ": no schema-violation at " << pointer << " naming " << field << describe(o);
}

void expect_unknown_key(const CheckOutcome& o, const std::string& pointer, const std::string& label,
                        const std::string& what) {
  ASSERT_EQ(o.findings.size(), 1u) << what << describe(o);
  const diag::Diagnostic& d = o.findings[0];
  EXPECT_EQ(d.rule, "schema-unknown-key") << what;
  EXPECT_EQ(d.pointer, pointer) << what;
  EXPECT_EQ(d.record_kind, label) << what;
  EXPECT_NE(d.message.find(kAddedKey), std::string::npos) << d.message;
}

fs::path torch_trace_dir() { return fs::path(schema_root()) / "torch_trace"; }

class SchemaMutations : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(torch_trace_schemas().error, "") << "schemas must load"; }
};

TEST_F(SchemaMutations, RealRecordsPass) {
  ASSERT_FALSE(samples().empty());
  for (const auto& [label, s] : samples()) {
    CheckOutcome o = check(s.envelope, s.has_payload ? &s.payload : nullptr);
    EXPECT_TRUE(o.findings.empty()) << s.source << describe(o);
  }
}

TEST_F(SchemaMutations, MetadataFieldsDroppedRetypedAndAdded) {
  const fs::path envelope_file = torch_trace_dir() / "envelope.schema.json";
  const Json envelope_schema = load_json(envelope_file);
  std::set<std::string> kinds_with_required;
  size_t mutations = 0;
  for (const auto& [label, s] : samples()) {
    std::string kind(s.envelope.first_key());
    const json::Value* meta = s.envelope.find(kind);
    if (!meta || !meta->is_object()) continue;
    std::set<std::string> required;
    Json properties = Json::object();
    collect(envelope_schema["properties"].at(kind), envelope_file, required, properties);
    const std::string base = "/" + kind;
    for (const std::string& field : required) {
      if (!meta->find(field)) continue;  // a required field absent from a real record fails RealRecordsPass
      kinds_with_required.insert(kind);
      json::Value dropped = s.envelope;
      dropped.find(kind)->erase(field);
      expect_violation(check(dropped, nullptr), base, "\"" + field + "\"", s.source + " drop " + field);

      json::Value retyped = s.envelope;
      retyped.find(kind)->set(field, wrong_type(properties[field]));
      CheckOutcome o = check(retyped, nullptr);
      expect_violation(o, base + "/" + field, "type", s.source + " retype " + field);
      // The finding points at the value: its column is where the value starts.
      for (const auto& d : o.findings) {
        if (d.pointer != base + "/" + field) continue;
        size_t at = json::locate_json_pointer(o.envelope_text, d.pointer);
        ASSERT_NE(at, std::string::npos);
        EXPECT_EQ(d.location.column, 40 + at) << d.message;
      }
      mutations += 2;
    }
    json::Value added = s.envelope;
    added.find(kind)->set(kAddedKey, json::Value::integer(int64_t{1}));
    expect_unknown_key(check(added, nullptr), base + "/" + kAddedKey, label, s.source + " add key");
    json::Value top = s.envelope;
    top.set(kAddedKey, json::Value::string("x"));
    expect_unknown_key(check(top, nullptr), std::string("/") + kAddedKey, label, s.source + " add envelope key");
    mutations += 2;
  }
  // The committed captures hold these fixed-shape kinds; each must have been mutated.
  for (const char* kind :
       {"dynamo_start", "describe_storage", "describe_tensor", "describe_source", "artifact", "compilation_metrics",
        "dynamo_output_graph", "inductor_output_code", "optimize_ddp_split_child"}) {
    EXPECT_TRUE(kinds_with_required.count(kind)) << kind << " was not found in the raw captures";
  }
  EXPECT_GT(mutations, 40u);
}

TEST_F(SchemaMutations, PayloadFieldsDroppedRetypedAndAdded) {
  json::Parser parser;
  std::set<std::string> covered;
  for (const auto& [label, s] : samples()) {
    fs::path file;
    if (label == "chromium_event")
      file = torch_trace_dir() / "payloads/chromium_event.schema.json";
    else if (label.rfind("artifact:", 0) == 0)
      file = torch_trace_dir() / "payloads/artifacts" / (label.substr(9) + ".schema.json");
    if (file.empty() || !fs::exists(file) || !s.has_payload) continue;
    json::ParseResult parsed = parser.parse(s.payload);
    if (!parsed.ok || !parsed.value.is_object()) continue;
    std::set<std::string> required;
    Json properties = Json::object();
    collect(load_json(file), file, required, properties);
    for (const std::string& field : required) {
      if (!parsed.value.find(field)) continue;
      covered.insert(label);
      json::Value dropped = parsed.value;
      dropped.erase(field);
      std::string text = json::python_dump(dropped);
      expect_violation(check(s.envelope, &text), "", "\"" + field + "\"", s.source + " payload drop " + field);
      json::Value retyped = parsed.value;
      retyped.set(field, wrong_type(properties[field]));
      text = json::python_dump(retyped);
      expect_violation(check(s.envelope, &text), "/" + field, "type", s.source + " payload retype " + field);
    }
    if (properties.empty()) continue;  // a map: any key is allowed
    json::Value added = parsed.value;
    added.set(kAddedKey, json::Value::null());
    std::string text = json::python_dump(added);
    expect_unknown_key(check(s.envelope, &text), std::string("/") + kAddedKey, label, s.source + " payload add key");
  }
  for (const char* label : {"chromium_event", "artifact:torch_version", "artifact:fx_graph_cache_miss",
                            "artifact:aotautograd_cache_miss", "artifact:inductor_runtime_and_tensor_meta"}) {
    EXPECT_TRUE(covered.count(label)) << label << " was not mutated";
  }
}

TEST(SchemaChecks, WiredIntoTheTorchTraceChecker) {
  diag::Reporter reporter;
  TorchTraceChecker checker(reporter);
  Record r;
  r.file = &kMutatedFile;
  r.line = 3;
  json::Parser parser;
  r.envelope_text = R"({"describe_source": {"describer_id": 0, "id": "1", "source": "L['x']", "extra": 2}})";
  r.envelope = parser.parse(r.envelope_text).value;
  r.kind = r.envelope.first_key();
  checker.feed(r);
  checker.finish();
  EXPECT_EQ(reporter.count("schema-violation"), 1u);
  EXPECT_EQ(reporter.count("schema-unknown-key"), 1u);
  for (const auto& d : reporter.kept()) {
    if (d.rule == "schema-violation") EXPECT_EQ(d.pointer, "/describe_source/id");
    if (d.rule == "schema-unknown-key") EXPECT_EQ(d.pointer, "/describe_source/extra");
  }
}

}  // namespace
}  // namespace tc::formats::torch_trace
