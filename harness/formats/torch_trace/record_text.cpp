#include "formats/torch_trace/record_text.h"

#include "json/python_dump.h"
#include "formats/torch_trace/python_text.h"

namespace tc::formats::torch_trace {

void render_record(const json::Value& metadata, std::string& out) {
  json::python_dump(metadata, out);
  out += '\n';
}

void render_record_with_payload(const json::Value& metadata, std::string_view payload, std::string& out) {
  json::python_dump(metadata, out);
  out += '\n';
  append_rstripped_lines(payload, out);
  out += '\n';
}

void render_payload(std::string_view payload, std::string& out) {
  out += python_strip(payload);
  out += '\n';
}

}  // namespace tc::formats::torch_trace
