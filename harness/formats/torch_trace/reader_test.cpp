#include "formats/torch_trace/reader.h"

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>


namespace tc::formats::torch_trace {
namespace {

namespace fs = std::filesystem;

std::string md5(const std::string& s) {
  unsigned char out[16];
  unsigned int len = 0;
  EVP_Digest(s.data(), s.size(), out, &len, EVP_md5(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string h;
  for (unsigned char b : out) h += std::string{hex[b >> 4], hex[b & 15]};
  return h;
}

const std::string kPrefix = "V1206 15:20:13.926000 1543231 torch/_dynamo/utils.py:1288] ";

// A record line, and its payload lines when `payload` is given.
std::string rec(const std::string& json) { return kPrefix + json + "\n"; }
std::string rec_with_payload(const std::string& kind_json, const std::string& payload) {
  std::string out = kPrefix + "{" + kind_json + ", \"has_payload\": \"" + md5(payload) + "\"}\n";
  size_t start = 0;
  for (;;) {
    size_t nl = payload.find('\n', start);
    out += "\t" + payload.substr(start, nl == std::string::npos ? std::string::npos : nl - start) + "\n";
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

struct Seen {
  uint64_t line;
  std::string kind;
  std::string payload;
  bool md5_ok;
  std::optional<int64_t> rank;
  std::string file;
  int rank_file;
  uint64_t json_column;
  std::vector<std::string> duplicates;
  uint64_t payload_lines;
  uint64_t payload_first_line;
  bool payload_truncated;
};

class ReaderTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (const auto& p : paths_) fs::remove_all(p);
  }

  std::string write(const std::string& content, const std::string& name = "trace.log") {
    fs::path dir = fs::temp_directory_path() /
                   ("tracecheck_reader_" + std::to_string(::getpid()) + "_" + std::to_string(paths_.size()));
    fs::create_directories(dir);
    paths_.push_back(dir);
    fs::path p = dir / name;
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
  }

  bool read(const std::string& path, ReadOptions options = {}) {
    seen.clear();
    reporter = diag::Reporter();
    return read_torch_trace(
        path, options, reporter,
        [&](Record& r) {
          seen.push_back({r.line, std::string(r.kind), r.payload, r.md5_ok, r.rank, *r.file, r.rank_file, r.json_column,
                          r.duplicate_keys, r.payload_lines, r.payload_first_line, r.payload_truncated});
        },
        nullptr, io_error);
  }

  const diag::Diagnostic* find(const std::string& rule) const {
    for (const auto& d : reporter.kept())
      if (d.rule == rule) return &d;
    return nullptr;
  }
  uint64_t count(const std::string& rule) const { return reporter.count(rule); }
  uint64_t total() const {
    uint64_t n = 0;
    for (const auto& [rule, k] : reporter.counts()) n += k;
    return n;
  }

  std::vector<Seen> seen;
  diag::Reporter reporter;
  std::string io_error;
  std::vector<fs::path> paths_;
};

TEST_F(ReaderTest, ReadsRecordsAndPayloads) {
  std::string log = rec(R"({"str": ["/a.py", 0]})") +
                    rec_with_payload(R"("artifact": {"name": "x", "encoding": "string"}, "frame_id": 0)", "l1\nl2") +
                    rec(R"({"dynamo_start": {}})");
  ASSERT_TRUE(read(write(log))) << io_error;
  EXPECT_EQ(total(), 0u);
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].kind, "str");
  EXPECT_EQ(seen[1].kind, "artifact");
  EXPECT_EQ(seen[1].line, 2u);
  EXPECT_EQ(seen[1].payload, "l1\nl2");
  EXPECT_TRUE(seen[1].md5_ok);
  EXPECT_EQ(seen[1].json_column, kPrefix.size() + 1);
  EXPECT_EQ(seen[2].line, 5u);
}

TEST_F(ReaderTest, FlippedPayloadByteIsReportedAtTheRecordLine) {
  std::string log = rec(R"({"dynamo_start": {}})") +
                    rec_with_payload(R"("artifact": {"name": "x", "encoding": "string"})", "hello\nworld");
  log.replace(log.find("world"), 1, "W");
  read(write(log));
  const diag::Diagnostic* d = find("tt-payload-md5");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->location.line, 2u);
  std::string line2 = log.substr(log.find('\n') + 1);
  // The column is the has_payload value's.
  EXPECT_EQ(line2.substr(d->location.column - 1, 34), "\"" + md5("hello\nworld") + "\"");
  EXPECT_EQ(d->pointer, "/has_payload");
  EXPECT_FALSE(seen[1].md5_ok);
}

TEST_F(ReaderTest, BlankLinesAreDroppedEvenInsidePayloads) {
  std::string log = rec_with_payload(R"("artifact": {"name": "x", "encoding": "string"})", "a\nb");
  log.insert(log.find("\tb"), "\n");  // a blank line between the payload lines
  log += "\n" + rec(R"({"dynamo_start": {}})");
  read(write(log));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_TRUE(seen[0].md5_ok);  // tlparse drops the blank line, so the md5 holds
  EXPECT_EQ(seen[0].payload, "a\nb");
  EXPECT_EQ(count("tt-blank-line"), 2u);
  EXPECT_EQ(count("tt-payload-md5"), 0u);
}

TEST_F(ReaderTest, StrippedTabsOfEmptyPayloadLinesAreExplained) {
  std::string log = rec_with_payload(R"("artifact": {"name": "x", "encoding": "string"})", "a\n\nb");
  log.replace(log.find("\t\n"), 2, "\n");  // an editor stripped the lone tab
  read(write(log));
  const diag::Diagnostic* d = find("tt-payload-md5");
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->hint.find("read as empty payload lines"), std::string::npos) << d->hint;
}

