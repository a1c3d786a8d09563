#include "formats/joins/execution_trace_kineto.h"

#include <simdjson.h>

#include <map>
#include <string_view>

#include "io/input_source.h"
#include "json/array_stream.h"

namespace tc::formats::joins {
namespace {

struct Where {
  std::string file;
  json::JsonPosition pos;
  std::string pointer;
  std::string what;  // "node 17" or "cpu_op event aten::add"
};

}  // namespace

bool check_kineto_join(const std::string& et_file, const std::vector<RecordFunctionSite>& et_sites,
                       const std::string& kineto_file, diag::Reporter& reporter, std::string& io_error) {
  // id -> where it occurs, per side (a multiset: ids may repeat).
  std::map<int64_t, std::vector<Where>> et_ids, kineto_ids;
  for (const RecordFunctionSite& site : et_sites) et_ids[site.rf_id].push_back({et_file, site.pos, site.pointer, site.what});
  simdjson::dom::parser parser;
  json::JsonStreamOptions options;
  options.array_key = "traceEvents";
  auto on_batch = [&](std::span<const json::JsonElement> batch) {
    for (const json::JsonElement& el : batch) {
      simdjson::dom::element e;
      if (parser.parse(el.text.data(), el.text.size(), false).get(e) || !e.is_object()) continue;
      std::string_view cat, name;
      if (e["cat"].get(cat) || (cat != "cpu_op" && cat != "user_annotation")) continue;
      if (e["name"].get(name)) name = "?";
      int64_t id = -1;
      if (auto r = e["args"]["Record function id"]; !r.error()) {
        if (r.get(id)) id = -1;
      }
      kineto_ids[id].push_back({kineto_file, el.pos, "/traceEvents/" + std::to_string(el.index),
                                std::string(cat) + " event " + std::string(name)});
    }
    return true;
  };
  // The consumers' JSON parsers keep the last of a repeated "traceEvents":
  // when it repeats, the file is read again for that array (not stdin,
  // which reads once).
  for (uint64_t pass = 0; pass < 2; ++pass) {
    std::string why;
    std::unique_ptr<io::InputSource> in = io::open_input(kineto_file, why);
    if (!in) {
      io_error = why;
      return false;
    }
    kineto_ids.clear();
    json::JsonStreamResult result = json::stream_json_array(*in, options, on_batch, nullptr);
    if (!result.ok()) {
      if (result.error.kind == json::JsonStreamErrorKind::Io && !in->data_error()) {
        io_error = kineto_file + ": " + in->error();
        return false;
      }
      return true;
    }
    if (result.key_arrays <= 1 || io::reads_once(kineto_file) || pass) break;
    options.array_occurrence = result.key_arrays;
  }
  auto surplus = [&](const std::map<int64_t, std::vector<Where>>& mine,
                     const std::map<int64_t, std::vector<Where>>& theirs, const char* mine_name,
                     const char* their_name) {
    for (const auto& [id, places] : mine) {
      auto it = theirs.find(id);
      size_t have = it == theirs.end() ? 0 : it->second.size();
      for (size_t k = have; k < places.size(); ++k) {
        const Where& w = places[k];
        reporter.report("et-kineto-rf-id", {w.file, w.pos.line, w.pos.column},
                        "rf_id " + std::to_string(id) + " of " + w.what + " in the " + mine_name + " trace " +
                            (have ? "occurs " + std::to_string(places.size()) + " times there but " +
                                        std::to_string(have) + " in the " + their_name + " trace"
                                  : std::string("has no match in the ") + their_name + " trace"),
                        "et-kineto-join", w.pointer);
      }
    }
  };
  surplus(et_ids, kineto_ids, "execution", "Kineto");
  surplus(kineto_ids, et_ids, "Kineto", "execution");
  return true;
}

}  // namespace tc::formats::joins
