#include "formats/chrome_trace/canonical.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "diag/reporter.h"
#include "formats/registry/registry.h"

namespace tc::formats::chrome_trace {
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

// Renders `body` (a bare array of events) under `rules`.
std::string render_with(const ChromeRules& rules, const std::string& body) {
  ChromeCanonical canonical(rules);
  std::string text = "[" + body + "]";
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  EXPECT_EQ(parser.parse(text).get(doc), simdjson::SUCCESS);
  uint64_t index = 0;
  for (simdjson::dom::element e : doc.get_array()) {
    ChromeEvent event;
    event.value = e;
    event.object = e.get_object();
    event.index = index++;
    canonical.event(event);
  }
  return canonical.render();
}

// The same under chrome_trace/default.
std::string render_default(const std::string& body) {
  ChromeRules rules;
  std::string error;
  EXPECT_TRUE(load_chrome_rules("chrome_trace/default", rules, error)) << error;
  return render_with(rules, body);
}

class ChromeCanonicalText : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_chrome_canon_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The trace of variant `v`, written to a file: its path.
  std::string write(const Variant& v) {
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
    return path;
  }

  // The golden sections chrome_trace's check gives for the file.
  static std::vector<formats::Section> sections_of(const std::string& path, bool labels_only = false) {
    diag::Reporter reporter;
    std::vector<formats::Section> sections;
    std::vector<std::string> problems;
    formats::CheckRequest request;
    request.path = path;
    request.reporter = &reporter;
    request.canonical = &sections;
    request.problems = &problems;
    request.labels_only = labels_only;
    std::string io_error;
    EXPECT_TRUE(formats::registry::find_format("chrome_trace")->check(request, io_error)) << io_error;
    EXPECT_TRUE(problems.empty()) << problems.front();
    EXPECT_EQ(sections.size(), 1u);
    return sections;
  }

