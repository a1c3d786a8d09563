#include "schema/streamed_document.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "json/array_stream.h"
#include "json/parse.h"
#include "schema/element_plan.h"
#include "json/pointer.h"
#include "schema/report.h"
#include "json/source_locator.h"

namespace tc::schema {
namespace {

struct Member {
  std::string key;
  std::string text;
  json::JsonPosition pos;
};

// The document without its array: the members as written, then the array
// member as [] (or [] alone for a bare array). `ranges` maps each member's
// value text in the skeleton back to the file.
struct Skeleton {
  simdjson::padded_string text;
  struct Range {
    size_t begin, end;
    const Member* member;
  };
  std::vector<Range> ranges;
};

Skeleton make_skeleton(const std::vector<Member>& members, const std::string& key, bool bare, bool array_found) {
  std::string text;
  std::vector<Skeleton::Range> ranges;
  if (bare) {
    text = "[]";
  } else {
    text = "{";
    for (const Member& m : members) {
      if (text.size() > 1) text += ',';
      text += nlohmann::json(m.key).dump() + ":";
      ranges.push_back({text.size(), text.size() + m.text.size(), &m});
      text += m.text;
    }
    if (array_found) text += (text.size() > 1 ? "," : "") + nlohmann::json(key).dump() + ":[]";
    text += "}";
  }
  return {simdjson::padded_string(text), std::move(ranges)};
}

// Where a skeleton offset lies in the file (the document start outside every member).
json::JsonPosition skeleton_position(const Skeleton& s, size_t offset) {
  for (const Skeleton::Range& r : s.ranges)
    if (offset >= r.begin && offset < r.end) return json::position_in(r.member->text, r.member->pos, offset - r.begin);
  return {};
}

// Passes a source through and keeps its first kHead bytes: the start of the
// document as written, for messages that show the document itself.
class HeadTee : public io::InputSource {
 public:
  static constexpr size_t kHead = 4096;
  explicit HeadTee(io::InputSource& in) : in_(in) { name_ = in.name(); }
  ptrdiff_t read(char* buf, size_t n) override {
    ptrdiff_t got = in_.read(buf, n);
    if (got > 0 && head.size() < kHead) head.append(buf, std::min(static_cast<size_t>(got), kHead - head.size()));
    if (got == 0) complete = true;
    error_ = in_.error();
    data_error_ = in_.data_error();
    gzip_ = in_.gzip();
    return got;
  }
  std::string head;
  bool complete = false;  // head holds the whole input

 private:
  io::InputSource& in_;
};

// JSON text without the whitespace between tokens: what a message shows of a
// value (simdjson's minify), for text that may stop anywhere.
void append_compact(std::string& out, std::string_view text) {
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      in_string = escaped || c != '"';
      escaped = !escaped && c == '\\';
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      continue;
    } else {
      in_string = c == '"';
    }
    out += c;
  }
}

struct Located {
  Finding finding;
  uint64_t offset;  // in the file: the sort key
};

class Run {
 public:
  Run(const CompiledSchema& schema, size_t max_errors) : schema_(schema), max_errors_(max_errors) {}

  StreamOutcome go(const InputOpener& open, const std::string& key,
                   const std::function<void(const Finding&)>& on_finding) {
    key_ = key;
    StreamOutcome out;
    if (!pass(open, true, out)) return out;
    if (syntax_) return finish(out, on_finding);

    Skeleton skeleton = make_skeleton(members_, key_, bare_, array_found_);
    simdjson::dom::element root;
    std::string why;
    std::optional<ElementPlan> final_plan = plan_for(skeleton, root, why);
    if (!final_plan) return refuse(out, why);
    if (plan_ && *plan_ != *final_plan) {
      // An `if` on a member after the array chose other element schemas.
      plan_ = final_plan;
      located_.clear();
      element_errors_ = 0;
      if (!pass(open, false, out)) return out;
      if (syntax_) return finish(out, on_finding);
    }
    if (!schema_.validate(root)) {
      errors_.clear();
      schema_.validate(root, &errors_, max_errors_);
      std::vector<std::string> pointers;
      for (const SchemaError& e : errors_) pointers.push_back(e.instance_pointer);
      std::vector<size_t> offsets = json::locate_pointers(std::string_view(skeleton.text), pointers);
      std::string array_pointer;
      if (!bare_) json::pointer::append_token(array_pointer, key_);
      for (size_t i = 0; i < errors_.size(); ++i) {
        SchemaError& e = errors_[i];
        if (e.instance_pointer.empty())
          show_as(e.message, simdjson::minify(root), document_head_, document_complete_);
        else if (e.instance_pointer == array_pointer)
          show_as(e.message, "[]", array_head_, array_head_.size() <= kShown);
        add(e, !array_pointer.empty() && e.instance_pointer == array_pointer
                   ? array_pos_
                   : skeleton_position(skeleton, offsets[i] == json::kNotFound ? 0 : offsets[i]));
      }
    }
    return finish(out, on_finding);
  }

