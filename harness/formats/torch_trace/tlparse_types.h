// tlparse 0.4.3's Rust types for what it deserializes (pytorch/tlparse
// d21829a, src/types.rs), as serde_model types.
//
// envelope() is `Envelope` without two members checked elsewhere: `str`
// (the reader's tt-str-intern) and the flattened `Option<CompileId>`, which
// never fails the envelope (a mistyped id makes serde drop the whole
// CompileId; the checker reports it as tt-compile-id).
#pragma once

#include <span>
#include <string_view>

#include "formats/torch_trace/serde_model.h"

namespace tc::formats::torch_trace::tlparse {

const serde::Type& envelope();
const serde::Type& dynamo_guards();  // the dynamo_guards payload: Vec<DynamoGuard>

// The envelope's own fields (rank, has_payload, stack and every event key
// tlparse knows), str included.
std::span<const serde::Field> envelope_fields();
bool is_envelope_field(std::string_view key);

// Keys tlparse adds to each record of raw.jsonl; an envelope that already
// has one is dropped from it (fail_key_conflict).
std::span<const std::string_view> raw_jsonl_keys();

}  // namespace tc::formats::torch_trace::tlparse
