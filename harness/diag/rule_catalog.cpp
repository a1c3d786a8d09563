#include "diag/rule_catalog.h"

#include <array>
#include <cstdio>
#include <cstdlib>

#include "diag/severity_shorthand.h"

namespace tc::diag {
namespace {

using namespace diag::severity_shorthand;

// Sorted by id inside a group; each format's rules are in its folder
// (formats/ID/rules.cpp), grouped the same way.
//
// Severity classes, the same for every format. A rule's severity here is the
// format's own: an error (exit 1) only for the format's hard rules, what makes
// the input unreadable as its format or breaks the structure the format
// defines: not the format, truncated, invalid UTF-8, a JSON syntax error,
// nesting past 1024 levels, an execution trace's parents that form no tree.
// `default` raises any rule to what a consumer that reads the file gives it
// (diag/profile.h Profile::raised_by: catapult and Perfetto for every Chrome
// trace, HTA for a Kineto one, Chakra and PARAM for the schema versions they
// list), so a missing pid (catapult throws) fails every Chrome trace and a
// bare array fails a Kineto one only.
// What a reader can read but an emitter should not write is a warning (exit
// 0; 1 with --werror; a profile may promote it): CRLF line ends (input-crlf),
// a UTF-8 BOM (input-bom), a very long line (input-long-line), a number out
// of double range (json-number-range), a lone surrogate escape
// (json-lone-surrogate), a duplicate key (json-duplicate-key), NaN/Infinity
// (json-non-finite), an unknown keyword or key (schema-unknown-key and each
// format's own), and a Chrome trace's unterminated bare array (the Chrome
// format's own rule). A format may add an error beside a warning where its
// main consumer cannot read the record (tt-envelope: tlparse's serde_json
// rejects NaN, 1e999 and lone surrogates inside an envelope).
// harness/tests/data/bad_inputs/MANIFEST.tsv holds one input per class.
constexpr std::array kCommonRules = {
    // Any input.
    Rule{"input-empty", E, "the input holds no records: it is empty or only blank lines",
         "nothing was traced; tlparse accepts an empty log"},
    Rule{"input-format", E, "the input is not a format tracecheck recognizes",
         "nothing can be checked; consumers reject it too"},
    Rule{"input-invalid-utf8", E, "the input holds bytes that are not UTF-8",
         "JSON must be UTF-8; tlparse stops reading at the first invalid byte"},
    Rule{"input-bom", W, "the input starts with a UTF-8 byte order mark",
         "PyTorch never writes one; some JSON parsers reject it"},
    Rule{"input-long-line", W, "an envelope or event line is longer than the reader's piece size (4 MB)",
         "PyTorch never writes one; it is read in pieces and checked, but usually means lost newlines"},
    Rule{"input-line-too-long", E, "an envelope line is longer than the reader's limit (16 MiB) and was not checked",
         "no emitter writes such an envelope; the file is damaged (a lost newline)"},
    Rule{"input-crlf", W, "lines end with CRLF",
         "PyTorch writes LF; a CRLF file was rewritten by another tool"},
    Rule{"json-syntax", E, "the text is not valid JSON", "every consumer rejects the record"},
    Rule{"json-big-integer", W, "an integer literal beyond 64 bits (below -2^63 or above 2^64-1)",
         "simdjson rejects it and tracecheck does not check that record further; JSON.parse reads the nearest "
         "double, Python the exact integer"},
    Rule{"json-duplicate-key", W, "an object holds the same key twice",
         "parsers disagree on which value wins (Python keeps the last)"},
    Rule{"json-lone-surrogate", W, "a string holds a \\uD800-\\uDFFF escape without its pair",
         "not valid Unicode; strict parsers (simdjson, Rust's serde_json) reject the record"},
    Rule{"json-non-finite", W, "NaN or Infinity literal (Python's JSON dialect, not JSON)",
         "JavaScript-based consumers such as Perfetto reject the file"},
    Rule{"json-number-range", W, "a number does not fit a double",
         "consumers read it as infinity or reject it"},
    // JSON Schema (tracecheck validate).
    Rule{"schema-invalid", E, "the schema file is not a draft-7 schema tracecheck can compile",
         "nothing can be validated against it"},
    Rule{"schema-unknown-key", W,
         "a key nothing defines: a trace key its closed schema does not know (format drift), or a schema "
         "keyword draft 7 does not define",
         "consumers that follow the schema ignore the trace key; validators ignore the keyword, so a misspelt "
         "one (\"requried\") silently checks nothing"},
    Rule{"schema-violation", E, "the document does not satisfy the JSON Schema it is checked against",
         "consumers that rely on the schema's contract may misread or reject it"},
};

[[noreturn]] void programming_error(const std::string& what) {
  std::fprintf(stderr, "tracecheck: internal error: %s\n", what.c_str());
  std::abort();
}

}  // namespace

std::span<const Rule> common_rules() { return kCommonRules; }

void Catalog::add_rules(std::span<const Rule> rules, std::string_view format) {
  for (const Rule& r : rules) {
    if (find_rule(r.id)) programming_error("rule '" + std::string(r.id) + "' is in the catalog twice");
    rules_.push_back(r);
    rule_formats_.emplace_back(format);
  }
}

std::string_view Catalog::rule_format(std::string_view id) const {
  for (size_t i = 0; i < rules_.size(); ++i)
    if (rules_[i].id == id) return rule_formats_[i];
  return {};
}

bool Catalog::judges(const Profile& profile, std::string_view rule) const {
  const std::string_view format = rule_format(rule);
  return profile.format.empty() || format.empty() || format == profile.format;
}

void Catalog::add_profile(Profile profile) {
  for (const auto& [id, severity] : profile.overrides)
    if (!find_rule(id)) programming_error("profile '" + profile.name + "' names no rule '" + id + "'");
  for (const auto& [id, grounding] : profile.grounds)
    if (!find_rule(id)) programming_error("profile '" + profile.name + "' grounds no rule '" + id + "'");
  for (const Rule& r : rules_) profile.overrides.emplace(std::string(r.id), r.default_severity);
  if (!profile.format.empty() && profile.raises_default && !profiles_.empty() && profiles_.front().name == "default")
    profiles_.front().raised_by[profile.name] = profile.overrides;
  profiles_.push_back(std::move(profile));
}

const Rule* Catalog::find_rule(std::string_view id) const {
  for (const Rule& r : rules_)
    if (r.id == id) return &r;
  return nullptr;
}

const Profile* Catalog::find_profile(std::string_view name) const {
  for (const Profile& p : profiles_) {
    if (p.name == name) return &p;
    for (const auto& a : p.aliases)
      if (a == name) return &p;
  }
  return nullptr;
}

std::string Catalog::profile_names() const {
  std::string names;
  for (const Profile& p : profiles_) {
    names += names.empty() ? "" : ", ";
    names += p.name;
    for (const std::string& a : p.aliases) names += " (" + a + ")";
  }
  return names;
}

}  // namespace tc::diag
