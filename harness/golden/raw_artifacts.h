// The raw captured artifacts stored beside a golden, so replay can re-check
// them without torch.
//
//   <case>.raw/<format>/<path>.gz    each file below each format folder of the capture
//                                    (torch_trace/, chrome_trace/, ...: the ids of
//                                    formats/registry/registry.cpp), gzipped, same relative path
//   <case>.raw/env.json, outcome.json, facts.json   copied as they are
//
// Contract: store_raw() builds the new folder beside the target and swaps it
// in only when complete and within the size cap (compressed bytes of all
// files; default 2 MiB, $TRACECHECK_RAW_CAP_BYTES overrides), so a failed
// store leaves the previous artifacts intact. The gzip stream has no mtime
// or name, so storing the same capture twice gives identical bytes.
// restore_raw() recreates a capture folder (capture layout, cases/README.md)
// that evaluation reads exactly like a live capture.
#pragma once

#include <cstdint>
#include <string>

namespace tc::golden {

uint64_t raw_cap_bytes();

// Returns false and sets error (naming the size and the cap) on failure.
bool store_raw(const std::string& capture_dir, const std::string& raw_dir, uint64_t cap_bytes, std::string& error,
               uint64_t* stored_bytes = nullptr);
bool restore_raw(const std::string& raw_dir, const std::string& capture_dir, std::string& error);

// gzip helpers (zlib), exposed for tests.
bool gzip_file(const std::string& from, const std::string& to, std::string& error);
bool gunzip_file(const std::string& from, const std::string& to, std::string& error);

}  // namespace tc::golden
