// UTF-8: validation of input text, and encoding of decoded escapes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tc::io {

// True when `text` is well-formed UTF-8 (SIMD, via simdjson).
bool is_valid_utf8(std::string_view text);

// Byte offset of the first byte that is not part of a well-formed UTF-8
// sequence, or text.size() when there is none (slow path for diagnostics).
size_t first_invalid_utf8(std::string_view text);

// Appends the UTF-8 encoding of a code point (<= 0x10FFFF; a lone
// surrogate is encoded as its three bytes, as JSON decoders that keep it do).
void append_utf8(std::string& out, uint32_t code_point);

// Largest cut <= `at` that does not split a UTF-8 sequence of `text`.
size_t utf8_boundary_before(std::string_view text, size_t at);

}  // namespace tc::io
