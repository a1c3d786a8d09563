// The execution-trace format (formats/format.h): ExecutionTraceObserver JSON,
// a file (.gz or not) or a folder of them (a capture's execution_trace/).
// A capture folder whose sibling chrome_trace/ holds one Kineto trace of the
// same run also gets the rf_id join (formats/joins/execution_trace_kineto.h).
#include "formats/execution_trace/format.h"
#include "formats/execution_trace/rules.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "formats/execution_trace/checker.h"
#include "formats/execution_trace/drawing.h"
#include "formats/execution_trace/records.h"
#include "formats/joins/execution_trace_kineto.h"
#include "formats/execution_trace/schema_check.h"
#include "formats/execution_trace/schema_version.h"
#include "formats/execution_trace/reader.h"
#include "scrub/canonical_text.h"
#include "formats/execution_trace/canonical_text.h"

namespace tc::formats::execution_trace {
namespace fs = std::filesystem;
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_json_name(std::string_view name) { return ends_with(name, ".json") || ends_with(name, ".json.gz"); }

// The nodes the rf_id join compares with Kineto: every node that carries an
// rf_id, except the process and thread roots (as PyTorch's test reads them).
std::vector<joins::RecordFunctionSite> record_function_sites(const std::vector<EtNode>& nodes) {
  std::vector<joins::RecordFunctionSite> sites;
  for (const auto& n : nodes) {
    if (n.is_process_root() || n.name == kThreadNodeName || !n.rf_id) continue;
    sites.push_back({static_cast<int64_t>(*n.rf_id), n.pos, n.pointer(),
                     "node " + std::to_string(n.id) + " (" + n.name + ")"});
  }
  return sites;
}

// PyTorch writes `{\n  "schema": "...", "pid": ...`: the first key decides;
// "schema" anywhere near the top with "nodes" is a weaker sign.
int sniff(const SniffInput& in) {
  if (in.is_directory) {
    for (const std::string& e : in.entries)
      if (ends_with(e, "et.json") || ends_with(e, "et.json.gz")) return 40;
    return 0;
  }
  std::string_view head = in.head;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  size_t i = head.find_first_not_of(" \t\r\n");
  if (i == std::string_view::npos || head[i] != '{') return 0;
  size_t key = head.find_first_not_of(" \t\r\n", i + 1);
  if (key != std::string_view::npos && head.substr(key, 8) == "\"schema\"") return 60;
  if (head.find("\"schema\"") != std::string_view::npos && head.find("\"nodes\"") != std::string_view::npos) return 30;
  return 0;
}

std::vector<std::string> list_json_files(const std::string& dir, std::string& io_error) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::error_code type_ec;
    if (e.is_regular_file(type_ec) && is_json_name(e.path().filename().string())) files.push_back(e.path().string());
  }
  if (ec) io_error = dir + ": cannot list: " + ec.message();
  std::sort(files.begin(), files.end());
  return files;
}

std::string label_of(const std::string& file) {
  std::string name = fs::path(file).filename().string();
  if (ends_with(name, ".gz")) name.resize(name.size() - 3);
  return "execution_trace/" + name;
}

bool check_file(const CheckRequest& request, const std::string& file, std::vector<EtNode>* keep,
                std::string& io_error) {
  EtChecker checker(file, *request.reporter, /*keep_nodes=*/request.canonical || keep);
  EtHandler handler;
  EtSchemaChecker schemas(*request.reporter);
  handler.before_node = [&](simdjson::dom::element raw, bool flat, bool noted) { schemas.validate(raw, flat, noted); };
  handler.claim = [&](std::string_view field) { return schemas.facts().claim(field); };
  handler.on_node = [&](const EtNode& n, const EtNodeJson& json) {
    checker.feed(n, json);
    schemas.report(n, file);
  };
  handler.on_end = [&](const EtHeader& h) {
    checker.finish(h);
    // Chakra's converter and PARAM's et_replay each read the schema
    // versions they list, and nothing else.
    std::vector<std::string> readers;
    if (h.schema && accepted_by(chakra_versions(), *h.schema)) readers.push_back("chakra");
    if (h.schema && accepted_by(param_versions(), *h.schema)) readers.push_back("param");
    request.reporter->read_by(file, std::move(readers));
  };
  EtReadOptions options;
  options.threads = request.jobs;
  options.chunk = request.block_bytes;
  // The reader decides the node schema as it reads a node, for less than a
  // note taken ahead costs another thread (--jobs 2 of 1 GiB: 0.76 s
  // against 1.0 s); the note is for schemas it cannot decide so.
  options.schema_plan = EtSchemaChecker::nested_plan();
  if (!options.schema_plan) options.note = EtSchemaChecker::passes_nested;
  options.keep_texts = request.canonical || keep;
  if (!read_execution_trace(file, *request.reporter, handler, options, io_error)) return false;
  if (request.canonical) {
    std::string text = render_execution_trace(checker.header(), checker.nodes());
    std::string problem;
    if (!scrub::scrub_canonical_text(request.rules, "execution_trace", "execution_trace/default", text, problem,
                                      request.rule_usage) &&
        request.problems)
      request.problems->push_back(problem);
    request.canonical->push_back({label_of(file), file, std::move(text)});
  }
  if (keep) *keep = checker.nodes();
  return true;
}

bool check(const CheckRequest& request, std::string& io_error) {
  std::error_code ec;
  if (request.path == "-" || !fs::is_directory(request.path, ec))
    return check_file(request, request.path, nullptr, io_error);
  std::vector<std::string> files = list_json_files(request.path, io_error);
  if (!io_error.empty()) return false;
  if (files.empty()) {
    request.reporter->report("input-empty", {request.path, 1, 1}, "the folder holds no execution trace (*.json)",
                             "et-header");
    return true;
  }
  // The rf_id join: exactly one ET here and one Kineto trace beside.
  std::string kineto_dir = (fs::path(request.path).lexically_normal().parent_path() / "chrome_trace").string();
  if (fs::path(request.path).lexically_normal().filename().empty())
    kineto_dir = (fs::path(request.path).lexically_normal().parent_path().parent_path() / "chrome_trace").string();
  std::vector<std::string> kineto;
  if (fs::is_directory(kineto_dir, ec)) {
    std::string ignored;
    kineto = list_json_files(kineto_dir, ignored);
  }
  bool join = files.size() == 1 && kineto.size() == 1;
  for (const std::string& file : files) {
    std::vector<EtNode> nodes;
    if (!check_file(request, file, join ? &nodes : nullptr, io_error)) return false;
    if (join) {
      if (!joins::check_kineto_join(file, record_function_sites(nodes), kineto.front(), *request.reporter,
                                             io_error))
        return false;
    }
  }
  return true;
}

}  // namespace

Format execution_trace_format() {
  Format f{"execution_trace",
           "PyTorch execution traces (ExecutionTraceObserver JSON, schema 1.0.1 to 1.1.1; files, .gz or folders)",
           sniff,
           check,
           {"default", "chakra", "param"},
           /*stable_line_numbers=*/false,
           "execution_trace/default",
           /*streamed_array=*/"nodes",
           /*file_noun=*/"execution traces"};
  f.split_records = [](std::string_view, const std::vector<std::string>& lines) { return execution_trace_records(lines); };
  f.draw = [](std::string_view, const std::vector<std::string>& lines, size_t budget) {
    return execution_trace_drawing(lines, budget);
  };
  f.rules = execution_trace_rules();
  f.profiles = execution_trace_profiles();
  return f;
}

}  // namespace tc::formats::execution_trace
