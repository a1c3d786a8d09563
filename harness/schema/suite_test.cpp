// Conformance: the official JSON-Schema-Test-Suite, draft 7 (Debian's
// json-schema-test-suite package), required tests and optional/ apart.
//
// Prints "N passed, N failed" for each. A failure is expected only when
// harness/tests/data/schema/skips.json lists the test with its reason; the
// test fails on an unlisted failure and on a listed test that now passes
// (so the list never goes stale). Every case runs through both instance
// paths (simdjson DOM and tc::json::Value) and both modes (verdict only,
// and with errors), which must all agree.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdio>
#include <map>
#include <set>

#include "schema/schema.h"
#include "schema/suite_files.h"

namespace tc::schema {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kRemotePrefix = "http://localhost:1234/";

Resolver remotes_resolver(fs::path remotes) {
  return [remotes](const std::string& uri) -> std::optional<nlohmann::json> {
    if (uri.rfind(kRemotePrefix, 0) != 0) return std::nullopt;
    std::optional<std::string> text = suite::read_text(remotes / uri.substr(kRemotePrefix.size()));
    if (!text) return std::nullopt;
    return nlohmann::json::parse(*text);
  };
}

std::string case_id(const suite::Group& g, const suite::Case& c) {
  return g.file + " | " + g.description + " | " + c.description;
}

// id -> reason
std::map<std::string, std::string> load_skips() {
  std::map<std::string, std::string> skips;
  auto text = suite::read_text(fs::path(TRACECHECK_TEST_DATA) / "schema" / "skips.json");
  if (!text) return skips;
  nlohmann::json j = nlohmann::json::parse(*text);
  for (const auto& s : j.at("skips"))
    skips[s.at("file").get<std::string>() + " | " + s.at("group").get<std::string>() + " | " +
          s.at("test").get<std::string>()] = s.at("reason").get<std::string>();
  return skips;
}

struct Tally {
  size_t passed = 0, failed = 0, listed = 0;
  std::vector<std::string> problems;
};

// Runs one case every way; returns the verdict, or a problem in `problem`.
bool run_case(const CompiledSchema& schema, const std::string& data, std::string* problem) {
  json::Parser value_parser;
  json::ParseResult value = value_parser.parse(data);
  if (!value.ok) {
    *problem = "instance does not parse: " + value.error.message;
    return false;
  }
  std::vector<SchemaError> errors;
  bool by_value = schema.validate(value.value);
  bool by_value_errors = schema.validate(value.value, &errors);
  if (by_value != by_value_errors || by_value != errors.empty()) *problem = "Value: modes disagree";
  simdjson::dom::parser parser;
  simdjson::padded_string padded(data);
  simdjson::dom::element element;
  if (parser.parse(padded).get(element) == simdjson::SUCCESS) {  // not for bignums
    errors.clear();
    bool by_simd = schema.validate(element);
    bool by_simd_errors = schema.validate(element, &errors);
    if (by_simd != by_simd_errors || by_simd != errors.empty()) *problem = "simdjson: modes disagree";
    if (by_simd != by_value) *problem = "simdjson and Value verdicts differ";
  }
  return by_value;
}

Tally run_suite(const std::vector<std::string>& files, const std::map<std::string, std::string>& skips) {
  Tally t;
  fs::path dir = suite::root() / "tests" / "draft7";
  std::string error;
  std::vector<suite::Group> groups = suite::load_groups(dir, files, error);
  EXPECT_TRUE(error.empty()) << error;
  Resolver resolver = remotes_resolver(suite::root() / "remotes");
  for (const suite::Group& g : groups) {
    std::optional<CompiledSchema> schema;
    std::string load_error;
    try {
      schema = compile(nlohmann::json::parse(g.schema), resolver);
    } catch (const SchemaLoadError& e) {
      load_error = std::string("schema does not compile: ") + e.what() + " at " + e.location();
    }
    for (const suite::Case& c : g.cases) {
      std::string problem = load_error;
      bool ok = false;
      if (schema) {
        bool verdict = run_case(*schema, c.data, &problem);
        ok = problem.empty() && verdict == c.valid;
        if (problem.empty() && !ok)
          problem = verdict ? "accepted an invalid instance" : "rejected a valid instance";
      }
      std::string id = case_id(g, c);
      bool listed = skips.count(id) > 0;
      t.listed += listed;
      if (ok) {
        ++t.passed;
        if (listed) t.problems.push_back("listed in skips.json but passes now: " + id);
      } else {
        ++t.failed;
        if (!listed) t.problems.push_back("FAIL " + id + ": " + problem);
      }
    }
  }
  return t;
}

void expect_clean(const char* label, const Tally& t) {
  std::printf("draft7 %s: %zu passed, %zu failed (%zu listed in skips.json)\n", label, t.passed, t.failed,
              t.listed);
  for (const std::string& p : t.problems) ADD_FAILURE() << p;
}

bool suite_present() {
  return fs::is_directory(suite::root() / "tests" / "draft7");
}

TEST(SchemaSuite, Draft7Required) {
  if (!suite_present()) GTEST_SKIP() << "json-schema-test-suite is not installed (ci/install-deps.sh)";
  fs::path dir = suite::root() / "tests" / "draft7";
  Tally t = run_suite(suite::list_files(dir, "", false), load_skips());
  expect_clean("required", t);
  // Debian's json-schema-test-suite 2.0.0 holds 423 required draft-7 tests.
  EXPECT_GE(t.passed + t.failed, 423u);
}

TEST(SchemaSuite, Draft7Optional) {
  if (!suite_present()) GTEST_SKIP() << "json-schema-test-suite is not installed (ci/install-deps.sh)";
  fs::path dir = suite::root() / "tests" / "draft7";
  Tally t = run_suite(suite::list_files(dir, "optional", true), load_skips());
  expect_clean("optional", t);
}

TEST(SchemaSuite, SkipListEntriesHaveReasons) {
  for (const auto& [id, reason] : load_skips()) EXPECT_FALSE(reason.empty()) << id;
}

}  // namespace
}  // namespace tc::schema
