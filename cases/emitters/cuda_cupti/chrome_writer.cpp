#include "chrome_writer.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace cupti_trace {
namespace {

// NVTX start/end pairs become host activities; instants stay markers.
std::vector<std::string> pair_markers(std::vector<Marker> markers, std::vector<Activity>& ranges,
                                      std::vector<Marker>& instants) {
  std::vector<std::string> problems;
  std::stable_sort(markers.begin(), markers.end(), [](const Marker& a, const Marker& b) { return a.ts_ns < b.ts_ns; });
  std::map<uint32_t, Marker> open;  // by id
  for (Marker& m : markers) {
    switch (m.kind) {
      case Marker::Kind::Instant:
        instants.push_back(std::move(m));
        break;
      case Marker::Kind::Start:
        open[m.id] = std::move(m);
        break;
      case Marker::Kind::End: {
        auto it = open.find(m.id);
        if (it == open.end()) {
          problems.push_back("NVTX end marker " + std::to_string(m.id) + " without its start: left out");
          break;
        }
        Activity a;
        a.name = std::move(it->second.name);
        a.cat = "user_annotation";
        a.start_ns = it->second.ts_ns;
        a.end_ns = m.ts_ns;
        a.thread = it->second.thread;
        ranges.push_back(std::move(a));
        open.erase(it);
        break;
      }
    }
  }
  for (const auto& [id, m] : open)
    problems.push_back("NVTX range " + json_string(m.name) + " (id " + std::to_string(id) + ") never ended: left out");
  return problems;
}

uint32_t pid_of(const Activity& a, uint32_t host_pid) { return a.side == Activity::Side::Gpu ? a.device : host_pid; }
uint32_t tid_of(const Activity& a) { return a.side == Activity::Side::Gpu ? a.stream : a.thread; }

void write_metadata(std::ostream& out, const char* what, uint32_t pid, uint32_t tid, const std::string& name) {
  out << "{\"ph\": \"M\", \"name\": \"" << what << "\", \"pid\": " << pid << ", \"tid\": " << tid
      << ", \"args\": {\"name\": " << json_string(name) << "}}";
}

void write_device(std::ostream& out, const DeviceProperties& d) {
  out << "{\"id\": " << d.id << ", \"name\": " << json_string(d.name) << ", \"totalGlobalMem\": " << d.total_global_mem
      << ", \"computeMajor\": " << d.compute_major << ", \"computeMinor\": " << d.compute_minor
      << ", \"maxThreadsPerBlock\": " << d.max_threads_per_block
      << ", \"maxThreadsPerMultiprocessor\": " << d.max_threads_per_sm << ", \"regsPerBlock\": " << d.regs_per_block
      << ", \"regsPerMultiprocessor\": " << d.regs_per_sm << ", \"warpSize\": " << d.warp_size
      << ", \"sharedMemPerBlock\": " << d.shared_mem_per_block
      << ", \"sharedMemPerMultiprocessor\": " << d.shared_mem_per_sm << ", \"numSms\": " << d.num_sms
      << ", \"sharedMemPerBlockOptin\": " << d.shared_mem_per_block_optin << "}";
}

}  // namespace

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string micros(uint64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%llu.%03llu", static_cast<unsigned long long>(ns / 1000),
                static_cast<unsigned long long>(ns % 1000));
  return buf;
}

