#include "json/array_ahead.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "io/ordered_work.h"
#include "json/recycled.h"

namespace tc::json {
namespace {

// An element longer than this is a piece alone, which the fold parses.
constexpr size_t kPieceBytes = size_t{256} << 10;
// Where pieces are cut: small enough that simdjson's stage 2 writes a
// piece's document within the core's L2 (1 MiB here), and that the
// document is still in caches when folded. With helper threads, 64 KiB
// (`check --jobs 2` of the GPU Kineto trace 1.096x, the verbatim one
// 1.029x, the execution trace 1.028x, against 256 KiB); one thread,
// which parses and folds a piece in turn, 32 KiB (its execution-trace
// check 1.07x, against 1.03x with 256 KiB, both against folding element
// by element).
constexpr size_t kHelperPieceBytes = size_t{64} << 10;
constexpr size_t kOneThreadPieceBytes = size_t{32} << 10;
// A piece of elements of at most kPieceBytes each ends at the first element
// that takes their texts (and a separator each) to its cut size (at most
// kPieceBytes); batch_piece
// copies the whitespace between them too only while the piece stays within
// kMaxPiece, brackets included: the capacity its document is made for.
constexpr size_t kMaxPiece = 2 * kPieceBytes + 2;
constexpr size_t kPooledCapacity = 4 * kPieceBytes;
constexpr size_t kLentChunk = size_t{1} << 20;

// What the splitter handed over, in order: a batch of elements or a member.
struct Piece {
  // A batch: "[" + the elements' stretch of the input + "]", in place in
  // the splitter's buffer (`lent`), or copied into `buffer` (padded; the
  // elements' texts joined by "," when their stretch does not fit).
  std::shared_ptr<char[]> lent;
  std::string_view lent_text;
  std::string buffer;
  // The document: "[" ... "]", with SIMDJSON_PADDING readable bytes after it.
  std::string_view text() const {
    return lent ? lent_text : std::string_view(buffer).substr(0, buffer.size() - simdjson::SIMDJSON_PADDING);
  }
  std::vector<JsonElement> elements;  // texts set at the fold: buffer moves with the piece
  std::vector<size_t> offsets;            // of each element's text in text()
  // A member (when is_member): its text is owned here.
  bool is_member = false;
  JsonMember member;
  std::string member_text;

  // An element larger than a piece: held alone, parsed by the fold (so no
  // parser grows to it and none such waits in the queue).
  bool fold_parses = false;

