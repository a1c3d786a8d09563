// evaluate_capture's diagnostic lines (golden/golden_doc.h, "Diagnostic
// lines"): a Chrome trace finding is named without its line number, so the
// same trace laid out on other lines gives the same golden; a TORCH_TRACE
// finding keeps its line.
#include "report/evaluate.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace tc::report {
namespace {
namespace fs = std::filesystem;

const std::string kData = std::string(TRACECHECK_TEST_DATA) + "/golden";

class EvaluateLines : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_evaluate_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A capture whose chrome_trace/k.json is `trace`, with the fixture's
  // outcome and env.
  std::string chrome_capture(const std::string& name, const std::string& trace) {
    fs::path c = dir_ / name;
    fs::create_directories(c / "chrome_trace");
    for (const char* f : {"env.json", "outcome.json"}) fs::copy_file(kData + "/capture/" + f, c / f);
    std::ofstream(c / "chrome_trace" / "k.json") << trace;
    return c.string();
  }
  static cases::Case chrome_case() {
    cases::Case c;
    c.name = "fixture/chrome";
    c.file = "fixture/chrome.json";
    c.formats = {"chrome_trace"};
    c.rules = "chrome_trace/default";
    c.profiles = {"default"};
    return c;
  }
  static EvaluateOptions options() {
    EvaluateOptions o;
    o.run_external_parsers = false;
    return o;
  }
  fs::path dir_;
};

// Kineto's "Spans" pid on an X event: one ct-string-id warning.
constexpr const char* kEvent =
    R"({"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": "Spans", "tid": 1, "ts": 10, "dur": 2})";

TEST_F(EvaluateLines, ChromeFindingsAreNamedWithoutTheirLine) {
  std::string compact = std::string("{\"traceEvents\": [") + kEvent + "]}\n";
  std::string spread = std::string("{\n\n\n\"traceEvents\": [\n\n\n\n") + kEvent + "\n]\n}\n";
  Evaluation a = evaluate_capture(chrome_case(), chrome_capture("a", compact), options());
  Evaluation b = evaluate_capture(chrome_case(), chrome_capture("b", spread), options());
  ASSERT_TRUE(a.ok) << a.error;
  ASSERT_TRUE(b.ok) << b.error;
  EXPECT_NE(a.text.find("\nwarning ct-string-id ph=X chrome_trace/k.json\n"), std::string::npos) << a.text;
  EXPECT_EQ(a.text, b.text);
  // The full finding, with its line, is still in the evidence.
  EXPECT_NE(b.diagnostics_text.find("k.json:8:"), std::string::npos) << b.diagnostics_text;
}

TEST_F(EvaluateLines, RepeatedChromeFindingsAreCounted) {
  std::string trace = std::string("{\"traceEvents\": [\n") + kEvent + ",\n" + kEvent + "\n]}\n";
  Evaluation ev = evaluate_capture(chrome_case(), chrome_capture("a", trace), options());
  ASSERT_TRUE(ev.ok) << ev.error;
  EXPECT_NE(ev.text.find("errors: 0, warnings: 2\nwarning ct-string-id ph=X chrome_trace/k.json (x2)\n"),
            std::string::npos)
      << ev.text;
}

// "golden": "verdicts": two captures with different events and different
// numbers of findings, but the same set of (severity, rule) pairs, give the
// same golden; a finding of a new rule changes it.
TEST_F(EvaluateLines, VerdictsOnlyGoldenDependsOnTheRuleSetOnly) {
  cases::Case c = chrome_case();
  c.golden = cases::GoldenMode::Verdicts;
  constexpr const char* kOther =
      R"({"ph": "X", "cat": "cpu_op", "name": "aten::mul", "pid": "Spans", "tid": 7, "ts": 40, "dur": 9})";
  std::string one = std::string("{\"traceEvents\": [") + kEvent + "]}\n";
  std::string three = std::string("{\"traceEvents\": [\n") + kOther + ",\n" + kEvent + ",\n" + kOther + "\n]}\n";
  Evaluation a = evaluate_capture(c, chrome_capture("a", one), options());
  Evaluation b = evaluate_capture(c, chrome_capture("b", three), options());
  ASSERT_TRUE(a.ok) << a.error;
  ASSERT_TRUE(b.ok) << b.error;
  EXPECT_NE(a.text.find("\n[verdict default]\nverdict: pass\nwarning ct-string-id\n"), std::string::npos) << a.text;
  EXPECT_EQ(a.text.find("[trace"), std::string::npos) << a.text;
  EXPECT_EQ(a.text, b.text);
  // The full findings are still in the evidence.
  EXPECT_NE(b.diagnostics_text.find("0 error(s), 3 warning(s)"), std::string::npos) << b.diagnostics_text;
  // An event without "ph" adds a finding of another rule: the golden changes.
  std::string more = std::string("{\"traceEvents\": [") + kEvent + R"(, {"name": "x", "pid": 1, "tid": 1}]})" + "\n";
  Evaluation d = evaluate_capture(c, chrome_capture("d", more), options());
  ASSERT_TRUE(d.ok) << d.error;
  EXPECT_NE(a.text, d.text) << d.text;
}

TEST_F(EvaluateLines, TorchTraceFindingsKeepTheirLine) {
  cases::Case c;
  c.name = "fixture/tiny";
  c.file = "fixture/tiny.json";
  c.formats = {"torch_trace"};
  c.rules = "torch_trace/pytorch_test";
  c.profiles = {"default"};
  Evaluation ev = evaluate_capture(c, kData + "/capture", options());
  ASSERT_TRUE(ev.ok) << ev.error;
  EXPECT_NE(ev.text.find("\nwarning tt-rank-missing artifact:torch_version rank_0:7\n"), std::string::npos) << ev.text;
}

}  // namespace
}  // namespace tc::report
