#include "golden/drift.h"

#include <gtest/gtest.h>

namespace tc::golden {
namespace {

std::string golden(const std::vector<std::string>& kinds) {
  std::string s = "# h\n\n[trace log]\n";
  for (const auto& k : kinds) {
    if (k.starts_with("artifact:"))
      s += "{\"artifact\": {\"name\": \"" + k.substr(9) + "\"}, \"frame_id\": 0, \"frame_compile_id\": 0}\n";
    else
      s += "{\"" + k + "\": {}, \"frame_id\": 0, \"frame_compile_id\": 0}\n";
  }
  return s;
}

TEST(Drift, AppearedDisappearedMovedAndCounts) {
  CaseDrift d;
  compare_goldens(golden({"dynamo_start", "describe_tensor", "artifact:a", "guards", "metrics"}),
                  golden({"dynamo_start", "guards", "describe_tensor", "describe_tensor", "artifact:b", "metrics"}), d);
  EXPECT_TRUE(d.drifted());
  EXPECT_EQ(d.names["artifacts"].appeared, std::vector<std::string>{"b"});
  EXPECT_EQ(d.names["artifacts"].disappeared, std::vector<std::string>{"a"});
  EXPECT_EQ(d.kinds.moved.size(), 1u);
  ASSERT_EQ(d.kinds.count_changed.count("describe_tensor"), 1u);
  EXPECT_EQ(d.kinds.count_changed["describe_tensor"], (std::pair<size_t, size_t>{1, 2}));
  EXPECT_TRUE(d.kinds.appeared.empty());
}

TEST(Drift, SameKindsNoDrift) {
  CaseDrift d;
  compare_goldens(golden({"a", "b"}), golden({"a", "b"}), d);
  EXPECT_FALSE(d.drifted());
}

TEST(Drift, ChromeTracesDriftByMetadataKeyAndEventPath) {
  const std::string from =
      "# h\n\n[trace chrome_trace/t.json]\nmeta schemaVersion=1\nprocess 1 name=\"python3\"\n"
      "  thread 1.1 name=\"main\"\n    X cpu_op \"aten::mm\" {\"Input Dims\":[[2]]}\n"
      "      X cpu_op \"aten::resolve_conj\"\n";
  const std::string to =
      "# h\n\n[trace chrome_trace/t.json]\nmeta host_name=<masked>\nmeta schemaVersion=1\n"
      "process 1 name=\"python3\"\n  thread 1.1 name=\"main\"\n    X cpu_op \"aten::mm\" {\"Input Dims\":[[3]]}\n"
      "      X cpu_op \"aten::resolve_conj\"\n";
  CaseDrift d;
  compare_goldens(from, to, d);
  EXPECT_EQ(d.names["records"].appeared, std::vector<std::string>{"meta host_name"});
  ASSERT_EQ(d.kinds.count_changed.count("meta"), 1u);
  EXPECT_EQ(d.changed.at("X cpu_op"), 1u);  // aten::mm's args
  EXPECT_NE(describe_drift(d).find("records appeared: meta host_name"), std::string::npos) << describe_drift(d);
  EXPECT_TRUE(d.names["artifacts"].empty());
}

TEST(Drift, ExecutionTraceNodesAndDebugFiles) {
  const std::string et_from =
      "# h\n\n[trace execution_trace/et.json]\nschema 1.1.1-chakra.0.0.4\nnodes 3\n"
      "#3 [pytorch|profiler|execution_trace|process]\n  #1 [pytorch|profiler|execution_trace|thread]\n"
      "    #2 aten::add\n      in: Tensor(float)[2]\n";
  std::string et_to = et_from;
  et_to.replace(et_to.find("[2]"), 3, "[4]");
  CaseDrift d;
  compare_goldens(et_from, et_to, d);
  EXPECT_TRUE(d.kinds.empty());
  EXPECT_EQ(d.changed.at("aten::add"), 1u);  // its input shape, a payload line
  const std::string dd_from = "# h\n\n[trace debug_dir/files]\na/output_code.py\n\n[trace debug_dir/g/ir.txt]\nop0\n";
  const std::string dd_to = "# h\n\n[trace debug_dir/files]\nb/output_code.py\n\n[trace debug_dir/g/ir.txt]\nop1\n";
  compare_goldens(dd_from, dd_to, d);
  EXPECT_EQ(d.names["records"].appeared, std::vector<std::string>{"b/output_code.py"});
  EXPECT_EQ(d.changed.at("file text"), 1u);
}

TEST(Drift, TracesThatDifferOnlyInOrderStillDrift) {
  CaseDrift d;
  const std::string a = "# h\n\n[trace debug_dir/files]\nx\ny\n";
  const std::string b = "# h\n\n[trace debug_dir/files]\ny\nx\n";
  compare_goldens(a, b, d);
  EXPECT_TRUE(d.drifted());
  EXPECT_FALSE(describe_drift(d).empty());
}

}  // namespace
}  // namespace tc::golden
