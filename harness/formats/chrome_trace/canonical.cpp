#include "formats/chrome_trace/canonical.h"

#include <re2/re2.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "formats/chrome_trace/fields.h"
#include "json/pointer.h"
#include "scrub/load.h"

namespace tc::formats::chrome_trace {
namespace {

constexpr int64_t kOpenEnd = std::numeric_limits<int64_t>::max();

// A linked value: replaced by <NS_n> once the output order is known.
std::string marker(std::string_view ns, std::string_view value) {
  std::string m = "\x01";
  m += ns;
  m += '\x02';
  m += value;
  m += '\x03';
  return m;
}

// The text with every marker reduced to its namespace (the content without ids).
std::string strip_markers(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\x01') {
      out += s[i];
      continue;
    }
    size_t sep = s.find('\x02', i), end = s.find('\x03', i);
    out += "<" + s.substr(i + 1, sep - i - 1) + ">";
    i = end;
  }
  return out;
}

std::string quote(std::string_view s) { return nlohmann::json(std::string(s)).dump(); }

// Microseconds to integer nanoseconds, exactly for the decimals emitters
// write: the shortest text that reads back as `us` (what the trace said, e.g.
// "4488084569506.104") is converted digit by digit. Multiplying the double
// instead is off by a nanosecond at epoch-sized timestamps, so two events that
// end together would end 1 ns apart in one run and not in another.
int64_t to_ns(double us) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, us);
  std::string_view text(buf, ec == std::errc() ? static_cast<size_t>(end - buf) : 0);
  if (text.empty() || text.find_first_of("eEn") != std::string_view::npos || std::fabs(us) > 9e15)
    return static_cast<int64_t>(std::llround(us * 1000.0));
  bool negative = text.front() == '-';
  if (negative) text.remove_prefix(1);
  int64_t ns = 0;
  int decimals = -1;  // digits seen after '.'
  bool round_up = false;
  for (char c : text) {
    if (c == '.') {
      decimals = 0;
    } else if (decimals < 3) {
      ns = ns * 10 + (c - '0');
      if (decimals >= 0) ++decimals;
    } else if (decimals == 3) {
      round_up = c >= '5';  // the first digit below a nanosecond decides
      decimals = 4;
    }
  }
  for (int d = std::max(decimals, 0); d < 3; ++d) ns *= 10;
  if (round_up) ++ns;
  return negative ? -ns : ns;
}

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// The rule set's "canonical" options; the scrubber schema checked their
// shapes when the set loaded, so only what a schema cannot say is left.
std::vector<std::string> strings(const json::Value& list) {
  std::vector<std::string> out;
  for (const json::Value& v : list.items()) out.push_back(v.text());
  return out;
}

std::map<std::string, std::string> string_map(const json::Value& object) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : object.members()) out[key] = value.text();
  return out;
}

