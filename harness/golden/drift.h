// Drift between two emitters' goldens: per case, which record kinds and
// artifact names appeared, disappeared, moved or changed count.
//
// Contract: kinds are the kinds of the trace records (formats/format.h
// Record, cut by the format that owns each trace section), in order over
// all trace sections of the golden; the records' finer names (a TORCH_TRACE
// artifact's name) are compared separately, as "artifacts". "Moved" are the
// items present in both whose order of first appearance differs: everything
// off a longest common subsequence of the two first-appearance orders. A
// case with a golden for only one emitter is reported as only_from /
// only_to.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace tc::golden {

struct ItemDrift {
  std::vector<std::string> appeared, disappeared, moved;
  std::map<std::string, std::pair<size_t, size_t>> count_changed;  // item -> (from, to)
  bool empty() const { return appeared.empty() && disappeared.empty() && moved.empty() && count_changed.empty(); }
};

struct CaseDrift {
  std::string case_name;
  std::string presence;  // "both", "only_from", "only_to"
  ItemDrift kinds, artifacts;
  bool drifted() const { return presence != "both" || !kinds.empty() || !artifacts.empty(); }
};

// Compares two golden texts of one case.
void compare_goldens(const std::string& from, const std::string& to, CaseDrift& out);
// "  record kinds appeared: a, b" ... lines for one case (none: no drift).
std::string describe_drift(const CaseDrift& d);
// Every case with a golden under root/<from> or root/<to>, sorted by name.
std::vector<CaseDrift> drift(const std::string& golden_root, const std::string& from, const std::string& to);

}  // namespace tc::golden
