#include "external/parser.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace tc::external {
namespace {
namespace fs = std::filesystem;

const std::string kData = std::string(TRACECHECK_TEST_DATA) + "/external/";

class ExternalParserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_external_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    artifact_ = (dir_ / "trace.log").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  ExternalParser script(const std::string& name, double timeout_s = 10) {
    return ExternalParser{name, {"/bin/sh", kData + name + ".sh", "{artifact}", "{tmp}"}, {0}, timeout_s};
  }
  void write_artifact(const std::string& text) { std::ofstream(artifact_) << text; }
  std::string tmp() const { return (dir_ / "tmp").string(); }
  fs::path dir_;
  std::string artifact_;
};

TEST_F(ExternalParserTest, PassesAndFailsOnExitCode) {
  write_artifact("good\n");
  ParserResult r = run_external_parser(script("verdict"), artifact_, tmp());
  EXPECT_EQ(r.status, ParserStatus::Passed) << r.reason << r.output;
  EXPECT_NE(r.output.find("artifact=" + artifact_), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("tmp=" + tmp()), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(fs::path(tmp()) / "index.html"));
  EXPECT_NE(r.command.find(artifact_), std::string::npos);

  write_artifact("bad\n");
  r = run_external_parser(script("verdict"), artifact_, tmp());
  EXPECT_EQ(r.status, ParserStatus::Failed);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("strict mode: 1 failure"), std::string::npos) << r.output;

  ExternalParser lenient = script("verdict");
  lenient.success_codes = {0, 1};
  EXPECT_EQ(run_external_parser(lenient, artifact_, tmp()).status, ParserStatus::Passed);
}

TEST_F(ExternalParserTest, CrashIsReportedWithItsSignal) {
  write_artifact("good\n");
  ParserResult r = run_external_parser(script("crash"), artifact_, tmp());
  EXPECT_EQ(r.status, ParserStatus::Crashed);
  EXPECT_EQ(r.signal, SIGSEGV);
  EXPECT_NE(r.reason.find("signal 11"), std::string::npos) << r.reason;
  EXPECT_NE(r.output.find("parsing " + artifact_), std::string::npos) << r.output;
}

TEST_F(ExternalParserTest, HangIsKilledWithItsWholeProcessGroup) {
  write_artifact("good\n");
  ParserResult r = run_external_parser(script("hang", 0.5), artifact_, tmp());
  EXPECT_EQ(r.status, ParserStatus::TimedOut);
  EXPECT_LT(r.wall_s, 5.0);
  EXPECT_NE(r.output.find("hanging on"), std::string::npos) << r.output;
  std::ifstream pid_file(fs::path(tmp()) / "child.pid");
  pid_t child = 0;
  ASSERT_TRUE(pid_file >> child);
  // The child was in the parser's process group: it is gone (or a zombie
  // about to be reaped by init) once run_external_parser returns.
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    std::ifstream stat("/proc/" + std::to_string(child) + "/stat");
    std::string pid, comm, state;
    gone = !(stat >> pid >> comm >> state) || state == "Z";
    if (!gone) usleep(20000);
  }
  EXPECT_TRUE(gone) << "child " << child << " of the hung parser survived";
}

TEST_F(ExternalParserTest, SlowParserTimesOut) {
  write_artifact("good\n");
  ParserResult r = run_external_parser(script("slow", 0.3), artifact_, tmp());
  EXPECT_EQ(r.status, ParserStatus::TimedOut);
  EXPECT_NE(r.reason.find("killed after"), std::string::npos);
  EXPECT_LT(r.wall_s, 3.0);
}

TEST_F(ExternalParserTest, MissingProgramIsAnErrorNotACrash) {
  ExternalParser p{"nosuch", {"/nonexistent/tlparse", "{artifact}"}, {0}, 5};
  ParserResult r = run_external_parser(p, artifact_, tmp());
  EXPECT_EQ(r.status, ParserStatus::Error);
  EXPECT_NE(r.reason.find("cannot execute /nonexistent/tlparse"), std::string::npos) << r.reason;
}

}  // namespace
}  // namespace tc::external
