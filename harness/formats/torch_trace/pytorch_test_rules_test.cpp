// The shipped rule set torch_trace/pytorch_test against expected text from
// PyTorch's own test (test/dynamo/test_structured_trace.py goldens, copied
// here so the test needs nothing outside the repo). Inputs are records as
// PyTorch writes them before scrubbing.
#include <gtest/gtest.h>

#include "json/parse.h"
#include "scrub/load.h"
#include "formats/torch_trace/scrubber.h"

namespace tc::formats::torch_trace {
namespace {

const char* kStack = R"j([{"line": 9, "name": "f", "filename": 3}, {"line": 12, "name": "g", "filename": 4}])j";

std::string with_stack(std::string text) {
  for (size_t at; (at = text.find("@STACK@")) != std::string::npos;) text.replace(at, 7, kStack);
  return text;
}

class PytorchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    scrub::LoadError error;
    rules_ = scrub::load_rule_set("torch_trace/pytorch_test", error);
    ASSERT_TRUE(rules_) << error.text();
  }

  std::string render(const std::vector<std::pair<std::string, const char*>>& records, ScrubOptions options = {}) {
    std::string why;
    auto scrubber = Scrubber::create(rules_, options, why);
    EXPECT_TRUE(scrubber) << why;
    std::string out;
    json::Parser parser;
    for (const auto& [envelope, payload] : records) {
      json::ParseResult r = parser.parse(with_stack(envelope));
      EXPECT_TRUE(r.ok) << envelope;
      std::string p = payload ? payload : "";
      scrubber->scrub(r.value, payload ? &p : nullptr, out);
    }
    return out;
  }

  std::shared_ptr<const scrub::RuleSet> rules_;
};