  // Prepared: the batch as one document, when it parses.
  std::unique_ptr<simdjson::dom::document> document;
  bool parsed = false;
  std::vector<simdjson::dom::element> values;
  std::vector<uint8_t> notes;
  // memo_words of them an element, for the note to write (a recycled
  // vector: only its growth zeroes memory).
  std::vector<std::max_align_t> memos;
};

// Parsers, documents, the pieces' text buffers and memos are reused from
// piece to piece (json/recycled.h); one past kPooledCapacity is freed when
// given back. A parser is held only while it parses (one a thread), its
// document for as long as the piece waits.
using ParserPool = Recycled<std::unique_ptr<simdjson::dom::parser>>;
using DocumentPool = Recycled<std::unique_ptr<simdjson::dom::document>>;
using BufferPool = Recycled<std::string>;
using MemoPool = Recycled<std::vector<std::max_align_t>>;

// A new parser or document (T) takes the capacity of the largest piece at
// once, so it never grows; one that cannot is made empty and grows as
// simdjson needs.
template <class T>
std::unique_ptr<T> made_for_largest_piece() {
  auto made = std::make_unique<T>();
  if (made->allocate(kMaxPiece) != simdjson::SUCCESS) return std::make_unique<T>();
  return made;
}

// Whether [p, q) is one comma with JSON whitespace around it: all the
// splitter lets stand between two elements.
bool one_comma_between(const char* p, const char* q) {
  int commas = 0;
  for (; p < q; ++p) {
    switch (*p) {
      case ',': ++commas; break;
      case ' ': case '\t': case '\n': case '\r': break;
      default: return false;
    }
  }
  return commas == 1;
}

// The stretch of the splitter's buffer from the batch's first element to
// the end of its last, when it is at most `limit` bytes and holds one comma
// and whitespace between each two elements; else empty. The splitter hands
// a batch from one buffer, in order, so the stretch is a JSON array's
// inside; were that ever not so, the elements are joined instead (and a
// piece that does not parse to as many elements goes to the fold element by
// element in any case).
std::string_view batch_stretch(std::span<const JsonElement> batch, size_t limit) {
  const char* from = batch.front().text.data();
  const char* end = nullptr;
  for (const JsonElement& el : batch) {
    const char* at = el.text.data();
    const char* after = at + el.text.size();
    // The bound first, so that no long gap is scanned for a stretch too long anyway.
    if ((end && at < end) || static_cast<size_t>(after - from) > limit) return {};
    if (end && !one_comma_between(end, at)) return {};
    end = after;
  }
  return {from, static_cast<size_t>(end - from)};
}

// "[" + the elements + "]", padded: the batch's stretch copied whole where
// it fits a parser (one copy, not one per element), else the elements
// joined by commas.
Piece batch_piece(std::span<const JsonElement> batch, BufferPool& buffers) {
  Piece p;
  size_t size = 2 + simdjson::SIMDJSON_PADDING;
  for (const JsonElement& el : batch) size += el.text.size() + 1;
  p.buffer = buffers.take([] { return std::string(); });
  p.buffer.clear();
  p.buffer.reserve(std::max(size, kMaxPiece + simdjson::SIMDJSON_PADDING));
  p.buffer += '[';
  p.offsets.reserve(batch.size());
  const std::string_view stretch = batch_stretch(batch, kMaxPiece - 2);
  if (!stretch.empty()) {
    p.buffer.append(stretch);
    for (const JsonElement& el : batch) p.offsets.push_back(1 + static_cast<size_t>(el.text.data() - stretch.data()));
  } else {
    for (const JsonElement& el : batch) {
      if (p.buffer.size() > 1) p.buffer += ',';
      p.offsets.push_back(p.buffer.size());
      p.buffer.append(el.text);
    }
  }
  p.buffer += ']';
  p.buffer.append(simdjson::SIMDJSON_PADDING, ' ');
  p.elements.assign(batch.begin(), batch.end());
  return p;
}

// The pieces of one lent batch, each of elements [from, to): in place
// where they can be. Every bracket is written before any piece goes to
// another thread, whose parse reads past its own "]" (the padding) into the
// next piece's bytes. A piece stays in place when its "[" does not fall on
// the byte of the piece before's "]" (elements one comma apart, nothing
// between) and it fits a parser; the others are copied.
// An element longer than a piece (`alone`) is left for the fold to parse,
// in place too, with no brackets.
struct Cut {
  size_t from, to;
  bool alone = false;
  bool in_place = false;
};
void write_brackets(std::span<const JsonElement> batch, std::vector<Cut>& cuts) {
  const char* last_close = nullptr;
  for (Cut& c : cuts) {
    c.in_place = c.alone;
    if (c.alone) continue;
    char* open = const_cast<char*>(batch[c.from].text.data()) - 1;
    char* close = const_cast<char*>(batch[c.to - 1].text.data() + batch[c.to - 1].text.size());
    c.in_place = open > last_close && static_cast<size_t>(close + 1 - open) <= kMaxPiece;
    if (!c.in_place) continue;
    *open = '[';
    *close = ']';
    last_close = close;
  }
}

// Cuts a lent batch into pieces of about `piece_bytes` (at most
// kPieceBytes): a parser holds several times its document, so smaller
// pieces keep the memory in flight low. An element longer than kPieceBytes
// is a piece alone, for the fold. A piece ends after `max_elements`
// elements at most.
void cut_pieces(std::span<const JsonElement> batch, size_t max_elements, size_t piece_bytes, std::vector<Cut>& cuts) {
  cuts.clear();
  size_t from = 0, bytes = 0;
  for (size_t i = 0; i < batch.size(); ++i) {
    if (batch[i].text.size() > kPieceBytes) {
      if (i > from) cuts.push_back({from, i});
      cuts.push_back({i, i + 1, true});
      from = i + 1;
      bytes = 0;
      continue;
    }
    bytes += batch[i].text.size() + 1;  // with a separator (the whitespace around it not counted)
    if (bytes >= piece_bytes || i + 1 - from >= max_elements || i + 1 == batch.size()) {
      cuts.push_back({from, i + 1});
      from = i + 1;
      bytes = 0;
    }
  }
}

Piece lent_piece(std::span<const JsonElement> batch, const std::shared_ptr<char[]>& buffer) {
  Piece p;
  const char* open = batch.front().text.data() - 1;
  const char* close = batch.back().text.data() + batch.back().text.size();
  p.lent = buffer;
  p.lent_text = std::string_view(open, static_cast<size_t>(close + 1 - open));
  p.offsets.reserve(batch.size());
  for (const JsonElement& el : batch) p.offsets.push_back(static_cast<size_t>(el.text.data() - open));
  p.elements.assign(batch.begin(), batch.end());
  return p;
}

void prepare(Piece& p, ParserPool& parsers, DocumentPool& documents, MemoPool& memos, const NoteElement& note,
             size_t memo_words) {
  if (p.is_member || p.fold_parses || p.elements.empty()) return;
  p.document = documents.take(made_for_largest_piece<simdjson::dom::document>);
  const std::string_view text = p.text();
  simdjson::dom::element doc;
  simdjson::dom::array array;
  simdjson::error_code parsed;
  {
    // The parser's own buffers (the structural index, several bytes a byte
    // of text) stay with this thread: only the document waits in the queue.
    std::unique_ptr<simdjson::dom::parser> parser = parsers.take(made_for_largest_piece<simdjson::dom::parser>);
    parsed = parser->parse_into_document(*p.document, text.data(), text.size(), false).get(doc);
    const size_t capacity = parser->capacity();
    parsers.give(std::move(parser), capacity);
  }
  if (parsed != simdjson::SUCCESS || doc.get_array().get(array) != simdjson::SUCCESS ||
      array.size() != p.elements.size()) {
    return;  // the fold parses them one by one
  }
  p.values.reserve(p.elements.size());
  p.notes.reserve(p.elements.size());
  if (memo_words) {
    p.memos = memos.take([] { return std::vector<std::max_align_t>(); });
    if (p.memos.size() < memo_words * p.elements.size()) p.memos.resize(memo_words * p.elements.size());
  }
  std::max_align_t* memo = p.memos.data();
  for (simdjson::dom::element value : array) {
    p.values.push_back(value);
    p.notes.push_back(note ? note(value, memo_words ? memo : nullptr) : 0);
    memo += memo_words;
  }
  p.parsed = true;
}

// What pieces take from and give back to their pools, and how they are
// cut and handed to the fold: one of these a call, shared by its threads.
struct Pieces {
  Pieces(size_t piece_bytes, const NoteElement& note, size_t memo_bytes, const FoldElement& fold_element,
         const PeekElement& peek)
      : piece_bytes(piece_bytes),
        note(note),
        fold_element(fold_element),
        peek(peek),
        memo_words((memo_bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t)),
        // With memos, a piece of many small elements (a trace of
        // "0,0,0,...") ends where its memos reach kPooledCapacity, so that
        // they stay bounded and pooled, whatever the elements' sizes.
        max_elements(memo_words ? std::max<size_t>(1, kPooledCapacity / (memo_words * sizeof(std::max_align_t)))
                                : SIZE_MAX) {}