bool read_canonical(const json::Value& c, ChromeRules& rules, std::string& error) {
  for (const auto& [key, v] : c.members()) {
    if (key == "keep_args") rules.keep_args = strings(v);
    else if (key == "drop_cats") rules.drop_cats = strings(v);
    else if (key == "drop_names") rules.drop_names = strings(v);
    else if (key == "drop_phases") rules.drop_phases = strings(v);
    else if (key == "mask_members") rules.mask_members = strings(v);
    else if (key == "thread_pools") rules.thread_pools = strings(v);
    else if (key == "link_args") rules.link_args = string_map(v);
    else if (key == "flow_namespace") rules.flow_namespace = string_map(v);
    else if (key == "mask_pattern") rules.mask_pattern = v.text();
    else if (key == "thread_names") rules.thread_names = v.as_bool();
    else if (key == "layout") rules.layout = v.text() == "tree" ? ChromeRules::Layout::Tree : ChromeRules::Layout::Counts;
    else if (key == "max_events") {
      int64_t n = 0;
      v.get_int64(n);
      rules.max_events = static_cast<size_t>(n);
    } else if (key == "name_rewrites") {
      rules.name_rewrites.clear();
      for (const json::Value& pair : v.items()) {
        const std::string& pattern = pair.items()[0].text();
        const std::string& rewrite = pair.items()[1].text();
        RE2 re(pattern);
        std::string why;
        if (!re.ok() || !re.CheckRewriteString(rewrite, &why)) {
          error = "/canonical/name_rewrites: " + pattern + ": " + (re.ok() ? why : re.error());
          return false;
        }
        rules.name_rewrites.emplace_back(pattern, rewrite);
      }
    }
  }
  for (const std::string& pattern : rules.thread_pools)
    if (RE2 pool(pattern); !pool.ok()) {
      error = "/canonical/thread_pools: " + pattern + ": " + pool.error();
      return false;
    }
  for (const std::string& mask : rules.mask_members)
    if (size_t slash = mask.find('/'); slash != std::string::npos && !json::pointer::parse(mask.substr(slash))) {
      error = "/canonical/mask_members: " + mask + ": not a member name and a JSON pointer below it";
      return false;
    }
  if (RE2 re(rules.mask_pattern); !re.ok()) {
    error = "/canonical/mask_pattern: " + re.error();
    return false;
  }
  return true;
}

}  // namespace

bool load_chrome_rules(std::string_view ref, ChromeRules& rules, std::string& error) {
  rules = ChromeRules{};
  scrub::LoadError load_error;
  std::shared_ptr<const scrub::RuleSet> set = scrub::load_rule_set(ref, load_error);
  if (!set) {
    error = load_error.text();
    return false;
  }
  if (set->format != "chrome_trace") {
    error = set->file + ": not a chrome_trace rule set (\"format\" is not \"chrome_trace\")";
    return false;
  }
  rules.name = set->name;
  if (set->canonical.is_object() && !read_canonical(set->canonical, rules, error)) {
    error = set->file + ": " + error;
    return false;
  }
  return true;
}

struct ChromeCanonical::Impl {
  struct Ev {
    char ph;
    std::string head;  // "X cpu_op aten::mm {...}" (with markers)
    std::string name;  // as rendered (after name_rewrites); kept only when thread_pools need it
    int64_t ts, end;
    uint64_t index;
    size_t lane = 0;  // which of a pool's workers ran it; events nest only within their lane
  };
  struct Thread {
    std::string pid, tid, name;
    std::vector<Ev> events;
    std::vector<size_t> open;  // indices of open B's
  };
  struct Process {
    std::string name, labels;
  };

  ChromeRules rules;
  std::unique_ptr<RE2> mask;
  std::vector<std::unique_ptr<RE2>> pools;
  std::vector<std::pair<std::unique_ptr<RE2>, std::string>> rewrites;
  std::map<std::string, std::string> members;
  std::map<std::string, Process> processes;
  std::map<std::pair<std::string, std::string>, Thread> threads;
  uint64_t kept = 0, not_kept = 0;

  // The thread_pools pattern every event of `t` matches (-1: none; a
  // thread without events belongs to no pool).
  int pool_of(const Thread& t) const {
    for (size_t p = 0; p < pools.size() && !t.events.empty(); ++p)
      if (std::all_of(t.events.begin(), t.events.end(),
                      [&](const Ev& e) { return RE2::PartialMatch(e.name, *pools[p]); }))
        return static_cast<int>(p);
    return -1;
  }

  std::string masked(std::string s) const {
    RE2::GlobalReplace(&s, *mask, "<N>");
    return s;
  }

  // Half-open containment, [ts, end): a zero-length event contains nothing,
  // and an event that starts where another ends follows it, so a tree never
  // depends on the order of equal timestamps in the file.
  static bool inside(const Ev& e, const Ev& parent) {
    return parent.end > parent.ts && e.ts >= parent.ts && e.end <= parent.end && e.ts < parent.end;
  }

