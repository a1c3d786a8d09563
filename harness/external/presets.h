// The external parsers tracecheck knows by name, for a case's
// "external_parsers" list.
//
//   tlparse  tlparse -o {tmp} --overwrite --no-browser --strict {artifact}
//            on TORCH_TRACE logs; the program is $TRACECHECK_TLPARSE, else
//            tlparse on PATH. It predicts our tlparse profile's errors.
//   ajv      ajv-cli 5 (npm) in strict mode, validating a whole Chrome trace
//            against schemas/chrome_trace/trace.schema.json and the event
//            schemas it names; the program is $TRACECHECK_AJV, else ajv on
//            PATH, else the copy ci/install-deps.sh puts in
//            ${XDG_CACHE_HOME:-~/.cache}/tracecheck/npm. ajv-cli needs an "$id"
//            on every referenced schema and a ".json" data file, so prepare
//            writes both into {tmp} (a decompressed copy when gzipped).
//            Its rejection is predicted by our JSON-level errors and by any
//            schema finding inside the events (the document schema leaves
//            top-level members open, as the Chrome spec does).
//
// A preset reads the files of one format, the one that lists it (formats/
// format.h Format::external_parsers); the caller says which (PresetTarget),
// so nothing here names a format. A preset whose program is missing is "not
// run" and find_preset() says why.
#pragma once

#include <optional>
#include <string>

#include "external/parser.h"

namespace tc::external {

// The format whose files a preset reads.
struct PresetTarget {
  std::string format;     // its id (ExternalParser::format); its schemas are schemas/<format>/
  std::string array_key;  // the top-level member holding its events (Format::streamed_array)
};

// The preset called `name` for files of `target`, or nullopt with `why_not`
// set ("tlparse is not on PATH and TRACECHECK_TLPARSE is not set", "unknown
// external parser 'x'").
std::optional<ExternalParser> find_preset(const std::string& name, const PresetTarget& target,
                                          std::string& why_not);

// ajv's prepare step, exposed for tests: the schema bundle of `schema_dir`
// (trace.schema.json, event.schema.json, events/) under `tmp`/schemas and
// the data file `tmp`/<name>.json.
bool prepare_ajv_inputs(const std::string& schema_dir, const std::string& tmp, std::string& artifact,
                        std::string& error);

// Whether our finding `d` means ajv must reject the file, whose events are
// the array `array_key` of the object form, or the bare array.
bool ajv_rejects_on(const diag::Diagnostic& d, const std::string& array_key);

}  // namespace tc::external