  std::string render(const Variant& v) {
    std::vector<formats::Section> sections = sections_of(write(v));
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

TEST_F(ChromeCanonicalText, LabelsOnlyGivesTheSectionsWithoutRendering) {
  std::string path = write({});
  std::vector<formats::Section> labels = sections_of(path, /*labels_only=*/true), full = sections_of(path);
  ASSERT_EQ(labels.size(), 1u);
  ASSERT_EQ(full.size(), 1u);
  EXPECT_EQ(labels[0].file, path);
  EXPECT_EQ(labels[0].label, full[0].label);
  EXPECT_TRUE(labels[0].text.empty());
  EXPECT_FALSE(full[0].text.empty());
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

// Zero-length events at equal timestamps (clang's and tsc's traces, Python
// events) must render the same whichever of them rounding made zero-length
// or which parent's end they touch.
TEST(ChromeCanonicalTies, ZeroLengthEventsNeverNestAndAnEventAtAParentsEndIsItsSibling) {
  auto events = [](const std::string& body) { return render_default(body); };
  auto x = [](const char* name, int ts, int dur) {
    return std::string(R"({"ph":"X","name":")") + name + R"(","pid":1,"tid":1,"ts":)" + std::to_string(ts) +
           R"(,"dur":)" + std::to_string(dur) + "}";
  };
  // Two zero-length events at one timestamp are siblings, in file order.
  std::string zeros = events(x("a", 10, 0) + "," + x("b", 10, 0));
  EXPECT_NE(zeros.find("    X - \"a\"\n    X - \"b\"\n"), std::string::npos) << zeros;
  // An event at its predecessor's end is a sibling whether that one lasted 0 or 5.
  std::string touching = events(x("p", 10, 5) + "," + x("q", 15, 0));
  EXPECT_NE(touching.find("    X - \"p\"\n    X - \"q\"\n"), std::string::npos) << touching;
  // A zero-length event at a parent's start is still its child.
  std::string child = events(x("p", 10, 5) + "," + x("c", 10, 0));
  EXPECT_NE(child.find("    X - \"p\"\n      X - \"c\"\n"), std::string::npos) << child;
}

// Kineto's timestamps are epoch-sized with nanosecond decimals; a child that
// ends with its parent (events cut at the profiler's stop) must stay inside it
// whatever the floating-point sum ts + dur would round to.
TEST(ChromeCanonicalTies, EventsEndingTogetherAtLargeTimestampsStayNested) {
  std::string text = render_default(R"({"ph":"X","name":"exit","pid":1,"tid":1,"ts":4488084569506.104,"dur":17.412},)"
                                    R"({"ph":"X","name":"disable","pid":1,"tid":1,"ts":4488084569516.399,"dur":7.117})");
  EXPECT_NE(text.find("    X - \"exit\"\n      X - \"disable\"\n"), std::string::npos) << text;
}

TEST(ChromeRuleSets, ExtendsRewritesDropsPhasesCountsAndHidesThreadNames) {
  ChromeRules rules;
  std::string error;
  const std::string events =
      R"({"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"pt_gloo_runloop"}},)"
      R"({"ph":"X","name":"<built-in method get of dict object at 0x7fffc9fb83c0>","pid":1,"tid":1,"ts":1,"dur":1},)"
      R"({"ph":"X","name":"<built-in method get of dict object at 0x7fffca132700>","pid":1,"tid":1,"ts":3,"dur":1},)"
      R"({"ph":"B","name":"emit","pid":1,"tid":1,"ts":5},{"ph":"E","pid":1,"tid":1,"ts":9})";
  ASSERT_TRUE(load_chrome_rules("chrome_trace/default", rules, error)) << error;
  std::string tree = render_with(rules, events);
  EXPECT_NE(tree.find("name=\"pt_gloo_runloop\""), std::string::npos) << tree;
  EXPECT_NE(tree.find("    X - \"<built-in method get of dict object at 0x?>\"\n"
                      "    X - \"<built-in method get of dict object at 0x?>\"\n"
                      "    B - \"emit\"\n"),
            std::string::npos)
      << tree;

  ASSERT_TRUE(load_chrome_rules("chrome_trace/event_counts", rules, error)) << error;
  EXPECT_EQ(rules.name, "chrome_trace/event_counts");
  EXPECT_EQ(rules.link_args.at("External id"), "EXT");  // inherited from default
  std::string counts = render_with(rules, events);
  EXPECT_NE(counts.find("    B - \"emit\"\n    X - \"<built-in method get of dict object at 0x?>\" x2\n"),
            std::string::npos)
      << counts;

  ASSERT_TRUE(load_chrome_rules("chrome_trace/tsc", rules, error)) << error;
  std::string no_x = render_with(rules, events);
  EXPECT_EQ(no_x.find("X -"), std::string::npos) << no_x;
  EXPECT_NE(no_x.find("B - \"emit\""), std::string::npos) << no_x;

  ASSERT_TRUE(load_chrome_rules("chrome_trace/unnamed_threads", rules, error)) << error;
  EXPECT_EQ(render_with(rules, events).find("pt_gloo_runloop"), std::string::npos);

  ASSERT_TRUE(load_chrome_rules("chrome_trace/without_python", rules, error)) << error;
  EXPECT_EQ(rules.drop_cats, std::vector<std::string>{"python_function"});
}

// gloo runs collectives on a pool of two workers: which worker takes which
// collective, and whether one takes them all, varies from run to run.
TEST(ChromeRuleSets, ThreadPoolsMergeTheWorkersThatRunOnlyPoolTasks) {
  auto events = [](int first_tid, int second_tid) {
    std::string e =
        R"({"ph":"X","name":"step","pid":1,"tid":1,"ts":1,"dur":100},)"
        R"({"ph":"X","name":"gloo:broadcast","pid":1,"tid":A,"ts":10,"dur":5},)"
        R"({"ph":"X","name":"gloo:all_reduce","pid":1,"tid":B,"ts":20,"dur":5},)"
        R"({"ph":"X","name":"gloo:broadcast","pid":1,"tid":A,"ts":30,"dur":5},)"
        R"({"ph":"X","name":"other","pid":1,"tid":9,"ts":40,"dur":5},)"
        R"({"ph":"X","name":"gloo:all_reduce","pid":1,"tid":9,"ts":50,"dur":5})";
    e.replace(e.find("tid\":A"), 6, "tid\":" + std::to_string(first_tid));
    e.replace(e.find("tid\":B"), 6, "tid\":" + std::to_string(second_tid));
    e.replace(e.find("tid\":A"), 6, "tid\":" + std::to_string(first_tid));
    return e;
  };
  ChromeRules rules;
  std::string error;
  ASSERT_TRUE(load_chrome_rules("chrome_trace/unnamed_threads", rules, error)) << error;
  ASSERT_EQ(rules.thread_pools, std::vector<std::string>{"^gloo:"});
  std::string two_workers = render_with(rules, events(2, 3)), one_worker = render_with(rules, events(2, 2));
  EXPECT_EQ(two_workers, one_worker);
  EXPECT_NE(two_workers.find("  thread 1.3 pool=\"^gloo:\"\n"
                             "    X - \"gloo:broadcast\"\n"
                             "    X - \"gloo:all_reduce\"\n"
                             "    X - \"gloo:broadcast\"\n"),
            std::string::npos)
      << two_workers;
  // A thread that also runs other work is not a pool worker.
  EXPECT_NE(two_workers.find("    X - \"other\"\n    X - \"gloo:all_reduce\"\n"), std::string::npos) << two_workers;
  rules.thread_pools.clear();
  EXPECT_NE(render_with(rules, events(2, 3)), render_with(rules, events(2, 2)));
}

// Two workers may run two collectives at once: the broadcast one worker runs
// while the other runs an all_reduce is not inside that all_reduce, so the
// pool renders as it does when the two ran one after the other. A task
// inside another on the same worker still nests.
TEST(ChromeRuleSets, ThreadPoolsNestOnlyWithinOneWorker) {
  auto events = [](int broadcast_tid, int broadcast_ts) {
    return R"({"ph":"X","name":"gloo:all_reduce","pid":1,"tid":2,"ts":10,"dur":20},)"
           R"({"ph":"X","name":"gloo:broadcast","pid":1,"tid":)" +
           std::to_string(broadcast_tid) + R"(,"ts":)" + std::to_string(broadcast_ts) + R"(,"dur":5})";
  };
  ChromeRules rules;
  std::string error;
  ASSERT_TRUE(load_chrome_rules("chrome_trace/unnamed_threads", rules, error)) << error;
  std::string side_by_side = render_with(rules, events(3, 15)), one_after = render_with(rules, events(3, 40));
  EXPECT_EQ(side_by_side, one_after);
  EXPECT_NE(side_by_side.find("    X - \"gloo:all_reduce\"\n    X - \"gloo:broadcast\"\n"), std::string::npos)
      << side_by_side;
  std::string same_worker = render_with(rules, events(2, 15));
  EXPECT_NE(same_worker.find("    X - \"gloo:all_reduce\"\n      X - \"gloo:broadcast\"\n"), std::string::npos)
      << same_worker;
}

TEST(ChromeRuleSets, NestedMembersAreMaskedAndBadSetsAreRefusedWithTheirPlace) {
  fs::path dir = fs::temp_directory_path() / ("tc_chrome_rules_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto refused = [&](const std::string& canonical) {
    std::string path = (dir / "set.json").string();
    std::ofstream(path) << R"({"name":"chrome_trace/set","format":"chrome_trace","description":"x",)"
                        << R"("extends":"chrome_trace/default","canonical":)" << canonical << "}";
    ChromeRules rules;
    std::string error;
    EXPECT_FALSE(load_chrome_rules(path, rules, error)) << canonical;
    return error;
  };
  EXPECT_NE(refused(R"({"layout":"graph"})").find("/canonical/layout"), std::string::npos);
  EXPECT_NE(refused(R"({"name_rewrites":[["(a","x"]]})").find("/canonical/name_rewrites"), std::string::npos);
  EXPECT_NE(refused(R"({"name_rewrites":[["a","\\2"]]})").find("/canonical/name_rewrites"), std::string::npos);
  EXPECT_NE(refused(R"({"thread_pools":["(gloo"]})").find("/canonical/thread_pools"), std::string::npos);
  fs::remove_all(dir);

  ChromeRules rules;
  std::string error;
  ASSERT_TRUE(load_chrome_rules("chrome_trace/default", rules, error)) << error;
  ChromeCanonical canonical(rules);
  simdjson::dom::parser parser;
  simdjson::dom::element value;
  ASSERT_EQ(parser.parse(std::string(R"({"version":"v0.13","recorded_time":"Sun Nov 22 09:26:07 2026"})")).get(value),
            simdjson::SUCCESS);
  ChromeMember member;
  member.key = "metadata";
  member.parsed = true;
  member.value = value;
  canonical.member(member);
  EXPECT_EQ(canonical.render(), "meta metadata={\"recorded_time\":\"<masked>\",\"version\":\"v0.13\"}\n");
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
}  // namespace tc::formats::chrome_trace
