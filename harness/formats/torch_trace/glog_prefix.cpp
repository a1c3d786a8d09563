#include "formats/torch_trace/glog_prefix.h"

#include <re2/re2.h>

namespace tc::formats::torch_trace {
namespace {

// tlparse's regex, with Rust's Unicode \d spelled \p{Nd} (RE2's \d is ASCII).
constexpr const char* kPattern = R"(([VIWEC])(\p{Nd}{2})(\p{Nd}{2}) (\p{Nd}{2}):(\p{Nd}{2}):(\p{Nd}{2}).(\p{Nd}{6}) )"
                                 R"((\p{Nd}+)([^:]+):(\p{Nd}+)\] (.))";
constexpr int kGroups = 11;

bool all_ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

std::string_view view(const re2::StringPiece& p) { return std::string_view(p.data(), p.size()); }

// The common case without RE2: an all-ASCII prefix at the start of the line.
// When it matches, RE2 would find this very match (the leftmost one) with the
// same groups: the thread takes every digit but one when a ':' follows them,
// else all of them; the pathname runs to the next ':'; nothing else can
// backtrack. Anything it does not accept goes to RE2, which decides.
bool match_ascii_at_start(std::string_view s, PrefixMatch& m) {
  auto digit = [&](size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; };
  auto digits = [&](size_t i, size_t n) {
    for (size_t k = 0; k < n; ++k)
      if (!digit(i + k)) return false;
    return true;
  };
  // V1206 15:18:20.253000 1500233 path:22] {
  // 0    5     11    17    23
  if (s.size() < 27 || std::string_view("VIWEC").find(s[0]) == std::string_view::npos) return false;
  if (!digits(1, 4) || s[5] != ' ' || !digits(6, 2) || s[8] != ':' || !digits(9, 2) || s[11] != ':' || !digits(12, 2) ||
      static_cast<unsigned char>(s[14]) >= 0x80 || !digits(15, 6) || s[21] != ' ')
    return false;
  size_t thread_end = 22;
  while (digit(thread_end)) ++thread_end;
  if (thread_end == 22 || thread_end >= s.size()) return false;
  if (s[thread_end] == ':') {
    if (thread_end - 22 < 2) return false;
    --thread_end;  // the pathname needs one character: the last digit
  }
  size_t colon = s.find(':', thread_end + 1);
  if (colon == std::string_view::npos) return false;
  for (size_t k = thread_end; k < colon; ++k)
    if (static_cast<unsigned char>(s[k]) >= 0x80) return false;
  size_t line_end = colon + 1;
  while (digit(line_end)) ++line_end;
  if (line_end == colon + 1 || line_end + 2 >= s.size() || s[line_end] != ']' || s[line_end + 1] != ' ') return false;
  unsigned char first = static_cast<unsigned char>(s[line_end + 2]);
  if (first >= 0x80 || first == '\n') return false;
  m.start = 0;
  m.json_offset = line_end + 2;
  m.level = s[0];
  m.timestamp = s.substr(1, 20);
  m.thread = s.substr(22, thread_end - 22);
  m.pathname = s.substr(thread_end, colon - thread_end);
  m.lineno = s.substr(colon + 1, line_end - colon - 1);
  m.timestamp_ascii = m.thread_ascii = m.lineno_ascii = true;
  return true;
}

}  // namespace

GlogPrefixMatcher::GlogPrefixMatcher() {
  RE2::Options options;
  options.set_log_errors(false);
  re_ = std::make_unique<re2::RE2>(kPattern, options);
}

GlogPrefixMatcher::~GlogPrefixMatcher() = default;

bool GlogPrefixMatcher::match(std::string_view line, PrefixMatch& m) const {
  if (match_ascii_at_start(line, m)) return true;
  return match_re2(line, m);
}

bool GlogPrefixMatcher::match_re2(std::string_view line, PrefixMatch& m) const {
  re2::StringPiece groups[kGroups + 1];
  re2::StringPiece text(line.data(), line.size());
  if (!re_->Match(text, 0, text.size(), RE2::UNANCHORED, groups, kGroups + 1)) return false;
  m.start = static_cast<size_t>(groups[0].data() - line.data());
  m.json_offset = static_cast<size_t>(groups[11].data() - line.data());
  m.level = groups[1][0];
  const char* ts_begin = groups[2].data();
  const char* ts_end = groups[7].data() + groups[7].size();
  m.timestamp = std::string_view(ts_begin, static_cast<size_t>(ts_end - ts_begin));
  m.thread = view(groups[8]);
  m.pathname = view(groups[9]);
  m.lineno = view(groups[10]);
  // The digit groups are ASCII unless the line holds non-ASCII bytes there;
  // the '.' may be any character, so only the digit groups are checked.
  m.timestamp_ascii = true;
  for (int g = 2; g <= 7; ++g)
    if (!all_ascii(view(groups[g]))) m.timestamp_ascii = false;
  m.thread_ascii = all_ascii(m.thread);
  m.lineno_ascii = all_ascii(m.lineno);
  return true;
}

std::string explain_prefix_failure(std::string_view s) {
  const std::string generic =
      "the line has no glog prefix ([VIWEC]MMDD HH:MM:SS.uuuuuu PID PATH:LINE] followed by JSON)";
  size_t i = 0;
  auto count_digits = [&](size_t from) {
    size_t k = from;
    while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
    return k - from;
  };
  auto at = [&](size_t k) { return k < s.size() ? s[k] : '\0'; };
  if (s.empty() || !(s[0] >= 'A' && s[0] <= 'Z') || count_digits(1) < 4) return generic;
  if (std::string_view("VIWEC").find(s[0]) == std::string_view::npos)
    return "the level letter '" + std::string(1, s[0]) + "' is not one of V I W E C";
  i = 5;
  if (count_digits(1) != 4 || at(i) != ' ') return "the date is not MMDD followed by a space";
  ++i;
  if (count_digits(i) != 2 || at(i + 2) != ':' || count_digits(i + 3) != 2 || at(i + 5) != ':' ||
      count_digits(i + 6) != 2)
    return "the time is not HH:MM:SS";
  i += 8;
  if (i >= s.size()) return "the line ends after the time";
  ++i;  // tlparse's unescaped '.': any character
  size_t fraction = count_digits(i);
  if (fraction != 6)
    return "the fraction of a second has " + std::to_string(fraction) + " digits; the prefix needs exactly 6";
  i += 6;
  if (at(i) != ' ') return "no space after the fraction of a second";
  ++i;
  size_t thread = count_digits(i);
  if (thread == 0) return "no process id after the time";
  i += thread;
  size_t colon = s.find(':', i);
  if (colon == std::string_view::npos || colon == i) return "no PATH:LINE after the process id";
  i = colon + 1;
  size_t line = count_digits(i);
  if (line == 0) return "no line number after the path's ':'";
  i += line;
  if (at(i) != ']') return "no ']' after the line number";
  ++i;
  if (at(i) != ' ') return "no space after ']' (the prefix needs one before the JSON)";
  ++i;
  if (i >= s.size()) return "nothing follows the prefix";
  return generic;
}

}  // namespace tc::formats::torch_trace