 private:
  std::string doc_key() const { return bare_ ? "" : key_; }

  // The element plan for a skeleton, parsed into `root`; nullopt with `why`.
  std::optional<ElementPlan> plan_for(const Skeleton& skeleton, simdjson::dom::element& root, std::string& why) {
    if (parser_.parse(skeleton.text).get(root) != simdjson::SUCCESS) {
      why = "a top-level member is JSON that only a Python-dialect parser reads (NaN, big integers)";
      return std::nullopt;
    }
    ElementPlanResult p = ElementPlanner::plan(schema_, root, doc_key());
    why = std::move(p.why_not);
    return std::move(p.plan);
  }

  // Refuses streaming: false, for pass() to return.
  bool refused_with(StreamOutcome& out, std::string why) {
    refuse(out, std::move(why));
    return false;
  }

  // One streaming read. `first`: members are kept and the plan is made at
  // the first element; otherwise only the elements are validated again.
  bool pass(const InputOpener& open, bool first, StreamOutcome& out) {
    std::string error;
    std::unique_ptr<io::InputSource> source = open(error);
    if (!source) {
      out.status = StreamOutcome::Status::IoError;
      out.why = error;
      return false;
    }
    json::JsonStreamOptions options;
    options.array_key = key_;
    options.max_member = kMaxMemberKept;
    options.max_element = StreamedDocumentValidator::kMaxElement;
    options.max_depth = 1024;  // simdjson's DOM default: deeper is refused, and the DOM path decides
    std::string refused;
    HeadTee tee(*source);
    json::JsonStreamResult r = json::stream_json_array(
        tee, options,
        [&](std::span<const json::JsonElement> batch) {
          if (!plan_) {
            bare_ = batch.front().container == json::JsonContainer::BareArray;
            simdjson::dom::element root;
            plan_ = plan_for(make_skeleton(members_, key_, bare_, true), root, refused);
            if (!plan_) return false;
          }
          for (const json::JsonElement& el : batch) {
            if (first && array_head_.size() <= kShown)
              append_compact(array_head_.append(el.index ? "," : "["), el.text);
            if (!element(el)) return false;
          }
          last_end_ = json::position_in(batch.back().text, batch.back().pos, batch.back().text.size());
          return true;
        },
        [&](const json::JsonMember& m) {
          if (!first) return;
          if (m.truncated) {
            refused = fmt::format("member \"{}\" is over {} MiB", m.key, kMaxMemberKept >> 20);
            return;
          }
          members_.push_back({m.key, std::string(m.text), m.pos});
        });
    if (!refused.empty()) return refused_with(out, refused);
    using K = json::JsonStreamErrorKind;
    switch (r.error.kind) {
      case K::None: break;
      case K::Io:
        out.status = StreamOutcome::Status::IoError;
        out.why = r.error.message;
        return false;
      case K::NotContainer: return refused_with(out, "the document is neither an object nor an array");
      case K::ElementTooLong:
        return refused_with(out,
                            fmt::format("an element is over {} MiB", StreamedDocumentValidator::kMaxElement >> 20));
      case K::TooDeep: return refused_with(out, "the document nests deeper than the stream follows");
      default:
        if (!syntax_) syntax(r.error.pos, "not valid JSON: " + r.error.message);
        return true;
    }
    if (first && r.bom) syntax({}, std::string(kByteOrderMarkMessage));  // before anything else, as a parser sees it
    if (first) {
      array_found_ = r.array_found;
      array_pos_ = r.array_pos;
      if (tee.head.starts_with("\xEF\xBB\xBF")) tee.head.erase(0, 3);  // the UTF-8 byte order mark
      append_compact(document_head_, tee.head);
      document_complete_ = tee.complete;
    }
    if (first && r.terminated && array_head_.size() <= kShown) array_head_ += array_head_.empty() ? "[]" : "]";
    bare_ = bare_ || r.container == json::JsonContainer::BareArray;
    if (!syntax_ && r.trailing_comma)
      syntax(r.trailing_comma_pos, "not valid JSON: a comma before ']' (JSON has no trailing commas)");
    if (!syntax_ && bare_ && !r.terminated)
      syntax(last_end_, fmt::format("not valid JSON: the input ends before the array is closed (after {} elements)",
                                    r.elements));
    return true;
  }

  // A message about the document or the array shows the skeleton's value
  // (its array is []): show what the file holds there instead, as the
  // whole-document path does (the first characters, then "...").
  static void show_as(std::string& message, const std::string& skeleton_value, const std::string& real,
                      bool real_is_whole) {
    std::string shown = detail::shorten(skeleton_value);
    size_t at = message.find(shown);
    if (at == std::string::npos) return;
    std::string replacement = real.size() > kShown || real_is_whole ? detail::shorten(real) : real + "...";
    message.replace(at, shown.size(), replacement);
  }

