#include "formats/drawing.h"

#include <gtest/gtest.h>

#include "formats/chrome_trace/drawing.h"
#include "formats/execution_trace/drawing.h"
#include "formats/torch_trace/drawing.h"

namespace tc::formats {
namespace {

// Every line that is not "detail ..." is a node.
std::optional<DrawnNode> detail_or_node(std::string_view body) {
  if (body.starts_with("detail")) return std::nullopt;
  return DrawnNode{std::string(body), "", "", {}};
}

TEST(IndentedTree, NestsByIndentAndKeepsDetailLines) {
  size_t not_drawn = 0;
  std::vector<DrawnNode> roots =
      indented_tree({"detail before any node", "a", "  b", "    detail of b", "    c", "  d", "e"}, 100, detail_or_node,
                    &not_drawn);
  ASSERT_EQ(roots.size(), 2u);
  EXPECT_EQ(roots[0].label, "a");
  ASSERT_EQ(roots[0].children.size(), 2u);
  EXPECT_EQ(roots[0].children[0].label, "b");
  EXPECT_EQ(roots[0].children[0].detail, "detail of b");
  ASSERT_EQ(roots[0].children[0].children.size(), 1u);
  EXPECT_EQ(roots[0].children[0].children[0].label, "c");
  EXPECT_EQ(roots[0].children[1].label, "d");
  EXPECT_EQ(roots[1].label, "e");
  EXPECT_EQ(not_drawn, 0u);
  EXPECT_EQ(count_nodes(roots), 5u);
}

TEST(IndentedTree, CountsTheNodesPastTheBudgetAndDropsTheirDetails) {
  size_t not_drawn = 0;
  std::vector<DrawnNode> roots = indented_tree({"a", "  b", "  c", "  detail of c", "d"}, 2, detail_or_node, &not_drawn);
  EXPECT_EQ(count_nodes(roots), 2u);
  EXPECT_EQ(not_drawn, 2u);
  EXPECT_EQ(roots[0].children[0].detail, "");
}

TEST(ChromeDrawing, DrawsProcessesThreadsAndEventsWithTheirArgsAsDetail) {
  Drawing d = chrome_trace::chrome_trace_drawing({"meta schemaVersion=1", "process 1 name=\"python3\"", "  thread 1.1 name=\"main\"",
                                    "    X cpu_op \"aten::mm \\\"x\\\"\" {\"External id\":<EXT_1>}",
                                    "      X cpu_op \"aten::empty\"", "    i - \"Record Window End\" s=g"},
                                   100);
  EXPECT_EQ(d.style, "timeline");
  ASSERT_EQ(d.roots.size(), 1u);
  EXPECT_EQ(d.roots[0].label, "process 1 name=\"python3\"");
  const DrawnNode& thread = d.roots[0].children.at(0);
  ASSERT_EQ(thread.children.size(), 2u);
  EXPECT_EQ(thread.children[0].label, "X cpu_op \"aten::mm \\\"x\\\"\"");
  EXPECT_EQ(thread.children[0].detail, "{\"External id\":<EXT_1>}");
  EXPECT_EQ(thread.children[0].children.at(0).label, "X cpu_op \"aten::empty\"");
  EXPECT_EQ(thread.children[1].detail, "s=g");
}

TEST(ExecutionTraceDrawing, MarksTheNodesNoRootReaches) {
  Drawing d = execution_trace::execution_trace_drawing({"schema 1.1.1-chakra.0.0.4", "nodes 3", "#3 [pytorch|profiler|execution_trace|process]",
                                       "  #1 aten::mm", "    in: Tensor(float)[2,2]", "(missing parent)", "  #2 orphan"},
                                      100);
  EXPECT_EQ(d.style, "node_tree");
  ASSERT_EQ(d.roots.size(), 2u);
  EXPECT_EQ(d.roots[0].children.at(0).label, "#1 aten::mm");
  EXPECT_EQ(d.roots[0].children.at(0).detail, "in: Tensor(float)[2,2]");
  EXPECT_EQ(d.roots[1].label, "(missing parent)");
  EXPECT_EQ(d.roots[1].mark, "fail");
  EXPECT_EQ(d.roots[1].children.at(0).label, "#2 orphan");
}

std::string record(std::string_view body, int frame, int compile, int attempt = 0) {
  return "{" + std::string(body) + ", \"frame_id\": " + std::to_string(frame) +
         ", \"frame_compile_id\": " + std::to_string(compile) + ", \"attempt\": " + std::to_string(attempt) + "}";
}

TEST(TorchTraceDrawing, DrawsFramesCompileIdsAndRecordsWithTheirMarks) {
  Drawing d = torch_trace::torch_trace_drawing(
      {"{\"chromium_event\": {}}", record("\"dynamo_start\": {\"stack\": \"STACK\"}", 0, 0),
       record("\"artifact\": {\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}", 0, 0),
       "payload line", record("\"dynamo_start\": {}", 0, 1), record("\"dynamo_start\": {}", 1, 0, 1),
       record("\"artifact\": {\"name\": \"dynamo_error\", \"encoding\": \"string\"}", 1, 0, 1)},
      100);
  EXPECT_EQ(d.style, "compile_tree");
  ASSERT_EQ(d.roots.size(), 3u);
  EXPECT_EQ(d.roots[0].label, "(no compile id)");
  EXPECT_EQ(d.roots[0].children.at(0).label, "chromium_event");
  const DrawnNode& frame0 = d.roots[1];
  EXPECT_EQ(frame0.label, "frame 0");
  EXPECT_EQ(frame0.mark, "");
  ASSERT_EQ(frame0.children.size(), 2u);
  EXPECT_EQ(frame0.children[0].label, "[0/0]");
  EXPECT_EQ(frame0.children[0].mark, "break");
  EXPECT_EQ(frame0.children[0].children.at(1).label, "artifact dynamo_graph_break_reason");
  EXPECT_EQ(frame0.children[0].children.at(1).mark, "break");
  EXPECT_EQ(frame0.children[1].label, "[0/1]");
  EXPECT_EQ(frame0.children[1].mark, "recompile");
  const DrawnNode& frame1 = d.roots[2];
  EXPECT_EQ(frame1.mark, "fail");
  EXPECT_EQ(frame1.children.at(0).label, "[1/0_1]");
  EXPECT_EQ(frame1.children.at(0).mark, "fail");
  EXPECT_EQ(frame1.children.at(0).children.at(1).mark, "fail");
}

TEST(TorchTraceDrawing, StopsAtTheBudgetAndCountsTheRest) {
  std::vector<std::string> lines;
  for (int i = 0; i < 10; ++i) lines.push_back(record("\"dynamo_start\": {}", 0, 0));
  Drawing d = torch_trace::torch_trace_drawing(lines, 5);  // frame + compile id + 3 records
  EXPECT_EQ(count_nodes(d.roots), 5u);
  EXPECT_EQ(d.not_drawn, 7u);
}

}  // namespace
}  // namespace tc::formats
