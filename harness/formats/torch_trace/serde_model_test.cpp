#include "formats/torch_trace/serde_model.h"

#include <gtest/gtest.h>

#include "formats/torch_trace/tlparse_types.h"
#include "json/parse.h"

namespace tc::formats::torch_trace::serde {
namespace {

std::vector<Failure> check_text(const char* text, const Type& type, Mode mode = Mode::Direct,
                                std::vector<std::string> duplicates = {}) {
  json::Parser parser;
  json::ParseResult r = parser.parse(text);
  EXPECT_TRUE(r.ok) << text;
  Context ctx;
  ctx.mode = mode;
  ctx.duplicates = &duplicates;
  if (mode == Mode::Buffered) check_buffered_values(r.value, ctx);
  check(r.value, type, ctx);
  return ctx.failures;
}

const Type& envelope() { return tlparse::envelope(); }

TEST(SerdeModel, AcceptsWhatPyTorchWrites) {
  EXPECT_TRUE(check_text(R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": 3, "loc": "x = 1"}]},
                              "compiled_autograd_id": null, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})",
                         envelope(), Mode::Buffered)
                  .empty());
  EXPECT_TRUE(check_text(R"({"artifact": {"name": "a", "encoding": "json", "extra": 1}, "has_payload": "x"})",
                         envelope(), Mode::Buffered)
                  .empty());
  EXPECT_TRUE(check_text(R"({"describe_tensor": {"id": 0, "describer_id": 0, "ndim": 1, "dtype": "f", "device": "d",
                              "size": [4, "s0"], "storage_offset": "s1", "view_func": "x"}})",
                         envelope(), Mode::Buffered)
                  .empty());
  EXPECT_TRUE(
      check_text(R"({"new_event": {"anything": [1, {"x": 1e300}]}, "chromium_event": {}})", envelope(), Mode::Buffered)
          .empty());
}

TEST(SerdeModel, ReportsWhatSerdeRejects) {
  auto f = check_text(R"({"artifact": {"name": "a"}})", envelope());
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].pointer, "/artifact");
  EXPECT_NE(f[0].message.find("missing field `encoding`"), std::string::npos);

  f = check_text(R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": -1}]}})", envelope());
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].pointer, "/dynamo_start/stack/0/filename");
  EXPECT_NE(f[0].message.find("integer -1, expected u32"), std::string::npos);

  EXPECT_EQ(check_text(R"({"rank": "0"})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"rank": 4294967296})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"rank": 1.0})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"has_payload": 5})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"chromium_event": 1})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"chromium_event": [1]})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"compilation_metrics": {"co_firstlineno": 2147483648}})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"describe_tensor": {"id": 0, "describer_id": 0, "ndim": 1, "dtype": "f", "device": "d",
                              "size": [1.5]}})",
                       envelope())
                .size(),
            1u);
}

TEST(SerdeModel, NullIsNoneAndArraysAreStructs) {
  EXPECT_TRUE(check_text(R"({"artifact": null, "rank": null, "stack": null})", envelope()).empty());
  // derive(Deserialize) reads a struct from an array of its fields, in order.
  EXPECT_TRUE(check_text(R"({"artifact": ["name", "string"], "chromium_event": []})", envelope()).empty());
  EXPECT_EQ(check_text(R"({"artifact": ["name"]})", envelope()).size(), 1u);
  EXPECT_EQ(check_text(R"({"artifact": ["name", "string", 1]})", envelope()).size(), 1u);
  // TensorDesc has #[serde(flatten)]: no array form.
  EXPECT_EQ(check_text(R"({"describe_tensor": [0, 0, 1, "f", "d", []]})", envelope()).size(), 1u);
}

TEST(SerdeModel, DuplicateKnownFieldsFail) {
  EXPECT_EQ(
      check_text(R"({"artifact": {"name": "a", "encoding": "string"}})", envelope(), Mode::Buffered, {"/artifact/name"})
          .size(),
      1u);
  EXPECT_EQ(check_text(R"({"rank": 0})", envelope(), Mode::Buffered, {"/rank"}).size(), 1u);
  // Unknown keys and compile-id keys may repeat (the latter drops the CompileId).
  EXPECT_TRUE(check_text(R"({"x": 0, "frame_id": 0})", envelope(), Mode::Buffered, {"/x", "/frame_id"}).empty());
}

TEST(SerdeModel, BufferedModeChecksEveryNumberAndTheDepth) {
  std::string huge = "{\"unknown\": 1" + std::string(400, '0') + "}";
  EXPECT_EQ(check_text(huge.c_str(), envelope(), Mode::Buffered).size(), 1u);
  // Read directly (not buffered), serde_json skips an ignored number unparsed.
  std::string guards = "[{\"code\": \"x\", \"unknown\": 1" + std::string(400, '0') + "}]";
  EXPECT_TRUE(check_text(guards.c_str(), tlparse::dynamo_guards(), Mode::Direct).empty());
  std::string deep = "{\"x\": " + std::string(126, '[') + std::string(126, ']') + "}";
  EXPECT_TRUE(check_text(deep.c_str(), envelope(), Mode::Buffered).empty());  // 127 levels
  deep = "{\"x\": " + std::string(127, '[') + std::string(127, ']') + "}";
  EXPECT_EQ(check_text(deep.c_str(), envelope(), Mode::Buffered).size(), 1u);  // 128
}

TEST(SerdeModel, DynamoGuards) {
  const Type& guards = tlparse::dynamo_guards();
  EXPECT_TRUE(check_text(R"([{"code": "x"}, {"code": "y", "stack": null, "extra": 1e999}])", guards).empty());
  EXPECT_EQ(check_text(R"({"code": "x"})", guards).size(), 1u);
  EXPECT_EQ(check_text(R"([{"stack": []}])", guards).size(), 1u);
  EXPECT_EQ(check_text(R"([{"code": 1}])", guards).size(), 1u);
  EXPECT_EQ(check_text(R"([{"code": "x"}])", guards, Mode::Direct, {"/0/code"}).size(), 1u);
}

}  // namespace
}  // namespace tc::formats::torch_trace::serde