TEST_F(ReaderTest, StrRecordsTakeNoPayload) {
  std::string log = rec_with_payload(R"("str": ["/a.py", 0])", "x") + rec(R"({"dynamo_start": {}})");
  read(write(log));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].payload, "");
  const diag::Diagnostic* d = find("tt-orphan-payload");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->location.line, 2u);
  EXPECT_NE(d->hint.find("str record"), std::string::npos);
  EXPECT_EQ(count("tt-payload-md5"), 0u);  // tlparse never checks it
}

TEST_F(ReaderTest, OrphanRunsAreReportedOnce) {
  read(write(rec(R"({"dynamo_start": {}})") + "\tone\n\ttwo\n\n\tthree\n" + rec(R"({"dynamo_start": {}})")));
  EXPECT_EQ(count("tt-orphan-payload"), 1u);
  EXPECT_NE(find("tt-orphan-payload")->message.find("3 tab-prefixed"), std::string::npos);
}

TEST_F(ReaderTest, StrShapeIsChecked) {
  read(write(rec(R"({"str": ["/a.py"]})") + rec(R"({"str": ["/a.py", -1]})") + rec(R"({"str": ["/a.py", 1]})")));
  EXPECT_EQ(count("tt-str-intern"), 2u);
  EXPECT_EQ(seen.size(), 3u);
}

TEST_F(ReaderTest, FirstRankedRecordFixesTheRank) {
  std::string log = rec(R"({"a": {}})") + rec(R"({"b": {}, "rank": 3})") + rec(R"({"str": ["/x", 1], "rank": 5})") +
                    rec(R"({"c": {}, "rank": 3})") + rec(R"({"d": {}})") + rec(R"({"e": {}, "rank": null})") +
                    rec(R"({"f": {}, "rank": 4})");
  read(write(log));
  EXPECT_EQ(count("tt-rank-missing"), 2u);  // d and e; a came before the first rank
  EXPECT_EQ(count("tt-rank-mismatch"), 1u);
  EXPECT_EQ(find("tt-rank-mismatch")->location.line, 7u);
  ASSERT_EQ(seen.size(), 7u);
  EXPECT_EQ(seen[1].rank, 3);
  EXPECT_FALSE(seen[4].rank.has_value());
}

