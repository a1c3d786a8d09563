#include "formats/chrome_trace/records.h"

#include <string_view>

namespace tc::formats::chrome_trace {
namespace {

size_t indent_of(std::string_view line) {
  size_t n = line.find_first_not_of(' ');
  return n == std::string_view::npos ? line.size() : n;
}

// The first space-separated word of `s`, and what follows it.
std::string_view first_word(std::string_view s, std::string_view* rest = nullptr) {
  size_t sp = s.find(' ');
  if (rest) *rest = sp == std::string_view::npos ? std::string_view() : s.substr(sp + 1);
  return s.substr(0, sp);
}

// An event's name: a JSON string ("aten::mm", unescaped only as far as
// finding its end) or, unquoted, the next word.
std::string event_name(std::string_view s) {
  if (s.empty() || s[0] != '"') return std::string(first_word(s));
  std::string out;
  for (size_t i = 1; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      out += s[++i];
    } else if (s[i] == '"') {
      break;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

std::vector<Record> chrome_trace_records(const std::vector<std::string>& lines) {
  std::vector<Record> out;
  std::string process, thread, thread_label;
  std::vector<std::string> path;  // event names from the thread down to the current line's parent
  for (const std::string& line : lines) {
    Record r;
    r.line = line;
    r.scope = "-";
    const size_t indent = indent_of(line);
    std::string_view body = std::string_view(line).substr(indent);
    std::string_view rest;
    std::string_view word = first_word(body, &rest);
    if (indent == 0 && word == "meta") {
      r.kind = "meta";
      r.name = "meta " + std::string(rest.substr(0, rest.find('=')));
    } else if (indent == 0 && word == "process") {
      std::string_view labels;
      process = std::string(first_word(rest, &labels));
      r.kind = "process";
      r.name = "process " + std::string(labels.empty() ? std::string_view(process) : labels);
      path.clear();
    } else if (indent == 2 && word == "thread") {
      std::string_view labels;
      thread = std::string(first_word(rest, &labels));
      thread_label = "thread " + std::string(labels.empty() ? std::string_view(thread) : labels);
      r.kind = "thread";
      r.name = thread_label;
      r.scope = process.empty() ? "-" : process;
      path.clear();
    } else if (indent >= 4 && indent % 2 == 0 && !thread.empty() && !rest.empty()) {
      const size_t depth = indent / 2 - 2;  // 0: a child of the thread
      if (path.size() > depth) path.resize(depth);
      std::string_view after_cat;
      std::string_view cat = first_word(rest, &after_cat);
      const std::string name = event_name(after_cat);
      r.kind = std::string(word) + " " + std::string(cat);
      r.scope = thread;
      r.name = thread_label + ":";
      for (const std::string& p : path) r.name += " " + p + " >";
      r.name += " " + name;
      if (path.size() == depth) path.push_back(name);
    } else {
      r.kind = "?";
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace tc::formats::chrome_trace
