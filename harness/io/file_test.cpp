#include "io/file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace tc::io {
namespace {
namespace fs = std::filesystem;

class FileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_io_file_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  size_t entries(const fs::path& dir) const {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) ++n, (void)e;
    return n;
  }
  fs::path dir_;
};

TEST_F(FileTest, AtomicWriteMakesTheFolderReplacesAndLeavesNoTempFile) {
  const std::string path = (dir_ / "a" / "b.txt").string();
  std::string error;
  ASSERT_TRUE(write_file_atomic(path, "one\n", error)) << error;
  ASSERT_TRUE(write_file_atomic(path, "two\n", error)) << error;
  EXPECT_EQ(read_file(path).value_or(""), "two\n");
  EXPECT_EQ(entries(dir_ / "a"), 1u);
  EXPECT_FALSE(read_file((dir_ / "missing").string()).has_value());
}

TEST_F(FileTest, FailedWriteLeavesNoTempFile) {
  // rename() over a non-empty folder fails, even for root.
  const std::string path = (dir_ / "x.txt").string();
  fs::create_directories(path + "/occupied");
  std::string error;
  EXPECT_FALSE(write_file_atomic(path, "new\n", error));
  EXPECT_NE(error.find("cannot rename"), std::string::npos) << error;
  EXPECT_EQ(entries(dir_), 1u) << "a temp file was left behind";
}

}  // namespace
}  // namespace tc::io
