#include "golden/raw_artifacts.h"

#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

namespace tc::golden {
namespace fs = std::filesystem;

namespace {

const char* const kJsonFiles[] = {"env.json", "outcome.json", "facts.json"};

std::string mb(uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buf;
}

}  // namespace

uint64_t raw_cap_bytes() {
  if (const char* env = std::getenv("TRACECHECK_RAW_CAP_BYTES"); env && *env) return std::strtoull(env, nullptr, 10);
  return uint64_t{2} << 20;
}

bool gzip_file(const std::string& from, const std::string& to, std::string& error) {
  std::ifstream in(from, std::ios::binary);
  if (!in) return error = "cannot read " + from, false;
  // gzopen writes a header without name or mtime: reproducible bytes.
  gzFile out = gzopen(to.c_str(), "wb9");
  if (!out) return error = "cannot write " + to, false;
  std::vector<char> buf(1 << 16);
  bool ok = true;
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    std::streamsize n = in.gcount();
    if (n > 0 && gzwrite(out, buf.data(), static_cast<unsigned>(n)) != n) ok = false;
  }
  if (gzclose(out) != Z_OK) ok = false;
  if (!ok) error = "cannot compress " + from + " into " + to;
  return ok;
}

bool gunzip_file(const std::string& from, const std::string& to, std::string& error) {
  gzFile in = gzopen(from.c_str(), "rb");
  if (!in) return error = "cannot read " + from, false;
  std::ofstream out(to, std::ios::binary | std::ios::trunc);
  if (!out) {
    gzclose(in);
    return error = "cannot write " + to, false;
  }
  std::vector<char> buf(1 << 16);
  int n;
  while ((n = gzread(in, buf.data(), static_cast<unsigned>(buf.size()))) > 0) out.write(buf.data(), n);
  int errnum = Z_OK;
  const char* msg = gzerror(in, &errnum);
  bool ok = n == 0 && errnum == Z_OK && static_cast<bool>(out);
  if (!ok) error = "cannot decompress " + from + ": " + (errnum != Z_OK ? msg : "write failed");
  gzclose(in);
  return ok;
}

bool store_raw(const std::string& capture_dir, const std::string& raw_dir, uint64_t cap_bytes, std::string& error,
               uint64_t* stored_bytes) {
  fs::path target(raw_dir);
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  std::string tmp_template = (target.parent_path() / ("." + target.filename().string() + ".tmp.XXXXXX")).string();
  if (!::mkdtemp(tmp_template.data())) return error = "cannot create a temp folder beside " + raw_dir, false;
  fs::path tmp(tmp_template);
  auto fail = [&](std::string message) {
    fs::remove_all(tmp, ec);
    error = std::move(message);
    return false;
  };

  fs::path trace_in = fs::path(capture_dir) / "torch_trace";
  std::vector<fs::path> traces;
  for (const auto& e : fs::directory_iterator(trace_in, ec))
    if (e.is_regular_file()) traces.push_back(e.path());
  if (ec || traces.empty()) return fail("no trace files in " + trace_in.string() + " to store");
  fs::create_directories(tmp / "torch_trace", ec);
  for (const fs::path& t : traces)
    if (!gzip_file(t.string(), (tmp / "torch_trace" / (t.filename().string() + ".gz")).string(), error))
      return fail(error);
  for (const char* name : kJsonFiles) {
    fs::path from = fs::path(capture_dir) / name;
    if (!fs::exists(from)) {
      if (std::string(name) == "facts.json") continue;  // facts are optional
      return fail(from.string() + " is missing: not a complete capture");
    }
    fs::copy_file(from, tmp / name, ec);
    if (ec) return fail("cannot copy " + from.string() + ": " + ec.message());
  }

  uint64_t total = 0;
  for (auto it = fs::recursive_directory_iterator(tmp); it != fs::recursive_directory_iterator(); ++it)
    if (it->is_regular_file()) total += it->file_size();
  if (total > cap_bytes)
    return fail("raw artifacts are " + mb(total) + " gzipped, over the " + mb(cap_bytes) +
                " cap per case (TRACECHECK_RAW_CAP_BYTES): make the workload smaller, or raise the cap with care "
                "(they are committed beside the golden)");

  // Swap in: the old folder goes aside first, so a failure keeps it.
  fs::path old = target.string() + ".old";
  fs::remove_all(old, ec);
  if (fs::exists(target)) fs::rename(target, old, ec);
  if (ec) return fail("cannot move " + target.string() + " aside: " + ec.message());
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::rename(old, target, ec);
    return fail("cannot rename " + tmp.string() + " to " + target.string());
  }
  fs::remove_all(old, ec);
  fs::permissions(target, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec, ec);
  if (stored_bytes) *stored_bytes = total;
  return true;
}

bool restore_raw(const std::string& raw_dir, const std::string& capture_dir, std::string& error) {
  std::error_code ec;
  fs::path in(raw_dir), out(capture_dir);
  if (!fs::is_directory(in / "torch_trace")) return error = "no stored raw artifacts in " + raw_dir, false;
  fs::create_directories(out / "torch_trace", ec);
  if (ec) return error = "cannot create " + (out / "torch_trace").string() + ": " + ec.message(), false;
  for (const auto& e : fs::directory_iterator(in / "torch_trace", ec)) {
    std::string name = e.path().filename().string();
    if (!e.is_regular_file() || !name.ends_with(".gz")) continue;
    if (!gunzip_file(e.path().string(), (out / "torch_trace" / name.substr(0, name.size() - 3)).string(), error))
      return false;
  }
  for (const char* name : kJsonFiles) {
    if (!fs::exists(in / name)) continue;
    fs::copy_file(in / name, out / name, fs::copy_options::overwrite_existing, ec);
    if (ec) return error = "cannot copy " + (in / name).string() + ": " + ec.message(), false;
  }
  return true;
}

}  // namespace tc::golden
