#include "render/chrome_canonical.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "diag/exit_code.h"
#include "diag/reporter.h"
#include "format/format.h"

namespace tc::render {
namespace {
namespace fs = std::filesystem;

// A small Kineto-shaped trace; placeholders {T} (timestamp offset),
// {MAIN}/{SIDE} (tids), {DIMS} (aten::mm's Input Dims) and {FLOW_END}
// are filled in by each test.
constexpr const char* kTrace = R"({"schemaVersion": 1, "traceName": "/tmp/x/trace.json", "traceEvents": [
{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 100, "tid": {MAIN}, "ts": {T}000, "dur": 100, "args": {"External id": 1}},
{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": {MAIN}, "ts": {T}010, "dur": 20, "args": {"External id": 2, "Input Dims": {DIMS}, "Input type": ["float", "float"]}},
{"ph": "X", "cat": "cpu_op", "name": "aten::empty", "pid": 100, "tid": {MAIN}, "ts": {T}012, "dur": 2, "args": {"External id": 3}},
{"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 100, "tid": {MAIN}, "ts": {T}040, "dur": 20, "args": {"External id": 4}},
{"ph": "X", "cat": "cpu_op", "name": "aten::zero_", "pid": 100, "tid": {MAIN}, "ts": {T}{ZERO_AT}, "dur": 3, "args": {"External id": 5}},
{"ph": "s", "cat": "fwdbwd", "name": "fwdbwd", "id": 77, "pid": 100, "tid": {MAIN}, "ts": {T}041},
{FLOW_END}
{"ph": "X", "cat": "cpu_op", "name": "autograd::engine::evaluate_function: AddBackward0", "pid": 100, "tid": {SIDE}, "ts": {T}070, "dur": 10},
{"ph": "M", "name": "thread_name", "pid": 100, "tid": {MAIN}, "args": {"name": "python3"}},
{"ph": "M", "name": "thread_name", "pid": 100, "tid": {SIDE}, "args": {"name": "pt_autograd_0"}},
{"ph": "M", "name": "process_name", "pid": 100, "tid": 0, "args": {"name": "python3"}}
]})";

struct Variant {
  std::string t = "17000";
  std::string main = "11";
  std::string side = "12";
  std::string dims = "[[2, 3], [3, 4]]";
  std::string zero_at = "050";  // inside aten::add; "065" puts it outside, under ProfilerStep#1
  bool flow_end = true;
};

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

class ChromeCanonicalText : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_chrome_canon_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string render(const Variant& v) {
    std::string text = kTrace;
    text = replace_all(text, "{T}", v.t);
    text = replace_all(text, "{MAIN}", v.main);
    text = replace_all(text, "{SIDE}", v.side);
    text = replace_all(text, "{DIMS}", v.dims);
    text = replace_all(text, "{ZERO_AT}", v.zero_at);
    text = replace_all(text, "{FLOW_END}",
                       v.flow_end ? R"({"ph": "f", "cat": "fwdbwd", "name": "fwdbwd", "id": 77, "pid": 100, "tid": )" +
                                        v.side + R"(, "ts": )" + v.t + R"(070, "bp": "e"},)"
                                  : "");
    std::string path = (dir_ / "trace.json").string();
    std::ofstream(path) << text;
    diag::Reporter reporter;
    std::vector<format::Section> sections;
    std::vector<std::string> problems;
    format::CheckRequest request;
    request.path = path;
    request.reporter = &reporter;
    request.canonical = &sections;
    request.problems = &problems;
    std::string io_error;
    EXPECT_EQ(format::find_format("chrome_trace")->check(request, io_error), kExitOk) << io_error;
    EXPECT_TRUE(problems.empty()) << problems.front();
    EXPECT_EQ(sections.size(), 1u);
    return sections.empty() ? "" : sections[0].text;
  }

  fs::path dir_;
};

TEST_F(ChromeCanonicalText, IsTheCallTreeWithLinkedPlaceholders) {
  std::string text = render(Variant{});
  EXPECT_EQ(text,
            "meta schemaVersion=1\n"
            "meta traceName=<masked>\n"
            "process 1 name=\"python3\"\n"
            "  thread 1.1 name=\"pt_autograd_0\"\n"
            "    X cpu_op \"autograd::engine::evaluate_function: AddBackward0\"\n"
            "      f fwdbwd \"fwdbwd\" id=<FWDBWD_1>\n"
            "  thread 1.2 name=\"python3\"\n"
            "    X user_annotation \"ProfilerStep#1\" {\"External id\":<EXT_1>}\n"
            "      X cpu_op \"aten::mm\" {\"Input Dims\":[[2,3],[3,4]],\"Input type\":[\"float\",\"float\"],"
            "\"External id\":<EXT_2>}\n"
            "        X cpu_op \"aten::empty\" {\"External id\":<EXT_3>}\n"
            "      X cpu_op \"aten::add\" {\"External id\":<EXT_4>}\n"
            "        s fwdbwd \"fwdbwd\" id=<FWDBWD_1>\n"
            "        X cpu_op \"aten::zero_\" {\"External id\":<EXT_5>}\n");
}

TEST_F(ChromeCanonicalText, StableUnderShiftedTimestampsAndRenumberedThreads) {
  std::string base = render(Variant{});
  Variant shifted;
  shifted.t = "99123";
  EXPECT_EQ(render(shifted), base);
  Variant renumbered;
  renumbered.main = "5000";  // now sorts after the side thread by id: order must not change
  renumbered.side = "3";
  EXPECT_EQ(render(renumbered), base);
}

TEST_F(ChromeCanonicalText, ChangesWhenAnEventMovesParentOrDimsChangeOrAFlowEndIsLost) {
  std::string base = render(Variant{});
  Variant moved;
  moved.zero_at = "065";
  EXPECT_NE(render(moved), base);
  Variant dims;
  dims.dims = "[[2, 3], [3, 5]]";
  EXPECT_NE(render(dims), base);
  Variant no_end;
  no_end.flow_end = false;
  std::string text = render(no_end);
  EXPECT_NE(text, base);
  EXPECT_EQ(text.find("f fwdbwd"), std::string::npos);
}

TEST(ChromeRulesLoad, DefaultSetLoadsAndBadOnesAreRefused) {
  ChromeRules rules;
  std::string error;
  ASSERT_TRUE(load_chrome_rules("chrome_trace/default", rules, error)) << error;
  EXPECT_EQ(rules.name, "chrome_trace/default");
  EXPECT_EQ(rules.link_args.at("External id"), "EXT");
  EXPECT_FALSE(load_chrome_rules("chrome_trace/no_such_set", rules, error));
  EXPECT_FALSE(load_chrome_rules("torch_trace/pytorch_test", rules, error));
  EXPECT_NE(error.find("not a chrome_trace rule set"), std::string::npos) << error;
}

}  // namespace
}  // namespace tc::render
