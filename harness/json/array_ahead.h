// One big JSON array read on several threads: one thread splits it
// (stream_json_array), others parse its elements ahead (simdjson, a piece of
// about 256 KiB at a time as one array document, noting repeated keys when
// asked), and the calling thread folds every element and member in input
// order, as a one-thread reader over stream_json_array does. A piece that
// does not parse whole (an element that is not JSON, too deep, not UTF-8) is
// handed over unparsed, and the fold parses its elements one by one, so a
// reader's findings are the same, in the same order.
//
// Contract: `threads` in all (the caller's included, at least 2); at most
// 2 x threads + 2 pieces in flight, each about 256 KiB of elements (its
// text and its parsed document, a few times that). fold_element gets each
// element (its text padded as stream_json_array pads it) with its parsed
// value, or nullptr for the fold to parse it; fold_member each top-level
// member. Returns the splitter's result once the fold has seen everything.
#pragma once

#include <simdjson.h>

#include <functional>

#include "io/input_source.h"
#include "json/array_stream.h"

namespace tc::io {

using FoldElement =
    std::function<void(const JsonElement& el, const simdjson::dom::element* parsed, bool duplicates)>;
using FoldMember = std::function<void(const JsonMember& m)>;

// `note_duplicates`: whether prepare tells if an element repeats a key
// (false: `duplicates` is always false).
JsonStreamResult stream_json_array_ahead(InputSource& in, const JsonStreamOptions& options, unsigned threads,
                                         bool note_duplicates, const FoldElement& fold_element,
                                         const FoldMember& fold_member);

}  // namespace tc::io
