// Streams the elements of one big JSON array out of an InputSource in one
// pass, without a DOM or a whole-file index: a quote- and escape-aware
// splitter cuts the array into element texts and hands them out in batches,
// ready for simdjson.
//
// Accepted containers (after optional whitespace and a UTF-8 BOM):
//  - a bare top-level array: `[ e, e, ... ]`; the closing `]` may be missing
//    (legal for Chrome traces: `terminated` false) and a trailing comma is
//    tolerated (`trailing_comma` set);
//  - an object whose member `array_key` ("traceEvents", "nodes") holds the
//    array; every other top-level member goes to `on_member` with its raw
//    JSON text (at most max_member bytes kept, `truncated` beyond). When the
//    array_key member is not an array it goes to on_member too and
//    `array_found` stays false.
//
// Contract:
//  - each JsonElement's text is the element exactly as written (no
//    surrounding whitespace or comma) and at least kPadding readable bytes
//    follow text.end(), so simdjson can parse it in place
//    (parser.parse(text.data(), text.size(), false)); texts stay valid only
//    during the on_batch call that received them;
//  - the splitter checks only the structure it needs (quotes, escapes,
//    bracket nesting, commas between elements and members); whether an
//    element is valid JSON is the caller's parse. Locations are 1-based line
//    and column (column counts bytes) and the 0-based byte offset in the
//    decompressed stream;
//  - memory is bounded by the chunk size plus the largest element (capped at
//    max_element: a longer element is an ElementTooLong error at its start),
//    never by the file;
//  - malformed input (garbage, bad nesting, a truncated file or object, data
//    after the end) stops the stream with a located error; it never throws
//    or crashes. on_batch returning false stops the stream early (no error).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "io/input_source.h"

namespace tc::json {

struct JsonPosition {
  uint64_t line = 1;
  uint64_t column = 1;
  uint64_t offset = 0;
};

// Line and column of byte `offset` inside `text`, which starts at `start`
// (an element's or member's text and position): where a finding inside it is.
JsonPosition position_in(std::string_view text, JsonPosition start, size_t offset);

enum class JsonContainer { None, BareArray, Object };

struct JsonElement {
  std::string_view text;                          // padded: kPadding readable bytes follow
  JsonPosition pos;                               // where the element starts
  uint64_t index = 0;                             // 0-based position in the array
  JsonContainer container = JsonContainer::None;  // the array's container form
};

struct JsonMember {
  std::string key;        // unescaped
  std::string_view text;  // the raw value text (the first max_member bytes)
  bool truncated = false;
  JsonPosition pos;  // where the value starts
};

enum class JsonStreamErrorKind {
  None,
  Io,              // the source failed (see InputSource::error / data_error)
  NotContainer,    // the first byte is neither '[' nor '{' (or the input is empty)
  Syntax,          // a byte that cannot stand where it is (bad nesting, missing comma, ...)
  Truncated,       // the input ends inside an element, a member, or an unclosed object
  ElementTooLong,  // an element longer than max_element
  TooDeep,         // nesting deeper than max_depth
  TrailingData,    // non-whitespace after the end of the top-level value
};

struct JsonStreamError {
  JsonStreamErrorKind kind = JsonStreamErrorKind::None;
  std::string message;
  JsonPosition pos;
};

struct JsonStreamResult {
  JsonContainer container = JsonContainer::None;
  bool array_found = false;     // the element array was seen (always true for a bare array)
  JsonPosition array_pos;       // where its '[' is, when found
  bool terminated = false;      // the element array was closed by ']'
  bool trailing_comma = false;  // "[..., ]": Perfetto and catapult accept it, strict JSON does not
  JsonPosition trailing_comma_pos;
  bool bom = false;  // a UTF-8 byte order mark preceded the value
  uint64_t elements = 0;
  uint64_t key_arrays = 0;  // arrays seen under array_key: more than one when the key repeats
  uint64_t bytes = 0;     // decompressed bytes read
  JsonStreamError error;  // kind None when the stream ended normally
  bool ok() const { return error.kind == JsonStreamErrorKind::None; }
};

struct JsonStreamOptions {
  std::string array_key;                  // the object member that holds the array (the format's)
  // Which array under a repeated array_key is streamed (1: the first); the
  // others go to on_member. JSON parsers keep a repeated key's last value.
  uint64_t array_occurrence = 1;
  // Bytes read at a time (a buffer holds two chunks: reads fill what the
  // element cut at its end leaves); one batch is at most one buffer of
  // elements. A read small enough to stay in a core's L2 (1 MiB here) until
  // the scanner and simdjson have been over it: 256 KiB took 4-8% off a
  // one-thread execution-trace check of 1 GiB against 4 MiB.
  size_t chunk = size_t{256} << 10;
  size_t max_element = size_t{64} << 20;
  size_t max_member = size_t{1} << 20;
  size_t max_depth = 512;
  // Scan array and object values 64 bytes at a time (json/block_scan.h);
  // false: one byte at a time. Both give the same results, errors and
  // positions (the byte scanner is the reference the tests compare with).
  bool block_scan = true;
  // With block_scan, where the CPU has AVX2: the block scanner built for
  // x86-64's baseline, not its AVX2 build (tests compare both with the byte
  // scanner; every reader leaves this false).
  bool baseline_block_scan = false;
};

using JsonBatchFn = std::function<bool(std::span<const JsonElement>)>;
using JsonMemberFn = std::function<void(const JsonMember&)>;
// A batch with the buffer its texts lie in. A callee that keeps `buffer`
// keeps the texts readable (with their padding and one byte more) after it
// returns, and may overwrite, once, bytes of it outside the texts from the
// byte before the first text to the byte after the last: the separators and
// whitespace between them, the byte before the first (never input the
// stream still needs) and the byte after the last. The splitter then reads
// on in another buffer.
using JsonLentBatchFn = std::function<bool(std::span<const JsonElement>, const std::shared_ptr<char[]>& buffer)>;

inline constexpr size_t kJsonPadding = 64;

JsonStreamResult stream_json_array(io::InputSource& source, const JsonStreamOptions& options, const JsonBatchFn& on_batch,
                                   const JsonMemberFn& on_member);
// The same, handing out the buffers (json/array_ahead.h parses in them).
JsonStreamResult stream_json_array_lent(io::InputSource& source, const JsonStreamOptions& options,
                                        const JsonLentBatchFn& on_batch, const JsonMemberFn& on_member);

}  // namespace tc::json
