// The glog prefix of a TORCH_TRACE line, matched exactly as tlparse 0.4.3
// matches it (src/lib.rs:404-410):
//
//   [VIWEC]MMDD HH:MM:SS.uuuuuu THREAD PATHNAME:LINE] JSON
//
// Contract, all of it tlparse's: the match is unanchored (text before the
// prefix is accepted; `start` says where it begins); digits are Unicode
// decimal digits, as Rust's \d is (the *_ascii flags say whether they are
// ASCII); the '.' before the fraction is any character; the fraction is
// exactly 6 digits; the pathname is [^:]+ right after the thread digits, so
// it keeps the separating space; the space after ']' is mandatory and at
// least one character must follow it, where the JSON starts (json_offset).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "formats/torch_trace/decimal.h"

namespace re2 {
class RE2;
}

namespace tc::formats::torch_trace {

struct PrefixMatch {
  size_t start = 0;        // byte offset of the level letter
  size_t json_offset = 0;  // byte offset of the first character after "] "
  char level = 'V';
  std::string_view timestamp;  // "MMDD HH:MM:SS.uuuuuu"
  std::string_view thread;     // digits
  std::string_view pathname;   // as captured, leading space included
  std::string_view lineno;     // digits
  bool timestamp_ascii = true;
  bool thread_ascii = true;
  bool lineno_ascii = true;
};

class GlogPrefixMatcher {
 public:
  GlogPrefixMatcher();
  ~GlogPrefixMatcher();
  GlogPrefixMatcher(const GlogPrefixMatcher&) = delete;
  GlogPrefixMatcher& operator=(const GlogPrefixMatcher&) = delete;

  // False when the line has no prefix anywhere.
  bool match(std::string_view line, PrefixMatch& m) const;
  // RE2 alone, without the ASCII fast path (tests compare the two).
  bool match_re2(std::string_view line, PrefixMatch& m) const;

 private:
  std::unique_ptr<re2::RE2> re_;
};

// Why `line` has no glog prefix, in a few words ("the fraction has 3
// digits; the prefix needs exactly 6"), for a diagnostic.
std::string explain_prefix_failure(std::string_view line);

}  // namespace tc::formats::torch_trace