TEST_F(PytorchTest, DumpFileGolden) {
  // test_dump_file: the FX module's source follows its record.
  std::string out = render({
      {R"j({"str": ["/tmp/test_structured_trace.py", 3]})j", nullptr},
      {R"j({"dynamo_start": {"stack": @STACK@}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})j", nullptr},
      {R"j({"dump_file": {"name": "<eval_with_key>.17"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "0d4d1b6a7e3c4b1f9a8e7d6c5b4a3f2e"})j",
       "\n\n\ndef forward(self, x, y):\n    add = x.add(y);  x = y = None\n    return add\n    "},
      {R"j({"describe_storage": {"id": 0, "describer_id": 4, "size": 12}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})j", nullptr},
      {R"j({"describe_tensor": {"id": 0, "ndim": 1, "dtype": "torch.float32", "device": "device(type='cpu')", "size": [3], "dynamo_hint_overrides": {}, "is_leaf": true, "stride": [1], "storage": 0, "view_func": "<built-in method _view_func_unsafe of Tensor object at 0x7f>", "describer_id": 4}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})j", nullptr},
      {R"j({"describe_source": {"describer_id": 4, "id": 0, "source": "L['x']"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})j", nullptr},
  });
  EXPECT_EQ(out, R"j({"dynamo_start": {"stack": "STACK"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}
{"dump_file": {"name": "<eval_with_key>"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "HASH"}



def forward(self, x, y):
    add = x.add(y);  x = y = None
    return add

{"describe_storage": {"id": 0, "describer_id": "ID", "size": 12}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}
{"describe_tensor": {"id": 0, "ndim": 1, "dtype": "torch.float32", "device": "device(type='cpu')", "size": [3], "dynamo_hint_overrides": {}, "is_leaf": true, "stride": [1], "storage": 0, "view_func": "VIEW_FUNC", "describer_id": "ID"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}
{"describe_source": {"describer_id": "ID", "id": 0, "source": "L['x']"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}
)j");
}

TEST_F(PytorchTest, SymbolsAndGuardsGolden) {
  // test_graph_sizes_dynamic (upstream): stacks stubbed, key order kept.
  std::string out = render({
      {R"j({"create_symbol": {"symbol": "s97", "val": "5", "vr": "[2, int_oo]", "source": "L['a'].size()[0]", "user_stack": @STACK@, "stack": @STACK@}, "frame_id": 0, "frame_compile_id": 1, "attempt": 0})j", nullptr},
      {R"j({"guard_added_fast": {"expr": "Eq(s98, s52)", "user_stack": @STACK@, "stack": @STACK@}, "frame_id": 0, "frame_compile_id": 1, "attempt": 0})j", nullptr},
      {R"j({"dynamo_output_graph": {"sizes": {"l_a_": ["s97", "s52"], "l_b_": ["s52", "s20"], "matmul": ["s97", "s20"]}}, "frame_id": 0, "frame_compile_id": 1, "attempt": 0, "has_payload": "ffffffffffffffffffffffffffffffff"})j", "class GraphModule"},
      {R"j({"compilation_metrics": {"co_name": "fn", "inductor_compile_time_s": 0.25}, "frame_id": 0, "frame_compile_id": 1, "attempt": 0})j", nullptr},
  });
  EXPECT_EQ(out, R"j({"create_symbol": {"symbol": "s97", "val": "5", "vr": "[2, int_oo]", "source": "L['a'].size()[0]", "user_stack": "STACK", "stack": "STACK"}, "frame_id": 0, "frame_compile_id": 1, "attempt": 0}
{"guard_added_fast": {"expr": "Eq(s98, s52)", "user_stack": "STACK", "stack": "STACK"}, "frame_id": 0, "frame_compile_id": 1, "attempt": 0}
{"dynamo_output_graph": {"sizes": {"l_a_": ["s97", "s52"], "l_b_": ["s52", "s20"], "matmul": ["s97", "s20"]}}, "frame_id": 0, "frame_compile_id": 1, "attempt": 0, "has_payload": "HASH"}
{"compilation_metrics": "METRICS", "frame_id": 0, "frame_compile_id": 1, "attempt": 0}
)j");
}

TEST_F(PytorchTest, CudaScheduleTailGolden) {
  // test_schedule (seed 000): file_path too, runtime metrics without attempt.
  std::string out = render({
      {R"j({"inductor_output_code": {"filename": "/tmp/torchinductor_u/xy/cxy.py", "file_path": "/tmp/torchinductor_u/xy/cxy.py"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "00000000000000000000000000000000"})j", "# code"},
      {R"j({"chromium_event": {}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "00000000000000000000000000000000"})j", "{}"},
      {R"j({"compilation_metrics_runtime": {"runtime_ms": 1.5}, "frame_id": 0, "frame_compile_id": 0})j", nullptr},
  });
  EXPECT_EQ(out, R"j({"inductor_output_code": {"filename": "FILENAME", "file_path": "FILENAME"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "HASH"}
{"compilation_metrics_runtime": "METRICS", "frame_id": 0, "frame_compile_id": 0}
)j");
}

TEST_F(PytorchTest, ShowChromeEventsKeepsThem) {
  ScrubOptions options;
  options.enabled = {"keep_chromium"};
  std::string out = render({{R"j({"chromium_event": {}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "0"})j", "{}"}},
                           options);
  // test_chromium_event's expected substring.
  EXPECT_EQ(out, "{\"chromium_event\": {}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0, \"has_payload\": \"HASH\"}\n");
}

TEST_F(PytorchTest, MakeFxFailPartialGolden) {
  const std::vector<std::pair<std::string, const char*>> records = {
      {R"j({"artifact": {"name": "make_fx_fail_partial", "encoding": "string"}, "stack": @STACK@, "has_payload": "1"})j",
       "def forward(self, x_1: \"f32[2][1]cpu\"):\n    # No stacktrace found for following nodes\n"
       "    add: \"f32[2][1]cpu\" = torch.ops.aten.add.Tensor(x_1, 1);  x_1 = add = None\n    "},
  };
  // The buffer handler...
  EXPECT_EQ(render(records),
            "{\"artifact\": {\"name\": \"make_fx_fail_partial\", \"encoding\": \"string\"}, \"stack\": \"STACK\", "
            "\"has_payload\": \"HASH\"}\n");
  // ...and the payload handler (StructuredTraceTestingFilter("make_fx_fail_partial")).
  ScrubOptions capture;
  capture.capture = "make_fx_fail_partial";
  EXPECT_EQ(render(records, capture),
            "def forward(self, x_1: \"f32[2][1]cpu\"):\n    # No stacktrace found for following nodes\n"
            "    add: \"f32[2][1]cpu\" = torch.ops.aten.add.Tensor(x_1, 1);  x_1 = add = None\n");
}

TEST_F(PytorchTest, EveryRuleFires) {
  // Guards the dead-rule report's input: each rule of the shipped set is
  // reached by at least one record of these.
  std::string why;
  auto scrubber = Scrubber::create(rules_, {}, why);
  json::Parser parser;
  std::string out;
  const std::vector<std::pair<std::string, const char*>> records = {
      {R"j({"str": ["a", 0]})j", nullptr},
      {R"j({"chromium_event": {}})j", nullptr},
      {R"j({"x": {}, "has_payload": "h", "stack": [], "compilation_metrics": {}, "bwd_compilation_metrics": {}, "compilation_metrics_runtime": {}, "bwd_compilation_metrics_runtime": {}})j", ""},
      {R"j({"dynamo_start": {}, "inductor_output_code": {"file_path": 1}, "describe_storage": {}, "describe_tensor": {"view_func": 1}, "describe_source": {}, "create_symbol": {}, "dump_file": {}, "code_gen_time_s": 1.5})j", "p"},
  };
  for (const auto& [envelope, payload] : records) {
    std::string p = payload ? payload : "";
    scrubber->scrub(parser.parse(envelope).value, payload ? &p : nullptr, out);
  }
  for (const scrub::RuleUse& use : scrubber->rule_usage()) {
    if (use.kind == "capture") continue;  // capture mode only
    EXPECT_GT(use.hits, 0u) << use.id << " never fired";
  }
}

}  // namespace
}  // namespace tc::formats::torch_trace
