// Payload md5s computed ahead of the reader, block by block on other
// threads (io/block_pipeline.h), so the reader only compares them: half of
// a TORCH_TRACE check's work is hashing payloads, and payloads are
// independent of each other.
//
// A block's "sure" payload runs are the ones whose extent the reader will
// see exactly as the block shows it: consecutive lines that start with a
// tab, all complete in the block, right after a line that is neither blank
// nor tab-led (the envelope) and right before one that is neither (the next
// record). A run touching a blank line, the block's edge or a piece of an
// over-long line is left to the reader, which hashes it as it reads.
//
// Contract: a run's md5 is what PayloadAccumulator computes for those lines
// (their text after the tab, without a '\r' before the '\n', joined by
// '\n'); the reader asks for the run that starts right after its envelope
// line, in increasing line order, on the thread that serves the blocks.
//
// A run may also carry its text, joined here, for the reader to take whole:
// it then passes over the run's lines unread (io::LineReader::skip), which
// was a sixth of its thread's time on a compiled model's log.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "formats/torch_trace/payload.h"
#include "io/block_pipeline.h"

namespace tc::formats::torch_trace {

struct PrehashedPayload {
  uint64_t envelope_line = 0;  // the line before the run (counted from the block's first line, 0)
  uint64_t lines = 0;
  uint64_t bytes = 0;          // payload bytes, separators included
  Md5 md5{};
  // The text, when `whole`: the run is valid UTF-8 with no CRLF line end,
  // so the reader would report nothing of its lines, and at most the `keep`
  // bytes prehash_payloads was given. json::Parser::kPadding bytes of
  // capacity follow it, as PayloadAccumulator keeps them.
  bool whole = false;
  std::string text;
};

// The sure runs of a block, hashed, with the text of those of at most `keep`
// bytes that can be taken whole; their lines are counted from the line the
// block starts in (0), whose number is not known yet. Never throws: a block
// it cannot hash (no md5 in OpenSSL, no memory) has no runs, and the reader
// hashes its payloads.
std::vector<PrehashedPayload> prehash_payloads(const io::Block& block, size_t keep = 0);

// The runs of the blocks served so far, for the reader to look up.
class PrehashedPayloads {
 public:
  // A served block's runs; `first_line` is the number of its line 0.
  void add(std::vector<PrehashedPayload> runs, uint64_t first_line);
  // The run after `envelope_line`, or nullptr; forgets the runs before it
  // (lookups come in increasing line order). The caller may take its text.
  PrehashedPayload* after_envelope(uint64_t envelope_line);
  // Forgets the runs after envelopes before `line`: the reader passed them
  // (orphans, records whose has_payload is not a string), so the list stays
  // as short as the blocks read ahead.
  void forget_before(uint64_t line) {
    while (!runs_.empty() && runs_.front().envelope_line < line) runs_.pop_front();
  }

 private:
  std::deque<PrehashedPayload> runs_;
};

}  // namespace tc::formats::torch_trace
