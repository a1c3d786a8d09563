// A Chrome trace read on several threads: one thread splits the event array
// (io::stream_json_array), others parse the events ahead (simdjson, a batch
// at a time as one array document) and note repeated keys, and the calling
// thread folds every element and member in input order, as the one-thread
// reader does (reader.cpp). A batch that does not parse whole (an event
// that is not JSON, too deep, not UTF-8) is handed over unparsed, and the
// fold parses its events one by one, so every finding is the one-thread
// reader's, in its order.
//
// Contract: `threads` in all (the caller's included, at least 2); at most
// 2 x threads + 2 pieces in flight, each about 256 KiB of events (its text
// and its parsed document, a few times that). fold_element gets each element with its parsed
// value, or nullptr for the fold to parse it; fold_member each top-level
// member. Returns the splitter's result once the fold has seen everything.
#pragma once

#include <simdjson.h>

#include <functional>

#include "io/input_source.h"
#include "json/array_stream.h"

namespace tc::reader {

using FoldElement =
    std::function<void(const io::JsonElement& el, const simdjson::dom::element* parsed, bool duplicates)>;
using FoldMember = std::function<void(const io::JsonMember& m)>;

io::JsonStreamResult read_events_ahead(io::InputSource& in, const io::JsonStreamOptions& options, unsigned threads,
                                       const FoldElement& fold_element, const FoldMember& fold_member);

}  // namespace tc::reader
