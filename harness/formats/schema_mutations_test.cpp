// Generated mutations of real Chrome events and execution-trace nodes
// against their schemas (the TORCH_TRACE kinds are in schema_checks_test):
// for the first event of every phase in the committed raw Chrome captures
// (golden/*/*/*.raw/chrome_trace/) and the first non-root node of each
// committed execution trace, every required field is dropped and given a
// wrong type, which must be a finding that says the record breaks its
// schema (Diagnostic::breaks_schema) at the right JSON pointer naming the
// field, under the rule that names what is wrong, never schema-violation;
// a key added must be exactly one schema finding, a schema-unknown-key
// warning at the new key.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "diag/reporter.h"
#include "formats/registry/registry.h"
#include "io/data_root.h"
#include "io/input_source.h"
#include "formats/chrome_trace/reader.h"

namespace tc::formats::schema_mutations {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kAddedKey = "tracecheck_mutation_key";

std::vector<std::string> raw_files(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(TRACECHECK_SOURCE_DIR) / "golden", ec))
    if (e.is_regular_file() && e.path().string().find(".raw/" + folder + "/") != std::string::npos)
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

fs::path schemas() { return fs::path(io::data_root()) / "schemas"; }

Json load(const fs::path& p) {
  std::ifstream in(p);
  return Json::parse(in);
}

// A value of a JSON type the property schema does not allow.
Json wrong_type(const Json& property) {
  std::set<std::string> allowed;
  if (property.contains("type")) {
    if (property["type"].is_string())
      allowed.insert(property["type"].get<std::string>());
    else
      for (const auto& t : property["type"]) allowed.insert(t.get<std::string>());
  }
  if (!allowed.count("object")) return Json::object();
  if (!allowed.count("string")) return "mutated";
  return true;
}

