// One big JSON array read in pieces, on one thread or several: one thread
// splits it (stream_json_array_lent), others parse its elements ahead
// (simdjson, a piece of about 64 KiB at a time as one array document,
// made in place in the splitter's buffer by writing "[" and "]" over the
// bytes around it where they are free, else copied) and take a note of each
// (a pure function of the element, a few bits: does it repeat a key, does
// it pass a schema), and the calling thread folds every element and member
// in input order, as a one-thread reader over stream_json_array does. A
// piece that does not parse whole (an element that is not JSON, too deep,
// not UTF-8) is handed over unparsed, and the fold parses its elements one
// by one, so a reader's findings are the same, in the same order.
//
// Contract: `threads` in all (the caller's included); with one, the
// calling thread splits, parses and notes a piece of about 32 KiB, folds
// it, and goes on to the next, so that a piece is still in its caches when
// folded (elements and members come in the same order, with the same
// notes, as with more threads). With more, at most 2 x threads + 10 pieces
// in flight, each about 64 KiB of elements (its text and its parsed
// document, a few times that) and at most 1 MiB of memos (below).
// fold_element gets each
// element (its text padded as stream_json_array pads it) with its parsed
// value and note (bits of the caller's choosing), or nullptr (and 0) for the
// fold to parse it;
// fold_member each top-level member. `note` runs on any thread, several at
// once: it must be safe to (an empty one notes 0). Beside its bits, a note
// may keep a memo of what it learned of the element, so that the fold need
// not learn it again: `memo_bytes` bytes (0: none), aligned for any scalar,
// for a trivially copyable type of the caller's, which the note writes and
// fold_element reads (nullptr for an element not parsed ahead) while the
// element's value lives. `peek`, when set, runs on the folding thread with
// the note and memo of each element parsed ahead, kPeekAhead elements before
// fold_element gets it (a piece's first ones together, as the piece starts):
// a hint, for the fold to fetch what that element will touch; it must not
// change what the fold finds. Returns the splitter's result once the fold has seen
// everything.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <functional>

#include "io/input_source.h"
#include "json/array_stream.h"

namespace tc::json {

using NoteElement = std::function<uint8_t(simdjson::dom::element value, void* memo)>;
using FoldElement = std::function<void(const JsonElement& el, const simdjson::dom::element* parsed, uint8_t note,
                                       const void* memo)>;
using FoldMember = std::function<void(const JsonMember& m)>;
using PeekElement = std::function<void(uint8_t note, const void* memo)>;

// How far ahead `peek` looks: enough elements for a cache miss started at
// the peek to land before the fold reaches its element.
inline constexpr size_t kPeekAhead = 8;

JsonStreamResult stream_json_array_ahead(io::InputSource& in, const JsonStreamOptions& options, unsigned threads,
                                         const NoteElement& note, const FoldElement& fold_element,
                                         const FoldMember& fold_member, size_t memo_bytes = 0,
                                         const PeekElement& peek = {});

}  // namespace tc::json
