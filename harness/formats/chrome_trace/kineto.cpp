#include "formats/chrome_trace/kineto.h"

#include <algorithm>
#include <cmath>

#include "io/same_bytes.h"
#include "json/tape.h"

namespace tc::formats::chrome_trace {
namespace {

// What Kineto's categories mean to these checks, found once per X event
// (each of its categories was a chain of string compares before).
enum CatSide : unsigned {
  kCpuSide = 1,      // an op or annotation on the CPU: it owns External ids
  kGpuSide = 2,      // runtime, driver or GPU work: it refers to them
  kGpuActivity = 4,  // work on the GPU itself
  kCollective = 8,
};

unsigned cat_side(std::string_view cat) {
  struct Cat {
    std::string_view name;
    unsigned side;
  };
  static constexpr Cat kCats[] = {
      {"cpu_op", kCpuSide},
      {"user_annotation", kCpuSide},
      {"Operator", kCpuSide},
      {"kernel", kGpuSide | kGpuActivity},
      {"gpu_memcpy", kGpuSide | kGpuActivity},
      {"gpu_memset", kGpuSide | kGpuActivity},
      {"cuda_runtime", kGpuSide},
      {"cuda_driver", kGpuSide},
      {"gpu_user_annotation", kGpuSide},
      {"Kernel", kGpuSide | kGpuActivity},
      {"Memcpy", kGpuSide | kGpuActivity},
      {"Memset", kGpuSide | kGpuActivity},
      {"Runtime", kGpuSide},
      {"collective_comm", kCollective},
  };
  for (const Cat& c : kCats)
    if (io::same_bytes(c.name, cat)) return c.side;
  return 0;
}

// "ProfilerStep#12" -> 12; -1 when the suffix is not a number.
int64_t step_number(std::string_view name) {
  std::string_view digits = name.substr(std::string_view("ProfilerStep#").size());
  if (digits.empty() || digits.size() > 18) return -1;
  int64_t n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

// Dense ids are looked up at once; sparse ones only in finish(), once cpu_sparse_ is sorted.
bool KinetoChecker::cpu_id_seen(int64_t id, bool sorted) const {
  if (id >= 0 && id < kDenseIds)
    return static_cast<size_t>(id) < cpu_dense_.size() && cpu_dense_[static_cast<size_t>(id)];
  return sorted && std::binary_search(cpu_sparse_.begin(), cpu_sparse_.end(), id);
}

void KinetoChecker::report(std::string_view rule, uint64_t line, uint64_t column, std::string message,
                           std::string pointer, std::string hint, std::string_view claim) {
  // A member's finding claims the schema failure at the path it names, if any.
  const bool breaks_schema = facts_ && !claim.empty() && facts_->claim(claim);
  if (reporter_.count_if_full(rule, file_)) return;  // counted; nobody would see the details
  diag::Diagnostic d =
      diag::make_diagnostic(rule, {file_, line, column}, std::move(message), "kineto", std::move(pointer), std::move(hint));
  d.breaks_schema = breaks_schema;
  reporter_.report(std::move(d));
}

void KinetoChecker::member(const ChromeMember& m, SchemaFacts* facts) {
  facts_ = facts;
  check_member(m);
  facts_ = nullptr;
}

void KinetoChecker::check_member(const ChromeMember& m) {
  if (m.key == "schemaVersion") kineto_ = true;
  if (m.key == "baseTimeNanoseconds") base_time_ = true;
  if (m.key == "computeProperties") device_properties_ = true;  // the 2021 name
  if (m.key == "deviceProperties") {
    device_properties_ = true;
    if (!m.parsed) return;
    simdjson::dom::array devices;
    bool ok = m.value.get_array().get(devices) == simdjson::SUCCESS;
    std::string claim = ok ? std::string() : std::string("deviceProperties");  // the schema's failure, if any
    if (ok) {
      size_t i = 0;
      for (simdjson::dom::element d : devices) {
        int64_t id;
        std::string_view name;
        const std::string at = "deviceProperties/" + std::to_string(i++);
        if (!d.is_object()) {
          ok = false;
          if (claim.empty()) claim = at;
        } else if (d["id"].get_int64().get(id) != simdjson::SUCCESS) {
          ok = false;
          if (claim.empty()) claim = at + "/id";
        } else if (d["name"].get_string().get(name) != simdjson::SUCCESS) {
          ok = false;
        }
      }
    }
    if (!ok)
      report("kt-device-properties", m.pos.line, m.pos.column,
             "deviceProperties is not an array of objects with an integer \"id\" and a string \"name\"",
             "/deviceProperties", {}, claim);
  }
  if (m.key == "distributedInfo") {
    distributed_info_ = true;
    if (!m.parsed) return;
    simdjson::dom::object info;
    int64_t rank;
    if (m.value.get_object().get(info) != simdjson::SUCCESS ||
        info["rank"].get_int64().get(rank) != simdjson::SUCCESS) {
      report("kt-distributed-info", m.pos.line, m.pos.column, "distributedInfo has no integer \"rank\"",
             "/distributedInfo", "HTA takes the rank from it and falls back to 0 with a warning",
             m.value.is_object() ? std::string_view() : std::string_view("distributedInfo"));
      return;
    }
    simdjson::dom::element ws;
    int64_t world;
    if (info["world_size"].get(ws) == simdjson::SUCCESS &&
        (ws.get_int64().get(world) != simdjson::SUCCESS || rank < 0 || rank >= world))
      report("kt-distributed-info", m.pos.line, m.pos.column, "distributedInfo's rank is not inside 0..world_size-1",
             "/distributedInfo");
  }
}

void KinetoChecker::event(const ChromeEvent& e, const EventFields& f, char ph, std::string_view name,
                          std::string_view cat, double ts) {
  if (!fractional_ts_ && !is_integral(ts)) fractional_ts_ = true;
  if (ph != 'X' || cat.empty()) return;
  const unsigned side = cat_side(cat);
  if (!kineto_events_ && (side & (kCpuSide | kGpuSide))) kineto_events_ = true;
  simdjson::dom::object args;
  bool has_args = f.get_object(EventFields::Args, args);
  if ((side & kGpuActivity) && !gpu_activity_) {
    gpu_activity_ = true;
    first_gpu_line_ = e.pos.line, first_gpu_column_ = e.pos.column;
  }
  if (!collectives_ && ((side & kCollective) || io::same_bytes(name, "record_param_comms"))) {
    collectives_ = true;
    first_collective_line_ = e.pos.line, first_collective_column_ = e.pos.column;
  }
  if (has_args) {
    // The first "Record function id" and "External id" (as a lookup finds
    // each), from one walk over args.
    simdjson::dom::element rf_value, v;
    bool has_rf = false, has_ext = false;
    json::for_each_member(args, [&](std::string_view key, simdjson::dom::element value) {
      if (!has_rf && io::same_bytes(key, "Record function id")) {
        rf_value = value;
        has_rf = true;
      } else if (!has_ext && io::same_bytes(key, "External id")) {
        v = value;
        has_ext = true;
      }
      return !(has_rf && has_ext);
    });
    if (has_rf) {
      int64_t rf;
      if (rf_value.get_int64().get(rf) != simdjson::SUCCESS || rf < 0)
        report("kt-record-function-id", e.pos.line, e.pos.column,
               "\"Record function id\" is not a non-negative integer", e.pointer() + "/args/Record function id",
               "the execution trace joins on it (rf_id)");
    }
    int64_t ext;
    if (has_ext && v.get_int64().get(ext) == simdjson::SUCCESS) {
      if (side & kCpuSide) {
        if (ext >= 0 && ext < kDenseIds) {
          if (static_cast<size_t>(ext) >= cpu_dense_.size())
            cpu_dense_.resize(std::max<size_t>(ext + 1, cpu_dense_.size() * 2));
          cpu_dense_[static_cast<size_t>(ext)] = true;
        } else if (cpu_sparse_.size() < kMaxIds) {
          cpu_sparse_.push_back(ext);
        }
      }
      auto u32 = [](uint64_t v) { return static_cast<uint32_t>(std::min<uint64_t>(v, UINT32_MAX)); };
      if ((side & kGpuSide) && !cpu_id_seen(ext, false) && gpu_refs_.size() < kMaxIds)
        gpu_refs_.push_back({ext, u32(e.pos.line), u32(e.pos.column), e.index});
    }
  }
  if ((side & kCpuSide) && is_profiler_step(name))
    steps_.push_back({ts, step_number(name), e.pos.line, e.pos.column, e.index});
}

void KinetoChecker::finish(const ChromeReadInfo& info) {
  if (!info.complete) return;
  bool object_form = info.container == json::JsonContainer::Object;
  if (gpu_activity_ && object_form && !device_properties_)
    report("kt-device-properties", first_gpu_line_, first_gpu_column_, "GPU activity but no top-level deviceProperties",
           "", "Kineto writes deviceProperties whenever it traced a GPU; HTA reads SM counts from it");
  if (collectives_ && !distributed_info_)
    report("kt-distributed-info", first_collective_line_, first_collective_column_,
           "collective operations but no top-level distributedInfo", "",
           "HTA and Chakra take the rank from distributedInfo");
  if (kineto_ && fractional_ts_ && !base_time_)
    report("kt-base-time", 1, 1, "fractional timestamps without baseTimeNanoseconds", "",
           "HTA converts to wall time with baseTimeNanoseconds (KeyError without it)");

  // Every GPU-side External id names a CPU op or annotation of the trace.
  std::sort(cpu_sparse_.begin(), cpu_sparse_.end());
  size_t dangling = 0;
  for (const Ref& r : gpu_refs_) {
    if (cpu_id_seen(r.id, true)) continue;
    if (++dangling > 200) break;
    report("kt-external-id", r.line, r.column,
           "\"External id\" " + std::to_string(r.id) + " names no cpu_op or user_annotation",
           (object_form ? "/traceEvents/" : "/") + std::to_string(r.index) + "/args/External id",
           "HTA and Chakra join GPU work to its CPU op on this id");
  }

  // ProfilerStep#N: numbered N, N+1, ... in time order.
  std::stable_sort(steps_.begin(), steps_.end(), [](const Step& a, const Step& b) { return a.ts < b.ts; });
  for (size_t i = 0; i < steps_.size(); ++i) {
    const Step& s = steps_[i];
    std::string pointer = (object_form ? "/traceEvents/" : "/") + std::to_string(s.index) + "/name";
    if (s.n < 0) {
      report("kt-profiler-step", s.line, s.column, "a ProfilerStep# annotation without a step number", pointer);
    } else if (i > 0 && steps_[i - 1].n >= 0 && s.n != steps_[i - 1].n + 1) {
      report("kt-profiler-step", s.line, s.column,
             "ProfilerStep#" + std::to_string(s.n) + " follows ProfilerStep#" + std::to_string(steps_[i - 1].n) +
                 " (expected #" + std::to_string(steps_[i - 1].n + 1) + ")",
             pointer, "HTA numbers iterations from these names");
    }
  }
}

}  // namespace tc::formats::chrome_trace