// The schema findings of checking `doc` (written to a file) as `format`.
std::vector<diag::Diagnostic> schema_findings(const std::string& format, const Json& doc) {
  fs::path path = fs::temp_directory_path() / ("tc_mutation_" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << doc.dump();
  diag::Reporter reporter;
  formats::CheckRequest request;
  request.path = path.string();
  request.reporter = &reporter;
  std::string io_error;
  EXPECT_TRUE(formats::registry::find_format(format)->check(request, io_error)) << io_error;
  fs::remove(path);
  std::vector<diag::Diagnostic> out;
  for (const diag::Diagnostic& d : reporter.kept()) {
    EXPECT_NE(d.rule, "schema-violation") << d.pointer << ": " << d.message;
    if (d.breaks_schema) out.push_back(d);
  }
  return out;
}

std::string describe(const std::vector<diag::Diagnostic>& findings) {
  std::string s;
  for (const auto& d : findings) s += "\n  " + d.rule + " at " + d.pointer + ": " + d.message;
  return s.empty() ? " (nothing)" : s;
}

bool has_violation(const std::vector<diag::Diagnostic>& findings, const std::string& pointer,
                   const std::string& field) {
  for (const auto& d : findings)
    if (d.pointer == pointer && d.message.find(field) != std::string::npos) return true;
  return false;
}

// Drops and retypes every required field of `object` (at `pointer` in `doc`,
// reached by `at`), and adds a key.
void mutate(const std::string& format, const Json& doc, const std::function<Json&(Json&)>& at,
            const std::string& pointer, const Json& schema, const std::string& what) {
  const Json& object = at(const_cast<Json&>(doc));
  ASSERT_TRUE(schema_findings(format, doc).empty()) << what << " must pass first" << describe(schema_findings(format, doc));
  for (const auto& field : schema.value("required", Json::array())) {
    std::string name = field.get<std::string>();
    if (!object.contains(name)) continue;
    Json dropped = doc;
    at(dropped).erase(name);
    auto findings = schema_findings(format, dropped);
    // A missing field is found at its record, or where it would be.
    EXPECT_TRUE(has_violation(findings, pointer, name) || has_violation(findings, pointer + "/" + name, name))
        << what << " without " << name << describe(findings);
    Json retyped = doc;
    at(retyped)[name] = wrong_type(schema["properties"].value(name, Json::object()));
    findings = schema_findings(format, retyped);
    EXPECT_TRUE(has_violation(findings, pointer + "/" + name, "")) << what << " with " << name << " retyped"
                                                                   << describe(findings);
  }
  Json added = doc;
  at(added)[kAddedKey] = 1;
  auto findings = schema_findings(format, added);
  ASSERT_EQ(findings.size(), 1u) << what << " with a key added" << describe(findings);
  EXPECT_EQ(findings[0].rule, "schema-unknown-key");
  EXPECT_EQ(findings[0].pointer, pointer + "/" + kAddedKey);
}

TEST(FormatSchemaMutations, ChromeEventsOfEveryPhaseInTheCaptures) {
  // Phase -> its schema, as event.schema.json dispatches.
  std::map<std::string, Json> schema_of;
  const Json dispatch = load(schemas() / "chrome_trace/event.schema.json");
  for (const auto& branch : dispatch["allOf"])
    for (const auto& ph : branch["if"]["properties"]["ph"]["enum"])
      schema_of[ph.get<std::string>()] = load(schemas() / "chrome_trace" / branch["then"]["$ref"].get<std::string>());
  std::map<std::string, std::vector<Json>> seen;  // phase -> its first events
  for (const std::string& file : raw_files("chrome_trace")) {
    diag::Reporter ignored;
    std::string error;
    chrome_trace::ChromeTraceReader reader(
        {}, ignored,
        [&](const chrome_trace::ChromeEvent& e) {
          Json event = Json::parse(simdjson::minify(e.value), nullptr, false);
          if (event.is_discarded() || !event.contains("ph") || !event["ph"].is_string()) return;
          std::string ph = event["ph"];
          if (schema_of.count(ph) && seen[ph].size() < 20) seen[ph].push_back(event);
        },
        [](const chrome_trace::ChromeMember&) {});
    reader.read(file, error);
    ASSERT_EQ(error, "") << file;
  }
  // The base of each phase's mutations: its first event that conforms
  // (third-party captures hold events that do not, e.g. chromium's async b
  // without an id: those are findings of their own goldens).
  size_t phases = 0;
  for (const auto& [ph, events] : seen) {
    for (const Json& event : events) {
      Json doc = Json::array({event});
      if (!schema_findings("chrome_trace", doc).empty()) continue;
      mutate("chrome_trace", doc, [](Json& d) -> Json& { return d[0]; }, "/0", schema_of[ph], "a ph=" + ph + " event");
      ++phases;
      break;
    }
  }
  EXPECT_GE(phases, 6u) << "the captures hold conforming X, B, E, i, M, s, f, C events";
}

TEST(FormatSchemaMutations, ExecutionTraceNodesOfEveryCommittedTrace) {
  size_t traces = 0;
  for (const std::string& file : raw_files("execution_trace")) {
    std::string text;
    {
      std::string error;
      auto in = io::open_input(file, error);
      ASSERT_TRUE(in) << error;
      char buf[65536];
      for (ptrdiff_t n; (n = in->read(buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
    }
    Json doc = Json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.contains("nodes") || doc["nodes"].size() < 2) continue;
    fs::path schema_file = schemas() / "execution_trace" / (doc.value("schema", "") + ".schema.json");
    if (!fs::exists(schema_file)) continue;
    Json version = load(schema_file);  // nested layouts define "node"; 1.0.1 has it inline
    Json node_schema = version.contains("definitions") && version["definitions"].contains("node")
                           ? version["definitions"]["node"]
                           : version["properties"]["nodes"]["items"];
    size_t k = 1;  // the first node after the process root
    mutate("execution_trace", doc, [k](Json& d) -> Json& { return d["nodes"][k]; }, "/nodes/" + std::to_string(k),
           node_schema, file + " node " + std::to_string(k));
    ++traces;
  }
  EXPECT_GE(traces, 2u) << "committed ET captures of torch 2.6.0 and 2.14.1";
}

}  // namespace
}  // namespace tc::formats::schema_mutations
