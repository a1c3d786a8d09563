// Drift between two emitters' goldens: per case, which record kinds, record
// names and trace sections appeared, disappeared, moved or changed count,
// and which records changed, for every format.
//
// Contract: kinds are the kinds of the trace records (formats/format.h
// Record, cut by the format that owns each trace section: a TORCH_TRACE
// record kind, a Chrome event's "ph cat", an execution-trace node's name, a
// debug dir's "file"), in order over all trace sections of the golden; the
// records' names are compared separately, under the noun their format
// gives them (Format::name_noun): a TORCH_TRACE artifact's name as
// "artifacts", a Chrome metadata key or event path, a node's path or a file
// as "records". "Moved" are the items present in both
// whose order of first appearance differs: everything off a longest common
// subsequence of the two first-appearance orders. Records present in both
// (the n-th of each key paired, as record_diff pairs them) whose text
// differs are "changed", counted by kind; a trace section whose text differs
// with nothing of the above to show for it is "reordered". So a case whose
// goldens' traces differ always drifts. A case with a golden for only one
// emitter is reported as only_from / only_to.
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
  ItemDrift kinds, sections;
  // Record names by what their format calls them (Format::name_noun:
  // "artifacts", "records"); a noun without drift may be absent.
  std::map<std::string, ItemDrift> names;
  std::map<std::string, size_t> changed;  // kind -> records paired in both whose text differs
  std::vector<std::string> reordered;     // trace sections that differ in order only
  bool drifted() const {
    bool named = false;
    for (const auto& [noun, d] : names) named |= !d.empty();
    return presence != "both" || !kinds.empty() || named || !sections.empty() || !changed.empty() || !reordered.empty();
  }
};

// Compares two golden texts of one case.
void compare_goldens(const std::string& from, const std::string& to, CaseDrift& out);
// "  record kinds appeared: a, b" ... lines for one case (none: no drift);
// a list longer than 12 items ends with "(+N more)".
std::string describe_drift(const CaseDrift& d);
// Every case with a golden under root/<from> or root/<to>, sorted by name.
std::vector<CaseDrift> drift(const std::string& golden_root, const std::string& from, const std::string& to);

}  // namespace tc::golden
