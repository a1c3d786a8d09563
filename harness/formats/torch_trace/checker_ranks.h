// Checks one TORCH_TRACE input with TorchTraceChecker; the rank
// files of a TORCH_TRACE directory on up to `jobs` threads.
//
// Contract:
//  - the findings (kept ones in their order, counts, hence every verdict),
//    the result and the error are byte for byte those of the sequential
//    pass (read_torch_trace() feeding one TorchTraceChecker), whatever
//    `jobs` is;
//  - a directory with two or more trace files and jobs > 1 is read one file
//    per thread, min(jobs, files) threads, files taken in directory order
//    (formats/torch_trace/directory.h); each file has its own reader,
//    TorchTraceChecker and Reporter. Once every file is done, the Reporters
//    are absorbed in file order and the cross-rank check (tt-rank-desync,
//    formats/torch_trace/rank_consistency.h) runs on the files' compile sequences;
//  - why the output is unchanged: every finding depends on its own file
//    alone but tt-rank-desync (deferred, as said) and schema-invalid (once
//    per run: when the schemas cannot be loaded the directory is read
//    sequentially). A file's end-of-file findings (tt-compile-unclosed,
//    tt-chromium-unbalanced) come out at its own checker's end instead of
//    when the next file's records arrive: that moves them only past other
//    rules' findings of later files, so each rule's sequence of findings,
//    hence the 200-per-rule cut, and the order of each file's findings
//    among themselves (ties in diag::resolve's sort by location) are kept;
//  - a file, a .gz, "-" or a directory of at most one trace file is read by
//    one reader on the calling thread, with jobs - 1 threads hashing its
//    payloads ahead (reader.h ReadOptions::threads; blocks of block_bytes,
//    0 = the default);
//  - an exception thrown while checking a file is rethrown on the calling
//    thread once every thread has stopped.
// Memory: each thread streams its file (reader.h: bounded whatever the
// size), so peak memory is about min(jobs, files) times one file's check;
// the findings kept per file are bounded per rule (diag::Reporter).
#pragma once

#include <string>

#include "diag/reporter.h"

namespace tc::formats::torch_trace {

// False, with `error` set, when an input cannot be read (formats/format.h
// check()). block_bytes 0: the reader's default.
bool check_torch_trace(const std::string& path, unsigned jobs, size_t block_bytes, diag::Reporter& reporter,
                       std::string& error);

}  // namespace tc::formats::torch_trace
