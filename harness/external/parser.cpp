#include "external/parser.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

namespace tc::external {
namespace fs = std::filesystem;

const char* parser_status_name(ParserStatus s) {
  switch (s) {
    case ParserStatus::NotRun: return "not run";
    case ParserStatus::Passed: return "passed";
    case ParserStatus::Failed: return "failed";
    case ParserStatus::Crashed: return "crashed";
    case ParserStatus::TimedOut: return "timed out";
    case ParserStatus::Error: return "error";
  }
  return "?";
}

std::optional<std::string> find_executable(const std::string& name) {
  auto executable = [](const std::string& p) {
    struct stat st{};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) return executable(name) ? std::optional(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string_view rest = path ? path : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    size_t colon = rest.find(':');
    const std::string_view entry = rest.substr(0, colon);
    const std::string dir(entry.empty() ? std::string_view(".") : entry);
    if (std::string candidate = dir + "/" + name; executable(candidate)) return candidate;
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

namespace {

std::string expand(const std::string& word, const std::string& artifact, const std::string& tmp) {
  std::string out;
  for (size_t i = 0; i < word.size();) {
    if (word.compare(i, 10, "{artifact}") == 0) out += artifact, i += 10;
    else if (word.compare(i, 5, "{tmp}") == 0) out += tmp, i += 5;
    else out += word[i++];
  }
  return out;
}

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:+,") ==
                        std::string::npos)
    return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string tail_of_file(const std::string& path, size_t max) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return {};
  std::streamoff size = in.tellg();
  std::streamoff start = size > static_cast<std::streamoff>(max) ? size - static_cast<std::streamoff>(max) : 0;
  in.seekg(start);
  std::string s(static_cast<size_t>(size - start), '\0');
  in.read(s.data(), static_cast<std::streamsize>(s.size()));
  if (start > 0) s = "[... " + std::to_string(start) + " bytes cut ...]\n" + s;
  return s;
}

}  // namespace

ParserResult run_external_parser(const ExternalParser& parser, const std::string& artifact,
                                 const std::string& tmp_dir, size_t max_output) {
  ParserResult r;
  r.name = parser.name;
  r.artifact = artifact;
  std::error_code ec;
  fs::create_directories(tmp_dir, ec);
  std::string input = artifact;
  if (parser.prepare && !parser.prepare(tmp_dir, input, r.reason)) {
    r.status = ParserStatus::Error;
    return r;
  }
  std::vector<std::string> argv;
  for (const auto& w : parser.argv) argv.push_back(expand(w, input, tmp_dir));
  for (const auto& a : argv) r.command += (r.command.empty() ? "" : " ") + shell_quote(a);
  if (argv.empty()) {
    r.status = ParserStatus::Error;
    r.reason = "empty command template";
    return r;
  }
  r.output_file = tmp_dir + "/" + parser.name + ".out";
  int out_fd = ::open(r.output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out_fd < 0) {
    r.status = ParserStatus::Error;
    r.reason = "cannot create " + r.output_file + ": " + std::strerror(errno);
    return r;
  }
  // A pipe closed on exec tells the parent whether exec itself failed.
  int exec_pipe[2];
  if (::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    ::close(out_fd);
    r.status = ParserStatus::Error;
    r.reason = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);

  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(out_fd), ::close(exec_pipe[0]), ::close(exec_pipe[1]);
    r.status = ParserStatus::Error;
    r.reason = std::string("fork: ") + std::strerror(errno);
    return r;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    int devnull = ::open("/dev/null", O_RDONLY);
    if (devnull >= 0) ::dup2(devnull, 0);
    ::dup2(out_fd, 1);
    ::dup2(out_fd, 2);
    ::execvp(cargv[0], cargv.data());
    int err = errno;
    (void)!::write(exec_pipe[1], &err, sizeof err);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also in the parent: no race with the kill below
  ::close(out_fd);
  ::close(exec_pipe[1]);
  int exec_errno = 0;
  bool exec_failed = ::read(exec_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno;
  ::close(exec_pipe[0]);

  int status = 0;
  bool timed_out = false;
  auto deadline = start + std::chrono::duration<double>(parser.timeout_s);
  while (true) {
    pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      timed_out = true;
      ::kill(-pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // Whatever it left behind in its group (daemonised helpers) goes too.
  ::kill(-pid, SIGKILL);
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.output = tail_of_file(r.output_file, max_output);

  if (exec_failed) {
    r.status = ParserStatus::Error;
    r.reason = "cannot execute " + argv[0] + ": " + std::strerror(exec_errno);
  } else if (timed_out) {
    r.status = ParserStatus::TimedOut;
    r.reason = "killed after " + std::to_string(static_cast<int>(parser.timeout_s)) + " s";
  } else if (WIFSIGNALED(status)) {
    r.status = ParserStatus::Crashed;
    r.signal = WTERMSIG(status);
    r.reason = std::string("killed by signal ") + std::to_string(r.signal) + " (" + ::strsignal(r.signal) + ")";
  } else if (WIFEXITED(status)) {
    r.exit_code = WEXITSTATUS(status);
    r.status = parser.success_codes.count(r.exit_code) ? ParserStatus::Passed : ParserStatus::Failed;
    if (r.status == ParserStatus::Failed) r.reason = "exit status " + std::to_string(r.exit_code);
  } else {
    r.status = ParserStatus::Error;
    r.reason = "lost track of the process";
  }
  return r;
}

}  // namespace tc::external
