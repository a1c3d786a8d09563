#include "golden/record_diff.h"

#include <gtest/gtest.h>

namespace tc::golden {
namespace {

std::string golden_with(const std::string& trace) {
  return "# tracecheck golden v2 case=a/b emitter=torch-2.6.0 rules=x/y@md5:0\n# update: x\n\n[outcome]\n"
         "exit_status: 0\n\n[trace log]\n" +
         trace;
}

const std::string kStart =
    "{\"dynamo_start\": {\"stack\": \"STACK\"}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n";
const std::string kTensor =
    "{\"describe_tensor\": {\"id\": 0, \"size\": [1000, 1000]}, \"frame_id\": 0, \"frame_compile_id\": 1, \"attempt\": "
    "0}\n";
const std::string kSmall =
    "{\"describe_tensor\": {\"id\": 0, \"size\": [10, 10]}, \"frame_id\": 0, \"frame_compile_id\": 1, \"attempt\": "
    "0}\n";
const std::string kArtifact =
    "{\"artifact\": {\"name\": \"fx_graph_cache_hit\", \"encoding\": \"json\"}, \"frame_id\": 0, \"frame_compile_id\": "
    "1, \"attempt\": 0, \"has_payload\": \"HASH\"}\n";

TEST(RecordDiff, NamesTheChangedFieldOfTheRecord) {
  std::string d = record_diff(golden_with(kStart + kTensor), golden_with(kStart + kSmall));
  EXPECT_EQ(d, "[trace log]\nrecord 2 (describe_tensor, 0/1): size changed from [1000, 1000] to [10, 10]\n");
}

TEST(RecordDiff, AnInsertedRecordIsOneAddedRecord) {
  std::string d = record_diff(golden_with(kStart + kTensor), golden_with(kStart + kArtifact + kTensor));
  EXPECT_EQ(d, "[trace log]\nrecord 2 (artifact:fx_graph_cache_hit, 0/1): added\n");
  d = record_diff(golden_with(kStart + kArtifact + kTensor), golden_with(kStart + kTensor));
  EXPECT_EQ(d, "[trace log]\nrecord 2 (artifact:fx_graph_cache_hit, 0/1): removed\n");
}

TEST(RecordDiff, PayloadAndOtherSections) {
  std::string a = golden_with(kStart + "  line one\n  line two\n");
  std::string b = golden_with(kStart + "  line one\n  line 2\n");
  EXPECT_EQ(record_diff(a, b), "[trace log]\nrecord 1 (dynamo_start, 0/0): payload changed (1 of 2 lines)\n");
  std::string c = a;
  c.replace(c.find("exit_status: 0"), 14, "exit_status: 1");
  std::string d = record_diff(a, c);
  EXPECT_NE(d.find("[outcome]\n"), std::string::npos) << d;
  EXPECT_NE(d.find("-exit_status: 0\n+exit_status: 1\n"), std::string::npos) << d;
}

TEST(RecordDiff, EqualBodiesGiveNothingAndOutputIsBounded) {
  std::string a = golden_with(kStart);
  std::string b = a;
  b.replace(b.find("md5:0"), 5, "md5:1");
  EXPECT_EQ(record_diff(a, b), "");
  std::string many_a, many_b;
  for (int i = 0; i < 50; ++i) many_a += kTensor, many_b += kSmall;
  std::string d = record_diff(golden_with(many_a), golden_with(many_b), {3, 10});
  EXPECT_NE(d.find("... 41 more diff lines not shown\n"), std::string::npos) << d;
}

TEST(RecordDiff, UnifiedModeIsTheLineDiff) {
  std::string d = golden_diff(golden_with(kTensor), golden_with(kSmall), "g.txt", "unified");
  EXPECT_TRUE(d.starts_with("--- g.txt\n+++ actual\n@@ ")) << d;
}

}  // namespace
TEST(RecordDiff, ChromeTracesAreAlignedByEventPath) {
  const std::string from =
      "# h\n\n[trace chrome_trace/t.json]\nmeta schemaVersion=1\nprocess 1 name=\"python3\"\n"
      "  thread 1.1 name=\"main\"\n    X cpu_op \"aten::mm\" {\"Input Dims\":[[2]]}\n"
      "      X cpu_op \"aten::resolve_conj\"\n";
  const std::string to =
      "# h\n\n[trace chrome_trace/t.json]\nmeta host_name=<masked>\nmeta schemaVersion=1\n"
      "process 1 name=\"python3\"\n  thread 1.1 name=\"main\"\n    X cpu_op \"aten::mm\" {\"Input Dims\":[[3]]}\n"
      "      X cpu_op \"aten::resolve_conj\"\n";
  const std::string diff = record_diff(from, to);
  EXPECT_NE(diff.find("meta host_name"), std::string::npos) << diff;
  EXPECT_NE(diff.find("added"), std::string::npos) << diff;
  EXPECT_NE(diff.find("aten::mm"), std::string::npos) << diff;
  EXPECT_EQ(diff.find("resolve_conj"), std::string::npos) << diff;  // unchanged, so not shown
}

}  // namespace tc::golden
