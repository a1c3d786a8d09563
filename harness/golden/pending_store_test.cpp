#include "golden/pending_store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "golden/golden_store.h"
#include "io/file.h"

namespace tc::golden {
namespace {
namespace fs = std::filesystem;

class PendingStore : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_pending_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "golden/torch-2.6.0/a");
  }
  void TearDown() override { fs::remove_all(dir_); }
  PendingEntry entry() {
    return {"a/b", "torch-2.6.0", (dir_ / "golden/torch-2.6.0/a/b.txt").string(), "replay", {}, {}};
  }
  fs::path dir_;
};

TEST_F(PendingStore, WriteListAccept) {
  std::ofstream(dir_ / "golden/torch-2.6.0/a/b.txt") << "old\n";
  PendingEntry e = entry();
  std::string error;
  ASSERT_TRUE(write_pending((dir_ / "pending").string(), e, "new\n", "", error)) << error;
  EXPECT_EQ(e.new_file, (dir_ / "pending/torch-2.6.0/a/b.txt.new").string());
  auto listed = list_pending((dir_ / "pending").string());
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].case_name, "a/b");
  EXPECT_EQ(listed[0].golden_file, e.golden_file);
  EXPECT_EQ(listed[0].source, "replay");
  EXPECT_EQ(io::read_file(e.golden_file).value_or(""), "old\n");
  ASSERT_TRUE(accept_pending(listed[0], error)) << error;
  EXPECT_EQ(io::read_file(e.golden_file).value_or(""), "new\n");
  EXPECT_TRUE(list_pending((dir_ / "pending").string()).empty());
}

TEST_F(PendingStore, RejectLeavesTheGolden) {
  std::ofstream(dir_ / "golden/torch-2.6.0/a/b.txt") << "old\n";
  PendingEntry e = entry();
  std::string error;
  ASSERT_TRUE(write_pending((dir_ / "pending").string(), e, "new\n", "", error)) << error;
  reject_pending(e);
  EXPECT_FALSE(fs::exists(e.new_file));
  EXPECT_FALSE(fs::exists(e.new_file + ".json"));
  EXPECT_EQ(io::read_file(e.golden_file).value_or(""), "old\n");
  EXPECT_TRUE(list_pending((dir_ / "pending").string()).empty());
}

}  // namespace
}  // namespace tc::golden
