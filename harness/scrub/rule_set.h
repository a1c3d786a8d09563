// A scrubber rule set as loaded from scrubbers/<format>/<name>.json (schema:
// schemas/scrubber.schema.json). Plain data; formats/torch_trace/scrubber.h applies it.
//
// A record goes through, in this order:
//   1. drop rules (file order): the record is dropped when its envelope has
//      the rule's key at top level, unless the caller turned on the rule's
//      `unless` option;
//   2. in capture mode only (the caller names an artifact, like PyTorch's
//      match_name), the capture filter and then the payload formatter;
//   3. otherwise the structural rules (file order) on a copy of the
//      envelope, the canonical rendering (formats/torch_trace/record_text.h), with the
//      payload appended when a payload rule's key is present;
//   4. text rules (file order) on the rendered text of that record.
// Every rule carries an id (unique in its file) used in errors and in the
// dead-rule report.
#pragma once

#include <re2/re2.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "json/value.h"

namespace tc::scrub {

// The two ways a rule set renders records; drop and text rules say in
// which they apply.
enum Mode : uint8_t {
  kRecordsMode = 1,  // one line of scrubbed JSON per kept record
  kCaptureMode = 2,  // the payload of the records the capture filter keeps
  kAllModes = kRecordsMode | kCaptureMode,
};

struct DropRule {
  std::string id;
  std::string key;     // top-level envelope key that drops the record
  std::string unless;  // option name that disables the rule; empty: always on
  uint8_t modes = kAllModes;
};

enum class FieldOp : uint8_t {
  Set,      // replace in place, or append at the end of the parent object when absent;
            // applies when the parent chain is present; a parent that is not an
            // object is an error (PyTorch's formatter raises TypeError there)
  Replace,  // replace in place, only when the whole path is present
};

struct FieldEdit {
  std::vector<std::string> path;  // object keys from the envelope (or from the first-of key)
  FieldOp op = FieldOp::Set;
  json::Value value;              // the replacement, unless placeholder is set
  std::string placeholder;        // namespace: the value becomes "<NS_n>" (see scrub/placeholders.h)
};

struct StructuralRule {
  std::string id;
  // Empty: `edits` paths start at the envelope. Otherwise the rule applies
  // only to the first of these top-level keys present in the envelope, and
  // `edits` paths start below that key.
  std::vector<std::string> first_of;
  std::vector<FieldEdit> edits;
};

enum class PayloadStyle : uint8_t {
  SplitlinesRstrip,  // "\n".join(l.rstrip() for l in payload.splitlines())
};

struct PayloadRule {
  std::string id;
  std::string key;  // top-level key that makes the rendered record carry its payload
  PayloadStyle style = PayloadStyle::SplitlinesRstrip;
  // Optional filter, PyTorch's match_name: when set, the rule applies only
  // when the value under `key` is an object whose "name" is this string
  // (e.g. key "artifact", name "make_fx_fail_partial").
  std::string name;
};

// PyTorch's StructuredTraceTestingFilter(match_name) + StructuredTracePayloadFormatter.
struct CaptureRule {
  std::string id;
  std::string artifact_key = "artifact";  // records with this key match by name...
  std::string name_field = "name";        // ...read from this field of its value;
                                          // other records match when the name is a top-level key
  std::string formatter_id;               // id of the payload formatter (payload.strip())
};

struct TextRule {
  std::string id;
  std::shared_ptr<const RE2> pattern;
  std::string rewrite;      // RE2 rewrite (\0-\9), used when placeholder is empty
  std::string placeholder;  // namespace: the match (or `group`) becomes "<NS_n>"
  int group = 0;            // with placeholder: which capture group to replace
  uint8_t modes = kAllModes;
};

struct RuleSet {
  std::string name;         // e.g. "torch_trace/pytorch_test"
  std::string file;         // path it was loaded from, for messages
  std::string format;       // input format it applies to, e.g. "torch_trace"
  std::string description;
  // "canonical": the options of the format's canonical-text renderer, for
  // formats whose golden text is not made of records (chrome_trace reads
  // them: formats/chrome_trace/canonical.h). Null when the set has none.
  json::Value canonical;
  std::map<std::string, std::string> options;  // option name -> what turning it on does
  std::vector<DropRule> drops;
  std::vector<StructuralRule> rules;
  std::vector<PayloadRule> payloads;
  std::optional<CaptureRule> capture;
  std::vector<TextRule> text;
};

// How often one rule of a set fired over a run (the dead-rule report and
// goldens' rule usage).
struct RuleUse {
  std::string id;
  std::string kind;  // "drop", "rule", "payload", "capture", "text"
  uint64_t hits = 0;
};

}  // namespace tc::scrub
