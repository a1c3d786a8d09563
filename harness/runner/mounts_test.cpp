#include "runner/mounts.h"

#include <gtest/gtest.h>

namespace tc::runner {
namespace {

TEST(RunnerMounts, ParsesMountPointsWithEscapes) {
  const char* info =
      "22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
      "30 22 0:5 / /tmp/with\\040space rw - tmpfs tmpfs rw\n"
      "bad line\n"
      "31 22 0:5 / /tmp/back\\134slash rw - tmpfs tmpfs rw";
  auto points = parse_mount_points(info);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0], "/proc");
  EXPECT_EQ(points[1], "/tmp/with space");
  EXPECT_EQ(points[2], "/tmp/back\\slash");
}

TEST(RunnerMounts, BelowMeansAtOrUnderAPathBoundary) {
  // /proc is mounted in every environment these tests run in.
  std::string error;
  EXPECT_FALSE(mount_points_below("/proc", error).empty()) << error;
  EXPECT_TRUE(mount_points_below("/proc-not-a-mount-point/x", error).empty());
  EXPECT_EQ(error, "");
}

}  // namespace
}  // namespace tc::runner
