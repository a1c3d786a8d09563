#include "case/emitter_id.h"

#include <gtest/gtest.h>

namespace tc::cases {
namespace {

std::string id(std::string_view v) { return emitter_id_for_torch(v).value_or("<none>"); }

TEST(EmitterId, DistroSuffixDrops) {
  EXPECT_EQ(id("2.6.0+debian"), "torch-2.6.0");
  EXPECT_EQ(id("2.14.1+debian"), "torch-2.14.1");
  EXPECT_EQ(id("2.5.1+cpu"), "torch-2.5.1");
}

TEST(EmitterId, PreReleaseAndDevTagsDrop) {
  EXPECT_EQ(id("1.13.0a0"), "torch-1.13.0");
  EXPECT_EQ(id("2.7.0rc1"), "torch-2.7.0");
  EXPECT_EQ(id("2.8.0.dev20250601+cpu"), "torch-2.8.0");
  EXPECT_EQ(id("2.3.0.post1"), "torch-2.3.0");
  EXPECT_EQ(id("1.13.0a0+git49444c3"), "torch-1.13.0");
}

TEST(EmitterId, AcceleratorBuildKept) {
  EXPECT_EQ(id("2.11.0+cu130"), "torch-2.11.0-cu130");
  EXPECT_EQ(id("2.5.1+rocm6.2"), "torch-2.5.1-rocm6.2");
  EXPECT_EQ(id("2.5.1+ROCM6.2.4"), "torch-2.5.1-rocm6.2.4");
  EXPECT_EQ(id("2.9.0.dev20250801+cu128"), "torch-2.9.0-cu128");
  EXPECT_EQ(id("2.9.0+xpu"), "torch-2.9.0-xpu");
}

TEST(EmitterId, RejectsNonVersions) {
  EXPECT_FALSE(emitter_id_for_torch("").has_value());
  EXPECT_FALSE(emitter_id_for_torch("debian").has_value());
  EXPECT_FALSE(emitter_id_for_torch("../2.6.0").has_value());
  EXPECT_FALSE(emitter_id_for_torch("2.6.0/../../etc").has_value());
}

TEST(EmitterId, ResultIsASafeFolderName) {
  for (auto v : {"2.6.0+debian", "2.11.0+cu130", "2.5.1+rocm6.2"}) EXPECT_TRUE(is_emitter_id(id(v))) << v;
  EXPECT_FALSE(is_emitter_id("torch-2.6.0/../x"));
  EXPECT_FALSE(is_emitter_id("torch-.."));
  EXPECT_FALSE(is_emitter_id("2.6.0"));
  EXPECT_FALSE(is_emitter_id("torch-"));
  // Other tools' emitters: a name, optionally with a version.
  for (auto e : {"clang-14", "cmake-3.25", "uftrace-0.13", "chromium", "onnxruntime-1.21.0"})
    EXPECT_TRUE(is_emitter_id(e)) << e;
  for (auto e : {"Clang-14", "-14", "clang/14", "clang 14", "../clang", ""}) EXPECT_FALSE(is_emitter_id(e)) << e;
}

}  // namespace
}  // namespace tc::cases
