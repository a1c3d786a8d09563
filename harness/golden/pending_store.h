// Pending goldens: would-be goldens waiting for `tracecheck review`.
//
//   <pending root>/<emitter>/<case>.txt.new        the would-be golden
//   <pending root>/<emitter>/<case>.txt.new.json   where it goes and where it came from
//   <pending root>/<emitter>/<case>.raw.new/       the raw artifacts (live runs only)
//
// Contract: the pending root lies in the build tree (<work root>/pending, or
// $TRACECHECK_PENDING_DIR), never in the source tree; the metadata names
// the golden file the entry replaces, so review never guesses a path.
// accept_pending() writes the golden atomically, swaps the raw artifacts in
// (when the entry has any) and removes the entry; reject_pending() removes it.
#pragma once

#include <string>
#include <vector>

namespace tc::golden {

struct PendingEntry {
  std::string case_name;
  std::string emitter;
  std::string golden_file;  // the target golden (absolute)
  std::string source;       // "live", "replay", "accept"
  std::string new_file;     // <...>.txt.new
  std::string raw_new;      // <...>.raw.new ("" when none)
};

std::string pending_root(const std::string& work_root);

// Writes an entry (replacing an older one for the same golden). capture_dir
// "" stores no raw artifacts.
bool write_pending(const std::string& root, PendingEntry& entry, const std::string& content,
                   const std::string& capture_dir, std::string& error);
// Every entry below root, sorted by emitter then case.
std::vector<PendingEntry> list_pending(const std::string& root);
bool accept_pending(const PendingEntry& entry, std::string& error);
void reject_pending(const PendingEntry& entry);

}  // namespace tc::golden
