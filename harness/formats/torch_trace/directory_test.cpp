#include "formats/torch_trace/directory.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace tc::formats::torch_trace {
namespace {

TEST(TraceDirectory, ParsesPyTorchFileNames) {
  int rank = 0;
  EXPECT_TRUE(parse_trace_file_name("dedicated_log_torch_trace_rank_0_6u3fubwl.log", rank));
  EXPECT_EQ(rank, 0);
  EXPECT_TRUE(parse_trace_file_name("dedicated_log_torch_trace_rank_12.log", rank));
  EXPECT_EQ(rank, 12);
  EXPECT_TRUE(parse_trace_file_name("dedicated_log_torch_trace_l2k873uc.log", rank));
  EXPECT_EQ(rank, -1);
  EXPECT_TRUE(parse_trace_file_name("dedicated_log_torch_trace_rank_x.log", rank));
  EXPECT_EQ(rank, -1);
  EXPECT_FALSE(parse_trace_file_name("another.log", rank));
  EXPECT_FALSE(parse_trace_file_name("dedicated_log_torch_trace_rank_0.txt", rank));
  EXPECT_TRUE(parse_trace_file_name("dedicated_log_torch_trace_rank_3_ab.log.gz", rank));
  EXPECT_EQ(rank, 3);
  EXPECT_FALSE(parse_trace_file_name("dedicated_log_torch_trace_rank_3_ab.gz", rank));
  EXPECT_FALSE(parse_trace_file_name("dedicated_log_torch_trace_rank_3_ab.log.gz.gz", rank));
}

TEST(TraceDirectory, ListsTraceFilesInRankOrder) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("tracecheck_dir_test_" + std::to_string(::getpid()));
  fs::create_directories(dir / "dedicated_log_torch_trace_rank_5_sub.log");  // a directory: ignored
  for (const char* name : {"dedicated_log_torch_trace_rank_10_a.log", "dedicated_log_torch_trace_rank_2_b.log",
                           "dedicated_log_torch_trace_zz.log", "some_other_file.txt", "another.log"})
    std::ofstream(dir / name) << "x\n";
  std::vector<TraceFile> files;
  std::string error;
  ASSERT_TRUE(list_trace_files(dir.string(), files, error)) << error;
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(fs::path(files[0].path).filename(), "dedicated_log_torch_trace_zz.log");
  EXPECT_EQ(files[1].rank, 2);
  EXPECT_EQ(files[2].rank, 10);
  // A gzipped log counts, unless its plain twin is there: then only the twin.
  for (const char* name : {"dedicated_log_torch_trace_rank_1_c.log.gz", "dedicated_log_torch_trace_rank_2_b.log.gz"})
    std::ofstream(dir / name) << "x\n";
  ASSERT_TRUE(list_trace_files(dir.string(), files, error)) << error;
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(fs::path(files[1].path).filename(), "dedicated_log_torch_trace_rank_1_c.log.gz");
  EXPECT_EQ(files[1].rank, 1);
  EXPECT_EQ(fs::path(files[2].path).filename(), "dedicated_log_torch_trace_rank_2_b.log");
  fs::remove_all(dir);
  error.clear();
  EXPECT_FALSE(list_trace_files(dir.string(), files, error));
  EXPECT_FALSE(error.empty());
}

}  // namespace
}  // namespace tc::formats::torch_trace
