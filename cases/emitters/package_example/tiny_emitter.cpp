// A tiny emitter: writes a Chrome trace of two nested complete events and
// one B/E pair to the file named on its command line ("--unbalanced" drops
// the E, which the matcher test uses).
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  bool unbalanced = argc > 2 && std::strcmp(argv[2], "--unbalanced") == 0;
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out) return 3;
  std::fprintf(out, "{\"traceEvents\": [\n");
  std::fprintf(out, "{\"name\": \"outer\", \"cat\": \"demo\", \"ph\": \"X\", \"ts\": 10, \"dur\": 100, \"pid\": 1, \"tid\": 1},\n");
  std::fprintf(out, "{\"name\": \"inner\", \"cat\": \"demo\", \"ph\": \"X\", \"ts\": 20, \"dur\": 30, \"pid\": 1, \"tid\": 1},\n");
  std::fprintf(out, "{\"name\": \"phase\", \"cat\": \"demo\", \"ph\": \"B\", \"ts\": 200, \"pid\": 1, \"tid\": 1}%s\n",
               unbalanced ? "" : ",");
  if (!unbalanced) std::fprintf(out, "{\"name\": \"phase\", \"cat\": \"demo\", \"ph\": \"E\", \"ts\": 250, \"pid\": 1, \"tid\": 1}\n");
  std::fprintf(out, "], \"displayTimeUnit\": \"ms\"}\n");
  return std::fclose(out) == 0 ? 0 : 3;
}
