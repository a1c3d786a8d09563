// The TORCH_TRACE format (formats/format.h): glog-prefixed log lines, or a
// TORCH_TRACE directory of per-rank files.
//
// Canonical text: one Section per trace file, labelled "rank_<N>" for a
// ranked file and "log" for a single rank-less one ("log_<i>" when several),
// so the random part of PyTorch's file names never reaches a golden; each
// file is scrubbed by its own Scrubber (one render: placeholder numbering per
// file) with the requested rule set (default torch_trace/pytorch_test).
#include "formats/torch_trace/format.h"
#include "formats/torch_trace/rules.h"

#include <filesystem>
#include <map>
#include <memory>

#include "formats/torch_trace/checker.h"
#include "formats/torch_trace/checker_ranks.h"
#include "formats/torch_trace/directory.h"
#include "formats/torch_trace/reader.h"
#include "formats/torch_trace/drawing.h"
#include "formats/torch_trace/records.h"
#include "scrub/load.h"
#include "formats/torch_trace/scrubber.h"
#include "formats/torch_trace/stream_scrub.h"

namespace tc::formats::torch_trace {
namespace {
namespace fs = std::filesystem;

constexpr const char* kDefaultRules = "torch_trace/pytorch_test";

std::vector<std::pair<TraceFile, std::string>> label_files(const std::vector<TraceFile>& files) {
  size_t rankless = 0;
  for (const auto& f : files) rankless += f.rank < 0;
  std::vector<std::pair<TraceFile, std::string>> out;
  size_t i = 0;
  for (const auto& f : files) {
    std::string label = f.rank >= 0 ? "rank_" + std::to_string(f.rank)
                                    : (rankless == 1 ? "log" : "log_" + std::to_string(++i));
    for (const auto& [g, l] : out)
      if (l == label) label.append("_").append(fs::path(f.path).filename().string());  // two files of one rank
    out.emplace_back(f, label);
  }
  return out;
}

void add_usage(std::vector<scrub::RuleUse>& into, const std::vector<scrub::RuleUse>& usage) {
  for (const scrub::RuleUse& u : usage) {
    bool found = false;
    for (scrub::RuleUse& v : into)
      if (v.id == u.id && v.kind == u.kind) v.hits += u.hits, found = true;
    if (!found) into.push_back(u);
  }
}

bool check_canonical(const CheckRequest& request, std::string& io_error) {
  std::vector<TraceFile> files;
  std::error_code ec;
  if (fs::is_directory(request.path, ec)) {
    if (!list_trace_files(request.path, files, io_error)) return false;
  } else {
    files.push_back({request.path, -1});
  }
  auto labelled = label_files(files);
  std::map<std::string, std::string> label_of;  // path and file name -> label
  for (const auto& [f, label] : labelled) {
    label_of[f.path] = label;
    label_of[fs::path(f.path).filename().string()] = label;
  }
  auto label_for = [&](const std::string& file) -> std::string {
    if (auto it = label_of.find(file); it != label_of.end()) return it->second;
    if (auto it = label_of.find(fs::path(file).filename().string()); it != label_of.end()) return it->second;
    return std::string();
  };

  std::string rules_id = request.rules.empty() ? kDefaultRules : request.rules;
  scrub::LoadError load_error;
  auto rules = scrub::load_rule_set(rules_id, load_error);
  if (!rules) {
    if (request.problems) request.problems->push_back(rules_id + ": " + load_error.text());
    return true;
  }
  std::map<std::string, std::unique_ptr<Scrubber>> scrubbers;
  std::map<std::string, std::string> texts;
  for (const auto& [f, label] : labelled) {
    std::string why;
    scrubbers[label] = Scrubber::create(rules, {}, why);
    if (!scrubbers[label]) {
      if (request.problems) request.problems->push_back(rules_id + ": " + why);
      return true;
    }
    texts[label];
  }

  TorchTraceChecker checker(*request.reporter);
  bool read = read_torch_trace(
      request.path, ReadOptions{}, *request.reporter,
      [&](Record& r) {
        checker.feed(r);
        std::string label = label_for(r.file ? *r.file : std::string());
        auto it = scrubbers.find(label);
        if (it == scrubbers.end()) return;
        ScrubResult sr = it->second->scrub(r, texts[label]);
        if (sr.outcome == Outcome::Failed && request.problems)
          request.problems->push_back("scrub rule " + sr.rule + " failed on " + label + ":" + std::to_string(r.line) +
                                      ": " + sr.message);
      },
      nullptr, io_error);
  checker.finish();
  if (!read) return false;
  for (const auto& [f, label] : labelled) {
    request.canonical->push_back({label, f.path, texts[label]});
    if (request.rule_usage) add_usage(*request.rule_usage, scrubbers[label]->rule_usage());
  }
  return true;
}

// A glog line starts with a level letter and MMDD: "I1122 ..." (possibly
// after a "[rankN]:" launcher prefix, which the reader diagnoses).
bool looks_like_glog(std::string_view line) {
  if (line.rfind("[rank", 0) == 0) {
    size_t close = line.find("]:");
    if (close == std::string_view::npos) return false;
    line.remove_prefix(close + 2);
  }
  if (line.size() < 6 || std::string_view("VIWEF").find(line[0]) == std::string_view::npos) return false;
  for (size_t i = 1; i <= 4; ++i)
    if (line[i] < '0' || line[i] > '9') return false;
  return true;
}

int sniff(const SniffInput& in) {
  if (in.is_directory) {
    int rank = -1;
    for (const std::string& e : in.entries)
      if (parse_trace_file_name(e, rank)) return 50;
    return 0;
  }
  std::string_view head = in.head;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  // The first non-blank line decides.
  while (!head.empty() && (head.front() == '\n' || head.front() == '\r')) head.remove_prefix(1);
  return looks_like_glog(head.substr(0, head.find('\n'))) ? 50 : 0;
}

bool check_rules(std::string_view ref, std::string& error) {
  scrub::LoadError load_error;
  if (scrub::load_rule_set(ref, load_error)) return true;
  error = load_error.text();
  return false;
}

// The rank files of a directory on up to request.jobs threads (`tracecheck
// check --jobs`). The canonical (golden) path stays sequential on purpose:
// it reads small captures, and one reader over the directory feeds the
// per-file scrubbers in file order.
bool check(const CheckRequest& request, std::string& io_error) {
  if (request.canonical) return check_canonical(request, io_error);
  return check_torch_trace(request.path, request.jobs, request.block_bytes, *request.reporter, io_error);
}

}  // namespace

Format torch_trace_format() {
  Format f{"torch_trace",
           "TORCH_TRACE structured compile logs (files, .gz, '-' or a "
           "TORCH_TRACE directory)",
           sniff,
           check,
           {"default", "tlparse-0.4.3"},
           /*stable_line_numbers=*/true,
           kDefaultRules,
           /*streamed_array=*/"",
           /*file_noun=*/"TORCH_TRACE logs",
           /*reads_unclaimed_directories=*/true,
           check_rules,
           stream_scrub_torch_trace};
  f.owns_section = torch_trace_owns_section;
  f.split_records = [](std::string_view, const std::vector<std::string>& lines) { return torch_trace_records(lines); };
  f.draw = [](std::string_view, const std::vector<std::string>& lines, size_t budget) {
    return torch_trace_drawing(lines, budget);
  };
  f.name_noun = "artifacts";
  f.external_parsers = {"tlparse"};
  f.rules = torch_trace_rules();
  f.profiles = torch_trace_profiles();
  return f;
}

}  // namespace tc::formats::torch_trace
