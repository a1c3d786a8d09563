#include "golden/folder_lock.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <thread>

namespace tc::golden {
namespace {
namespace fs = std::filesystem;

// Another process cannot take the lock while this one holds it, and takes it
// as soon as it is released. (The child is forked before the lock is taken:
// a forked child shares its parent's open file description, and with it the
// lock.)
TEST(FolderLock, ExcludesOtherProcessesUntilReleased) {
  fs::path dir = fs::temp_directory_path() / ("tc_folder_lock_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::path marker = dir.string() + ".order";
  fs::remove(marker);
  std::string folder = (dir / "torch-2.6.0/structured").string();
  int go[2];
  ASSERT_EQ(::pipe(go), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    char c;
    ::close(go[1]);
    if (::read(go[0], &c, 1) != 1) ::_exit(2);  // the parent holds the lock now
    FolderLock lock(folder);
    std::ofstream(marker, std::ios::app) << "child\n";
    ::_exit(lock.locked() ? 0 : 1);
  }
  ::close(go[0]);
  std::optional<FolderLock> held;
  held.emplace(folder);
  ASSERT_TRUE(held->locked()) << held->error();
  ASSERT_EQ(::write(go[1], "x", 1), 1);
  ::close(go[1]);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  std::ofstream(marker, std::ios::app) << "parent\n";
  held.reset();
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  std::ifstream in(marker);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "parent\nchild\n") << "the child wrote while the parent held the lock";
  fs::remove_all(dir);
  fs::remove(marker);
}

TEST(FolderLock, FailsWithAReasonWhenTheFolderCannotExist) {
  FolderLock lock("/proc/self/no/such/folder");
  EXPECT_FALSE(lock.locked());
  EXPECT_NE(lock.error().find("/proc/self/no/such/folder"), std::string::npos) << lock.error();
}

}  // namespace
}  // namespace tc::golden
