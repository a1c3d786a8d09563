// Where goldens live and how they are written.
//
//   <root>/<emitter>/<case>.txt     the golden document (golden_doc.h)
//   <root>/<emitter>/<case>.raw/    the raw captured artifacts (raw_artifacts.h)
//
// Contract: paths are built only from a valid emitter id and a safe case
// name (case/emitter_id.h, case/case_name.h), so they never leave <root>.
// Goldens are written with io::write_file_atomic (io/file.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tc::golden {

// $TRACECHECK_GOLDEN_DIR, else <source>/golden.
std::string default_golden_root();

std::string golden_path(const std::string& root, const std::string& emitter, const std::string& case_name);
std::string raw_path(const std::string& root, const std::string& emitter, const std::string& case_name);

// Emitter folders below root that hold a golden for this case, sorted.
std::vector<std::string> emitters_with_golden(const std::string& root, const std::string& case_name);
// True when root/<emitter>/ holds any golden at all (a known emitter).
bool emitter_has_goldens(const std::string& root, const std::string& emitter);

}  // namespace tc::golden
