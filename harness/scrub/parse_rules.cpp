#include "scrub/parse_rules.h"

#include <algorithm>
#include <set>

#include "scrub/text_rules.h"

namespace tc::scrub::detail {
namespace {

using json::Kind;
using json::Value;

[[noreturn]] void fail(const std::string& where, const std::string& message) { throw RuleError(where, message); }

std::string in_quotes(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::string field_where(const std::string& where, std::string_view key) {
  return where.empty() ? std::string(key) : where + "." + std::string(key);
}

// Rejects keys the schema does not allow (additionalProperties: false), so a
// misspelt key is an error instead of a silently ignored rule.
void check_keys(const Value& obj, std::initializer_list<std::string_view> allowed, const std::string& where) {
  for (const auto& [key, value] : obj.members()) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      fail(where, "unknown key " + in_quotes(key) + " (allowed: " + list + ")");
    }
    if (key == "why" && !value.is_string()) fail(field_where(where, key), "must be a string");
  }
}

const Value& require_object(const Value& v, const std::string& where) {
  if (!v.is_object()) fail(where, std::string("must be an object, not ") + json::kind_name(v.kind()));
  return v;
}

// A string member; `required` absent -> error; absent and optional -> fallback.
std::string get_string(const Value& obj, std::string_view key, const std::string& where, bool required,
                       std::string fallback = {}) {
  const Value* v = obj.find(key);
  if (!v) {
    if (required) fail(where, "missing required key " + in_quotes(key));
    return fallback;
  }
  if (!v->is_string()) fail(field_where(where, key), std::string("must be a string, not ") + json::kind_name(v->kind()));
  if (v->text().empty()) fail(field_where(where, key), "must not be empty");
  return v->text();
}

std::vector<std::string> get_string_list(const Value& obj, std::string_view key, const std::string& where,
                                         bool unique) {
  const Value* v = obj.find(key);
  if (!v) fail(where, "missing required key " + in_quotes(key));
  const std::string here = field_where(where, key);
  if (!v->is_array() || v->items().empty()) fail(here, "must be a non-empty array of strings");
  std::vector<std::string> out;
  for (const Value& item : v->items()) {
    if (!item.is_string()) fail(here, "must be a non-empty array of strings");
    if (unique && std::find(out.begin(), out.end(), item.text()) != out.end())
      fail(here, "lists " + in_quotes(item.text()) + " twice");
    out.push_back(item.text());
  }
  return out;
}

const Value* get_array(const Value& root, std::string_view key) {
  const Value* v = root.find(key);
  if (v && !v->is_array()) fail(std::string(key), std::string("must be an array, not ") + json::kind_name(v->kind()));
  return v;
}

uint8_t get_modes(const Value& obj, const std::string& where) {
  if (!obj.find("modes")) return kAllModes;
  uint8_t modes = 0;
  for (const std::string& m : get_string_list(obj, "modes", where, true)) {
    if (m == "records") modes |= kRecordsMode;
    else if (m == "capture") modes |= kCaptureMode;
    else fail(field_where(where, "modes"), "unknown mode " + in_quotes(m) + " (expected \"records\" or \"capture\")");
  }
  return modes;
}

bool is_placeholder_namespace(std::string_view ns) {
  if (ns.empty() || ns[0] < 'A' || ns[0] > 'Z') return false;
  return std::all_of(ns.begin(), ns.end(), [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; });
}

std::string get_placeholder(const Value& obj, const std::string& where) {
  std::string ns = get_string(obj, "placeholder", where, true);
  if (!is_placeholder_namespace(ns))
    fail(field_where(where, "placeholder"), in_quotes(ns) + " is not a namespace of the form [A-Z][A-Z0-9_]*");
  return ns;
}

// Ids are unique in a file: errors, the dead-rule report and the docs name rules by id.
class Ids {
 public:
  static void check_id(const std::string& id, const std::string& where) {
    for (char c : id) {
      const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '-' || c == '.';
      if (!ok) fail(where, in_quotes(id) + " may only hold letters, digits, '_', '-' and '.'");
    }
  }

  // Reads obj.id and returns the item's name for messages: "rules[3] (S4)".
  std::string take(const Value& obj, const std::string& list, size_t index) {
    std::string where = list + "[" + std::to_string(index) + "]";
    require_object(obj, where);
    std::string id = get_string(obj, "id", where, true);
    check_id(id, where + ".id");
    where += " (" + id + ")";
    claim(id, where);
    return where;
  }
  // For ids outside a list (capture, its formatter).
  void claim(const std::string& id, const std::string& where) {
    check_id(id, where);
    if (!seen_.insert(id).second) fail(where, "duplicate rule id " + in_quotes(id));
    last_ = id;
  }
  const std::string& last() const { return last_; }