  std::string render_thread(const Thread& t) const {
    if (rules.layout == ChromeRules::Layout::Counts) {
      std::map<std::string, uint64_t> counts;  // linked ids mean nothing without the tree
      for (const Ev& e : t.events) ++counts[strip_markers(e.head)];
      std::string out;
      for (const auto& [head, n] : counts) out += "    " + head + (n > 1 ? " x" + std::to_string(n) : "") + "\n";
      return out;
    }
    std::vector<const Ev*> order;
    for (const Ev& e : t.events) order.push_back(&e);
    std::sort(order.begin(), order.end(), [](const Ev* a, const Ev* b) {
      if (a->ts != b->ts) return a->ts < b->ts;
      if (a->end != b->end) return a->end > b->end;  // the longer one is the parent
      return a->index < b->index;
    });
    // A pool's workers run side by side: a task one worker runs while
    // another works is not inside the other's task, so each lane nests alone.
    std::string out;
    std::vector<std::vector<const Ev*>> stacks;
    for (const Ev* e : order) {
      if (e->lane >= stacks.size()) stacks.resize(e->lane + 1);
      std::vector<const Ev*>& stack = stacks[e->lane];
      while (!stack.empty() && !inside(*e, *stack.back())) stack.pop_back();
      out.append(4 + 2 * stack.size(), ' ');
      out += e->head;
      out += '\n';
      if (e->ph == 'X' || e->ph == 'B') stack.push_back(e);
    }
    return out;
  }
};

ChromeCanonical::ChromeCanonical(ChromeRules rules) : impl_(std::make_unique<Impl>()) {
  impl_->rules = std::move(rules);
  impl_->mask = std::make_unique<RE2>(impl_->rules.mask_pattern);
  for (const auto& [pattern, rewrite] : impl_->rules.name_rewrites)
    impl_->rewrites.emplace_back(std::make_unique<RE2>(pattern), rewrite);
  for (const std::string& pattern : impl_->rules.thread_pools) impl_->pools.push_back(std::make_unique<RE2>(pattern));
}

ChromeCanonical::~ChromeCanonical() = default;

void ChromeCanonical::member(const ChromeMember& m) {
  const std::vector<std::string>& masks = impl_->rules.mask_members;
  if (contains(masks, m.key)) {
    impl_->members[m.key] = "<masked>";
    return;
  }
  if (!m.parsed) {
    impl_->members[m.key] = "<too large>";
    return;
  }
  std::string text = simdjson::minify(m.value);
  // "metadata/recorded_time": a JSON pointer below the member is masked, the rest kept.
  std::string prefix = m.key + "/";
  nlohmann::json value;
  bool nested = false;
  for (const std::string& mask : masks) {
    if (!mask.starts_with(prefix)) continue;
    if (!nested) value = nlohmann::json::parse(text, nullptr, false), nested = true;
    try {  // pointers were checked at load; a value of another shape just has nothing to mask
      nlohmann::json::json_pointer pointer("/" + mask.substr(prefix.size()));
      if (!value.is_discarded() && value.contains(pointer)) value[pointer] = "<masked>";
    } catch (const nlohmann::json::exception&) {
    }
  }
  impl_->members[m.key] = nested && !value.is_discarded() ? value.dump() : text;
}

