#include "golden/golden_store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "golden/accept_policy.h"
#include "io/file.h"

namespace tc::golden {
namespace {
namespace fs = std::filesystem;

class GoldenStore : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = (fs::temp_directory_path() / ("tc_golden_store_" + std::to_string(::getpid()))).string();
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string root_;
};

TEST_F(GoldenStore, PathsStayBelowTheRoot) {
  EXPECT_EQ(golden_path(root_, "torch-2.6.0", "structured/example_fn"),
            root_ + "/torch-2.6.0/structured/example_fn.txt");
  EXPECT_EQ(raw_path(root_, "torch-2.6.0", "structured/example_fn"), root_ + "/torch-2.6.0/structured/example_fn.raw");
  EXPECT_THROW(golden_path(root_, "torch-2.6.0", "../../etc/passwd"), std::invalid_argument);
  EXPECT_THROW(golden_path(root_, "torch-2.6.0", "/etc/passwd"), std::invalid_argument);
  EXPECT_THROW(golden_path(root_, "..", "structured/x"), std::invalid_argument);
  EXPECT_THROW(raw_path(root_, "torch-2.6.0/..", "structured/x"), std::invalid_argument);
}

TEST_F(GoldenStore, AtomicWriteReplacesAndLeavesNoTempFile) {
  std::string path = golden_path(root_, "torch-2.6.0", "structured/example_fn");
  std::string error;
  ASSERT_TRUE(io::write_file_atomic(path, "one\n", error)) << error;
  ASSERT_TRUE(io::write_file_atomic(path, "two\n", error)) << error;
  EXPECT_EQ(io::read_file(path).value_or(""), "two\n");
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(fs::path(path).parent_path())) ++files, (void)e;
  EXPECT_EQ(files, 1u);
  EXPECT_EQ(emitters_with_golden(root_, "structured/example_fn"), std::vector<std::string>{"torch-2.6.0"});
  EXPECT_TRUE(emitter_has_goldens(root_, "torch-2.6.0"));
  EXPECT_FALSE(emitter_has_goldens(root_, "torch-2.14.1"));
  EXPECT_TRUE(emitters_with_golden(root_, "structured/other").empty());
}

struct EnvGuard {
  explicit EnvGuard(std::initializer_list<std::pair<const char*, const char*>> vars) {
    for (auto [k, v] : vars) {
      const char* old = std::getenv(k);
      saved.emplace_back(k, old ? std::optional<std::string>(old) : std::nullopt);
      if (v)
        ::setenv(k, v, 1);
      else
        ::unsetenv(k);
    }
  }
  ~EnvGuard() {
    for (auto& [k, v] : saved)
      if (v)
        ::setenv(k.c_str(), v->c_str(), 1);
      else
        ::unsetenv(k.c_str());
  }
  std::vector<std::pair<std::string, std::optional<std::string>>> saved;
};

TEST(AcceptPolicy, FlagOrVariableAsksForWriting) {
  EnvGuard env{{"CI", nullptr}, {"TRACECHECK_ACCEPT", nullptr}, {"TRACECHECK_FORCE_UPDATE", nullptr}};
  EXPECT_FALSE(decide_accept(false).requested);
  EXPECT_TRUE(decide_accept(true).allowed);
  ::setenv("TRACECHECK_ACCEPT", "1", 1);
  EXPECT_TRUE(decide_accept(false).allowed);
  ::setenv("TRACECHECK_ACCEPT", "0", 1);
  EXPECT_FALSE(decide_accept(false).requested);
}

TEST(AcceptPolicy, CiRefusesUnlessForced) {
  EnvGuard env{{"CI", "true"}, {"TRACECHECK_ACCEPT", "1"}, {"TRACECHECK_FORCE_UPDATE", nullptr}};
  AcceptDecision d = decide_accept(true);
  EXPECT_TRUE(d.requested);
  EXPECT_FALSE(d.allowed);
  EXPECT_NE(d.refusal.find("TRACECHECK_FORCE_UPDATE=1"), std::string::npos);
  ::setenv("TRACECHECK_FORCE_UPDATE", "1", 1);
  EXPECT_TRUE(decide_accept(true).allowed);
}

}  // namespace
}  // namespace tc::golden
