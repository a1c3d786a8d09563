// Kineto's extras on top of the Chrome format (../shared/spec/formats.md §2): the
// top-level deviceProperties and distributedInfo, "External id" links from
// GPU-side events (kernels, memcpys, runtime calls, GPU annotations) back to
// a cpu_op or user_annotation, "Record function id" types, the
// ProfilerStep#N sequence, and baseTimeNanoseconds for relative timestamps.
//
// Contract: driven by ChromeChecker (member, event, finish); every finding is
// a kt-* rule and a warning by default (HTA and Chakra read such traces, but
// join or label them wrongly). Memory: CPU-side External ids (small dense
// integers in Kineto) are one bit each below kDenseIds, 8 bytes otherwise;
// a GPU-side event is stored only while its id is not yet seen on the CPU
// side (24 bytes); each list is capped at kMaxIds (checks stop beyond).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diag/reporter.h"
#include "formats/chrome_trace/fields.h"
#include "formats/chrome_trace/reader.h"
#include "formats/huge_pages.h"
#include "formats/schema_findings.h"

namespace tc::formats::chrome_trace {

class KinetoChecker {
 public:
  static constexpr size_t kMaxIds = size_t{1} << 17;

  KinetoChecker(diag::Reporter& reporter, std::string file) : reporter_(reporter), file_(std::move(file)) {}

  // `facts`: the member's schema failures, which its findings claim.
  void member(const ChromeMember& m, SchemaFacts* facts = nullptr);
  // `f`: e's members, indexed by ChromeChecker.
  void event(const ChromeEvent& e, const EventFields& f, char ph, std::string_view name, std::string_view cat,
             double ts);
  void finish(const ChromeReadInfo& info);

  // Whether the trace is a Kineto (torch.profiler) export, the kind HTA
  // reads: it has Kineto's top-level "schemaVersion", or an X event of one
  // of Kineto's activity categories (cpu_op, user_annotation, kernel,
  // gpu_memcpy, cuda_runtime, ...; the 2021 names Operator, Kernel, Runtime,
  // Memcpy, Memset), which a bare array cut from a Kineto trace keeps. The
  // legacy autograd export (no cat) and other emitters' traces are not.
  bool is_kineto() const { return kineto_ || kineto_events_; }

 private:
  struct Ref {  // 24 bytes: one per GPU-side event
    int64_t id;
    uint32_t line, column;  // saturated at 2^32-1
    uint64_t index;
  };
  struct Step {
    double ts;
    int64_t n;
    uint64_t line, column;
    uint64_t index;
  };
  // `claim`: the member's schema failure this finding is about ("deviceProperties/0/id"), if any.
  void report(std::string_view rule, uint64_t line, uint64_t column, std::string message, std::string pointer,
              std::string hint = {}, std::string_view claim = {});
  void check_member(const ChromeMember& m);

  diag::Reporter& reporter_;
  std::string file_;
  SchemaFacts* facts_ = nullptr;  // the current member's, while member() runs
  bool kineto_ = false;  // schemaVersion seen: a Kineto export
  bool kineto_events_ = false;  // an X event of a Kineto activity category seen
  bool device_properties_ = false, distributed_info_ = false, base_time_ = false;
  bool gpu_activity_ = false, collectives_ = false, fractional_ts_ = false;
  uint64_t first_gpu_line_ = 1, first_gpu_column_ = 1, first_collective_line_ = 1, first_collective_column_ = 1;
  static constexpr int64_t kDenseIds = int64_t{1} << 27;  // a 16 MiB bitmap at most
  bool cpu_id_seen(int64_t id, bool sorted) const;
  // Bit per id in [0, kDenseIds); in huge pages once past 2 MiB, since its
  // doublings as the ids grow would otherwise fault in fresh pages by the
  // thousand (a quarter of the page faults of a 1 GiB GPU trace).
  std::vector<bool, HugePageAllocator<bool>> cpu_dense_;
  std::vector<int64_t> cpu_sparse_;  // the others
  std::vector<Ref> gpu_refs_;        // not yet resolved
  std::vector<Step> steps_;
};

}  // namespace tc::formats::chrome_trace
