// The canonical text of one scrubbed record: what PyTorch's structured-trace
// test handlers write for it (logging.StreamHandler adds the final "\n").
//
//  - record form (StructuredTraceTestingFormatter):
//      json.dumps(metadata) + "\n"
//    or, with a payload appended (the dump_file case):
//      json.dumps(metadata) + "\n" + "\n".join(l.rstrip() for l in payload.splitlines()) + "\n"
//  - payload form (StructuredTracePayloadFormatter): payload.strip() + "\n"
// json.dumps is json::python_dump (byte-identical, default arguments).
#pragma once

#include <string>
#include <string_view>

#include "json/value.h"

namespace tc::formats::torch_trace {

void render_record(const json::Value& metadata, std::string& out);
void render_record_with_payload(const json::Value& metadata, std::string_view payload, std::string& out);
void render_payload(std::string_view payload, std::string& out);

}  // namespace tc::formats::torch_trace
