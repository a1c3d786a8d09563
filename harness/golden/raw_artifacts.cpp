#include "golden/raw_artifacts.h"

#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "formats/registry/registry.h"

namespace tc::golden {
namespace fs = std::filesystem;

namespace {

const char* const kJsonFiles[] = {"env.json", "outcome.json", "facts.json"};

// The capture folders that hold traces: one per registered format.
std::vector<std::string> format_folders() {
  std::vector<std::string> ids;
  for (const formats::Format& f : formats::registry::all_formats()) ids.push_back(f.id);
  return ids;
}

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

  // Every file below each format folder of the capture, gzipped, at the
  // same relative path.
  size_t stored_files = 0;
  for (const std::string& id : format_folders()) {
    fs::path dir_in = fs::path(capture_dir) / id;
    if (!fs::is_directory(dir_in, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(dir_in, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (!it->is_regular_file()) continue;
      fs::path rel = fs::relative(it->path(), capture_dir, ec);
      fs::path to = tmp / (rel.string() + ".gz");
      fs::create_directories(to.parent_path(), ec);
      if (!gzip_file(it->path().string(), to.string(), error)) return fail(error);
      ++stored_files;
    }
    if (ec) return fail("cannot list " + dir_in.string() + ": " + ec.message());
  }
  if (stored_files == 0) return fail("no trace files in the format folders of " + capture_dir + " to store");
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
  size_t folders = 0;
  for (const std::string& id : format_folders()) {
    if (!fs::is_directory(in / id, ec)) continue;
    ++folders;
    fs::create_directories(out / id, ec);
    if (ec) return error = "cannot create " + (out / id).string() + ": " + ec.message(), false;
    for (auto it = fs::recursive_directory_iterator(in / id, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (!it->is_regular_file() || !name.ends_with(".gz")) continue;
      fs::path rel = fs::relative(it->path(), in, ec);
      fs::path to = out / rel.parent_path() / name.substr(0, name.size() - 3);
      fs::create_directories(to.parent_path(), ec);
      if (!gunzip_file(it->path().string(), to.string(), error)) return false;
    }
    if (ec) return error = "cannot list " + (in / id).string() + ": " + ec.message(), false;
  }
  if (folders == 0) return error = "no stored raw artifacts in " + raw_dir, false;
  for (const char* name : kJsonFiles) {
    if (!fs::exists(in / name)) continue;
    fs::copy_file(in / name, out / name, fs::copy_options::overwrite_existing, ec);
    if (ec) return error = "cannot copy " + (in / name).string() + ": " + ec.message(), false;
  }
  return true;
}

}  // namespace tc::golden
