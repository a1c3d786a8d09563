// A stream (stdin, a pipe, a FIFO, a socket, a character device) can be read
// once, but tracecheck opens an input more than once: to sniff its format
// (formats/registry), then to read it, and a command may peek at it
// between (is it gzip?) or after (a report's excerpts). So open_input keeps
// each stream it opens, by its path, for the rest of the process, with the
// first kKeptHead bytes read from it: every later open of that path reads
// those bytes again, from memory, and the first reader that reads past them
// takes the rest of the stream; any other reader ends where the head ends.
// So a stream is never opened twice (a FIFO's second open would wait for a
// writer that never comes), and one that ends within kKeptHead bytes reads
// whole any number of times. Regular files are never kept.
//
// Contract: keep_stream takes the stream as open_input made it (gzip already
// decoded) and returns a reader of it; reopen_kept returns a new reader of a
// kept path, or nullptr when none is kept. Readers of one path may be made
// and used from several threads; each reader by one thread at a time.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "io/input_source.h"

namespace tc::io {

inline constexpr size_t kKeptHead = size_t{256} << 10;

std::unique_ptr<InputSource> keep_stream(const std::string& path, std::unique_ptr<InputSource> stream);
std::unique_ptr<InputSource> reopen_kept(const std::string& path);

}  // namespace tc::io
