#include "external/presets.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/data_root.h"

namespace tc::external {
namespace {
namespace fs = std::filesystem;

const PresetTarget kTorchTrace{"torch_trace", ""};
const PresetTarget kChromeTrace{"chrome_trace", "traceEvents"};

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    value ? ::setenv(name, value, 1) : ::unsetenv(name);
  }
  ~ScopedEnv() { old_ ? ::setenv(name_, old_->c_str(), 1) : ::unsetenv(name_); }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(ExternalPresets, TlparseFollowsTheEnvironment) {
  std::string why;
  EXPECT_FALSE(find_preset("nosuch", {}, why));
  EXPECT_NE(why.find("unknown external parser 'nosuch' (presets: tlparse, ajv)"), std::string::npos) << why;
  {
    ScopedEnv tool("TRACECHECK_TLPARSE", "/bin/true");
    auto p = find_preset("tlparse", kTorchTrace, why);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->argv, (std::vector<std::string>{"/bin/true", "-o", "{tmp}", "--overwrite", "--no-browser",
                                                 "--strict", "{artifact}"}));
    EXPECT_EQ(p->format, "torch_trace");
    EXPECT_FALSE(p->predicts_rejection);  // our tlparse profile is its model
  }
  {
    ScopedEnv tool("TRACECHECK_TLPARSE", "/nonexistent/tlparse");
    EXPECT_FALSE(find_preset("tlparse", kTorchTrace, why));
    EXPECT_NE(why.find("TRACECHECK_TLPARSE=/nonexistent/tlparse"), std::string::npos) << why;
  }
  ScopedEnv tool("TRACECHECK_TLPARSE", nullptr);
  ScopedEnv path("PATH", "/nonexistent");
  EXPECT_FALSE(find_preset("tlparse", kTorchTrace, why));
  EXPECT_EQ(why, "tlparse is not on PATH and TRACECHECK_TLPARSE is not set");
}

TEST(ExternalPresets, AjvIsFoundInTheNpmCacheAndSaysWhyNotOtherwise) {
  fs::path cache = fs::temp_directory_path() / ("tc_ajv_cache_" + std::to_string(::getpid()));
  fs::create_directories(cache / "tracecheck/npm/node_modules/.bin");
  fs::path program = cache / "tracecheck/npm/node_modules/.bin/ajv";
  std::ofstream(program) << "#!/bin/sh\n";
  fs::permissions(program, fs::perms::owner_all);
  std::string why;
  {
    ScopedEnv tool("TRACECHECK_AJV", nullptr);
    ScopedEnv path("PATH", "/nonexistent");
    ScopedEnv xdg("XDG_CACHE_HOME", cache.c_str());
    auto p = find_preset("ajv", kChromeTrace, why);
    ASSERT_TRUE(p) << why;
    EXPECT_EQ(p->argv.front(), program.string());
    EXPECT_EQ(p->format, "chrome_trace");
    fs::remove(program);
    EXPECT_FALSE(find_preset("ajv", kChromeTrace, why));
    EXPECT_EQ(why, "ajv is not on PATH and TRACECHECK_AJV is not set");
  }
  fs::remove_all(cache);
}

TEST(ExternalPresets, AjvInputsAreASchemaBundleWithIdsAndAPlainJsonCopy) {
  fs::path tmp = fs::temp_directory_path() / ("tc_ajv_inputs_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  std::string artifact = (tmp / "trace.1.log").string();
  std::ofstream(artifact) << R"({"traceEvents": []})";
  std::string error;
  ASSERT_TRUE(prepare_ajv_inputs(io::data_root() + "/schemas/chrome_trace", (tmp / "work").string(), artifact, error)) << error;
  EXPECT_EQ(artifact, (tmp / "work/trace.1.json").string());
  std::ifstream copy(artifact);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(copy), {}), R"({"traceEvents": []})");
  for (const char* f : {"trace.schema.json", "event.schema.json", "events/complete.schema.json"}) {
    std::ifstream in(tmp / "work/schemas" / f);
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    ASSERT_TRUE(j.is_object()) << f;
    EXPECT_EQ(j.value("$id", ""), f);
  }
  fs::remove_all(tmp);
}

TEST(ExternalPresets, AjvRejectionIsPredictedByJsonErrorsAndSchemaBreakingFindingsInEvents) {
  auto finding = [](const char* rule, const char* pointer, bool breaks_schema) {
    diag::Diagnostic d;
    d.severity = diag::Severity::Warning;
    d.rule = rule;
    d.pointer = pointer;
    d.breaks_schema = breaks_schema;
    return d;
  };
  EXPECT_TRUE(ajv_rejects_on(finding("json-syntax", "", false), "traceEvents"));
  EXPECT_TRUE(ajv_rejects_on(finding("ct-unterminated", "", false), "traceEvents"));
  EXPECT_TRUE(ajv_rejects_on(finding("schema-unknown-key", "/traceEvents/3/foo", true), "traceEvents"));
  EXPECT_TRUE(ajv_rejects_on(finding("ct-field-type", "/12/ts", true), "traceEvents"));
  // Top-level members are open in the document schema; invariants are not schema.
  EXPECT_FALSE(ajv_rejects_on(finding("schema-unknown-key", "/beginningOfTime", true), "traceEvents"));
  EXPECT_FALSE(ajv_rejects_on(finding("ct-be-unmatched", "/traceEvents/3", false), "traceEvents"));
  EXPECT_FALSE(ajv_rejects_on(finding("json-duplicate-key", "/traceEvents/3", false), "traceEvents"));
  // A finding the schema agrees with predicts rejection; one it allows (a
  // flow's bp "s", which only catapult's reading rejects) does not.
  EXPECT_FALSE(ajv_rejects_on(finding("ct-flow-bp", "/traceEvents/3/bp", false), "traceEvents"));
}

}  // namespace
}  // namespace tc::external
