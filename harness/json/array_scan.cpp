// The splitter's value scanners: a byte-at-a-time one (the reference, and
// for top-level scalars) and a 64-byte block one (json/block_scan.h) for
// arrays and objects, which gives the same results, errors and positions.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "json/block_scan.h"
#include "json/splitter.h"

namespace tc::json::detail {
namespace {

// Bytes that end a run of plain bytes inside a string / inside a value.
constexpr std::array<bool, 256> make_table(std::string_view specials) {
  std::array<bool, 256> t{};
  for (char c : specials) t[static_cast<unsigned char>(c)] = true;
  return t;
}
constexpr auto kStringSpecial = make_table("\"\\\n");
constexpr auto kValueSpecial = make_table("\"{}[],\n \t\r");  // where a top-level scalar may end
constexpr auto kContainerSpecial = make_table("\"{}[]\n");    // all that matters inside a container
static_assert('}' - 2 == '{' && ']' - 2 == '[', "scan_blocks_on finds a closer's opener by subtraction");

// The block scanner's CPU-dependent steps for x86-64's baseline (or any CPU).
struct BaselineCpu {
  static JsonBlock classify(const char* p) { return classify_json_block(p); }
  static unsigned popcount(uint64_t x) { return count_bits(x); }
  static uint64_t interior(uint64_t quotes, bool starts_inside) { return string_interior(quotes, starts_inside); }
};

#ifdef TC_JSON_BLOCK_X86
// ...and for CPUs with AVX2, inlined into scan_blocks_avx2.
struct Avx2Cpu {
  TC_JSON_BLOCK_AVX2 static JsonBlock classify(const char* p) { return classify_json_block_avx2(p); }
  TC_JSON_BLOCK_AVX2 static unsigned popcount(uint64_t x) { return static_cast<unsigned>(__builtin_popcountll(x)); }
  TC_JSON_BLOCK_AVX2 static uint64_t interior(uint64_t quotes, bool starts_inside) {
    return string_interior_clmul(quotes, starts_inside);
  }
};
#endif

}  // namespace

// Scans the current value from pos_ (up to end_, or until it ends: state_
// then leaves InValue); returns false on an error.
bool Splitter::scan_value() {
  if (scalar_ || !o_.block_scan) return scan_bytes(end_);
#ifdef TC_JSON_BLOCK_X86
  if (avx2_) return scan_blocks_avx2();
#endif
  return scan_blocks();
}

bool Splitter::scan_blocks() { return scan_blocks_on<BaselineCpu>(); }

#ifdef TC_JSON_BLOCK_X86
TC_JSON_BLOCK_AVX2 bool Splitter::scan_blocks_avx2() { return scan_blocks_on<Avx2Cpu>(); }
#endif

// The block scanner: what scan_bytes does, for an array or object value,
// with the same results, errors and positions. Every '\n' counts as a line
// end (in strings too, as in scan_bytes). A block where a backslash stands
// outside a string (not JSON: the element's parse will say so) goes to
// scan_bytes, which gives it no meaning, as does a byte escaped from the
// previous buffer.
template <class Cpu>
bool Splitter::scan_blocks_on() {
  // Moves the line count past the first n bytes of the block at pos_, whose
  // '\n' bytes are the bits of `newlines`.
  auto count_lines = [this](uint64_t newlines, size_t n) __attribute__((always_inline)) {
    if (n < 64) newlines &= (uint64_t{1} << n) - 1;
    if (newlines == 0) return;
    line_ += Cpu::popcount(newlines);
    line_start_ = base_ + pos_ + static_cast<uint64_t>(63 - __builtin_clzll(newlines)) + 1;
  };
  const char* b = buf_.get();
  while (pos_ < end_) {
    if (escape_) {
      if (!scan_bytes(pos_ + 1)) return false;
      continue;
    }
    const size_t n = std::min<size_t>(64, end_ - pos_);
    const uint64_t valid = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    const JsonBlock blk = Cpu::classify(b + pos_);  // kJsonPadding bytes follow end_
    const uint64_t backslash = blk.backslash & valid;
    bool carry = false;
    const uint64_t escaped = backslash ? escaped_json_bytes(backslash, carry) : 0;
    const uint64_t inside = Cpu::interior(blk.quote & valid & ~escaped, in_string_);
    if (backslash & ~inside) {
      if (!scan_bytes(pos_ + n)) return false;
      if (state_ != State::InValue) return true;
      continue;
    }
    // The depth, the stack and the block stay in locals through this loop
    // and go back to the members at each exit: a byte stored onto the stack
    // may alias any member, so each bracket would load them all again.
    const char* const block = b + pos_;
    size_t depth = depth_;
    char* stack = stack_.data();
    size_t room = std::min(stack_.size(), o_.max_depth);  // pushes that need no check
    for (uint64_t brackets = blk.bracket & valid & ~inside; brackets; brackets &= brackets - 1) {
      const size_t i = static_cast<size_t>(__builtin_ctzll(brackets));
      const char c = block[i];
      if (c == '{' || c == '[') {
        if (depth < room) {
          stack[depth++] = c;
          continue;
        }
        depth_ = depth;
        if (!push(c)) {
          count_lines(blk.newline, i);
          pos_ += i;
          return fail(JsonStreamErrorKind::TooDeep, "nesting deeper than " + std::to_string(o_.max_depth),
                      position(pos_));
        }
        depth = depth_;
        stack = stack_.data();
        room = std::min(stack_.size(), o_.max_depth);
        continue;
      }
      // '}' and ']' are their openers plus 2.
      if (depth == 0 || stack[depth - 1] != static_cast<char>(c - 2)) {
        depth_ = depth;
        count_lines(blk.newline, i);
        pos_ += i;
        return fail(JsonStreamErrorKind::Syntax, std::string("'") + c + "' does not close " + unclosed(),
                    position(pos_));
      }
      if (--depth == 0) {
        depth_ = 0;
        count_lines(blk.newline, i);
        pos_ += i + 1;
        in_string_ = false;
        return finish_value(pos_);
      }
    }
    depth_ = depth;
    count_lines(blk.newline, n);
    in_string_ = (inside >> (n - 1)) & 1;
    escape_ = n == 64 ? carry : ((escaped >> n) & 1) != 0;
    pos_ += n;
  }
  return true;
}

bool Splitter::scan_bytes(size_t limit) {
  const char* b = buf_.get();
  while (pos_ < limit) {
    if (escape_) {
      escape_ = false;
      if (b[pos_] == '\n') newline(pos_);
      ++pos_;
      continue;
    }
    if (in_string_) {
      while (pos_ < limit && !kStringSpecial[static_cast<unsigned char>(b[pos_])]) ++pos_;
      if (pos_ == limit) return true;
      char c = b[pos_];
      if (c == '"') {
        in_string_ = false;
        ++pos_;
        if (depth_ == 0 && string_scalar_) return finish_value(pos_);
      } else if (c == '\\') {
        escape_ = true;
        ++pos_;
      } else {
        newline(pos_);
        ++pos_;
      }
      continue;
    }
    if (scalar_ && !string_scalar_) {
      while (pos_ < limit && !kValueSpecial[static_cast<unsigned char>(b[pos_])]) ++pos_;
      if (pos_ == limit) return true;
      return finish_value(pos_);  // the delimiter is left for the next state
    }
    while (pos_ < limit && !kContainerSpecial[static_cast<unsigned char>(b[pos_])]) ++pos_;
    if (pos_ == limit) return true;
    char c = b[pos_];
    switch (c) {
      case '"':
        in_string_ = true;
        break;
      case '{':
      case '[':
        if (!push(c))
          return fail(JsonStreamErrorKind::TooDeep, "nesting deeper than " + std::to_string(o_.max_depth),
                      position(pos_));
        break;
      case '}':
      case ']': {
        char open = c == '}' ? '{' : '[';
        if (depth_ == 0 || stack_[depth_ - 1] != open)
          return fail(JsonStreamErrorKind::Syntax, std::string("'") + c + "' does not close " + unclosed(),
                      position(pos_));
        if (--depth_ == 0) {
          ++pos_;
          return finish_value(pos_);
        }
        break;
      }
      case '\n':
        newline(pos_);
        break;
      default:
        break;
    }
    ++pos_;
  }
  return true;
}

}  // namespace tc::json::detail