TEST_F(ReaderTest, ForkIsReportedOncePerProcess) {
  auto line = [](const char* pid) { return std::string("V1206 15:20:13.926000 ") + pid + " x.py:1] {\"a\": {}}\n"; };
  read(write(line("100") + line("100") + line("200") + line("100") + line("200") + line("300")));
  EXPECT_EQ(count("tt-fork"), 2u);
  EXPECT_EQ(find("tt-fork")->location.line, 3u);
  EXPECT_EQ(find("tt-fork")->location.column, 23u);
  // Old emitters wrote thread idents; several threads may log.
  read(write(line("139877824898048") + line("139877824898049")));
  EXPECT_EQ(count("tt-fork"), 0u);
}

TEST_F(ReaderTest, TextAroundThePrefix) {
  std::string good = rec(R"({"a": {}})");
  read(write("\xef\xbb\xbf" + good + "[rank0]:" + good + "[rank0]:" + good + "junk " + good));
  EXPECT_EQ(count("input-bom"), 1u);
  EXPECT_EQ(count("tt-launcher-prefix"), 1u);  // once per file
  ASSERT_EQ(count("tt-prefix-junk"), 1u);
  EXPECT_EQ(find("tt-prefix-junk")->location.line, 4u);
  EXPECT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen[1].json_column, kPrefix.size() + 9);
}

TEST_F(ReaderTest, CrlfIsReportedOnceAndReadLikeLf) {
  std::string log = rec_with_payload(R"("artifact": {"name": "x", "encoding": "string"})", "a\nb");
  std::string crlf;
  for (char c : log) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  read(write(crlf));
  EXPECT_EQ(count("input-crlf"), 1u);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_TRUE(seen[0].md5_ok);
}

TEST_F(ReaderTest, InvalidUtf8IsLocated) {
  read(write(rec(R"({"a": "x)"
                 "\xff"
                 R"("})")));
  const diag::Diagnostic* d = find("input-invalid-utf8");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->location.column, kPrefix.size() + 9);  // the JSON starts at size()+1; {"a": "x is 8 bytes
}

TEST_F(ReaderTest, OtherFormatsAreOneInputFormatFinding) {
  std::string json_doc;
  for (int i = 0; i < 40; ++i) json_doc += "{\"traceEvents\": []}\n";
  read(write(json_doc));
  EXPECT_EQ(total(), 1u);
  ASSERT_NE(find("input-format"), nullptr);
  EXPECT_EQ(find("input-format")->location.line, 1u);
  EXPECT_NE(find("input-format")->message.find("JSON document"), std::string::npos);
  read(write("a\nb\n"));
  EXPECT_EQ(total(), 1u);
  EXPECT_EQ(count("input-format"), 1u);
}

TEST_F(ReaderTest, JunkBeforeTheFirstRecordIsReportedOnceRecognised) {
  read(write("hello\n" + rec(R"({"a": {}})")));
  EXPECT_EQ(count("input-format"), 0u);
  EXPECT_EQ(count("tt-prefix"), 1u);
}

TEST_F(ReaderTest, EmptyInputs) {
  read(write(""));
  EXPECT_EQ(count("input-empty"), 1u);
  EXPECT_EQ(total(), 1u);
  read(write("\n\r\n\n"));
  EXPECT_EQ(count("input-empty"), 1u);
  EXPECT_EQ(total(), 1u);
}

TEST_F(ReaderTest, PrefixNumbersThatMakeTlparsePanic) {
  auto line = [](const char* thread, const std::string& json) {
    return std::string("V1206 15:20:13.926000 ") + thread + " x.py:1] " + json + "\n";
  };
  const char* big = "99999999999999999999";
  read(write(line(big, R"({"a": {}})")));
  EXPECT_EQ(count("tt-thread-id"), 1u);
  read(write(line(big, R"({"chromium_event": {}, "has_payload": "d41d8cd98f00b204e9800998ecf8427e"})")));
  EXPECT_EQ(count("tt-thread-id"), 0u);
  EXPECT_EQ(count("tt-prefix-number"), 1u);
  read(write(line(big, R"({"a": {}, "timestamp": 1})")));  // the key conflict stops tlparse first
  EXPECT_EQ(count("tt-prefix-number"), 1u);
  read(write(std::string("V1206 15:20:13.926000 1 x.py:99999999999999999999] {\"a\": {}}\n")));
  EXPECT_EQ(count("tt-prefix-panic"), 1u);
}

