#include "report/capture_files.h"

#include <gtest/gtest.h>

namespace tc::report {
namespace {

// A report line names what wrote the traces: the tool a driver named, not
// the host's torch that env.json records beside it.
TEST(EmitterLabel, NamesTheDriversToolElseTorch) {
  CaptureEnv clang;
  clang.torch_version = "1.13.0a0";  // the host's python3 has torch; clang wrote the trace
  clang.emitter = "clang-14";
  EXPECT_EQ(emitter_label(clang), "clang 14");
  CaptureEnv onnx;
  onnx.emitter = "onnxruntime-1.21";
  EXPECT_EQ(emitter_label(onnx), "onnxruntime 1.21");
  CaptureEnv legacy;  // a driver that names a torch emitter keeps torch's own version
  legacy.torch_version = "1.13.0a0";
  legacy.emitter = "torch-1.13.0";
  EXPECT_EQ(emitter_label(legacy), "torch 1.13.0a0");
  CaptureEnv torch;
  torch.torch_version = "2.6.0+debian";
  EXPECT_EQ(emitter_label(torch), "torch 2.6.0+debian");
  EXPECT_EQ(emitter_label(CaptureEnv{}), "torch ?");
}

}  // namespace
}  // namespace tc::report