  // A prepare that fails (no memory, a note that throws) leaves the piece
  // for the fold to parse, element by element.
  void prepare_or_leave(Piece& p) {
    try {
      prepare(p, parsers, documents, memos, note, memo_words);
    } catch (...) {
      p.parsed = false;
      p.values.clear();
      p.notes.clear();
    }
  }

  // The pieces of a lent batch, in order, their brackets written.
  template <class Each>
  void cut(std::span<const JsonElement> batch, const std::shared_ptr<char[]>& buffer, Each&& each) {
    cut_pieces(batch, max_elements, piece_bytes, cuts);
    write_brackets(batch, cuts);
    for (const Cut& c : cuts) {
      const std::span<const JsonElement> elements = batch.subspan(c.from, c.to - c.from);
      Piece p = c.in_place ? lent_piece(elements, buffer) : batch_piece(elements, buffers);
      p.fold_parses = c.alone;
      each(std::move(p));
    }
  }

  // Hands a piece's elements to the fold in order, then its document,
  // buffer and memos back to their pools.
  void fold(Piece& piece) {
    const size_t n = piece.elements.size();
    const bool peeks = peek && piece.parsed;
    for (size_t i = 0; peeks && i < std::min(n, kPeekAhead); ++i) peek(piece.notes[i], memo_at(piece, i));
    for (size_t i = 0; i < n; ++i) {
      piece.elements[i].text = piece.text().substr(piece.offsets[i], piece.elements[i].text.size());
      if (peeks && i + kPeekAhead < n) peek(piece.notes[i + kPeekAhead], memo_at(piece, i + kPeekAhead));
      if (piece.parsed)
        fold_element(piece.elements[i], &piece.values[i], piece.notes[i], memo_at(piece, i));
      else
        fold_element(piece.elements[i], nullptr, 0, nullptr);
    }
    if (piece.document) {
      const size_t capacity = piece.document->capacity();
      documents.give(std::move(piece.document), capacity);
    }
    if (!piece.lent) {
      const size_t buffer_capacity = piece.buffer.capacity();
      buffers.give(std::move(piece.buffer), buffer_capacity);
    }
    if (!piece.memos.empty()) {
      const size_t memo_capacity = piece.memos.capacity() * sizeof(std::max_align_t);
      memos.give(std::move(piece.memos), memo_capacity);
    }
  }