 private:
  std::set<std::string> seen_;
  std::string last_;
};

FieldEdit parse_edit(const Value& obj, const std::string& where) {
  FieldEdit edit;
  const std::string op = get_string(obj, "op", where, true);
  if (op == "set") edit.op = FieldOp::Set;
  else if (op == "replace") edit.op = FieldOp::Replace;
  else fail(field_where(where, "op"), "unknown op " + in_quotes(op) + " (expected \"set\" or \"replace\")");
  edit.path = get_string_list(obj, "path", where, false);
  const bool has_value = obj.find("value") != nullptr;
  const bool has_placeholder = obj.find("placeholder") != nullptr;
  if (has_value == has_placeholder) fail(where, "needs exactly one of \"value\" and \"placeholder\"");
  if (has_value) edit.value = *obj.find("value");
  else edit.placeholder = get_placeholder(obj, where);
  if (!edit.placeholder.empty() && edit.op == FieldOp::Set)
    fail(where, "a placeholder needs op \"replace\": an absent field has no original value to number");
  return edit;
}

StructuralRule parse_structural(const Value& obj, const std::string& where) {
  StructuralRule rule;
  if (obj.find("first_of")) {
    check_keys(obj, {"id", "first_of", "edits", "why"}, where);
    rule.first_of = get_string_list(obj, "first_of", where, true);
    const Value* edits = obj.find("edits");
    if (!edits) fail(where, "missing required key \"edits\"");
    if (!edits->is_array() || edits->items().empty()) fail(where + ".edits", "must be a non-empty array");
    for (size_t i = 0; i < edits->items().size(); ++i) {
      const std::string here = where + ".edits[" + std::to_string(i) + "]";
      const Value& e = require_object(edits->items()[i], here);
      check_keys(e, {"op", "path", "value", "placeholder"}, here);
      rule.edits.push_back(parse_edit(e, here));
    }
  } else {
    check_keys(obj, {"id", "op", "path", "value", "placeholder", "why"}, where);
    rule.edits.push_back(parse_edit(obj, where));
  }
  return rule;
}

TextRule parse_text(const Value& obj, const std::string& where) {
  check_keys(obj, {"id", "pattern", "rewrite", "placeholder", "group", "modes", "why"}, where);
  TextRule rule;
  std::string problem;
  rule.pattern = compile_text_pattern(get_string(obj, "pattern", where, true), problem);
  if (!rule.pattern) fail(where + ".pattern", problem);
  rule.modes = get_modes(obj, where);
  const bool has_rewrite = obj.find("rewrite") != nullptr;
  const bool has_placeholder = obj.find("placeholder") != nullptr;
  if (has_rewrite == has_placeholder) fail(where, "needs exactly one of \"rewrite\" and \"placeholder\"");
  if (has_rewrite) {
    const Value& rewrite = *obj.find("rewrite");
    if (!rewrite.is_string()) fail(where + ".rewrite", "must be a string");
    rule.rewrite = rewrite.text();
    if (obj.find("group")) fail(where + ".group", "only applies with \"placeholder\"");
    if (!rule.pattern->CheckRewriteString(rule.rewrite, &problem)) fail(where + ".rewrite", problem);
    return rule;
  }
  rule.placeholder = get_placeholder(obj, where);
  if (const Value* g = obj.find("group")) {
    int64_t group = -1;
    if (!g->get_int64(group) || group < 0 || group > rule.pattern->NumberOfCapturingGroups())
      fail(where + ".group", "must be an integer from 0 to the pattern's " +
                                 std::to_string(rule.pattern->NumberOfCapturingGroups()) + " capture group(s)");
    rule.group = static_cast<int>(group);
  }
  return rule;
}

bool is_rule_set_name(std::string_view name) {
  const size_t slash = name.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == name.size()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || (c == '/' && i == slash);
    if (!ok) return false;
  }
  return true;
}

}  // namespace

