#include "formats/torch_trace/compile_id.h"

#include <gtest/gtest.h>

#include "json/parse.h"

namespace tc::formats::torch_trace {
namespace {

TEST(CompileId, ParsesPyTorchsStringForms) {
  auto a = parse_compile_id("0/1");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->frame_id, 0u);
  EXPECT_EQ(a->frame_compile_id, 1u);
  EXPECT_FALSE(a->compiled_autograd_id);
  auto b = parse_compile_id("!3/0/2");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->compiled_autograd_id, 3u);
  EXPECT_EQ(b->frame_compile_id, 2u);
  auto c = parse_compile_id("!7");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->compiled_autograd_id, 7u);
  EXPECT_FALSE(c->frame_id);
  EXPECT_EQ(c->str(), "!7");
  EXPECT_EQ(b->str(), "!3/0/2");
}

TEST(CompileId, RejectsPyTorchsBadExamples) {
  // torch/_guards.py CompileId.from_string rejects these (test_compile_id in PyTorch).
  for (const char* bad : {"-/-", "-/1", "1/-", "!1/2", "!1/-/-"}) EXPECT_FALSE(parse_compile_id(bad)) << bad;
  for (const char* bad : {"", "1", "1/2/3", "!", "!/1/2", "1/2_0", " 1/2", "4294967296/0", "a/b", "None"})
    EXPECT_FALSE(parse_compile_id(bad)) << bad;
}

TEST(CompileId, RoundTripsLikePyTorchsSerializationTest) {
  // test_compile_id_serialization_deserialization: cid == CompileId.from_string(str(cid)).
  CompileId frame{std::nullopt, 1u, 2u, std::nullopt};
  CompileId nested{1u, 2u, 3u, std::nullopt};
  CompileId autograd_only{1u, std::nullopt, std::nullopt, std::nullopt};
  for (const CompileId& cid : {frame, nested, autograd_only}) {
    auto back = parse_compile_id(cid.str());
    ASSERT_TRUE(back) << cid.str();
    EXPECT_EQ(back->key(), cid.key()) << cid.str();
  }
  EXPECT_EQ(frame.str(), "1/2");
  EXPECT_EQ(nested.str(), "!1/2/3");
  EXPECT_EQ(autograd_only.str(), "!1");
}

json::Value parse(const char* text) {
  json::Parser p;
  return p.parse(text).value;
}

TEST(CompileId, ReadsAndValidatesEnvelopeFields) {
  auto ok = read_envelope_compile_id(
      parse(R"({"a": {}, "compiled_autograd_id": null, "frame_id": 1, "frame_compile_id": 0, "attempt": 2})"));
  EXPECT_TRUE(ok.bad_key.empty());
  EXPECT_EQ(ok.id.frame_id, 1u);
  EXPECT_EQ(ok.id.attempt, 2u);
  EXPECT_EQ((ok.id.key()), (std::array<int64_t, 3>{-1, 1, 0}));

  EXPECT_EQ(read_envelope_compile_id(parse(R"({"frame_id": "1", "frame_compile_id": 0})")).bad_key, "frame_id");
  EXPECT_EQ(read_envelope_compile_id(parse(R"({"frame_id": -1, "frame_compile_id": 0})")).bad_key, "frame_id");
  EXPECT_EQ(read_envelope_compile_id(parse(R"({"frame_id": 1.0, "frame_compile_id": 0})")).bad_key, "frame_id");
  EXPECT_EQ(read_envelope_compile_id(parse(R"({"frame_id": 1})")).bad_key, "frame_id");
  EXPECT_EQ(read_envelope_compile_id(parse(R"({"frame_compile_id": 1})")).bad_key, "frame_compile_id");
  EXPECT_EQ(read_envelope_compile_id(parse(R"({"attempt": 0})")).bad_key, "attempt");
  EXPECT_TRUE(read_envelope_compile_id(parse(R"({"compiled_autograd_id": 2, "attempt": 0})")).bad_key.empty());
  EXPECT_TRUE(read_envelope_compile_id(parse(R"({"a": {}})")).id.empty());
}

}  // namespace
}  // namespace tc::formats::torch_trace