std::vector<std::string> write_chrome_trace(std::ostream& out, const Collected& c) {
  std::vector<Activity> events;
  std::vector<Marker> instants;
  std::vector<std::string> problems = pair_markers(c.markers, events, instants);
  for (const Activity& a : c.activities) {
    if (a.start_ns == 0) {  // CUPTI: 0 means the timestamp could not be collected
      problems.push_back(a.cat + " " + json_string(a.name) + " has no timestamp: left out");
      continue;
    }
    events.push_back(a);
  }
  std::stable_sort(events.begin(), events.end(),
                   [](const Activity& a, const Activity& b) { return a.start_ns < b.start_ns; });

  uint64_t origin = UINT64_MAX;
  for (const Activity& a : events) origin = std::min(origin, a.start_ns);
  for (const Marker& m : instants) origin = std::min(origin, m.ts_ns);
  auto ts = [&](uint64_t ns) { return micros(ns >= origin ? ns - origin : 0); };

  // Flows: correlation ids both a runtime call and a GPU activity carry; the
  // first GPU activity (in start order) of an id is the flow's end.
  std::set<uint32_t> runtime_ids, flow_ids;
  for (const Activity& a : events)
    if (a.side == Activity::Side::Host && a.cat == "cuda_runtime" && a.correlation) runtime_ids.insert(a.correlation);
  for (const Activity& a : events)
    if (a.side == Activity::Side::Gpu && runtime_ids.count(a.correlation)) flow_ids.insert(a.correlation);
  std::set<uint32_t> flow_started, flow_ended;

  out << "{\"traceEvents\": [\n";
  bool first = true;
  auto next = [&]() -> std::ostream& {
    if (!first) out << ",\n";
    first = false;
    return out;
  };

  std::set<std::pair<uint32_t, uint32_t>> threads;  // (pid, tid)
  std::set<uint32_t> devices;
  for (const Activity& a : events) threads.insert({pid_of(a, c.host_pid), tid_of(a)});
  for (const Marker& m : instants) threads.insert({c.host_pid, m.thread});
  for (const Activity& a : events)
    if (a.side == Activity::Side::Gpu) devices.insert(a.device);
  write_metadata(next(), "process_name", c.host_pid, 0, "host");
  for (uint32_t d : devices) write_metadata(next(), "process_name", d, 0, "GPU " + std::to_string(d));
  for (const auto& [pid, tid] : threads) {
    bool gpu = devices.count(pid) && pid != c.host_pid;
    write_metadata(next(), "thread_name", pid, tid, (gpu ? "stream " : "thread ") + std::to_string(tid));
  }

  for (const Activity& a : events) {
    uint32_t pid = pid_of(a, c.host_pid), tid = tid_of(a);
    next() << "{\"ph\": \"X\", \"cat\": " << json_string(a.cat) << ", \"name\": " << json_string(a.name)
           << ", \"pid\": " << pid << ", \"tid\": " << tid << ", \"ts\": " << ts(a.start_ns)
           << ", \"dur\": " << micros(a.end_ns > a.start_ns ? a.end_ns - a.start_ns : 0) << ", \"args\": {";
    for (size_t i = 0; i < a.args.size(); ++i)
      out << (i ? ", " : "") << json_string(a.args[i].first) << ": " << a.args[i].second;
    out << "}}";
    if (!flow_ids.count(a.correlation)) continue;
    bool source = a.side == Activity::Side::Host;
    if (!(source ? flow_started : flow_ended).insert(a.correlation).second) continue;
    next() << "{\"ph\": \"" << (source ? "s" : "f") << "\", \"id\": " << a.correlation << ", \"pid\": " << pid
           << ", \"tid\": " << tid << ", \"ts\": " << ts(a.start_ns) << ", \"cat\": \"ac2g\", \"name\": \"ac2g\""
           << (source ? "" : ", \"bp\": \"e\"") << "}";
  }
  for (const Marker& m : instants)
    next() << "{\"ph\": \"i\", \"s\": \"t\", \"cat\": \"user_annotation\", \"name\": " << json_string(m.name)
           << ", \"pid\": " << c.host_pid << ", \"tid\": " << m.thread << ", \"ts\": " << ts(m.ts_ns) << "}";

  out << "\n],\n\"deviceProperties\": [";
  for (size_t i = 0; i < c.devices.size(); ++i) {
    out << (i ? ",\n" : "\n");
    write_device(out, c.devices[i]);
  }
  out << "],\n\"displayTimeUnit\": \"ms\"}\n";
  return problems;
}

Activity gpu_activity(std::string name, const char* cat, uint64_t start_ns, uint64_t end_ns, uint32_t device,
                      uint32_t stream, uint32_t correlation) {
  Activity a;
  a.side = Activity::Side::Gpu;
  a.name = std::move(name);
  a.cat = cat;
  a.start_ns = start_ns;
  a.end_ns = end_ns;
  a.device = device;
  a.stream = stream;
  a.correlation = correlation;
  a.args = {{"device", std::to_string(device)}, {"stream", std::to_string(stream)},
            {"correlation", std::to_string(correlation)}};
  return a;
}

}  // namespace cupti_trace