TEST_F(ReaderTest, EnvelopeJsonProblems) {
  read(
      write(rec(R"({"a": {}, "x": NaN})") + rec(R"({"a": {}, "k": 1, "k": 2})") + rec(R"({"a": )") + rec(R"([1, 2])")));
  EXPECT_EQ(count("json-non-finite"), 1u);
  EXPECT_EQ(count("tt-envelope"), 2u);  // NaN (serde_json rejects it) and the array
  const diag::Diagnostic* dup = find("json-duplicate-key");
  ASSERT_NE(dup, nullptr);
  EXPECT_EQ(dup->pointer, "/k");
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[1].duplicates, std::vector<std::string>{"/k"});
  const diag::Diagnostic* syntax = find("json-syntax");
  ASSERT_NE(syntax, nullptr);
  EXPECT_EQ(syntax->location.line, 3u);
  EXPECT_GT(syntax->location.column, kPrefix.size());
}

TEST_F(ReaderTest, LongLinesAreReadInPieces) {
  std::string payload(5000, 'p');
  std::string log = rec_with_payload(R"("artifact": {"name": "x", "encoding": "string"})", payload + "\nend") +
                    rec(R"({"a": {"long": ")" + std::string(3000, 'q') + "\"}}") + rec(R"({"b": {}})");
  ReadOptions options;
  options.max_piece = 256;
  read(write(log), options);
  // The 3000-byte envelope is checked in full; only its length is noted.
  EXPECT_EQ(total(), 1u);
  EXPECT_NE(find("input-long-line"), nullptr);
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_TRUE(seen[0].md5_ok);
  EXPECT_EQ(seen[0].payload, payload + "\nend");
  EXPECT_EQ(seen[1].kind, "a");
  options.max_line_bytes = 1000;
  read(write(log), options);
  EXPECT_EQ(count("input-line-too-long"), 1u);
  EXPECT_EQ(seen.size(), 2u);
}

TEST_F(ReaderTest, DirectoriesAreReadInRankOrder) {
  std::string dir =
      fs::path(write(rec(R"({"r1": {}, "rank": 1})"), "dedicated_log_torch_trace_rank_1_x.log")).parent_path().string();
  std::ofstream(fs::path(dir) / "dedicated_log_torch_trace_rank_0_y.log") << rec(R"({"r0": {}, "rank": 0})");
  std::ofstream(fs::path(dir) / "notes.txt") << "not a trace\n";
  ReadStats stats;
  seen.clear();
  ASSERT_TRUE(read_torch_trace(
      dir, {}, reporter,
      [&](Record& r) { seen.push_back({r.line, std::string(r.kind), "", true, r.rank, *r.file, r.rank_file, 0, {}}); },
      &stats, io_error));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].kind, "r0");
  EXPECT_EQ(seen[0].rank_file, 0);
  EXPECT_NE(seen[0].file.find("rank_0_y.log"), std::string::npos);
  EXPECT_EQ(seen[1].rank_file, 1);
  EXPECT_EQ(stats.files, 2u);
  EXPECT_EQ(stats.records, 2u);
}

TEST_F(ReaderTest, UnreadableInputIsAnIoError) {
  EXPECT_FALSE(read("/nonexistent/trace.log"));
  EXPECT_NE(io_error.find("/nonexistent/trace.log"), std::string::npos);
  EXPECT_EQ(total(), 0u);
}

