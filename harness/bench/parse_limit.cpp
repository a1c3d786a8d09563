// The parse-only limit a checker is measured against: simdjson's work on
// the same file with nothing else done.
//
//   parse_limit json FILE    one JSON document, parsed whole (simdjson DOM)
//   parse_limit lines FILE   a TORCH_TRACE log: every envelope (the JSON after
//                            "] " on each line not starting with a tab) parsed
//                            in place, the file streamed in 16 MiB blocks
//
// Exit: 0 parsed, 1 a parse error, 2 usage, 3 unreadable.
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

namespace {

int parse_document(const char* path) {
  simdjson::padded_string text;
  if (simdjson::padded_string::load(path).get(text)) {
    std::fprintf(stderr, "parse_limit: cannot read %s\n", path);
    return 3;
  }
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (auto error = parser.parse(text).get(doc)) {
    std::fprintf(stderr, "parse_limit: %s: %s\n", path, simdjson::error_message(error));
    return 1;
  }
  return 0;
}

int parse_lines(const char* path) {
  std::FILE* f = std::fopen(path, "rb");
  if (!f) {
    std::fprintf(stderr, "parse_limit: cannot read %s\n", path);
    return 3;
  }
  constexpr size_t kBlock = size_t{16} << 20;
  std::vector<char> buf(kBlock + simdjson::SIMDJSON_PADDING);
  simdjson::dom::parser parser;
  size_t begin = 0, end = 0;
  uint64_t envelopes = 0, errors = 0;
  for (bool eof = false; !eof || begin < end;) {
    if (!eof) {
      std::memmove(buf.data(), buf.data() + begin, end - begin);
      end -= begin;
      begin = 0;
      if (buf.size() - simdjson::SIMDJSON_PADDING - end < kBlock / 2)
        buf.resize(buf.size() * 2);  // a line longer than the block
      size_t got = std::fread(buf.data() + end, 1, buf.size() - simdjson::SIMDJSON_PADDING - end, f);
      eof = got == 0;
      end += got;
      std::memset(buf.data() + end, 0, simdjson::SIMDJSON_PADDING);
    }
    for (;;) {
      const char* base = buf.data();
      const char* nl = static_cast<const char*>(std::memchr(base + begin, '\n', end - begin));
      if (!nl && !eof) break;
      size_t stop = nl ? static_cast<size_t>(nl - base) : end;
      std::string_view line(base + begin, stop - begin);
      begin = nl ? stop + 1 : end;
      if (!line.empty() && line[0] != '\t') {
        size_t json = line.find("] ");
        if (json != std::string_view::npos) {
          ++envelopes;
          simdjson::dom::element doc;
          if (parser.parse(line.data() + json + 2, line.size() - json - 2, false).get(doc)) ++errors;
        }
      }
      if (begin >= end) break;
    }
  }
  std::fclose(f);
  std::fprintf(stderr, "parse_limit: %llu envelopes, %llu not JSON\n", static_cast<unsigned long long>(envelopes),
               static_cast<unsigned long long>(errors));
  return errors ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: parse_limit json|lines FILE\n");
    return 2;
  }
  std::string_view mode = argv[1];
  if (mode == "json") return parse_document(argv[2]);
  if (mode == "lines") return parse_lines(argv[2]);
  std::fprintf(stderr, "usage: parse_limit json|lines FILE\n");
  return 2;
}
