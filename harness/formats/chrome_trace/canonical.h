// The canonical (golden) text of one Chrome/Kineto trace: what a trace says,
// without what changes from run to run.
//
//   meta schemaVersion=1 traceName=<masked> ...     top-level members, sorted by key
//   process 1 name="python3" labels="CPU"
//     thread 1.1 name="python3"
//       X cpu_op aten::add {"Input Dims":[[3],[3]]}
//         X cpu_op aten::empty
//       s fwdbwd fwdbwd id=<FLOW_fwdbwd_1>
//
// Per process and thread, the call tree by time containment (a child lies
// inside its parent's [ts, ts+dur]; siblings in time order; a zero-length
// event is never a parent, and one that starts at a parent's end is its
// sibling, so rounding to zero cannot change the tree). Timestamps and
// durations are not printed (the tree keeps their order); pids and tids
// become the numbers of processes and threads ordered by content, not by id;
// values that link events (flow and async ids, and the args the rules name,
// such as "External id") become numbered placeholders shared by every event
// that carries the same value, numbered in output order. Which args are
// kept, linked or dropped is data: a rule set under scrubbers/chrome_trace/.
//
// Contract: the text is a pure function of the events' content, so the same
// events in any order, with shifted timestamps or renumbered pids/tids,
// render the same; moving an event to another parent, changing a kept arg,
// or removing a flow end changes it. Memory holds the events of one file
// (goldens are small); at most max_events are kept, the rest counted.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "formats/chrome_trace/reader.h"

namespace tc::formats::chrome_trace {

struct ChromeRules {
  std::string name;                                   // "chrome_trace/default"
  std::vector<std::string> keep_args;                 // printed as JSON, in this order
  std::map<std::string, std::string> link_args;       // arg -> placeholder namespace
  std::map<std::string, std::string> flow_namespace;  // flow cat -> namespace (default FLOW_<cat>)
  std::vector<std::string> drop_cats;                 // events of these cats are not rendered
  std::vector<std::string> drop_names;                // nor events with these names
  std::vector<std::string> drop_phases;               // nor events of these phases ("X")
  std::vector<std::string> mask_members;              // top-level members printed as <masked>;
                                                      // "member/a/b" masks one value inside a member
  std::string mask_pattern = "[0-9]{4,}";             // RE2; matches in process/thread names become <N>
  std::vector<std::pair<std::string, std::string>> name_rewrites;  // RE2 pattern -> rewrite, on event names
  bool thread_names = true;                           // false: threads are known by content only
  // RE2 patterns on event names: the threads of a process whose every event
  // matches one pattern are rendered as one thread, "pool=<pattern>", their
  // events merged (a worker pool, such as gloo's: which worker runs a task
  // is a race, and so is how many workers ran any).
  std::vector<std::string> thread_pools;
  enum class Layout { Tree, Counts };
  Layout layout = Layout::Tree;                       // Counts: per thread, each distinct event line
                                                      // with its count (emitters whose timestamps
                                                      // are too coarse for a stable tree)
  size_t max_events = 200000;
};

// Loads scrubbers/chrome_trace/<name>.json (or a path); false with `error`.
// A set with "extends": "<format>/<base>" starts from that set; each key it
// gives replaces the base's.
bool load_chrome_rules(std::string_view ref, ChromeRules& rules, std::string& error);

class ChromeCanonical {
 public:
  explicit ChromeCanonical(ChromeRules rules);
  ~ChromeCanonical();

  void member(const ChromeMember& m);
  void event(const ChromeEvent& e);
  std::string render() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tc::formats::chrome_trace
