// libFuzzer target: the array splitter (json::stream_json_array) under its
// three scanners, on arbitrary bytes: one byte at a time (the reference),
// 64-byte blocks built for x86-64's baseline, and, where the CPU has it, the
// blocks' AVX2 build (json/splitter.h). The input's size picks the read size
// (1-61 bytes), the chunk (64-1087 bytes) and the caps, so buffer
// boundaries fall everywhere and the too-long, too-deep and cut-member paths
// are reachable with small inputs.
//
// Checks (abort on failure): the three scanners hand out the same elements
// (text, position, index, container form) and members (key, text, cut,
// position) and end with the same result (error kind, message and position
// included), and every element and member text stays within its cap.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "io/memory_source.h"
#include "json/array_stream.h"

namespace {

using tc::json::JsonPosition;

std::string at(const JsonPosition& p) { return fmt::format("{}:{}@{}", p.line, p.column, p.offset); }

// Everything the stream hands out and returns, as one text.
std::string split(std::string_view text, bool block_scan, bool baseline) {
  tc::json::JsonStreamOptions o;
  o.array_key = text.size() % 2 ? "traceEvents" : "nodes";
  o.chunk = 64 + text.size() % 1024;
  o.max_element = 256 + text.size() % 4096;
  o.max_member = 16 + text.size() % 256;
  o.max_depth = 4 + text.size() % 64;
  o.block_scan = block_scan;
  o.baseline_block_scan = baseline;
  tc::io::MemorySource source{std::string(text), 1 + text.size() % 61};
  std::string out;
  const tc::json::JsonStreamResult r = tc::json::stream_json_array(
      source, o,
      [&](std::span<const tc::json::JsonElement> batch) {
        for (const tc::json::JsonElement& e : batch) {
          if (e.text.empty() || e.text.size() > o.max_element) std::abort();
          out += fmt::format("element {} {} {} {}:{}\n", e.index, at(e.pos), static_cast<int>(e.container),
                             e.text.size(), e.text);
        }
        return true;
      },
      [&](const tc::json::JsonMember& m) {
        if (m.text.size() > o.max_member) std::abort();
        out += fmt::format("member {}:{} {} {} {}:{}\n", m.key.size(), m.key, at(m.pos), m.truncated, m.text.size(),
                           m.text);
      });
  out += fmt::format("result {} {} {} {} {} {} {} {} {} {} {} {} {} {}\n", static_cast<int>(r.container), r.array_found,
                     at(r.array_pos), r.terminated, r.trailing_comma, at(r.trailing_comma_pos), r.bom, r.elements,
                     r.key_arrays, r.bytes, static_cast<int>(r.error.kind), r.ok(), r.error.message, at(r.error.pos));
  return out;
}

// Aborts when `got` differs from the byte scanner's `want`, with the first
// line where they part printed.
void expect_same(const std::string& want, const std::string& got, const char* scanner) {
  if (got == want) return;
  const size_t parted = std::mismatch(want.begin(), want.end(), got.begin(), got.end()).first - want.begin();
  const size_t newline = parted == 0 ? std::string::npos : want.rfind('\n', parted - 1);
  const size_t line = newline == std::string::npos ? 0 : newline + 1;  // the line holding the first difference
  std::fprintf(stderr, "the %s scanner differs from the byte scanner:\nbytes: %.300s\n%s: %.300s\n", scanner,
               want.c_str() + line, scanner, got.c_str() + std::min(line, got.size()));
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string bytes = split(text, false, false);
  expect_same(bytes, split(text, true, true), "baseline block");
  expect_same(bytes, split(text, true, false), "block (AVX2 where the CPU has it)");
  return 0;
}