void ChromeCanonical::event(const ChromeEvent& e) {
  Impl& d = *impl_;
  const ChromeRules& r = d.rules;
  simdjson::dom::object o = e.object;
  std::string_view ph_text, name, cat;
  if (o["ph"].get_string().get(ph_text) != simdjson::SUCCESS || ph_text.size() != 1) return;
  char ph = ph_text[0];
  if (o["name"].get_string().get(name) != simdjson::SUCCESS) name = {};
  if (o["cat"].get_string().get(cat) != simdjson::SUCCESS) cat = {};
  if (contains(r.drop_cats, cat) || contains(r.drop_names, name) || contains(r.drop_phases, ph_text)) return;

  std::string keys[2];
  const char* fields[2] = {"pid", "tid"};
  for (int i = 0; i < 2; ++i) {
    simdjson::dom::element v;
    FieldId id;
    keys[i] = o[fields[i]].get(v) == simdjson::SUCCESS && read_id(v, id)
                  ? (id.is_string ? "s:" : "i:") + id.text
                  : "-";
  }
  simdjson::dom::object args;
  bool has_args = o["args"].get_object().get(args) == simdjson::SUCCESS;
  if (ph == 'M') {
    std::string_view value;
    if (!has_args) return;
    if (name == "process_name" && args["name"].get_string().get(value) == simdjson::SUCCESS)
      d.processes[keys[0]].name = d.masked(std::string(value));
    else if (name == "process_labels" && args["labels"].get_string().get(value) == simdjson::SUCCESS)
      d.processes[keys[0]].labels = d.masked(std::string(value));
    else if (name == "thread_name" && args["name"].get_string().get(value) == simdjson::SUCCESS)
      d.threads[{keys[0], keys[1]}].name = d.masked(std::string(value));
    return;
  }
  if (d.kept >= r.max_events) {
    ++d.not_kept;
    return;
  }
  ++d.kept;

  Impl::Thread& t = d.threads[{keys[0], keys[1]}];
  t.pid = keys[0], t.tid = keys[1];
  double ts_us = 0, dur_us = 0;
  simdjson::dom::element v;
  if (o["ts"].get(v) == simdjson::SUCCESS) read_number(v, ts_us);
  int64_t ts = to_ns(ts_us);
  if (ph == 'E') {
    if (!t.open.empty()) {
      t.events[t.open.back()].end = ts;
      t.open.pop_back();
    }
    return;
  }
  std::string head(1, ph);
  head += ' ';
  head += cat.empty() ? "-" : std::string(cat);
  head += ' ';
  std::string shown_name(name);
  for (const auto& [re, rewrite] : d.rewrites) RE2::GlobalReplace(&shown_name, *re, rewrite);
  head += name.empty() ? "-" : quote(shown_name);
  std::string id;
  if (std::string_view("stfbne").find(ph) != std::string_view::npos && read_event_id(o, id)) {
    std::string ns;
    if (ph == 's' || ph == 't' || ph == 'f') {
      auto it = r.flow_namespace.find(std::string(cat));
      ns = it != r.flow_namespace.end() ? it->second : "FLOW_" + std::string(cat);
    } else {
      ns = "ASYNC_" + std::string(cat);
    }
    head += " id=" + marker(ns, id);
  }
  std::string_view scope;
  if ((ph == 'i' || ph == 'I') && o["s"].get_string().get(scope) == simdjson::SUCCESS)
    head += " s=" + std::string(scope);
  if (has_args) {
    std::string shown;
    for (const std::string& k : r.keep_args)
      if (args[k].get(v) == simdjson::SUCCESS)
        shown += (shown.empty() ? "" : ",") + quote(k) + ":" + simdjson::minify(v);
    for (const auto& [k, ns] : r.link_args) {
      FieldId fid;
      if (args[k].get(v) == simdjson::SUCCESS)
        shown += (shown.empty() ? "" : ",") + quote(k) + ":" +
                 marker(ns, read_id(v, fid) ? fid.text : simdjson::minify(v));
    }
    if (!shown.empty()) head += " {" + shown + "}";
  }
  int64_t end = ts;
  if (ph == 'X' && o["dur"].get(v) == simdjson::SUCCESS && read_number(v, dur_us))
    end = ts + std::max<int64_t>(0, to_ns(dur_us));  // ts and dur each exact: equal ends stay equal
  if (ph == 'B') end = kOpenEnd;
  if (ph == 'B') t.open.push_back(t.events.size());
  t.events.push_back({ph, std::move(head), d.pools.empty() ? std::string() : std::move(shown_name), ts, end, e.index});
}

