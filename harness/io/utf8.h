// UTF-8 validation of input text.
#pragma once

#include <cstddef>
#include <string_view>

namespace tc::io {

// True when `text` is well-formed UTF-8 (SIMD, via simdjson).
bool is_valid_utf8(std::string_view text);

// Byte offset of the first byte that is not part of a well-formed UTF-8
// sequence, or text.size() when there is none (slow path for diagnostics).
size_t first_invalid_utf8(std::string_view text);

// Largest cut <= `at` that does not split a UTF-8 sequence of `text`.
size_t utf8_boundary_before(std::string_view text, size_t at);

}  // namespace tc::io
