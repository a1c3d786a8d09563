#include "schema/schema_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "json/parse.h"
#include "json/pointer.h"
#include "json/source_locator.h"
#include "json/text.h"

namespace tc::schema {
namespace {

std::optional<std::string> read_file(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = std::strerror(errno);
    return std::nullopt;
  }
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) {
    *error = "read error";
    return std::nullopt;
  }
  return s.str();
}

// Only local files: a file: URI's path, percent-decoded.
std::optional<nlohmann::json> resolve_file(const std::string& uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.rfind(kScheme, 0) != 0) return std::nullopt;
  std::optional<std::string> path = json::pointer::percent_decode(std::string_view(uri).substr(kScheme.size()));
  if (!path) return std::nullopt;
  std::string error;
  std::optional<std::string> text = read_file(*path, &error);
  if (!text) return std::nullopt;
  try {
    return nlohmann::json::parse(*text);
  } catch (const nlohmann::json::parse_error& e) {
    throw SchemaLoadError(uri + "#", fmt::format("{} is not JSON: {}", *path, e.what()));
  } catch (const nlohmann::json::out_of_range& e) {  // JSON, but a number no double holds (1e999)
    throw SchemaLoadError(uri + "#", fmt::format("{} holds a number beyond double range: {}", *path, e.what()));
  }
}

// A schema whose text is JSON but holds a number no double holds: at that
// number, with its pointer.
SchemaFileProblem out_of_range_problem(const std::string& text) {
  for (const json::JsonTextFinding& f : json::find_json_quirks(text, 16)) {
    if (f.kind != json::JsonTextFinding::Kind::OutOfRange) continue;
    auto lc = json::line_columns(text, {f.offset});
    return {lc[0].first, lc[0].second, "the schema holds a number beyond double range: " + f.detail, f.pointer};
  }
  return {1, 1, "the schema holds a number beyond double range", ""};
}

std::pair<uint64_t, uint64_t> place(const std::string& text, const std::string& location) {
  // Only locations in the root document ("" or "/...") lie in this file.
  if (!location.empty() && location[0] != '/') return {1, 1};
  std::vector<size_t> at = json::locate_pointers(text, {location});
  return json::line_columns(text, at)[0];
}

}  // namespace

std::string file_uri(const std::string& path) {
  std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
  std::string out = "file://";
  for (char c : absolute) {
    if (c == '%' || c == '#' || c == '?' || c == ' ')
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    else
      out += c;
  }
  return out;
}

SchemaFile load_schema_file(const std::string& path) {
  SchemaFile out;
  std::string error;
  std::optional<std::string> text = read_file(path, &error);
  if (!text) {
    out.status = SchemaFile::Status::Unreadable;
    out.problem.message = fmt::format("cannot read the schema: {}", error);
    return out;
  }
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(*text);
  } catch (const nlohmann::json::parse_error& e) {
    json::ParseError located = json::locate_error(*text);
    auto lc = json::line_columns(*text, {located.offset});
    out.problem = {lc[0].first, lc[0].second, "the schema is not valid JSON: " + located.message, ""};
    return out;
  } catch (const nlohmann::json::out_of_range&) {
    // JSON, but a number no double holds (1e999), which nlohmann refuses.
    out.problem = out_of_range_problem(*text);
    return out;
  }
  try {
    out.schema = compile(std::move(document), resolve_file, CompileOptions{file_uri(path)});
  } catch (const SchemaLoadError& e) {
    auto [line, column] = place(*text, e.location());
    out.problem = {line, column, e.what(), e.location()};
    return out;
  }
  for (const std::string& location : out.schema->unknown_keywords()) {
    if (!location.empty() && location[0] != '/') continue;  // in another document
    auto [line, column] = place(*text, location);
    std::string keyword = location.substr(location.rfind('/') + 1);
    out.unknown_keywords.push_back(
        {line, column, fmt::format("\"{}\" is not a draft-7 keyword; it is ignored", keyword), location});
  }
  out.status = SchemaFile::Status::Ok;
  return out;
}

SchemaFile schema_file_part(const SchemaFile& file, const std::string& path, const std::string& fragment) {
  SchemaFile out = file;
  if (out.status != SchemaFile::Status::Ok || fragment.empty()) return out;
  if (std::optional<CompiledSchema> part = out.schema->at(fragment)) {
    out.schema = std::move(part);
    return out;
  }
  // A place the file's compile does not reach (under a keyword draft 7
  // does not define, beside a $ref): a root of its own (the "?" keeps its
  // URI apart from the file's) whose only keyword sends evaluation there.
  nlohmann::json ref = {{"$ref", file_uri(path) + "#" + fragment}};
  try {
    out.schema = compile(std::move(ref), resolve_file, CompileOptions{file_uri(path) + "?fragment"});
  } catch (const SchemaLoadError& e) {
    out.status = SchemaFile::Status::Invalid;
    out.schema.reset();
    out.problem = {1, 1, e.what(), e.location()};
  }
  return out;
}

SchemaFile load_schema_file(const std::string& path, const std::string& fragment) {
  return schema_file_part(load_schema_file(path), path, fragment);
}

}  // namespace tc::schema
