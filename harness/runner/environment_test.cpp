#include "runner/environment.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "runner/test_support.h"

namespace tc::runner {
namespace {

using testing::TempDir;

// Points TRACECHECK_ENV_CACHE at a folder for one test.
class CacheDir {
 public:
  explicit CacheDir(const std::filesystem::path& dir) {
    if (const char* old = std::getenv("TRACECHECK_ENV_CACHE")) old_ = old, had_ = true;
    setenv("TRACECHECK_ENV_CACHE", dir.c_str(), 1);
  }
  ~CacheDir() {
    if (had_) setenv("TRACECHECK_ENV_CACHE", old_.c_str(), 1);
    else unsetenv("TRACECHECK_ENV_CACHE");
  }

 private:
  std::string old_;
  bool had_ = false;
};

TEST(RunnerEnvironment, StampGivesTheTorchVersion) {
  EXPECT_EQ(torch_version_from_stamp("recipe abc\ntorch 2.6.0+debian\ng++ 4:14\n"), "2.6.0+debian");
  EXPECT_EQ(torch_version_from_stamp("recipe abc\n"), "");
}

TEST(RunnerEnvironment, HostNeedsNothing) {
  EnvironmentLookup l = find_environment("host", true);
  EXPECT_TRUE(l.ok);
  EXPECT_TRUE(l.env.root.empty());
}

TEST(RunnerEnvironment, UnprovisionedChrootIsReportedNotBuilt) {
  TempDir dir;
  CacheDir cache(dir.path());
  EnvironmentLookup l = find_environment("trixie", /*provision=*/false);
  EXPECT_FALSE(l.ok);
  EXPECT_NE(l.error.find("not provisioned"), std::string::npos) << l.error;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "trixie"));
}

TEST(RunnerEnvironment, ReadyChrootIsFoundFromItsStamp) {
  TempDir dir;
  CacheDir cache(dir.path());
  std::filesystem::create_directories(dir.path() / "sid/usr/bin");
  std::filesystem::copy_file("/bin/true", dir.path() / "sid/usr/bin/python3");
  std::ofstream(dir.path() / "sid.stamp") << "recipe x\ntorch 2.14.1+debian\n";
  EnvironmentLookup l = find_environment("sid", false);
  ASSERT_TRUE(l.ok) << l.error;
  EXPECT_EQ(l.env.torch_version, "2.14.1+debian");
  EXPECT_EQ(l.env.root, dir.path() / "sid");
}

TEST(RunnerEnvironment, UnknownNamesAreRefused) {
  EnvironmentLookup l = find_environment("bookworm", true);
  EXPECT_FALSE(l.ok);
  EXPECT_NE(l.error.find("unknown environment"), std::string::npos);
}

TEST(RunnerEnvironment, CacheDirFollowsTheProvisioningScript) {
  TempDir dir;
  CacheDir cache(dir.path());
  EXPECT_EQ(environment_cache_dir(), dir.path());
  EXPECT_TRUE(std::filesystem::exists(provision_script()));
}

}  // namespace
}  // namespace tc::runner
