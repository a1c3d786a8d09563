#include "formats/torch_trace/records.h"

#include <nlohmann/json.hpp>

namespace tc::formats::torch_trace {

std::vector<formats::Record> torch_trace_records(const std::vector<std::string>& lines) {
  using ojson = nlohmann::ordered_json;
  std::vector<formats::Record> out;
  for (const std::string& line : lines) {
    if (!line.starts_with("{")) {
      if (out.empty()) out.push_back({"?", "", "-", "", {}});
      out.back().payload.push_back(line);
      continue;
    }
    formats::Record r{"?", "", "-", line, {}};
    ojson j = ojson::parse(line, nullptr, false);
    if (!j.is_discarded() && j.is_object() && !j.empty()) {
      r.kind = j.begin().key();
      const ojson& body = j.begin().value();
      if (r.kind == "artifact" && body.is_object() && body.contains("name") && body["name"].is_string())
        r.name = body["name"].get<std::string>();
      auto num = [&](const char* k) -> std::string {
        return j.contains(k) && j[k].is_number_integer() ? std::to_string(j[k].get<long long>()) : "";
      };
      std::string frame = num("frame_id"), compile = num("frame_compile_id"), attempt = num("attempt");
      if (!frame.empty() && !compile.empty())
        r.scope = frame + "/" + compile + (attempt.empty() || attempt == "0" ? "" : "_" + attempt);
    }
    out.push_back(std::move(r));
  }
  return out;
}

bool torch_trace_owns_section(std::string_view label) {
  return label == "log" || label.starts_with("log_") || label.starts_with("rank_");
}

}  // namespace tc::formats::torch_trace
