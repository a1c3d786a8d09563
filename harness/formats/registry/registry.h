// The registry of trace formats: every Format tracecheck knows, found by id
// or detected from a file's first bytes. The one place that lists the
// format folders; everything above formats/ reaches a format through it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/format.h"

namespace tc::formats::registry {

const std::vector<Format>& all_formats();
const Format* find_format(std::string_view id);

// Reads the head of `path` (or lists it) and asks every format. Returns
// nullptr with `why` set when nothing claims it or it cannot be read; then
// `*blank` (when given) tells an empty or whitespace-only file (read whole,
// up to the 64 KiB head), which no format claims and "empty" describes best.
const Format* detect_format(const std::string& path, std::string& why, bool* blank = nullptr);

// The format that reads a directory no format claims (Format::
// reads_unclaimed_directories), or nullptr.
const Format* unclaimed_directory_format();

// The format a rule set reference "<id>/<name>" belongs to, or nullptr (a
// path, or an id no format has).
const Format* format_of_rule_set(std::string_view ref);

// The format whose canonical text a golden section labelled `label` holds
// (Format::owns_section), or nullptr.
const Format* format_of_section(std::string_view label);

// A section's records, cut by the format that owns it (Format::split_records);
// a section no format cuts is one record of kind "?".
std::vector<Record> split_section(std::string_view label, const std::vector<std::string>& lines);

// A section drawn by the format that owns it (Format::draw), labelled with
// its section; nullopt when no format draws it.
std::optional<Drawing> draw_section(std::string_view label, const std::vector<std::string>& lines, size_t budget);

// The format whose files the external parser preset `name` reads
// (Format::external_parsers), or nullptr.
const Format* format_read_by(std::string_view parser_name);

// Every rule and profile: the common ones (diag/rule_catalog.h), then each
// format's in registry order, after the `default` profile.
const diag::Catalog& catalog();

// "A, B and C": the file nouns of the registered formats, in order.
std::string file_nouns();

}  // namespace tc::formats::registry
