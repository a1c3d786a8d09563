#include "formats/chrome_trace/schema_check.h"

#include <fmt/format.h>

#include <array>
#include <deque>
#include <map>
#include <optional>

#include "formats/record_plan.h"
#include "formats/schema_findings.h"
#include "formats/schema_set.h"
#include "json/text.h"
#include "schema/schema_file.h"
#include "schema/schema_part.h"

namespace tc::formats::chrome_trace {
namespace {

struct Phase {
  const char* name;  // events/<name>.schema.json
  const char* phs;   // the "ph" values it covers
};
constexpr std::array kPhaseSchemas = {Phase{"complete", "X"}, Phase{"duration", "BE"}, Phase{"instant", "iI"},
                                Phase{"metadata", "M"}, Phase{"flow", "stf"},    Phase{"counter", "C"},
                                Phase{"async", "ben"},  Phase{"object", "NOD"},  Phase{"mark", "R"},
                                Phase{"sample", "P"}};

using EventPlan = RecordPlan<EventFields::kCount>;

// One phase: its schema, and that schema laid over EventFields' keys (a
// plan usable when the schema is a record of properties that requires
// none but those).
struct PhaseSchema {
  const char* name;  // events/<name>.schema.json
  schema::CompiledSchema schema;
  EventPlan plan;
};

struct ChromeSchemas {
  std::string root;
  std::string error;
  std::optional<schema::CompiledSchema> any_event;   // event.schema.json
  std::deque<PhaseSchema> phases;                    // stable addresses for by_ph
  std::array<const PhaseSchema*, 128> by_ph{};       // per ASCII ph character
  std::map<std::string, schema::CompiledSchema, std::less<>> members;  // kineto.schema.json properties
};

// Two compiles in all: event.schema.json (which reaches every phase's file)
// and kineto.schema.json; the phases and Kineto's members are places in them.
ChromeSchemas load() {
  ChromeSchemas s;
  s.root = schema_root();
  const std::string dir = s.root + "/chrome_trace";
  if (!compile_into(dir + "/event.schema.json", "", s.any_event, s.error)) return s;
  simdjson::dom::parser letter_parser;
  for (const Phase& p : kPhaseSchemas) {
    const std::string path = fmt::format("{}/events/{}.schema.json", dir, p.name);
    // A phase file event.schema.json does not reach (an edited schema
    // folder) is compiled on its own.
    std::optional<schema::CompiledSchema> c = s.any_event->at(schema::file_uri(path) + "#");
    if (!c && !compile_into(path, "", c, s.error)) return s;
    std::optional<schema::RecordPart> record = schema::SchemaPart::root(*c).record();
    EventPlan plan = record ? plan_record(*record, kEventFieldNames) : EventPlan{};
    // The plan is asked only of events whose "ph" is one of the phase's
    // letters: when its "ph" schema admits each of them, the value is
    // known to pass, and is not checked again event after event.
    bool every_letter = plan.usable && plan.allowed[EventFields::Ph];
    for (const char* ph = p.phs; every_letter && *ph; ++ph) {
      simdjson::dom::element letter;
      every_letter = letter_parser.parse(fmt::format("\"{}\"", *ph)).get(letter) == simdjson::SUCCESS &&
                     plan.part[EventFields::Ph].valid(letter);
    }
    if (every_letter) plan.part[EventFields::Ph] = schema::SchemaPart();
    const PhaseSchema& phase = s.phases.emplace_back(PhaseSchema{p.name, std::move(*c), std::move(plan)});
    for (const char* ph = p.phs; *ph; ++ph) s.by_ph[static_cast<unsigned char>(*ph)] = &phase;
  }
  const std::string kineto_path = dir + "/kineto.schema.json";
  const schema::SchemaFile kineto = schema::load_schema_file(kineto_path);
  for (const char* key : {"schemaVersion",
                          "deviceProperties",
                          "computeProperties",
                          "distributedInfo",
                          "cupti_version",
                          "cuda_runtime_version",
                          "cuda_driver_version",
                          "hip_version",
                          "rocm_version",
                          "with_flops",
                          "with_modules",
                          "record_shapes",
                          "profile_memory",
                          "with_stack",
                          "trace_id",
                          "host_name",
                          "traceName",
                          "displayTimeUnit",
                          "baseTimeNanoseconds",
                          "INFO",
                          "WARNING"}) {
    std::optional<schema::CompiledSchema> c;
    if (!part_into(kineto, kineto_path, std::string("/properties/") + key, c, s.error)) return s;
    s.members.emplace(key, std::move(*c));
  }
  return s;
}

const ChromeSchemas& chrome_schemas() {
  static const ChromeSchemas schemas = load();
  return schemas;
}

// The phase a "ph" names (one ASCII character of a phase's), else null.
const PhaseSchema* phase_of(const ChromeSchemas& s, std::string_view ph) {
  return ph.size() == 1 && static_cast<unsigned char>(ph[0]) < 128 ? s.by_ph[static_cast<unsigned char>(ph[0])]
                                                                   : nullptr;
}

// The schema of an event: its phase's when "ph" names one (and that
// phase's events/ file stem in `phase`), else event.schema.json.
const schema::CompiledSchema& schema_of(const ChromeSchemas& s, simdjson::dom::element event, std::string_view& ph,
                                        const char*& phase) {
  const PhaseSchema* named = event["ph"].get(ph) == simdjson::SUCCESS ? phase_of(s, ph) : nullptr;
  if (!named) {
    phase = nullptr;
    return *s.any_event;
  }
  phase = named->name;
  return named->schema;
}

}  // namespace

bool ChromeSchemaChecker::loaded(const std::string* file) {
  const ChromeSchemas& s = chrome_schemas();
  if (s.error.empty()) return true;
  if (!load_reported_) {
    load_reported_ = true;
    reporter_.report("schema-invalid", {file ? *file : std::string(), 1, 1},
                     "the Chrome trace schemas cannot be loaded, so no event was checked against them: " + s.error,
                     "chrome_trace", {}, "set TRACECHECK_SCHEMA_DIR to the schemas/ folder of tracecheck");
  }
  return false;
}

bool ChromeSchemaChecker::passes(const EventKeys& keys, simdjson::dom::element event) {
  const ChromeSchemas& s = chrome_schemas();
  if (!s.error.empty()) return false;
  const EventFields& f = keys.fields;
  std::string_view ph;
  // schema_of's choice, from the fields: "ph" is there once.
  const PhaseSchema* named = !keys.others && f.has(EventFields::Ph) &&
                                     f.value[EventFields::Ph].get(ph) == simdjson::SUCCESS
                                 ? phase_of(s, ph)
                                 : nullptr;
  // A plan's no is exact too, but rare: the validation below says it.
  if (named && named->plan.usable && named->plan.admits(f.present, f.value)) return true;
  const char* phase;
  return schema_of(s, event, ph, phase).validate(event);
}

void ChromeSchemaChecker::validate_event(const ChromeEvent& event) {
  facts_.clear();
  if (!loaded(event.file) || event.prechecked) return;
  const ChromeSchemas& s = chrome_schemas();
  std::string_view ph;
  const schema::CompiledSchema* schema = &schema_of(s, event.value, ph, phase_);
  simdjson::dom::element element = event.value;
  // A valid event (nearly all of them) costs the validation only: names
  // and messages are built for invalid ones.
  if (schema->validate(element)) [[likely]]
    return;
  ph_ = std::string(ph);
  errors_.clear();
  schema->validate(element, &errors_, 50);
  for (schema::SchemaError& e : errors_) facts_.add(std::move(e));
}

void ChromeSchemaChecker::report_event(const ChromeEvent& event) {
  if (facts_.empty()) return;
  const ChromeSchemas& s = chrome_schemas();
  const std::string file =
      phase_ ? fmt::format("chrome_trace/events/{}.schema.json", phase_) : "chrome_trace/event.schema.json";
  const std::string kind = phase_ ? fmt::format("{} event (ph {})", phase_, ph_) : "event";
  const std::string base = event.pointer();
  for (const SchemaFacts::Fact& f : facts_.facts()) {
    if (f.claimed) continue;
    const schema::SchemaError& e = f.error;
    size_t at = json::locate_json_pointer(event.text, e.instance_pointer);
    json::JsonPosition pos = position_in(event.text, event.pos, at == std::string::npos ? 0 : at);
    diag::Location where{event.file ? *event.file : std::string(), pos.line, pos.column};
    std::string schema_at = display_schema_path(e.schema_path, s.root, file);
    if (f.unknown_key)
      reporter_.report(schema_finding("schema-unknown-key", std::move(where),
                                      unknown_key_message("the " + kind, e, schema_at), kind,
                                      base + e.instance_pointer, kUnknownKeyHint));
    else
      reporter_.report(schema_finding("ct-field-value", std::move(where), violation_message(e, schema_at), kind,
                                      base + e.instance_pointer, kViolationHint));
  }
  facts_.clear();
}

void ChromeSchemaChecker::validate_member(const ChromeMember& member, const std::string& file) {
  facts_.clear();
  if (!loaded(&file)) return;
  const ChromeSchemas& s = chrome_schemas();
  auto it = s.members.find(member.key);
  // A top-level member the schema does not list is user metadata
  // (torch.profiler's add_metadata / add_metadata_json write any key there),
  // not drift: only the members Kineto itself writes are checked.
  if (it == s.members.end()) return;
  if (!member.parsed || it->second.validate(member.value)) return;
  errors_.clear();
  it->second.validate(member.value, &errors_, 50);
  for (schema::SchemaError& e : errors_) facts_.add(std::move(e), member.key);
}

void ChromeSchemaChecker::report_member(const ChromeMember& member, const std::string& file) {
  if (facts_.empty()) return;
  const ChromeSchemas& s = chrome_schemas();
  const std::string pointer = "/" + member.key;  // keys with '~' or '/' are never known ones
  for (const SchemaFacts::Fact& f : facts_.facts()) {
    if (f.claimed) continue;
    const schema::SchemaError& e = f.error;
    size_t at = json::locate_json_pointer(member.text, e.instance_pointer);
    json::JsonPosition pos = position_in(member.text, member.pos, at == std::string::npos ? 0 : at);
    diag::Location where{file, pos.line, pos.column};
    std::string schema_at = display_schema_path(e.schema_path, s.root, "chrome_trace/kineto.schema.json");
    if (f.unknown_key)
      reporter_.report(schema_finding("schema-unknown-key", std::move(where),
                                      unknown_key_message("the trace's " + member.key, e, schema_at), "kineto",
                                      pointer + e.instance_pointer, kUnknownKeyHint));
    else
      reporter_.report(schema_finding("kt-metadata-schema", std::move(where), violation_message(e, schema_at),
                                      "kineto", pointer + e.instance_pointer, kViolationHint));
  }
  facts_.clear();
}

}  // namespace tc::formats::chrome_trace
