// Which goldens a run used, for `tracecheck stale`.
//
//   <work root>/used/<pid>-<nonce>.tsv   one "<emitter>\t<case>" line per golden used
//
// Contract: every run and replay of a case records the golden it compared
// with (or wrote), whatever the verdict, each process in its own file, so
// parallel processes (ctest -j) never share a file; read_uses() merges them
// all. clear_uses() starts a new full run. find_stale() lists, per emitter,
// the golden files and stored raw-artifact folders below the golden root
// that no recorded use names.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tc::golden {

void record_use(const std::string& work_root, const std::string& emitter, const std::string& case_name);
// false when no use was ever recorded (no run since the last clear).
bool read_uses(const std::string& work_root, std::set<std::pair<std::string, std::string>>& uses);
void clear_uses(const std::string& work_root);

struct StaleItem {
  std::string emitter;
  std::string case_name;
  std::string path;  // the golden file or the .raw folder
  bool raw = false;
};
std::vector<StaleItem> find_stale(const std::string& golden_root,
                                  const std::set<std::pair<std::string, std::string>>& uses);

}  // namespace tc::golden
