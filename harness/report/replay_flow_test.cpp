// End-to-end behaviour of accept / replay / compare through the tracecheck
// binary, on a hand-made capture (harness/tests/data/golden/): no torch.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {
namespace fs = std::filesystem;

const std::string kData = std::string(TRACECHECK_TEST_DATA) + "/golden";

struct CliRun {
  int code;
  std::string out;
};

class ReplayFlow : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tc_replay_flow_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs tracecheck with the fixture cases and a private golden folder.
  CliRun tracecheck(const std::string& args, const std::string& env = "") {
    std::string cmd =
        "env -u CI -u TRACECHECK_ACCEPT -u TRACECHECK_UPDATE -u TRACECHECK_FORCE_UPDATE -u TRACECHECK_TLPARSE "
        "TRACECHECK_CASES_DIR='" +
        kData + "/cases' TRACECHECK_GOLDEN_DIR='" + golden() + "' TRACECHECK_WORK_DIR='" + (dir_ / "work").string() +
        "' PATH=/usr/bin:/bin " + env + " '" + TRACECHECK_BINARY + "' " + args + " 2>&1";
    CliRun r{-1, {}};
    FILE* p = ::popen(cmd.c_str(), "r");
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    int status = ::pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
  }
  std::string golden() const { return (dir_ / "golden").string(); }
  std::string golden_file() const { return golden() + "/torch-2.14.1/fixture/tiny.txt"; }
  std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  CliRun accept() { return tracecheck("accept fixture/tiny '" + kData + "/capture'"); }
  fs::path dir_;
};

