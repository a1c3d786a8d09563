#include "formats/joins/execution_trace_kineto.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "formats/registry/registry.h"
#include "io/temp_dir_for_tests.h"

namespace tc::formats::joins {
namespace {
namespace fs = std::filesystem;

std::string et_node(int id, int parent, const std::string& name, int rf_id) {
  return "{\"id\": " + std::to_string(id) + ", \"name\": \"" + name + "\", \"ctrl_deps\": " + std::to_string(parent) +
         R"(, "inputs": {"values": [], "shapes": [], "types": []}, "outputs": {"values": [], "shapes": [], "types": []}, "attrs": [{"name": "rf_id", "type": "uint64", "value": )" +
         std::to_string(rf_id) + "}]}";
}

// A capture folder: execution_trace/run.et.json and chrome_trace/run.json.
class JoinTest : public ::testing::Test {
 protected:
  // `earlier_ids`: Kineto ids of a first "traceEvents" array, written
  // before the one the JSON parsers keep.
  void write(const std::vector<int>& kineto_ids, const std::vector<int>& earlier_ids = {}) {
    root_ = temp_.path() / "capture";
    fs::remove_all(root_);
    fs::create_directories(root_ / "execution_trace");
    fs::create_directories(root_ / "chrome_trace");
    std::ofstream(root_ / "execution_trace" / "run.et.json")
        << "{\"schema\": \"1.1.1-chakra.0.0.4\", \"pid\": 1, \"time\": \"t\", \"start_ts\": 1, \"nodes\": [\n"
        << et_node(2, 1, "[pytorch|profiler|execution_trace|thread]", 0) << ",\n"
        << et_node(3, 2, "## LOOP 3 ##", 5) << ",\n"
        << et_node(4, 3, "aten::add", 6) << ",\n"
        << et_node(1, 1, "[pytorch|profiler|execution_trace|process]", 0) << "\n], \"finish_ts\": 2}\n";
    auto array = [](const std::vector<int>& ids) {
      std::string events;
      for (int id : ids)
        events +=
            std::string(events.empty() ? "" : ",\n") +
            R"({"ph": "X", "cat": "cpu_op", "name": "op", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "args": {"Record function id": )" +
            std::to_string(id) + "}}";
      events += R"(,
{"ph": "X", "cat": "gpu_memcpy", "name": "copy", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "args": {"Record function id": 99}})";
      return "[\n" + events + "\n]";
    };
    std::ofstream(root_ / "chrome_trace" / "run.json")
        << "{" << (earlier_ids.empty() ? "" : "\"traceEvents\": " + array(earlier_ids) + ",\n")
        << "\"traceEvents\": " << array(kineto_ids) << "}\n";
  }
  void check() {
    formats::CheckRequest request;
    request.path = (root_ / "execution_trace").string();
    request.reporter = &reporter_;
    std::string io_error;
    ASSERT_TRUE(formats::registry::find_format("execution_trace")->check(request, io_error)) << io_error;
  }
  io::testing::TempDir temp_;
  fs::path root_;
  diag::Reporter reporter_;
};

TEST_F(JoinTest, MatchingIdsPass) {
  write({6, 5});
  check();
  EXPECT_EQ(reporter_.count("et-kineto-rf-id"), 0u);
}

TEST_F(JoinTest, MismatchesNameTheIdsOnBothSides) {
  write({5, 7});
  check();
  ASSERT_EQ(reporter_.count("et-kineto-rf-id"), 2u);
  const auto& kept = reporter_.kept();
  bool et_side = false, kineto_side = false;
  for (const auto& d : kept) {
    if (d.rule != "et-kineto-rf-id") continue;
    if (d.pointer == "/nodes/2") {
      et_side = d.message.find("rf_id 6") != std::string::npos && d.message.find("node 4") != std::string::npos;
    } else if (d.pointer == "/traceEvents/1") {
      kineto_side = d.message.find("rf_id 7") != std::string::npos;
    }
  }
  EXPECT_TRUE(et_side);
  EXPECT_TRUE(kineto_side);
}

// The join reads the events the consumers load: the last array.
TEST_F(JoinTest, ARepeatedTraceEventsJoinsItsLastArray) {
  write({6, 5}, {7});
  check();
  EXPECT_EQ(reporter_.count("et-kineto-rf-id"), 0u);
  write({7}, {6, 5});
  check();
  EXPECT_EQ(reporter_.count("et-kineto-rf-id"), 3u);
}

TEST_F(JoinTest, RepeatedIdsCount) {
  write({5, 6, 6});
  check();
  EXPECT_EQ(reporter_.count("et-kineto-rf-id"), 1u);
}

}  // namespace
}  // namespace tc::formats::joins
