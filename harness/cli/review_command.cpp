// tracecheck review [CASE...] [--accept-all | --reject-all]: shows each
// pending golden (TRACECHECK_UPDATE=pending, golden/pending_store.h) as a
// diff against the golden it would replace, then accepts or rejects it:
// interactively when stdin is a terminal, for all at once with
// --accept-all / --reject-all. Accepting writes the golden (and the raw
// artifacts the pending entry holds); under CI it is refused unless
// TRACECHECK_FORCE_UPDATE=1. Pending entries from live runs passed the
// stability check (two captures) when they were written.
// Exit: 0 when every entry shown was decided (or none is pending), 1 when
// some stay pending or an accept failed or was refused, 2 usage.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/exit_code.h"
#include "golden/accept_policy.h"
#include "golden/diff_color.h"
#include "golden/pending_store.h"
#include "golden/record_diff.h"
#include "io/file.h"
#include "report/judge.h"

namespace tc::cli {
namespace {

struct ReviewOptions {
  std::vector<std::string> cases;
  bool accept_all = false;
  bool reject_all = false;
  std::string work_dir;
  std::string diff = "records";
  std::string color = "auto";
};

void show(const golden::PendingEntry& e, size_t i, size_t n, const ReviewOptions& o) {
  auto old = io::read_file(e.golden_file);
  auto now = io::read_file(e.new_file);
  std::printf("pending %zu/%zu: %s  %s (from a %s run)\n    golden:  %s\n    pending: %s\n", i, n, e.case_name.c_str(),
              e.emitter.c_str(), e.source.c_str(), e.golden_file.c_str(), e.new_file.c_str());
  if (!old) {
    std::printf("    new golden (none exists yet)\n");
    return;
  }
  std::string d = golden::golden_diff(*old, now ? *now : "", e.golden_file, o.diff);
  if (d.empty()) d = "(only the header differs: the rule fingerprint or format version)\n";
  if (golden::use_color(o.color)) d = golden::colorize_diff(d);
  size_t start = 0;
  while (start < d.size()) {
    size_t end = d.find('\n', start);
    if (end == std::string::npos) end = d.size();
    std::printf("    | %.*s\n", static_cast<int>(end - start), d.data() + start);
    start = end + 1;
  }
}

int review(const ReviewOptions& o) {
  if (o.accept_all && o.reject_all) {
    std::fprintf(stderr, "tracecheck review: --accept-all and --reject-all exclude each other\n");
    return kExitUsage;
  }
  std::string work_root = o.work_dir.empty() ? report::default_work_root() : o.work_dir;
  std::string root = golden::pending_root(work_root);
  std::vector<golden::PendingEntry> entries;
  for (auto& e : golden::list_pending(root)) {
    bool wanted = o.cases.empty();
    for (const auto& c : o.cases) wanted |= c == e.case_name;
    if (wanted) entries.push_back(std::move(e));
  }
  if (entries.empty()) {
    std::printf("no pending goldens under %s\n", root.c_str());
    return kExitOk;
  }
  bool interactive = !o.accept_all && !o.reject_all && ::isatty(STDIN_FILENO) == 1;
  golden::AcceptDecision decision = golden::decide_mode(golden::UpdateMode::Always);
  size_t left = 0, failed = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    show(e, i + 1, entries.size(), o);
    char choice = o.accept_all ? 'a' : o.reject_all ? 'r' : 's';
    if (interactive) {
      for (;;) {
        std::printf("    [a]ccept, [r]eject, [s]kip, [q]uit? ");
        std::fflush(stdout);
        std::string answer;
        if (!std::getline(std::cin, answer)) answer = "q";
        if (!answer.empty() && std::string("arsq").find(answer[0]) != std::string::npos) {
          choice = answer[0];
          break;
        }
      }
      if (choice == 'q') {
        left += entries.size() - i;
        break;
      }
    }
    if (choice == 'a') {
      std::string error;
      if (!decision.allowed) {
        std::printf("    REFUSED %s\n", decision.refusal.c_str());
        ++failed;
      } else if (!golden::accept_pending(e, error)) {
        std::printf("    ERROR %s\n", error.c_str());
        ++failed;
      } else {
        std::printf("    ACCEPTED %s\n", e.golden_file.c_str());
      }
    } else if (choice == 'r') {
      golden::reject_pending(e);
      std::printf("    REJECTED %s\n", e.new_file.c_str());
    } else {
      ++left;
    }
  }
  if (left > 0)
    std::printf("%zu pending golden(s) left%s\n", left,
                interactive ? "" : " (stdin is not a terminal: decide with --accept-all or --reject-all)");
  std::fflush(stdout);
  return left > 0 || failed > 0 ? kExitErrors : kExitOk;
}

}  // namespace

TRACECHECK_COMMAND(
    "review", "Show each pending golden (TRACECHECK_UPDATE=pending) as a diff and accept or reject it",
    [](CLI::App& sub) -> std::function<int()> {
      auto o = std::make_shared<ReviewOptions>();
      sub.add_option("cases", o->cases, "Only these cases; all pending ones when none");
      sub.add_flag("--accept-all", o->accept_all, "Accept every pending golden shown (refused under CI)");
      sub.add_flag("--reject-all", o->reject_all, "Reject (delete) every pending golden shown");
      sub.add_option("--work-dir", o->work_dir, "The run's work folder (default <build>/tracecheck-runs)");
      sub.add_option("--diff", o->diff, "records (default) or unified")->check(CLI::IsMember({"records", "unified"}));
      sub.add_option("--color", o->color, "auto, always, never")->check(CLI::IsMember({"auto", "always", "never"}));
      return [o] { return review(*o); };
    });

}  // namespace tc::cli