RuleSet parse_rules(const Value& document, const std::string& file) {
  const Value& root = require_object(document, "");
  check_keys(root, {"$schema", "name", "format", "description", "extends", "reproduces", "canonical", "options", "drop",
                    "rules", "payload", "capture", "text"},
             "");

  RuleSet set;
  set.file = file;
  set.name = get_string(root, "name", "", true);
  if (!is_rule_set_name(set.name)) fail("name", in_quotes(set.name) + " is not of the form <format>/<name> ([a-z0-9_]+/[a-z0-9_]+)");
  set.format = get_string(root, "format", "", true);
  set.description = get_string(root, "description", "", true);
  get_string(root, "reproduces", "", false);
  if (root.find("extends")) {
    const std::string base = get_string(root, "extends", "", true);
    if (!is_rule_set_name(base)) fail("extends", in_quotes(base) + " is not of the form <format>/<name> ([a-z0-9_]+/[a-z0-9_]+)");
  }
  if (const Value* canonical = root.find("canonical")) set.canonical = require_object(*canonical, "canonical");
  if (const Value* options = root.find("options")) {
    require_object(*options, "options");
    for (const auto& [name, doc] : options->members()) {
      if (!doc.is_string() || doc.text().empty()) fail("options." + name, "must be a non-empty string saying what the option does");
      set.options[name] = doc.text();
    }
  }

  Ids ids;
  if (const Value* drops = get_array(root, "drop")) {
    for (size_t i = 0; i < drops->items().size(); ++i) {
      const Value& obj = drops->items()[i];
      const std::string where = ids.take(obj, "drop", i);
      check_keys(obj, {"id", "key", "unless", "modes", "why"}, where);
      DropRule rule{ids.last(), get_string(obj, "key", where, true), get_string(obj, "unless", where, false),
                    get_modes(obj, where)};
      if (!rule.unless.empty() && !set.options.count(rule.unless))
        fail(where + ".unless", "names option " + in_quotes(rule.unless) + ", which \"options\" does not declare");
      set.drops.push_back(std::move(rule));
    }
  }
  if (const Value* rules = get_array(root, "rules")) {
    for (size_t i = 0; i < rules->items().size(); ++i) {
      const std::string where = ids.take(rules->items()[i], "rules", i);
      StructuralRule rule = parse_structural(rules->items()[i], where);
      rule.id = ids.last();
      set.rules.push_back(std::move(rule));
    }
  }
  if (const Value* payloads = get_array(root, "payload")) {
    for (size_t i = 0; i < payloads->items().size(); ++i) {
      const Value& obj = payloads->items()[i];
      const std::string where = ids.take(obj, "payload", i);
      check_keys(obj, {"id", "key", "name", "style", "why"}, where);
      PayloadRule rule{ids.last(), get_string(obj, "key", where, true), PayloadStyle::SplitlinesRstrip,
                       get_string(obj, "name", where, false, "")};
      const std::string style = get_string(obj, "style", where, false, "splitlines_rstrip");
      if (style != "splitlines_rstrip") fail(where + ".style", "unknown style " + in_quotes(style) + " (expected \"splitlines_rstrip\")");
      set.payloads.push_back(std::move(rule));
    }
  }
  if (const Value* capture = root.find("capture")) {
    require_object(*capture, "capture");
    const std::string cid = get_string(*capture, "id", "capture", true);
    const std::string where = "capture (" + cid + ")";
    check_keys(*capture, {"id", "artifact_key", "name_field", "formatter", "why"}, where);
    CaptureRule rule;
    rule.id = cid;
    rule.artifact_key = get_string(*capture, "artifact_key", where, false, "artifact");
    rule.name_field = get_string(*capture, "name_field", where, false, "name");
    const Value* formatter = capture->find("formatter");
    if (!formatter) fail(where, "missing required key \"formatter\"");
    require_object(*formatter, where + ".formatter");
    rule.formatter_id = get_string(*formatter, "id", where + ".formatter", true);
    check_keys(*formatter, {"id", "style", "why"}, where + ".formatter");
    const std::string style = get_string(*formatter, "style", where + ".formatter", false, "strip");
    if (style != "strip") fail(where + ".formatter.style", "unknown style " + in_quotes(style) + " (expected \"strip\")");
    ids.claim(rule.id, where);
    ids.claim(rule.formatter_id, where + ".formatter");
    set.capture = std::move(rule);
  }
  if (const Value* texts = get_array(root, "text")) {
    for (size_t i = 0; i < texts->items().size(); ++i) {
      const std::string where = ids.take(texts->items()[i], "text", i);
      TextRule rule = parse_text(texts->items()[i], where);
      rule.id = ids.last();
      set.text.push_back(std::move(rule));
    }
  }
  return set;
}

}  // namespace tc::scrub::detail
