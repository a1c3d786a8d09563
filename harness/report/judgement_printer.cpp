#include <cstdio>
#include <string_view>

#include "golden/diff_color.h"
#include "report/judgement.h"

namespace tc::report {
namespace {

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f s", s);
  return buf;
}

void indent_print(const std::string& text, const char* prefix = "    ") {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::printf("%s%.*s\n", prefix, static_cast<int>(end - start), text.data() + start);
    start = end + 1;
  }
}

std::string head_of(const Judgement& j) {
  const Evaluation& ev = j.ev;
  std::string head = j.case_name + "  " + (ev.emitter.empty() ? std::string("?") : ev.emitter) + " (" +
                     emitter_label(ev.env) + ", " + (ev.env.environment.empty() ? "?" : ev.env.environment) + ", " +
                     j.mode + ")";
  if (ev.env.driver_wall_s > 0) head += "  workload " + seconds(ev.env.driver_wall_s);
  return head + "  raw: " + j.raw;
}

void print_parsers(const std::vector<external::ParserResult>& parsers) {
  for (const auto& p : parsers) {
    if (p.status == external::ParserStatus::NotRun)
      std::printf("    %s: not run (%s)\n", p.name.c_str(), p.reason.c_str());
    else
      std::printf("    %s %s: %s%s%s (%s)\n", p.name.c_str(), p.artifact.c_str(), external::parser_status_name(p.status),
                  p.reason.empty() ? "" : ", ", p.reason.c_str(), seconds(p.wall_s).c_str());
  }
}

// The cause in the report itself: a non-zero exit and the first errors the
// checks found (a missing or truncated trace shows up there).
void print_cause(const Evaluation& ev) {
  if (ev.outcome.exit_status != 0 && !ev.outcome.term_signal)
    std::printf("    the workload exited with status %d\n", ev.outcome.exit_status);
  size_t shown = 0, at = 0;
  const std::string& text = ev.diagnostics_text;
  while (shown < 5 && at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + at, end - at);
    if (line.find(": error[") != std::string_view::npos) {
      std::printf("    %.*s\n", static_cast<int>(line.size()), line.data());
      ++shown;
    }
    at = end + 1;
  }
}

// The last lines only; the whole tail is in stderr-tail.txt.
void print_stderr_tail(std::string tail) {
  size_t cut = tail.size();
  for (int lines = 0; lines < 12 && cut != std::string::npos && cut > 0; ++lines) cut = tail.rfind('\n', cut - 1);
  if (cut != std::string::npos && cut > 0) tail = tail.substr(cut + 1);
  std::printf("    workload stderr (last lines):\n");
  indent_print(tail, "    ! ");
}

}  // namespace

void print_judgement(const Judgement& j, bool color) {
  const std::string head = head_of(j);
  if (j.kind == Judgement::Kind::Error) {
    std::printf("ERROR %s\n", head.c_str());
    indent_print(j.ev.error);
  } else if (j.kind == Judgement::Kind::Skip) {
    std::printf("SKIP %s\n    skipped: %s\n", head.c_str(), j.ev.outcome.skipped->c_str());
  } else {
    const golden::GoldenCheck& gc = j.golden;
    const char* verdict = j.pass ? (gc.status == golden::GoldenStatus::Accepted ? "ACCEPTED" : "PASS") : "FAIL";
    std::printf("%s %s\n", verdict, head.c_str());
    print_parsers(j.ev.parsers);
    if (!golden::golden_status_ok(gc.status) || gc.status == golden::GoldenStatus::Accepted || gc.status == golden::GoldenStatus::Baseline)
      indent_print(gc.message);
    if (j.drift_from) {
      std::printf("    drift from %s to this run (tracecheck drift):\n", j.drift_from->c_str());
      indent_print(j.drift_text.empty() ? "  nothing appeared, disappeared, moved or changed\n" : j.drift_text);
    }
    for (const auto& problem : j.ev.problems) std::printf("    problem: %s\n", problem.c_str());
    if (!gc.diff.empty() && gc.status != golden::GoldenStatus::Unstable)
      indent_print(color ? golden::colorize_diff(gc.diff) : gc.diff, "    | ");
    if (!j.evidence.empty()) {
      if (!j.pass) print_cause(j.ev);
      std::printf("    evidence:\n");
      for (const auto& [what, path] : j.evidence) std::printf("      %-17s %s\n", (what + ":").c_str(), path.c_str());
      if (!j.stderr_tail.empty()) print_stderr_tail(j.stderr_tail);
    }
  }
  std::fflush(stdout);
}

}  // namespace tc::report
