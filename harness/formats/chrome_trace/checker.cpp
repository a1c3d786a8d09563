#include "formats/chrome_trace/checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

#include "formats/chrome_trace/fields.h"
#include "formats/chrome_trace/kineto.h"
#include "io/same_bytes.h"
#include "json/pointer.h"
#include "json/tape.h"

namespace tc::formats::chrome_trace {
namespace {

constexpr std::string_view kPhases = "BEXiICbneSTpFstfPNODMVvRc()=";
// kPhases as a table by character: a lookup an event, not a call of find.
constexpr std::array<bool, 256> kIsPhase = [] {
  std::array<bool, 256> is{};
  for (char c : kPhases) is[static_cast<unsigned char>(c)] = true;
  return is;
}();

// Phases whose events need a name (catapult and Perfetto drop them without).
bool needs_name(char ph) { return std::string_view("BXiICbnestfNODM").find(ph) != std::string_view::npos; }

// HTA keeps the rows with a non-null cat and dur, less the profiler's own
// span (cat "Trace"), and drops the rest before it reads them
// (facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:299-305);
// a row whose ts is missing or null goes too: its ns rounding makes that
// row's dur NaN before the drop (trace_parser.py:371-388).
bool hta_keeps(const EventFields& f) {
  simdjson::dom::element cat, dur, ts;
  if (!f.get(EventFields::Cat, cat) || cat.is_null() || !f.get(EventFields::Dur, dur) || dur.is_null()) return false;
  if (!f.get(EventFields::Ts, ts) || ts.is_null()) return false;
  std::string_view c;
  return !json::string_of(cat, c) || !io::same_bytes(c, "Trace");
}

// What kind of record an event of phase `ph` is, for event accounting
// (diag/accounting.h).
std::string_view kind_of_phase(char ph) {
  switch (ph) {
    case 'X': return "slice";
    case 'B': return "begin";
    case 'E': return "end";
    case 'i': case 'I': case 'R': return "instant";  // a thread's: "thread_instant" (check_event)
    case 'C': return "counter";
    case 'b': case 'e': case 'n': case 'S': case 'T': case 'p': case 'F': return "async";
    case 's': case 't': case 'f': return "flow";
    case 'M': return "metadata";
    case 'P': return "sample";
    case 'N': case 'O': case 'D': return "object";
    case 'V': case 'v': return "memory_dump";
    default: return "other";
  }
}

// Appends String(v) as JavaScript gives it for the value JSON.parse makes
// of `v`: what catapult keys a process or thread by (model.processes[pid]).
// A number prints as JavaScript's Number#toString does for the values ids
// take (integers below 1e21 in full; others shortest, exponent without
// leading zeros), an array as its elements joined by commas (null as ""),
// an object as "[object Object]".
void append_js_string(simdjson::dom::element v, std::string& out) {
  using simdjson::dom::element_type;
  switch (v.type()) {
    case element_type::STRING:
      out += v.get_string().value_unsafe();
      return;
    case element_type::BOOL:
      out += v.get_bool().value_unsafe() ? "true" : "false";
      return;
    case element_type::NULL_VALUE:
      out += "null";
      return;
    case element_type::OBJECT:
      out += "[object Object]";
      return;
    case element_type::ARRAY: {
      bool first = true;
      simdjson::dom::array items;
      if (v.get(items) != simdjson::SUCCESS) return;
      for (simdjson::dom::element item : items) {
        if (!first) out += ',';
        first = false;
        if (!item.is_null()) append_js_string(item, out);
      }
      return;
    }
    default:
      break;
  }
  double d = 0;
  if (v.is_int64() && std::llabs(v.get_int64().value_unsafe()) < (int64_t{1} << 53)) {
    out += std::to_string(v.get_int64().value_unsafe());
    return;
  }
  read_number(v, d);
  if (d == 0) {
    out += '0';  // -0 too
  } else if (std::nearbyint(d) == d && std::fabs(d) < 1e21) {
    out += fmt::format("{:.0f}", d);
  } else {
    std::string s = fmt::format("{}", d);
    const size_t e = s.find('e');
    if (e != std::string::npos) {  // fmt's "1e-07" is JavaScript's "1e-7"
      size_t digits = e + 2;
      while (digits + 1 < s.size() && s[digits] == '0') s.erase(digits, 1);
    }
    out += s;
  }
}

// JavaScript's truthiness of a JSON value that is not a string: false for
// null, false and 0.
bool js_truthy(simdjson::dom::element v) {
  double d = 0;
  if (v.is_null()) return false;
  if (v.is_bool()) return v.get_bool().value_unsafe();
  if (read_number(v, d)) return d != 0;
  return true;  // an array or object, even empty
}

// Whether catapult's import throws on `cat`, a value that is not a string.
// It looks a slice's type up by its cat, splitting a truthy one at commas
// (extension_registry_type_based.html:134-137, category_util.html:31), for
// the events it makes a slice of (X, B, a thread's instant:
// slice_group.html:140,223), an async begin (b, S) and an object (N, O);
// before that, an X's cat meets indexOf, which only an array has
// (trace_event_importer.html:567-568), so any X throws.
bool catapult_throws_on_cat(char ph, const EventFields& f, simdjson::dom::element cat) {
  switch (ph) {
    case 'X':
      return true;
    case 'B': case 'b': case 'S': case 'N': case 'O':
      return js_truthy(cat);
    case 'i': case 'I': {
      simdjson::dom::element s;
      std::string_view scope;
      return js_truthy(cat) &&
             (!f.get(EventFields::S, s) || (json::string_of(s, scope) && scope == "t"));
    }
    default:
      return false;
  }
}

// A ts or dur that is missing-like for the consumers' arithmetic (null or a
// boolean: ct-time-null) rather than of a type none can use (ct-field-type).
bool null_like(simdjson::dom::element v) { return v.is_null() || v.is_bool(); }

// An instant's scope as catapult reads it (importer.html:712-735): 'g' for
// the model's instants, 'p' for a process's, 't' for a thread's slice (an
// s of "t" or none), '?' for one it drops; 0 for events other than i/I.
char instant_scope(char ph, const EventFields& f) {
  if (ph != 'i' && ph != 'I') return 0;
  simdjson::dom::element v;
  std::string_view s;
  if (!f.get(EventFields::S, v)) return 't';
  if (!json::string_of(v, s) || s.size() != 1 || std::string_view("gpt").find(s[0]) == s.npos)
    return '?';
  return s[0];
}

// JavaScript's Number(s) for a ts written as a string: surrounding
// whitespace ignored, "" is 0, a decimal literal or (+/-)Infinity its
// value, anything else NaN.
double js_string_number(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  if (s.empty()) return 0;
  const bool minus = s.front() == '-';
  if (s.front() == '-' || s.front() == '+') s.remove_prefix(1);
  double d = std::numeric_limits<double>::quiet_NaN();
  if (s == "Infinity") {
    d = std::numeric_limits<double>::infinity();
  } else if (!s.empty() && (std::isdigit(static_cast<unsigned char>(s.front())) || s.front() == '.')) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
    if (end != s.data() + s.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
      d = std::numeric_limits<double>::quiet_NaN();
  }
  return minus ? -d : d;
}

// A B or E event's ts as catapult reads it: by arithmetic
// (tr.b.Unit.timestampFromUs, ts / 1000), so a numeric string is its
// number, a boolean 1 or 0, null 0, and a missing or other ts NaN, which
// no comparison orders.
double catapult_time(const EventFields& f) {
  simdjson::dom::element v;
  if (!f.get(EventFields::Ts, v)) return std::numeric_limits<double>::quiet_NaN();
  double d;
  bool b;
  std::string_view s;
  if (read_number(v, d)) return d;
  if (v.is_null()) return 0;
  if (v.get_bool().get(b) == simdjson::SUCCESS) return b ? 1 : 0;
  if (v.get_string().get(s) == simdjson::SUCCESS) return js_string_number(s);
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

ChromeChecker::ChromeChecker(diag::Reporter& reporter, std::string file)
    : reporter_(reporter), file_(std::move(file)), kineto_(std::make_unique<KinetoChecker>(reporter, file_)) {}

ChromeChecker::~ChromeChecker() = default;

bool ChromeChecker::is_kineto() const { return kineto_->is_kineto(); }

void ChromeChecker::report(std::string_view rule, const ChromeEvent& e, std::string message,
                           std::string_view ph, std::string_view field, std::string_view hint) {
  report_fact(rule, e, std::move(message), ph, field, field, hint);
}

void ChromeChecker::report_missing(std::string_view rule, const ChromeEvent& e, std::string message,
                                   std::string_view ph, std::string_view missing, std::string_view hint) {
  report_fact(rule, e, std::move(message), ph, {}, missing, hint);
}

void ChromeChecker::report_fact(std::string_view rule, const ChromeEvent& e, std::string message,
                                std::string_view ph, std::string_view field, std::string_view fact,
                                std::string_view hint) {
  const bool breaks_schema = claim(fact);
  if (reporter_.count_if_full(rule, file_, unread_by_)) return;  // counted; nobody would see the details
  emit(rule, e, std::move(message), ph, field, hint, breaks_schema);
}

void ChromeChecker::emit(std::string_view rule, const ChromeEvent& e, std::string message, std::string_view ph,
                         std::string_view field, std::string_view hint, bool breaks_schema) {
  diag::Diagnostic d;
  d.rule = std::string(rule);
  d.unread_by = std::string(unread_by_);
  d.pointer = e.pointer();
  if (!field.empty()) d.pointer += "/" + std::string(field);
  json::JsonPosition pos = e.pos;
  if (!field.empty()) {
    // Point at the field's key when it is there (cheap: only on a finding).
    std::string needle = "\"" + std::string(field) + "\"";
    size_t at = e.text.find(needle);
    if (at != std::string_view::npos) pos = position_in(e.text, e.pos, at);
  }
  d.location = {file_, pos.line, pos.column};
  d.message = std::move(message);
  d.record_kind = "ph=" + std::string(ph);
  d.hint = std::string(hint);
  d.breaks_schema = breaks_schema;
  reporter_.report(std::move(d));
}

void ChromeChecker::report_open(std::string_view rule, const Open& o, std::string message, std::string_view kind) {
  if (reporter_.count_if_full(rule, file_)) return;
  reporter_.report(rule, {file_, o.line, o.column}, std::move(message), std::string(kind), o.pointer);
}

bool ChromeChecker::over_cap(size_t size, const char* what, const ChromeEvent& e) {
  if (size < kMaxOpen) return false;
  for (const std::string& c : capped_)
    if (c == what) return true;
  capped_.push_back(what);
  reporter_.report(
      "ct-pairing-capped", {file_, e.pos.line, e.pos.column},
      std::string("more than ") + std::to_string(kMaxOpen) + " open " + what + ": pairing checks for them stop here");
  return true;
}

void ChromeChecker::member(const ChromeMember& m, SchemaFacts* facts) {
  if (m.key == "displayTimeUnit" && m.parsed) {
    std::string_view unit;
    // A false value in JavaScript's sense catapult skips (trace_event_importer.html:1183).
    const simdjson::dom::element v = m.value;
    const bool is_string = v.get_string().get(unit) == simdjson::SUCCESS;
    const bool unset = v.is_null() || (v.is_bool() && !bool(v)) || (is_string && unit.empty()) ||
                       (v.is_number() && double(v) == 0);
    const bool known = is_string && (unit == "ms" || unit == "ns");
    if (unset || !known) {
      diag::Diagnostic d = diag::make_diagnostic(
          unset ? "ct-display-time-unit-unset" : "ct-display-time-unit", {file_, m.pos.line, m.pos.column},
          "displayTimeUnit is " + std::string(m.text) + ", not \"ms\" or \"ns\"", "metadata", "/displayTimeUnit",
          unset ? "catapult and Perfetto ignore it and show the default unit"
                : "catapult throws on any other value; Perfetto ignores it");
      d.breaks_schema = facts && facts->claim("displayTimeUnit");
      reporter_.report(std::move(d));
    }
  }
  // "traceEvents" that is not an array, or repeated: the reader's ct-trace-events-type and
  // ct-trace-events-repeated.
  kineto_->member(m, facts);
}

// pid and tid; `keys` (when given) gets the thread's keys for the B/E
// stacks. typed_key: per field 'p-'/'t-' when absent, nothing when of a bad
// type, else 's' or 'i', the id's text and '\x1f'. js_key: per field its
// JavaScript string (js_string) and '\x1f'.
void ChromeChecker::check_pid_tid(const ChromeEvent& e, const EventFields& f, std::string_view ph,
                                  bool global, ThreadKeys* keys) {
  std::string* thread_key = keys ? &keys->typed_key : nullptr;
  for (EventFields::Key k : {EventFields::Pid, EventFields::Tid}) {
    const char* field = k == EventFields::Pid ? "pid" : "tid";
    simdjson::dom::element v;
    const bool present = f.get(k, v);
    if (keys) {
      if (present)
        append_js_string(v, keys->js_key);
      else
        keys->js_key += "undefined";
      keys->js_key += '\x1f';
    }
    if (!present) {
      if (k == EventFields::Pid && global)
        report_missing("ct-pid-missing-global", e, "a global instant without \"pid\"", ph, "pid");
      else if (k == EventFields::Pid)
        report_missing("ct-pid-missing", e, "an event without \"pid\"", ph, "pid",
               "catapult's model throws 'pid must be provided'; Perfetto files the event under pid 0");
      else if (ph == "B" || ph == "E" || ph == "X")
        report_missing("ct-tid-missing", e, std::string("a \"") + std::string(ph) + "\" event without \"tid\"", ph, "tid",
               "catapult keys the thread as \"undefined\"; Perfetto uses the pid as the tid");
      if (thread_key) *thread_key += field[0], *thread_key += '-';
      continue;
    }
    const simdjson::dom::element_type type = v.type();
    if (type == simdjson::dom::element_type::STRING) {
      if (!reporter_.count_if_full("ct-string-id", file_)) {
        report("ct-string-id", e, std::string(field) + " is the string \"" + std::string(std::string_view(v)) + "\"",
               ph, field, "the spec asks for integers; Perfetto reads a string as a process or thread name");
      }
    } else if (type == simdjson::dom::element_type::UINT64) {
      if (uint64_t(v) == UINT64_MAX)
        report("ct-tid-max", e, std::string(field) + " is 2^64-1 (an unsigned -1)", ph, field,
               "PyTorch's profiler tests assert that no event has this id");
    } else if (type != simdjson::dom::element_type::INT64) {
      report("ct-id-type", e, std::string(field) + " is neither an integer nor a string", ph, field);
      continue;
    }
    if (!thread_key) continue;
    FieldId id;
    read_id(v, id);
    *thread_key += id.is_string ? 's' : 'i';
    *thread_key += id.text;
    *thread_key += '\x1f';
  }
}

void ChromeChecker::check_metadata(const ChromeEvent& e, const EventFields& f, std::string_view name) {
  static constexpr std::string_view kKnown[] = {"process_name", "process_labels",    "process_sort_index",
                                                "thread_name",  "thread_sort_index", "num_cpus"};
  bool known = false;
  for (std::string_view k : kKnown) known |= k == name;
  if (!known) {
    report("ct-metadata-name", e, "metadata event \"" + std::string(name) + "\" is not one the importers know", "M",
           "name", "catapult warns (metadata_parse_error); Perfetto ignores it");
    return;
  }
  simdjson::dom::object args;
  if (!f.get_object(EventFields::Args, args)) {
    // catapult reads event.args.name: it throws on undefined and null, and
    // finds no name in a number, string, boolean or array (ct-args-type
    // says what the args are).
    simdjson::dom::element v;
    if (f.get(EventFields::Args, v) && !v.is_null())
      report("ct-metadata-value", e, std::string(name) + " has args that are not an object, so no value in them",
             "M", "args");
    else
      report("ct-metadata-args", e, "metadata event \"" + std::string(name) + "\" has no args object", "M", "args");
    return;
  }
  if (name.ends_with("_name")) {
    std::string_view s;
    if (args["name"].get_string().get(s) != simdjson::SUCCESS)
      report("ct-metadata-value", e, std::string(name) + " needs a string args.name", "M", "args");
  } else if (name.ends_with("_sort_index")) {
    int64_t i;
    if (args["sort_index"].get_int64().get(i) != simdjson::SUCCESS)
      report("ct-metadata-value", e, std::string(name) + " needs an integer args.sort_index", "M", "args");
  } else if (name == "process_labels") {
    // catapult warns on labels that are missing and splits any other at
    // commas (importer.html:634-647): only a string has split.
    simdjson::dom::element labels;
    if (args["labels"].get(labels) != simdjson::SUCCESS)
      report("ct-metadata-value", e, "process_labels has no args.labels", "M", "args");
    else if (!labels.is_string())
      report("ct-metadata-labels-type", e, "process_labels' args.labels is not a string", "M", "args/labels");
  }
}

void ChromeChecker::duration(const ChromeEvent& e, char ph, const ThreadKeys& keys, std::string_view name,
                             double ts, bool zero_dur) {
  Thread& t = threads_[keys.js_key];
  // Perfetto's pairing needs only how many B's are open on its thread.
  size_t& typed_open = typed_open_[keys.typed_key];
  std::string_view phs(&ph, 1);
  // catapult drops a B or E of dur 0 that does not start at or after the
  // open slice (importer.html:488-495): it neither opens nor closes one.
  const bool catapult_drops = zero_dur && !t.stack.empty() && !(ts >= t.stack.back().ts);
  // catapult pairs B and E in file order and throws only when an E ends
  // before the B it closes starts (slice_group.html:188-191); any other
  // step back in time it draws as written.
  if (ph == 'E' && !catapult_drops && !t.stack.empty() && ts < t.stack.back().ts)
    report("ct-be-backwards", e,
           "E ends before the B it closes starts (line " + std::to_string(t.stack.back().line) + ")", phs, "ts",
           "catapult: \"Slice end time is before its start\"");
  else if (ts < t.last_ts)
    report("ct-be-unordered", e, "B/E timestamps go backwards on this thread", phs, "ts");
  t.last_ts = std::max(t.last_ts, ts);
  if (catapult_drops) {
    report_zero_dur_backwards(e, phs, t);
    if (ph == 'B')
      ++typed_open;
    else if (typed_open)
      --typed_open;
    return;
  }
  if (ph == 'B') {
    if (over_cap(t.stack.size(), "B events on one thread", e)) return;
    t.stack.push_back({std::string(name), ts, e.pos.line, e.pos.column, e.pointer()});
    ++typed_open;
    return;
  }
  if (t.stack.empty()) {
    report("ct-be-unmatched", e, "E without an open B on its thread", phs, {},
           "catapult: \"E phase event without a matching B phase event\"");
    if (typed_open) --typed_open;
    return;
  }
  if (typed_open == 0)
    report("ct-be-split-thread", e,
           "E closes a B whose pid or tid is written otherwise (a number and a string of it, say): one thread to "
           "catapult, two to Perfetto",
           phs, {});
  else
    --typed_open;
  if (!name.empty() && name != t.stack.back().name)
    report("ct-be-name-mismatch", e,
           "E \"" + std::string(name) + "\" closes B \"" + t.stack.back().name + "\" (line " +
               std::to_string(t.stack.back().line) + ")",
           phs, "name");
  t.stack.pop_back();
}

void ChromeChecker::report_zero_dur_backwards(const ChromeEvent& e, std::string_view ph, const Thread& t) {
  report("ct-be-zero-dur-backwards", e,
         "a " + std::string(ph) + " of dur 0 that does not start at or after the open B (line " +
             std::to_string(t.stack.back().line) + ")",
         ph, "ts", "catapult drops it: \"Timestamps are moving backward.\"");
}

void ChromeChecker::pair_async(const ChromeEvent& e, char ph, std::string_view cat, std::string_view name,
                               const std::string& id, double ts) {
  if (ph == 'n') return;
  std::string key = std::string(cat) + '\x1f' + id;
  if (ph == 'b') {
    if (over_cap(async_.size(), "async slices", e)) return;
    async_[key].push_back({std::string(name), ts, e.pos.line, e.pos.column, e.pointer()});
    return;
  }
  auto it = async_.find(key);
  if (it != async_.end()) {
    auto& open = it->second;
    for (size_t i = open.size(); i-- > 0;) {
      if (open[i].name == name) {
        open.erase(open.begin() + static_cast<ptrdiff_t>(i));
        if (open.empty()) async_.erase(it);
        return;
      }
    }
  }
  report("ct-async-unpaired", e,
         "async end \"" + std::string(name) + "\" (cat \"" + std::string(cat) + "\", id " + id + ") has no open begin",
         "e", {}, "catapult: async_slice_parse_error");
}

uint32_t ChromeChecker::intern(std::string_view cat, std::string_view name) {
  // Flows of one trace share a few labels ("ac2g"): try the last one first.
  if (last_label_ < labels_.size() && io::same_bytes(labels_[last_label_].first, cat) &&
      io::same_bytes(labels_[last_label_].second, name))
    return last_label_;
  std::pair<std::string, std::string> key{std::string(cat), std::string(name)};
  auto [it, fresh] = label_ids_.try_emplace(key, static_cast<uint32_t>(labels_.size()));
  if (fresh) labels_.push_back(std::move(key));
  last_label_ = it->second;
  return it->second;
}

// Event order is not significant (../shared/spec/formats.md §1.1): an end written
// before its start still pairs, so ends wait in flows_ for their start.
void ChromeChecker::pair_flow(const ChromeEvent& e, char ph, std::string_view cat, std::string_view name,
                              const EventFields& f, bool keyed) {
  if (ph == 't') return;  // a step neither opens nor closes a flow
  // The reader took the same key ahead when it could (EventKeys::flow);
  // else event_id_ holds the id.
  const uint64_t key = keyed ? e.keys->flow : flow_pairing_key(cat, event_id_, flow_key_);
  auto id = [&]() -> const std::string& {
    if (keyed) read_event_id(f, event_id_);
    return event_id_;
  };
  std::string_view phs(&ph, 1);
  const bool end = ph == 'f';
  auto here = [&] {
    Flow flow{e.pos.line, static_cast<uint32_t>(e.pos.column), intern(cat, name), 0, e.index};
    flow.end = end;
    return flow;
  };
  Flow* met = flows_.find(key);
  if (met && met->end == end) {  // a second start while one is open, or a second end
    if (!end) {
      report_made(
          "ct-flow-duplicate", e,
          [&] {
            return "flow start (cat \"" + std::string(cat) + "\", id " + id() +
                   ") while one with that id is open (line " + std::to_string(met->line) + ")";
          },
          phs, "id", "Perfetto: flow_duplicate_id");
      *met = here();
    } else {
      report_made(
          "ct-flow-unpaired", e,
          [&] { return "a second flow end (cat \"" + std::string(cat) + "\", id " + id() + ") for one start"; }, phs,
          "id", "Kineto reuses an ac2g id for two GPU events");
    }
    return;
  }
  if (met) {  // a start meets its waiting end, or an end its open start
    --(end ? open_starts_ : waiting_ends_);
    flows_.erase(key);
    return;
  }
  size_t& held = end ? waiting_ends_ : open_starts_;
  if (over_cap(held, end ? "flow ends" : "flows", e)) return;
  flows_.insert(key, here());
  ++held;
}

void ChromeChecker::event(const ChromeEvent& e, SchemaFacts* facts) {
  facts_ = facts;
  kind_ = "unknown";
  check_event(e);
  facts_ = nullptr;
  unread_by_ = {};
}

// pandas makes HTA's ts column float64 when every row's ts is a number of
// 64 bits and some row's is fractional, missing or null (NaN); a string, a
// boolean, an array, an object or an integer beyond 64 bits makes it object.
// HTA rounds (and adds dur to) a float64 column only
// (facebookresearch/HolisticTraceAnalysis@f4d0062 hta/common/trace_parser.py:371-388).
void ChromeChecker::note_hta_ts_type(const EventFields& f, bool big_integers) {
  simdjson::dom::element ts;
  if (!f.get(EventFields::Ts, ts) || ts.is_null()) {
    hta_ts_float_ = true;
    return;
  }
  switch (ts.type()) {
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
      return;
    case simdjson::dom::element_type::DOUBLE: {
      const double v = double(ts);
      const bool integral = is_integral(v);
      // A big integer read as a double: integral, and beyond int64 (one within
      // uint64 is read as UINT64, so a double there came from the text).
      if (big_integers && integral && std::fabs(v) >= 0x1p63) hta_ts_object_ = true;
      else if (!integral || !std::isfinite(v)) hta_ts_float_ = true;
      return;
    }
    default:
      hta_ts_object_ = true;
  }
}

void ChromeChecker::check_event(const ChromeEvent& e) {
  bare_ = e.bare;
  const simdjson::dom::object o = e.object;
  unread_by_ = event_unread_by_ = "hta";  // until the event proves to be one HTA keeps
  if (o.size() == 0) {
    hta_ts_float_ = true;  // a row without ts: NaN
    report_missing("ct-empty-event", e, "an empty event {}", "?", "ph", "catapult warns of an unrecognized phase and skips it; Perfetto skips it silently");
    return;
  }
  std::string_view ph_text;
  simdjson::dom::element ph_el;
  const EventFields& f = e.keys ? e.keys->fields : (own_fields_ = index_event_fields(o));
  note_hta_ts_type(f, e.big_integers);
  unread_by_ = event_unread_by_ = hta_keeps(f) ? std::string_view() : std::string_view("hta");
  if (!f.get(EventFields::Ph, ph_el)) {
    report_missing("ct-phase-missing", e, "an event without \"ph\"", "?", "ph");
    return;
  }
  if (!json::string_of(ph_el, ph_text) || ph_text.size() != 1) {
    report("ct-phase-unknown", e, "\"ph\" is not a one-character string", "?", "ph");
    return;
  }
  char ph = ph_text[0];
  if (!kIsPhase[static_cast<unsigned char>(ph)]) {
    report("ct-phase-unknown", e, "unknown phase \"" + std::string(ph_text) + "\"", ph_text, "ph",
           "catapult: Unrecognized event phase; Perfetto ignores the event");
    return;
  }

  kind_ = kind_of_phase(ph);
  std::string_view name, cat;
  simdjson::dom::element v;
  const char instant = instant_scope(ph, f);
  bool has_name = f.get(EventFields::Name, v);
  if (has_name && !json::string_of(v, name))
    report("ct-name-type", e, "\"name\" is not a string", ph_text, "name");
  else if (!has_name && ph == 'M')  // what it names is unknown: as an unknown name
    report_missing("ct-metadata-name", e, "a metadata event without \"name\"", ph_text, "name");
  else if (!has_name && (instant == 'g' || instant == 'p'))
    report_missing("ct-name-missing-instant", e, std::string("a ") + (instant == 'g' ? "global" : "process") +
                   " instant without \"name\"", ph_text, "name");
  else if (!has_name && needs_name(ph))
    report_missing("ct-field-missing", e, std::string("a \"") + ph + "\" event without \"name\"", ph_text, "name");
  bool has_cat = f.get(EventFields::Cat, v);
  if (has_cat && !json::string_of(v, cat)) {
    if (catapult_throws_on_cat(ph, f, v))
      report("ct-cat-split", e, "\"cat\" is not a string, and catapult splits this event's cat", ph_text, "cat");
    else
      report("ct-cat-type", e, "\"cat\" is not a string", ph_text, "cat");
  }

  if (unread_by_.empty() && is_profiler_step(name) && hta_steps_.size() < 2) hta_steps_.emplace(name);
  ++events_;
  const bool has_dur = f.get(EventFields::Dur, v);
  any_dur_ = any_dur_ || has_dur;
  cat_and_dur_ = cat_and_dur_ || (has_cat && has_dur);
  // Only an X's dur means anything (the X case checks it), but HTA keeps
  // any row with a cat and a dur and adds ts and dur over them all, which
  // pandas does for numbers and booleans.
  if (has_dur && ph != 'X' && !v.is_null() && !v.is_number() && !v.is_bool())
    report("ct-stray-dur-type", e, "\"dur\" is not a number (on an event other than X)", ph_text, "dur");

  double ts = 0;
  bool has_ts = false;
  if (f.get(EventFields::Ts, v)) {
    if (read_number(v, ts)) {
      has_ts = true;
      if (ts < 0) report("ct-ts-negative", e, "a negative ts", ph_text, "ts", "Perfetto drops the event");
    } else if (null_like(v)) {
      report("ct-time-null", e, std::string("\"ts\" is ") + (v.is_null() ? "null" : "a boolean"), ph_text, "ts");
    } else {
      report("ct-field-type", e, "\"ts\" is not a number", ph_text, "ts");
    }
  } else if (ph != 'M') {
    report_missing("ct-time-null", e, std::string("a \"") + ph + "\" event without \"ts\"", ph_text, "ts",
           "only metadata (M) events may omit ts");
  }
  if (f.get(EventFields::Args, v) && !v.is_object())
    report("ct-args-type", e, "\"args\" is not an object", ph_text, "args");

  ThreadKeys thread;  // B/E and thread instants: what catapult stacks slices on
  const bool sliced = ph == 'B' || ph == 'E' || instant == 't';
  check_pid_tid(e, f, ph_text, instant == 'g', sliced ? &thread : nullptr);
  // Only a dur of exactly 0 (event.dur === 0) meets catapult's order check
  // of a thread's slices (importer.html:485-495), which compares the ts as
  // catapult reads it, whatever its type.
  const bool zero_dur = sliced && f.get(EventFields::Dur, v) && v.is_number() && double(v) == 0;
  const double slice_ts = !sliced ? 0 : has_ts ? ts : catapult_time(f);

  switch (ph) {
    case 'X': {
      double dur;
      if (!f.get(EventFields::Dur, v)) {
        report_missing("ct-dur-missing", e, "an \"X\" event without \"dur\"", ph_text, "dur",
                       "Perfetto drops it; catapult draws it to the end of the trace");
      } else if (null_like(v)) {
        report("ct-time-null", e, std::string("\"dur\" is ") + (v.is_null() ? "null" : "a boolean"), ph_text, "dur");
      } else if (!read_number(v, dur)) {
        // Not scoped to the rows HTA keeps: it adds ts and dur over every row
        // before dropping any when pandas reads ts as float64
        // (hta/common/trace_parser.py:373-384).
        const std::string_view unread = std::exchange(unread_by_, {});
        report("ct-field-type", e, "\"dur\" is not a number", ph_text, "dur");
        unread_by_ = unread;
      } else if (dur < 0) {
        report("ct-dur-negative", e, "a negative dur", ph_text, "dur", "Perfetto: slice_negative_duration");
      }
      break;
    }
    case 'B':
    case 'E':
      // catapult pairs every B and E, whatever its ts (importer.html:485-545).
      duration(e, ph, thread, name, slice_ts, zero_dur);
      break;
    case 'i':
    case 'I': {
      if (instant == '?')
        report("ct-instant-scope", e, "instant scope \"s\" is not \"g\", \"p\" or \"t\"", ph_text, "s");
      // catapult draws a thread's instant as a slice of no duration, on
      // the stack of the thread's open B's.
      if (instant != 't') break;
      kind_ = "thread_instant";
      if (zero_dur) {
        const Thread& t = threads_[thread.js_key];
        if (!t.stack.empty() && !(slice_ts >= t.stack.back().ts))
          report_zero_dur_backwards(e, ph_text, t);
      }
      break;
    }
    case 'C': {
      simdjson::dom::object args;
      if (!f.get_object(EventFields::Args, args) || args.size() == 0) {
        report("ct-counter-args", e, "a counter needs args with at least one series", ph_text, "args");
        break;
      }
      for (auto field : args)
        if (!field.value.is_number()) {
          report_fact("ct-counter-value", e, "counter series \"" + std::string(field.key) + "\" is not a number",
                      ph_text, "args/" + json::pointer::escape_token(field.key), "args", {});
          break;
        }
      break;
    }
    case 'M':
      if (!name.empty()) check_metadata(e, f, name);
      break;
    case 'b':
    case 'n':
    case 'e':
    case 's':
    case 't':
    case 'f': {
      std::string& id = event_id_;
      unread_by_ = "hta";  // HTA drops the id column (hta/common/trace_parser.py:304-305)
      // A flow whose pairing key the reader took ahead has an id (else the
      // key is 0), whose text only a message needs: pair_flow reads it then.
      const bool keyed = (ph == 's' || ph == 'f') && e.keys && e.keys->flow;
      if (!keyed && !read_event_id(f, id)) {
        // A flow without an id it can be paired by loses only its arrow.
        const bool flow = ph == 's' || ph == 't' || ph == 'f';
        if (f.get(EventFields::Id, v) && !f.has(EventFields::Id2))
          report(flow ? "ct-flow-id-missing" : "ct-field-type", e, "\"id\" is neither an integer nor a string", ph_text,
                 "id");
        else if (f.has(EventFields::Id2) && !f.has(EventFields::Id))
          report(flow ? "ct-flow-id-missing" : "ct-field-type", e,
                 "\"id2\" is not an object with a \"local\" or \"global\" id", ph_text, "id2");
        else if (flow)
          report_missing("ct-flow-id-missing", e, std::string("a \"") + ph + "\" event without \"id\" or \"id2\"",
                         ph_text, "id");
        else
          report_missing("ct-field-missing", e, std::string("a \"") + ph + "\" event without \"id\" or \"id2\"",
                         ph_text, "id");
        break;
      }
      // catapult keys a v1 flow by its id, cat and name (importer.html:2271-2275),
      // so a flow without cat loses only its arrow, but it reads the cat of an
      // f without bp (event.cat.indexOf, 2311-2316).
      if (!has_cat && (ph == 's' || ph == 't' || (ph == 'f' && f.has(EventFields::Bp))))
        report_missing("ct-flow-cat-missing", e, std::string("a \"") + ph + "\" flow event without \"cat\"", ph_text,
                       "cat");
      else if (!has_cat)
        report_missing("ct-field-missing", e, std::string("a \"") + ph + "\" event without \"cat\"", ph_text, "cat");
      if (ph == 's' || ph == 't' || ph == 'f') {
        std::string_view bp;
        if (f.get(EventFields::Bp, v) && (v.get_string().get(bp) != simdjson::SUCCESS || bp != "e"))
          report("ct-flow-bp", e, "flow binding point \"bp\" is not \"e\"", ph_text, "bp",
                 "catapult skips the arrow; Perfetto binds it to the next slice");
        pair_flow(e, ph, cat, name, f, keyed);
      } else {
        pair_async(e, ph, cat, name, id, ts);
      }
      break;
    }
    default:
      break;
  }
  kineto_->event(e, f, ph, name, cat, ts);
}

void ChromeChecker::finish(const ChromeReadInfo& info) {
  // The container decides where the events are, with or without events.
  const bool bare_form = info.container == json::JsonContainer::BareArray;
  const char* events_at = bare_form ? "/" : "/traceEvents";
  // Without a dur column HTA raises KeyError 'dur' where it rounds the ts
  // column; otherwise it keeps nothing.
  if (events_ > 0 && !any_dur_ && hta_ts_float_ && !hta_ts_object_)
    reporter_.report("ct-no-dur", {file_, 1, 1}, "none of the " + std::to_string(events_) + " events has \"dur\"",
                     "trace", events_at, "HTA raises KeyError 'dur' on such a trace (B/E pairs have no dur)");
  else if (events_ > 0 && !cat_and_dur_)
    reporter_.report("ct-no-cat-dur", {file_, 1, 1},
                     "none of the " + std::to_string(events_) + " events has both \"cat\" and \"dur\"", "trace",
                     events_at,
                     "HTA keeps only events with both (trace_parser.py drops the rest): it loads this trace and "
                     "keeps no events");
  if (info.complete && info.events == 0 && (info.array_found || bare_form))
    reporter_.report("ct-no-events", {file_, 1, 1}, "the trace holds no events", "trace", events_at,
                     "HTA raises KeyError 'ts' on an empty event array; other consumers show an empty trace");
  // HTA's step filter (hta/common/trace.py:801-890): with two steps or more
  // it keeps the CPU events before the last ProfilerStep and the GPU kernels
  // they launch.
  if (hta_steps_.size() >= 2)
    reporter_.note_fewer_kept(file_, "hta",
                              "HTA's step filter keeps only what precedes the last ProfilerStep");
  if (!info.complete) return;  // pairings of a cut-off trace say nothing more
  // In file order, so the findings kept per rule do not depend on hashing.
  struct Left {
    uint64_t line, column;
    char kind;  // 'B', 'b', 's', 'f'
    const Open* open;
    const Flow* flow;
  };
  const auto earlier = [](const Left& a, const Left& b) { return std::tie(a.line, a.column) < std::tie(b.line, b.column); };
  std::vector<Left> left;
  for (auto& [key, t] : threads_)
    for (const Open& o : t.stack) left.push_back({o.line, o.column, 'B', &o, nullptr});
  for (auto& [key, list] : async_)
    for (const Open& o : list) left.push_back({o.line, o.column, 'b', &o, nullptr});
  // Of the open flows (a GPU trace cut off leaves hundreds of thousands)
  // only the first keep_per_rule() can be kept; the rest are counted. So
  // the earliest are picked with a heap, and the others never sorted.
  const size_t keep = reporter_.keep_per_rule();
  std::vector<Left> flows;  // a max-heap of the earliest open flows
  uint64_t later_flows = 0;
  const auto add_flow = [&](const Flow& f, char kind) {
    const Left l{f.line, f.column, kind, nullptr, &f};
    if (keep == 0 || flows.size() < keep) {  // 0: nothing kept, so nothing counted without a report either
      flows.push_back(l);
      std::push_heap(flows.begin(), flows.end(), earlier);
      return;
    }
    ++later_flows;  // this one or the latest of the heap
    if (earlier(l, flows.front())) {
      std::pop_heap(flows.begin(), flows.end(), earlier);
      flows.back() = l;
      std::push_heap(flows.begin(), flows.end(), earlier);
    }
  };
  flows_.for_each([&](uint64_t, const Flow& f) { add_flow(f, f.end ? 'f' : 's'); });
  left.insert(left.end(), flows.begin(), flows.end());
  std::sort(left.begin(), left.end(), earlier);
  for (const Left& l : left) {
    if (l.kind == 'B') {
      report_open("ct-b-unclosed", *l.open, "B \"" + l.open->name + "\" is never closed by an E", "ph=B");
    } else if (l.kind == 'b') {
      report_open("ct-async-unpaired", *l.open, "async begin \"" + l.open->name + "\" is never ended", "ph=b");
    } else {
      if (reporter_.count_if_full("ct-flow-unpaired", file_)) continue;
      const auto& [cat, name] = labels_[l.flow->label];
      std::string pointer = (bare_ ? "/" : "/traceEvents/") + std::to_string(l.flow->index) + "/id";
      std::string message = l.kind == 's' ? "flow start \"" + name + "\" (cat \"" + cat + "\") has no flow end"
                                          : "flow end \"" + name + "\" (cat \"" + cat + "\") has no flow start";
      reporter_.report("ct-flow-unpaired", {file_, l.line, l.column}, message, std::string("ph=") + l.kind, pointer);
    }
  }
  // The rule is full by now (keep_per_rule() flows came before these).
  for (uint64_t i = 0; i < later_flows; ++i) reporter_.count_if_full("ct-flow-unpaired", file_);
  kineto_->finish(info);
}

}  // namespace tc::formats::chrome_trace