// Reading ahead on several threads (ReadOptions::threads, payload_prehash.h)
// gives the records and findings of one thread, whatever the block size:
// payloads hashed ahead or taken whole, cut by block edges, next to blank
// lines, with CRLF, invalid UTF-8, wrong md5s, orphans, a line longer than a
// piece and one longer than the text kept.
TEST_F(ReaderTest, ThreadsAndBlockSizesChangeNothing) {
  std::string log = rec(R"({"str": ["/a.py", 0]})");
  for (int i = 0; i < 60; ++i) {
    std::string payload = "line " + std::to_string(i);
    for (int k = 0; k < i % 7; ++k) payload += "\n" + std::string(static_cast<size_t>(i * k % 50), 'x');
    log += rec_with_payload(R"("artifact": {"name": "a", "encoding": "string"}, "frame_id": )" + std::to_string(i),
                            payload);
    if (i % 11 == 3) log += "\n";                                      // a blank line between records
    if (i % 13 == 5) log += rec(R"({"dynamo_start": {}, "has_payload": "00000000000000000000000000000000"})") + "\tp\n";
    if (i % 17 == 2) log += "\torphan\n";
    if (i % 19 == 4) log += rec_with_payload(R"("guard": {})", "a\nb");
  }
  // A payload with a blank line inside, one with CRLF, one longer than a piece.
  std::string blank = rec_with_payload(R"("with_blank": {})", "u\nv");
  blank.insert(blank.find("\tv"), "\n");
  log += blank;
  log += kPrefix + "{\"crlf\": {}, \"has_payload\": \"" + md5("c\nd") + "\"}\r\n\tc\r\n\td\r\n";
  log += rec_with_payload(R"("long": {})", std::string(5000, 'L'));
  log += rec_with_payload(R"("kept_in_part": {})", std::string(900, 'K') + "\n" + std::string(900, 'k'));
  log += rec_with_payload(R"("bad_utf8": {})", "ok\nbad \xff byte");
  log += rec(R"({"dynamo_start": {}})");
  const std::string path = write(log);
  ReadOptions one;
  one.max_piece = 1024;
  one.max_kept_payload = 1500;
  ASSERT_TRUE(read(path, one)) << io_error;
  const std::vector<Seen> expected = seen;
  const std::vector<diag::Diagnostic> findings = reporter.kept();
  ASSERT_GT(findings.size(), 3u);
  for (unsigned threads : {2u, 3u, 8u}) {
    for (size_t block : {1u, 17u, 100u, 333u, 4096u, 1u << 22}) {
      ReadOptions many = one;
      many.threads = threads;
      many.block_bytes = block;
      ASSERT_TRUE(read(path, many)) << io_error;
      ASSERT_EQ(seen.size(), expected.size()) << threads << " threads, blocks of " << block;
      for (size_t i = 0; i < seen.size(); ++i) {
        EXPECT_EQ(seen[i].line, expected[i].line);
        EXPECT_EQ(seen[i].kind, expected[i].kind);
        EXPECT_EQ(seen[i].payload, expected[i].payload);
        EXPECT_EQ(seen[i].md5_ok, expected[i].md5_ok) << "line " << seen[i].line << ", blocks of " << block;
        EXPECT_EQ(seen[i].payload_lines, expected[i].payload_lines) << "line " << seen[i].line;
        EXPECT_EQ(seen[i].payload_first_line, expected[i].payload_first_line) << "line " << seen[i].line;
        EXPECT_EQ(seen[i].payload_truncated, expected[i].payload_truncated) << "line " << seen[i].line;
      }
      if (block == (1u << 22)) {  // one block: every payload but those next to a blank line hashed ahead, most taken whole
        ReadStats stats;
        diag::Reporter quiet;
        std::string error;
        read_torch_trace(path, many, quiet, [](Record&) {}, &stats, error);
        EXPECT_GT(stats.payloads_hashed_ahead, 50u);
        EXPECT_GT(stats.payloads_taken_whole, 50u);
        EXPECT_LT(stats.payloads_taken_whole, stats.payloads_hashed_ahead);  // not CRLF, bad UTF-8 or over 1500 bytes
      }
      ASSERT_EQ(reporter.kept().size(), findings.size());
      for (size_t i = 0; i < findings.size(); ++i) {
        EXPECT_EQ(reporter.kept()[i].rule, findings[i].rule);
        EXPECT_EQ(reporter.kept()[i].location.line, findings[i].location.line);
        EXPECT_EQ(reporter.kept()[i].message, findings[i].message);
        EXPECT_EQ(reporter.kept()[i].hint, findings[i].hint);
      }
    }
  }
}

}  // namespace
}  // namespace tc::formats::torch_trace