  const void* memo_at(const Piece& p, size_t i) const { return memo_words ? &p.memos[i * memo_words] : nullptr; }

  const size_t piece_bytes;  // where a piece is cut (an element past kPieceBytes is alone all the same)
  const NoteElement& note;
  const FoldElement& fold_element;
  const PeekElement& peek;
  const size_t memo_words;
  const size_t max_elements;
  ParserPool parsers{kPooledCapacity};
  DocumentPool documents{kPooledCapacity};
  BufferPool buffers{kPooledCapacity};
  MemoPool memos{kPooledCapacity};
  std::vector<Cut> cuts;  // the splitter's thread's
};

}  // namespace

JsonStreamResult stream_json_array_ahead(io::InputSource& in, const JsonStreamOptions& options, unsigned threads,
                                         const NoteElement& note, const FoldElement& fold_element,
                                         const FoldMember& fold_member, size_t memo_bytes,
                                         const PeekElement& peek) {
  Pieces pieces(threads <= 1 ? kOneThreadPieceBytes : kHelperPieceBytes, note, memo_bytes, fold_element, peek);
  if (threads <= 1) {
    // One thread parses each piece as it cuts it and folds it at once:
    // simdjson's code runs over a piece, then the fold's over its elements,
    // rather than the two in turn an element each (callgrind's cache
    // model, 8 MiB of Chakra's execution trace: 45 times the L1i misses of
    // `validate` element by element, a ninth of that in pieces); and every
    // element comes with its note, as with more threads.
    return stream_json_array_lent(
        in, options,
        [&](std::span<const JsonElement> batch, const std::shared_ptr<char[]>& buffer) {
          pieces.cut(batch, buffer, [&](Piece&& p) {
            pieces.prepare_or_leave(p);
            pieces.fold(p);
          });
          return true;
        },
        fold_member);
  }
  // Room for 8 pieces beyond two a thread: with fewer the splitter, which
  // prepares pieces only while the queue is full, waited for the fold with
  // nothing to prepare (a 1 GiB GPU trace was 10% slower with 2 x threads + 2).
  io::OrderedWork<Piece> work(2 * threads + 10, [&](Piece& p) { pieces.prepare_or_leave(p); });
  JsonStreamResult result;
  std::exception_ptr producer_error;
  std::thread producer([&] {
    try {
      // Pieces hold the splitter's buffers (twice a chunk each) while they
      // wait: chunks of at most 1 MiB keep the buffers held a few MiB.
      JsonStreamOptions split = options;
      split.chunk = std::min(options.chunk, kLentChunk);
      result = stream_json_array_lent(
          in, split,
          [&](std::span<const JsonElement> batch, const std::shared_ptr<char[]>& buffer) {
            pieces.cut(batch, buffer, [&](Piece&& p) { work.push(std::move(p)); });
            return !work.stopped();
          },
          [&](const JsonMember& m) {
            Piece p;
            p.is_member = true;
            p.member = m;
            p.member_text.assign(m.text);
            work.push(std::move(p));
          });
    } catch (...) {
      producer_error = std::current_exception();
    }
    work.close();
  });
  std::vector<std::thread> helpers;
  {
    // However the fold ends (an exception in a check, a helper that cannot
    // start), the threads stop and are joined before what they use goes.
    struct Joiner {
      io::OrderedWork<Piece>& work;
      std::thread& producer;
      std::vector<std::thread>& helpers;
      ~Joiner() {
        work.stop();
        producer.join();
        for (std::thread& t : helpers) t.join();
      }
    } joiner{work, producer, helpers};
    for (unsigned t = 2; t < threads; ++t) helpers.emplace_back([&] { work.help(); });
    while (std::optional<Piece> piece = work.pop()) {
      if (piece->is_member) {
        piece->member.text = piece->member_text;
        fold_member(piece->member);
        continue;
      }
      pieces.fold(*piece);
    }
  }
  if (producer_error) std::rethrow_exception(producer_error);
  return result;
}

}  // namespace tc::json