TEST_F(ReplayFlow, AcceptThenReplayPasses) {
  CliRun a = accept();
  ASSERT_EQ(a.code, 0) << a.out;
  EXPECT_NE(a.out.find("ACCEPTED fixture/tiny  torch-2.14.1 (torch 2.14.1+debian"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("tlparse: not run (tlparse is not on PATH"), std::string::npos) << a.out;
  EXPECT_TRUE(fs::exists(golden() + "/torch-2.14.1/fixture/tiny.raw/torch_trace/"
                                    "dedicated_log_torch_trace_rank_0_fx8k2m1q.log.gz"));
  std::string text = read(golden_file());
  // The known 2.14.1 defect is an expected entry: warning by default, error for tlparse.
  EXPECT_NE(text.find("[diagnostics default]\nerrors: 0, warnings: 1\n"
                      "warning tt-rank-missing artifact:torch_version rank_0:7\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("[diagnostics tlparse-0.4.3]\nerrors: 1, warnings: 0\n"
                      "error tt-rank-missing artifact:torch_version rank_0:7\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("[outcome]\nexit_status: 0\nexception: none\n"), std::string::npos) << text;
  EXPECT_NE(text.find("[facts]\n{\n  \"frames\": {\n    \"fn\": 1\n  },\n  \"graphs\": 1\n}\n"), std::string::npos);
  EXPECT_EQ(text.find("fx8k2m1q"), std::string::npos) << "the random file suffix reached the golden";

  CliRun r = tracecheck("replay fixture/tiny");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("PASS fixture/tiny  torch-2.14.1"), std::string::npos) << r.out;
  // A pass keeps no evidence of a replay.
  EXPECT_FALSE(fs::exists(dir_ / "work/replay/torch-2.14.1/fixture/tiny/actual.txt"));
}

TEST_F(ReplayFlow, ChangedGoldenLineFailsWithADiffAndAcceptRestoresIt) {
  ASSERT_EQ(accept().code, 0);
  std::string original = read(golden_file());
  std::string changed = original;
  size_t pos = changed.find("\"attempt\": 0");
  ASSERT_NE(pos, std::string::npos);
  changed.replace(pos, 12, "\"attempt\": 7");
  std::ofstream(golden_file()) << changed;

  CliRun r = tracecheck("replay fixture/tiny");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL fixture/tiny"), std::string::npos) << r.out;
  // Records are aligned by kind and compile id: the attempt is part of it.
  EXPECT_NE(r.out.find("| record 1 (dynamo_start, 0/0): added"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| record 1 (dynamo_start, 0/0_7): removed"), std::string::npos) << r.out;

  r = tracecheck("replay fixture/tiny --diff unified");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("| --- " + golden_file()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| -{\"dynamo_start\": {\"stack\": \"STACK\"}, \"frame_id\": 0, \"frame_compile_id\": 0, "
                       "\"attempt\": 7"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("| +{\"dynamo_start\""), std::string::npos) << r.out;
  std::string evidence = (dir_ / "work/replay/torch-2.14.1/fixture/tiny").string();
  EXPECT_NE(r.out.find("diff:             " + evidence + "/golden.diff"), std::string::npos) << r.out;
  EXPECT_EQ(read(evidence + "/actual.txt"), original);

  CliRun refused = tracecheck("replay fixture/tiny", "CI=true TRACECHECK_ACCEPT=1");
  EXPECT_EQ(refused.code, 1) << refused.out;
  EXPECT_NE(refused.out.find("refusing to write goldens under CI"), std::string::npos) << refused.out;
  EXPECT_EQ(read(golden_file()), changed);

  CliRun restored = tracecheck("replay fixture/tiny", "TRACECHECK_ACCEPT=1");
  EXPECT_EQ(restored.code, 0) << restored.out;
  EXPECT_EQ(read(golden_file()), original);
  EXPECT_EQ(tracecheck("replay fixture/tiny").code, 0);
}

TEST_F(ReplayFlow, ForcedUpdateUnderCiWrites) {
  CliRun r = tracecheck("accept fixture/tiny '" + kData + "/capture'", "CI=true");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_FALSE(fs::exists(golden_file()));
  r = tracecheck("accept fixture/tiny '" + kData + "/capture'", "CI=true TRACECHECK_FORCE_UPDATE=1");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(fs::exists(golden_file()));
}

TEST_F(ReplayFlow, UnknownEmitterAndMissingGoldenFail) {
  CliRun r = tracecheck("replay fixture/tiny");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("no golden for fixture/tiny"), std::string::npos) << r.out;
  ASSERT_EQ(accept().code, 0);
  r = tracecheck("replay fixture/tiny --emitter torch-9.9.9");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("no golden for torch-9.9.9"), std::string::npos) << r.out;
  r = tracecheck("replay fixture/tiny --emitter ../x");
  EXPECT_EQ(r.code, 2) << r.out;
  r = tracecheck("replay ../../etc/passwd");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("is not a case name"), std::string::npos) << r.out;
}

TEST_F(ReplayFlow, ExternalParserDisagreementFailsTheCase) {
  ASSERT_EQ(accept().code, 0);
  // A "tlparse" that accepts everything contradicts the tlparse profile,
  // which finds an error (the rank-less torch_version record).
  std::string fake = (dir_ / "tlparse").string();
  std::ofstream(fake) << "#!/bin/sh\necho \"fake tlparse $*\"\nexit 0\n";
  fs::permissions(fake, fs::perms::owner_all);
  CliRun r = tracecheck("replay fixture/tiny", "TRACECHECK_TLPARSE='" + fake + "'");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("tlparse rank_0: passed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("problem: tlparse accepted rank_0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("external parsers:"), std::string::npos) << r.out;

  // One that rejects it agrees: the golden is the same either way.
  std::ofstream(fake) << "#!/bin/sh\necho 'strict: 1 other_rank' >&2\nexit 1\n";
  r = tracecheck("replay fixture/tiny", "TRACECHECK_TLPARSE='" + fake + "'");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("tlparse rank_0: failed, exit status 1"), std::string::npos) << r.out;
}

TEST_F(ReplayFlow, AKilledWorkloadIsNeverAccepted) {
  fs::copy(kData + "/capture", dir_ / "capture", fs::copy_options::recursive);
  std::ofstream(dir_ / "capture/outcome.json")
      << R"({"exit_status": 124, "exception": null, "skipped": null, "term_signal": 9, "timed_out": true,
             "uncaught_exception": null})";
  CliRun r = tracecheck("accept fixture/tiny '" + (dir_ / "capture").string() + "'");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("problem: the workload ran past its timeout and was killed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("problem: the workload was killed by signal 9"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(golden_file()));
}

TEST_F(ReplayFlow, DeclaredSkipExits77) {
  fs::copy(kData + "/capture", dir_ / "capture", fs::copy_options::recursive);
  std::ofstream(dir_ / "capture/outcome.json")
      << R"({"exit_status": 77, "exception": null, "skipped": "needs a CUDA device", "term_signal": null,
             "timed_out": false, "uncaught_exception": null})";
  CliRun r = tracecheck("accept fixture/tiny '" + (dir_ / "capture").string() + "'");
  EXPECT_EQ(r.code, 77) << r.out;
  EXPECT_NE(r.out.find("skipped: needs a CUDA device"), std::string::npos) << r.out;
}

}  // namespace
