#include "scrub/text_rules.h"

#include <vector>

namespace tc::scrub {

std::shared_ptr<const RE2> compile_text_pattern(std::string_view pattern, std::string& problem) {
  RE2::Options options;
  options.set_log_errors(false);  // errors are reported with file and rule instead
  auto re = std::make_shared<const RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
  if (!re->ok()) {
    problem = "not a valid RE2 pattern: " + re->error();
    return nullptr;
  }
  if (RE2::PartialMatch("", *re)) {
    problem = "matches the empty string; a text rule must always consume text";
    return nullptr;
  }
  return re;
}

size_t apply_text_rule(const TextRule& rule, std::string& text, Placeholders& placeholders) {
  const RE2& re = *rule.pattern;
  const int slots = 1 + re.NumberOfCapturingGroups();
  std::vector<re2::StringPiece> groups(static_cast<size_t>(slots));
  const re2::StringPiece input(text);
  std::string out;
  size_t copied = 0;  // text[0, copied) is already in `out`
  size_t pos = 0;
  size_t count = 0;
  while (pos <= text.size() && re.Match(input, pos, text.size(), RE2::UNANCHORED, groups.data(), slots)) {
    const size_t start = static_cast<size_t>(groups[0].data() - text.data());
    const size_t end = start + groups[0].size();
    if (end == start) {  // unreachable for loaded rules; never loop forever
      pos = start + 1;
      continue;
    }
    out.append(text, copied, start - copied);
    if (rule.placeholder.empty()) {
      re.Rewrite(&out, rule.rewrite, groups.data(), slots);
    } else {
      const re2::StringPiece& g = groups[static_cast<size_t>(rule.group)];
      if (g.data() == nullptr) {  // the group did not take part in the match: leave it
        out.append(groups[0].data(), groups[0].size());
      } else {
        const size_t gstart = static_cast<size_t>(g.data() - text.data());
        out.append(text, start, gstart - start);
        out += placeholders.get(rule.placeholder, std::string_view(g.data(), g.size()));
        out.append(text, gstart + g.size(), end - gstart - g.size());
      }
    }
    copied = pos = end;
    ++count;
  }
  if (count == 0) return 0;
  out.append(text, copied, std::string::npos);
  text = std::move(out);
  return count;
}

}  // namespace tc::scrub