std::string ChromeCanonical::render() const {
  const Impl& d = *impl_;
  std::string out;
  for (const auto& [k, v] : d.members) out += "meta " + k + "=" + v + "\n";

  // Threads ordered by content, processes by their threads' content.
  struct T {
    std::string key, text, name;
  };
  std::map<std::string, std::vector<T>> by_process;
  std::map<std::pair<std::string, int>, Impl::Thread> pooled;  // (pid, pool) -> merged events
  std::map<std::pair<std::string, int>, size_t> workers;       // (pid, pool) -> threads merged so far
  for (const auto& [ids, t] : d.threads) {
    if (int pool = d.pool_of(t); pool >= 0) {
      std::vector<Impl::Ev>& events = pooled[{ids.first, pool}].events;
      size_t lane = workers[{ids.first, pool}]++;
      for (Impl::Ev e : t.events) {
        e.lane = lane;
        events.push_back(std::move(e));
      }
      continue;
    }
    std::string text = d.render_thread(t);
    std::string header = t.name.empty() || !d.rules.thread_names ? "" : " name=" + quote(t.name);
    by_process[ids.first].push_back({strip_markers(header + "\n" + text), text, header});
  }
  for (const auto& [key, t] : pooled) {
    std::string text = d.render_thread(t);
    std::string header = " pool=" + quote(d.rules.thread_pools[static_cast<size_t>(key.second)]);
    by_process[key.first].push_back({strip_markers(header + "\n" + text), text, header});
  }
  for (const auto& [pid, p] : d.processes) by_process[pid];
  struct P {
    std::string key, header;
    std::vector<T> threads;
  };
  std::vector<P> procs;
  for (auto& [pid, threads] : by_process) {
    std::sort(threads.begin(), threads.end(), [](const T& a, const T& b) { return a.key < b.key; });
    P p;
    auto it = d.processes.find(pid);
    if (it != d.processes.end()) {
      if (!it->second.name.empty()) p.header += " name=" + quote(it->second.name);
      if (!it->second.labels.empty()) p.header += " labels=" + quote(it->second.labels);
    }
    if (pid.starts_with("s:")) p.header += " pid=" + quote(d.masked(pid.substr(2)));  // "Spans", "Traces": names
    p.key = p.header;
    for (const T& t : threads) p.key += "\n" + t.key;
    p.threads = std::move(threads);
    procs.push_back(std::move(p));
  }
  std::sort(procs.begin(), procs.end(), [](const P& a, const P& b) { return a.key < b.key; });
  for (size_t i = 0; i < procs.size(); ++i) {
    out += "process " + std::to_string(i + 1) + procs[i].header + "\n";
    for (size_t j = 0; j < procs[i].threads.size(); ++j) {
      out += "  thread " + std::to_string(i + 1) + "." + std::to_string(j + 1) + procs[i].threads[j].name + "\n";
      out += procs[i].threads[j].text;
    }
  }
  if (d.not_kept > 0) out += "(" + std::to_string(d.not_kept) + " more events not rendered)\n";

  // Linked values -> <NS_n>, numbered per namespace in output order.
  std::map<std::pair<std::string, std::string>, size_t> numbers;
  std::map<std::string, size_t> next;
  std::string final_text;
  final_text.reserve(out.size());
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] != '\x01') {
      final_text += out[i];
      continue;
    }
    size_t sep = out.find('\x02', i), end = out.find('\x03', i);
    std::string ns = out.substr(i + 1, sep - i - 1), value = out.substr(sep + 1, end - sep - 1);
    auto [it, fresh] = numbers.try_emplace({ns, value}, 0);
    if (fresh) it->second = ++next[ns];
    final_text += "<" + ns + "_" + std::to_string(it->second) + ">";
    i = end;
  }
  return final_text;
}

}  // namespace tc::formats::chrome_trace
