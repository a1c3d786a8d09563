#include "report/excerpts.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "report/case_views.h"

namespace tc::report {
namespace {

TEST(Excerpts, FindsEachFindingsPlaceOnce) {
  std::vector<TracePlace> places = places_in_findings(
      "== profile default: 1 error\n"
      "a/b.json:3:7: error[ct-x]: one\n"
      "a/b.json:3:7: warning[ct-y]: same place\n"
      "c d.log:12:1: warning[tt-z]: two at /x\n"
      "note: not a finding\n",
      10);
  ASSERT_EQ(places.size(), 2u);
  EXPECT_EQ(places[0].file, "a/b.json");
  EXPECT_EQ(places[0].line, 3u);
  EXPECT_EQ(places[0].column, 7u);
  EXPECT_EQ(places[1].file, "c d.log");
  EXPECT_EQ(places[1].line, 12u);
  EXPECT_EQ(places_in_findings("x:1:1: error[r]: a\ny:2:2: error[r]: b\n", 1).size(), 1u);
}

TEST(Excerpts, CutsTheLineAroundTheColumn) {
  const std::string path = ::testing::TempDir() + "/excerpts_test.json";
  std::string long_line(1000, 'a');
  long_line[500] = 'X';
  {
    std::ofstream(path) << "first\n" << long_line << "\nthird";
  }
  std::vector<Excerpt> got = read_excerpts({{path, 2, 501}, {path, 3, 2}, {path, 9, 1}, {"/nonexistent", 1, 1}});
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].text.size(), kExcerptBytes);
  EXPECT_EQ(got[0].text[got[0].mark], 'X');
  EXPECT_EQ(got[1].text, "third");
  EXPECT_EQ(got[1].mark, 1u);
  std::filesystem::remove(path);
}

TEST(CaseViews, DrawsOnlySectionsAFormatDrawsWithinTheBudget) {
  std::vector<golden::TraceSection> traces = {
      {"log", "{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n"},
      {"debug_dir/files", "a.txt\n"},
      {"chrome_trace/t.json", "process 1\n  thread 1.1\n    X c \"a\"\n    X c \"b\"\n"}};
  const std::string json = drawings_json(traces, 5);
  EXPECT_NE(json.find("\"section\":\"log\",\"style\":\"compile_tree\",\"not_drawn\":0"), std::string::npos) << json;
  EXPECT_EQ(json.find("debug_dir"), std::string::npos) << json;
  // 3 nodes went to the log (frame, compile id, record): 2 are left.
  EXPECT_NE(json.find("\"section\":\"chrome_trace/t.json\",\"style\":\"timeline\",\"not_drawn\":2"), std::string::npos)
      << json;
  EXPECT_EQ(drawings_json({}), "");
}

}  // namespace
}  // namespace tc::report
