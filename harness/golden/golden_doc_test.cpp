#include "golden/golden_doc.h"

#include <gtest/gtest.h>

namespace tc::golden {
namespace {

GoldenDoc sample() {
  GoldenDoc d;
  d.case_name = "structured/ddp_graphs";
  d.emitter = "torch-2.14.1";
  d.rules = "torch_trace/pytorch_test";
  d.rules_fingerprint = "md5:00ff";
  d.outcome = {0, std::nullopt};
  ProfileSection def{"default", 0, 1, {{"warning", "tt-rank-missing", "artifact:torch_version", "rank_0", 2}}};
  ProfileSection tl{"tlparse-0.4.3", 1, 0, {{"error", "tt-rank-missing", "artifact:torch_version", "rank_0", 2}}};
  d.profiles = {def, tl};
  d.facts_json = "{\n  \"frames\": 2\n}";
  d.traces = {{"rank_0", "{\"dynamo_start\": {\"stack\": \"STACK\"}, \"rank\": 0}\n"}};
  return d;
}

TEST(GoldenDoc, RendersEverySection) {
  EXPECT_EQ(render_golden(sample()),
            "# tracecheck golden v2 case=structured/ddp_graphs emitter=torch-2.14.1 "
            "rules=torch_trace/pytorch_test@md5:00ff\n"
            "# update: tracecheck run structured/ddp_graphs --accept\n"
            "\n[outcome]\nexit_status: 0\nexception: none\n"
            "\n[diagnostics default]\nerrors: 0, warnings: 1\n"
            "warning tt-rank-missing artifact:torch_version rank_0:2\n"
            "\n[diagnostics tlparse-0.4.3]\nerrors: 1, warnings: 0\n"
            "error tt-rank-missing artifact:torch_version rank_0:2\n"
            "\n[facts]\n{\n  \"frames\": 2\n}\n"
            "\n[trace rank_0]\n{\"dynamo_start\": {\"stack\": \"STACK\"}, \"rank\": 0}\n");
}

TEST(GoldenDoc, DiagnosticsAreSortedWhateverTheirOrder) {
  GoldenDoc a = sample(), b = sample();
  a.profiles[0].diagnostics = {
      {"error", "tt-b", "x", "rank_0", 9}, {"warning", "tt-a", "y", "rank_0", 3}, {"error", "tt-a", "x", "rank_0", 9}};
  b.profiles[0].diagnostics = {a.profiles[0].diagnostics[2], a.profiles[0].diagnostics[0],
                               a.profiles[0].diagnostics[1]};
  EXPECT_EQ(render_golden(a), render_golden(b));
  std::string text = render_golden(a);
  EXPECT_LT(text.find("tt-a y rank_0:3"), text.find("tt-a x rank_0:9"));
  EXPECT_LT(text.find("tt-a x rank_0:9"), text.find("tt-b x rank_0:9"));
}

// Chrome and execution traces: no line number, identical findings counted.
TEST(GoldenDoc, UnstableLocationsAreCollapsedWithACount) {
  GoldenDoc d = sample();
  const std::string f = "chrome_trace/x.json";
  d.profiles[0].diagnostics = {{"warning", "ct-string-id", "ph=i", f, std::nullopt},
                               {"warning", "ct-string-id", "ph=X", f, std::nullopt},
                               {"warning", "ct-string-id", "ph=i", f, std::nullopt},
                               {"error", "ct-string-id", "ph=i", f, std::nullopt},
                               {"warning", "ct-string-id", "ph=i", "chrome_trace/y.json", std::nullopt}};
  std::string text = render_golden(d);
  // Sorted by file, rule, kind ('X' < 'i'), severity; the counts line is the document's.
  EXPECT_NE(text.find("\n[diagnostics default]\nerrors: 0, warnings: 1\n"
                      "warning ct-string-id ph=X chrome_trace/x.json\n"
                      "error ct-string-id ph=i chrome_trace/x.json\n"
                      "warning ct-string-id ph=i chrome_trace/x.json (x2)\n"
                      "warning ct-string-id ph=i chrome_trace/y.json\n\n"),
            std::string::npos)
      << text;
}

// The same findings at other places in a file without stable line numbers
// give the same golden: what made et/with_kineto's golden unstable.
TEST(GoldenDoc, UnstableLocationsDoNotChangeTheText) {
  GoldenDoc a = sample(), b = sample();
  a.profiles[0].diagnostics = {{"warning", "ct-string-id", "ph=X", "chrome_trace/k.json", std::nullopt},
                               {"warning", "et-x", "et-node", "execution_trace/e.json", std::nullopt}};
  b.profiles[0].diagnostics = {a.profiles[0].diagnostics[1], a.profiles[0].diagnostics[0]};
  EXPECT_EQ(render_golden(a), render_golden(b));
}

// Stable line numbers stay; findings on one line are still counted once each.
TEST(GoldenDoc, StableLinesKeepTheirNumberAndRepeatsAreCounted) {
  GoldenDoc d = sample();
  d.profiles[0].diagnostics = {{"error", "tt-a", "x", "rank_0", 9},
                               {"error", "tt-a", "x", "rank_0", 9},
                               {"error", "tt-a", "x", "rank_0", 12}};
  std::string text = render_golden(d);
  EXPECT_NE(text.find("error tt-a x rank_0:9 (x2)\nerror tt-a x rank_0:12\n"), std::string::npos) << text;
}

TEST(GoldenDoc, ExpectedExceptionAndNoFacts) {
  GoldenDoc d = sample();
  d.outcome.exception = "torch._dynamo.exc.TorchRuntimeError";
  d.facts_json.reset();
  std::string text = render_golden(d);
  EXPECT_NE(text.find("exception: torch._dynamo.exc.TorchRuntimeError\n"), std::string::npos);
  EXPECT_EQ(text.find("[facts]"), std::string::npos);
}

// Verdicts-only: the verdict and the distinct (severity, rule) pairs per
// profile, outcome and facts; no counts, kinds, files or trace.
TEST(GoldenDoc, VerdictsOnlyKeepsVerdictsAndDistinctRules) {
  GoldenDoc d = sample();
  d.verdicts_only = true;
  d.profiles[0] = {"default", 1, 3, {{"warning", "ct-b", "ph=X", "chrome_trace/a.json", std::nullopt},
                                     {"error", "ct-a", "ph=B", "chrome_trace/a.json", std::nullopt},
                                     {"warning", "ct-b", "ph=i", "chrome_trace/b.json", std::nullopt},
                                     {"warning", "ct-c", "ph=M", "chrome_trace/a.json", std::nullopt}}};
  d.profiles[1] = {"perfetto", 0, 0, {}};
  EXPECT_EQ(render_golden(d),
            "# tracecheck golden v2 case=structured/ddp_graphs emitter=torch-2.14.1 "
            "rules=torch_trace/pytorch_test@md5:00ff golden=verdicts\n"
            "# update: tracecheck run structured/ddp_graphs --accept\n"
            "\n[outcome]\nexit_status: 0\nexception: none\n"
            "\n[verdict default]\nverdict: fail\nerror ct-a\nwarning ct-b\nwarning ct-c\n"
            "\n[verdict perfetto]\nverdict: pass\n"
            "\n[facts]\n{\n  \"frames\": 2\n}\n");
  auto h = parse_golden_header(render_golden(d));
  ASSERT_TRUE(h);
  EXPECT_EQ(h->rules_fingerprint, "md5:00ff");
}

TEST(GoldenDoc, VerdictsOnlyIgnoresCountsAndPlacesButNotRules) {
  GoldenDoc a = sample(), b = sample();
  a.verdicts_only = b.verdicts_only = true;
  a.profiles[0] = {"default", 0, 1, {{"warning", "ct-b", "ph=X", "chrome_trace/a.json", std::nullopt}}};
  b.profiles[0] = {"default", 0, 7, {{"warning", "ct-b", "ph=i", "chrome_trace/z.json", 40},
                                     {"warning", "ct-b", "ph=X", "chrome_trace/a.json", std::nullopt}}};
  b.traces = {{"other", "different trace\n"}};
  EXPECT_EQ(render_golden(a), render_golden(b));
  b.profiles[0].diagnostics.push_back({"warning", "ct-new", "ph=X", "chrome_trace/a.json", std::nullopt});
  EXPECT_NE(render_golden(a), render_golden(b));
  GoldenDoc c = a;  // the same rule at another severity
  c.profiles[0].diagnostics[0].severity = "error";
  c.profiles[0].errors = 1;
  EXPECT_NE(render_golden(a), render_golden(c));
}

TEST(GoldenDoc, HeaderRoundTrips) {
  std::string text = render_golden(sample());
  auto h = parse_golden_header(text);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->version, 2);
  EXPECT_EQ(h->case_name, "structured/ddp_graphs");
  EXPECT_EQ(h->emitter, "torch-2.14.1");
  EXPECT_EQ(h->rules, "torch_trace/pytorch_test");
  EXPECT_EQ(h->rules_fingerprint, "md5:00ff");
  EXPECT_TRUE(golden_body(text).starts_with("\n[outcome]\n")) << golden_body(text);
}

TEST(GoldenDoc, OtherFormatsRuleSetsAreInTheHeader) {
  GoldenDoc d = sample();
  EXPECT_EQ(parse_golden_header(render_golden(d))->also, "");
  d.also_rules = {"chrome_trace/default@md5:aa", "debug_dir/ir@md5:bb"};
  std::string text = render_golden(d);
  EXPECT_NE(text.find("rules=torch_trace/pytorch_test@md5:00ff also=chrome_trace/default@md5:aa,debug_dir/ir@md5:bb\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(parse_golden_header(text)->also, "chrome_trace/default@md5:aa,debug_dir/ir@md5:bb");
}

TEST(GoldenDoc, VersionOneHeaderParsesWithoutFingerprint) {
  std::string v1 =
      "# tracecheck golden v1 -- update: tracecheck run a/b --accept\ncase: a/b\nemitter: torch-2.6.0\n"
      "rules: torch_trace/pytorch_test\n\n[outcome]\nexit_status: 0\n";
  auto h = parse_golden_header(v1);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->version, 1);
  EXPECT_EQ(h->case_name, "a/b");
  EXPECT_EQ(h->emitter, "torch-2.6.0");
  EXPECT_EQ(h->rules, "torch_trace/pytorch_test");
  EXPECT_EQ(h->rules_fingerprint, "");
  EXPECT_EQ(golden_body(v1), "\n[outcome]\nexit_status: 0\n");
  EXPECT_FALSE(parse_golden_header("[outcome]\n"));
  EXPECT_FALSE(parse_golden_header("# tracecheck golden v99999999999 -- update: x\ncase: a/b\n"));
}

}  // namespace
}  // namespace tc::golden
