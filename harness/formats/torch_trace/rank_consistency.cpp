#include "formats/torch_trace/rank_consistency.h"

#include <fmt/format.h>

#include <iterator>

#include "formats/torch_trace/compile_id.h"

namespace tc::formats::torch_trace {

void RankConsistencyChecker::feed(const Record& r) {
  bool start = r.kind == "dynamo_start";
  bool graph = r.kind == "dynamo_output_graph";
  if (!start && !graph) return;
  int64_t rank = r.rank_file >= 0 ? r.rank_file : r.rank.value_or(-1);
  if (rank < 0) return;
  const std::string file = r.file ? *r.file : std::string();
  auto [it, fresh] = ranks_.try_emplace(rank);
  if (fresh) it->second.file = file;
  if (it->second.file != file) return;  // a second file of this rank
  EnvelopeCompileId id = read_envelope_compile_id(r.envelope);
  Entry e;
  e.compile_id = id.bad_key.empty() && !id.id.empty() ? id.id.str() : "none";
  e.line = r.line;
  if (graph) {
    const json::Value* md5 = r.envelope.find("has_payload");
    e.graph_md5 = md5 && md5->is_string() ? md5->text() : "none";
  }
  it->second.entries.push_back(std::move(e));
}

RankConsistencyChecker::Summary RankConsistencyChecker::take_summary() {
  Summary out = std::move(ranks_);
  ranks_.clear();
  return out;
}

void RankConsistencyChecker::merge(Summary&& summary) {
  for (auto& [rank, r] : summary) {
    auto [it, fresh] = ranks_.try_emplace(rank);
    if (fresh) {
      it->second = std::move(r);
    } else if (it->second.file == r.file) {
      auto& into = it->second.entries;
      into.insert(into.end(), std::make_move_iterator(r.entries.begin()), std::make_move_iterator(r.entries.end()));
    }
  }
}

std::string RankConsistencyChecker::describe(const Entry& e) {
  return e.graph_md5.empty() ? fmt::format("starts compile [{}]", e.compile_id)
                             : fmt::format("logs graph {} for [{}]", e.graph_md5, e.compile_id);
}

void RankConsistencyChecker::finish() {
  if (ranks_.size() < 2) {
    ranks_.clear();
    return;
  }
  const auto& [base_rank, base] = *ranks_.begin();
  for (auto it = std::next(ranks_.begin()); it != ranks_.end(); ++it) {
    const auto& [rank, other] = *it;
    size_t n = std::min(base.entries.size(), other.entries.size());
    size_t i = 0;
    while (i < n && base.entries[i].compile_id == other.entries[i].compile_id &&
           base.entries[i].graph_md5 == other.entries[i].graph_md5)
      ++i;
    if (i == base.entries.size() && i == other.entries.size()) continue;
    const char* hint =
        "the ranks traced different code, shapes or guards; in a distributed run the next collective can hang";
    if (i < other.entries.size()) {
      const Entry& mine = other.entries[i];
      std::string theirs = i < base.entries.size() ? fmt::format("rank {} {} (line {})", base_rank,
                                                                 describe(base.entries[i]), base.entries[i].line)
                                                   : fmt::format("rank {} has no more compiles", base_rank);
      reporter_.report("tt-rank-desync", {other.file, mine.line, 1},
                       fmt::format("rank {} {} where {}", rank, describe(mine), theirs),
                       mine.graph_md5.empty() ? "dynamo_start" : "dynamo_output_graph", {}, hint);
    } else {
      const Entry& missing = base.entries[i];
      uint64_t last = other.entries.empty() ? 1 : other.entries.back().line;
      reporter_.report("tt-rank-desync", {other.file, last, 1},
                       fmt::format("rank {} has no more compiles where rank {} {} (line {})", rank, base_rank,
                                   describe(missing), missing.line),
                       other.entries.empty()
                           ? ""
                           : (other.entries.back().graph_md5.empty() ? "dynamo_start" : "dynamo_output_graph"),
                       {}, hint);
    }
  }
  ranks_.clear();
}

}  // namespace tc::formats::torch_trace