  // Validates one element; false ends the stream (a syntax error).
  bool element(const json::JsonElement& el) {
    simdjson::dom::element value;
    bool parsed = element_parser_.parse(el.text.data(), el.text.size(), false).get(value) == simdjson::SUCCESS;
    json::ParseResult slow;
    if (!parsed) {
      slow = fallback_.parse(el.text);
      if (!slow.ok) {
        syntax(json::position_in(el.text, el.pos, slow.error.offset), "not valid JSON: " + slow.error.message);
        return false;
      }
    }
    const std::string key = doc_key();  // a copy: doc_key() returns a temporary
    bool valid = parsed ? ElementPlanner::validate(schema_, *plan_, value, key, el.index)
                        : ElementPlanner::validate(schema_, *plan_, slow.value, key, el.index);
    if (valid) return true;
    ++invalid_elements_;
    if (element_errors_ >= max_errors_) {
      capped_ = true;
      return true;
    }
    errors_.clear();
    size_t room = max_errors_ - element_errors_;
    if (parsed)
      ElementPlanner::validate(schema_, *plan_, value, key, el.index, &errors_, room);
    else
      ElementPlanner::validate(schema_, *plan_, slow.value, key, el.index, &errors_, room);
    element_errors_ += errors_.size();
    std::string prefix;
    if (!key.empty()) json::pointer::append_token(prefix, key);
    json::pointer::append_index(prefix, el.index);
    std::vector<std::string> inside;
    for (const SchemaError& e : errors_)
      inside.push_back(e.instance_pointer.starts_with(prefix) ? e.instance_pointer.substr(prefix.size()) : "");
    std::vector<size_t> offsets = json::locate_pointers(el.text, inside);
    for (size_t i = 0; i < errors_.size(); ++i)
      add(errors_[i], json::position_in(el.text, el.pos, offsets[i] == json::kNotFound ? 0 : offsets[i]));
    return true;
  }

  void add(const SchemaError& e, json::JsonPosition p) {
    Located l;
    l.finding.kind = Finding::Kind::Violation;
    l.finding.line = p.line;
    l.finding.column = p.column;
    l.finding.message = e.message;
    l.finding.instance_pointer = e.instance_pointer;
    l.finding.schema_path = e.schema_path;
    l.offset = p.offset;
    located_.push_back(std::move(l));
  }

  void syntax(json::JsonPosition p, std::string message) {
    syntax_ = true;
    located_.clear();
    Located l;
    l.finding.kind = Finding::Kind::Syntax;
    l.finding.line = p.line;
    l.finding.column = p.column;
    l.finding.message = std::move(message);
    l.offset = p.offset;
    located_.push_back(std::move(l));
  }

  static StreamOutcome& refuse(StreamOutcome& out, std::string why) {
    out.status = StreamOutcome::Status::NotStreamable;
    out.why = std::move(why);
    return out;
  }

  StreamOutcome finish(StreamOutcome& out, const std::function<void(const Finding&)>& on_finding) {
    out.stats.documents = 1;
    if (syntax_) {
      out.stats.syntax_errors = 1;
      on_finding(located_.front().finding);
      return out;
    }
    std::stable_sort(located_.begin(), located_.end(),
                     [](const Located& a, const Located& b) { return a.offset < b.offset; });
    if (located_.size() > max_errors_) located_.resize(max_errors_);
    out.stats.invalid = located_.empty() && invalid_elements_ == 0 ? 0 : 1;
    out.stats.violations = located_.size();
    out.stats.capped = capped_ || located_.size() >= max_errors_;
    for (const Located& l : located_) on_finding(l.finding);
    return out;
  }

  static constexpr size_t kMaxMemberKept = StreamedDocumentValidator::kMaxMember;
  static constexpr size_t kShown = 64;  // more than a message shows of a value (detail::shorten)

  const CompiledSchema& schema_;
  size_t max_errors_;
  std::string key_;
  bool bare_ = false, array_found_ = false, syntax_ = false, capped_ = false;
  std::vector<Member> members_;
  std::optional<ElementPlan> plan_;
  simdjson::dom::parser parser_, element_parser_;
  json::Parser fallback_;
  std::vector<SchemaError> errors_;
  std::vector<Located> located_;
  uint64_t element_errors_ = 0, invalid_elements_ = 0;
  json::JsonPosition last_end_, array_pos_;
  std::string document_head_, array_head_;  // compact text of their start, for messages
  bool document_complete_ = false;
};

}  // namespace

StreamOutcome StreamedDocumentValidator::run(const InputOpener& open, const std::string& array_key,
                                             const std::function<void(const Finding&)>& on_finding) {
  Run run(schema_, max_errors_);
  return run.go(open, array_key, on_finding);
}

}  // namespace tc::schema
