// One record's payload, accumulated line by line as the reader meets it.
//
// Contract: the payload is the de-tabbed payload lines joined by '\n', no
// trailing newline (tlparse lib.rs:684-694). Its md5 is computed
// incrementally (OpenSSL EVP, in 64 KiB batches), never needing the whole
// text; only the first `keep` bytes are stored. Blank lines are not part of
// the payload (tlparse drops them); when one sits between payload lines a
// second md5 is kept as if it were an empty payload line, so the reader can
// say whether an editor stripped the tabs of blank payload lines.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

typedef struct evp_md_ctx_st EVP_MD_CTX;
typedef struct evp_md_st EVP_MD;

namespace tc::formats::torch_trace {

using Md5 = std::array<uint8_t, 16>;

class PayloadAccumulator {
 public:
  PayloadAccumulator();
  ~PayloadAccumulator();
  PayloadAccumulator(const PayloadAccumulator&) = delete;
  PayloadAccumulator& operator=(const PayloadAccumulator&) = delete;

  // Starts a payload whose text is kept in `*kept` (cleared) up to `keep` bytes.
  void start(std::string* kept, size_t keep);
  // A new payload line; its text follows in append() calls (a long line may
  // come in several pieces).
  void begin_line();
  void append(std::string_view text);
  // A blank line met inside the payload.
  void blank_line();
  // After start(): the payload's md5 was computed ahead (payload_prehash.h)
  // for a payload of `lines` lines and `bytes` bytes, so its bytes are kept
  // and counted but not hashed. Ignored for a payload longer than `keep`.
  // Should the payload turn out otherwise (other lines or bytes, a blank
  // line, longer than `keep`), it is hashed here from its kept text on.
  void use_digest(const Md5& md5, uint64_t lines, uint64_t bytes);
  // After start(): the whole payload, joined and hashed ahead (a run of
  // payload_prehash.h whose lines the reader passed over): `text` becomes
  // the kept text, as if its `lines` lines had been appended, and its md5
  // is use_digest()'s. Only for a text of at most `keep` bytes.
  void take_whole(std::string& text, const Md5& md5, uint64_t lines);

  struct Result {
    Md5 md5{};
    bool has_alternative = false;  // blank lines sat between payload lines
    Md5 with_blank_lines{};        // md5 with them read as empty payload lines
    uint64_t lines = 0;
    uint64_t blank_lines = 0;
    uint64_t bytes = 0;
    bool truncated = false;  // more than `keep` bytes
  };
  Result finish();

 private:
  void stage(std::string_view bytes);
  void flush();
  void update(const char* data, size_t size);
  void to_alternative(std::string_view bytes);
  void drop_prehash();

  bool prehashed_ = false;
  Md5 prehash_{};
  uint64_t prehash_lines_ = 0, prehash_bytes_ = 0;
  EVP_MD_CTX* main_ = nullptr;
  EVP_MD_CTX* alt_ = nullptr;
  bool alt_active_ = false;
  std::string stage_;
  std::string* kept_ = nullptr;
  size_t keep_ = 0;
  size_t hashed_ = 0;  // bytes of *kept_ already hashed
  uint64_t lines_ = 0, alt_lines_ = 0, pending_blanks_ = 0, blank_lines_ = 0, bytes_ = 0;
  bool truncated_ = false;
};

// OpenSSL's md5, fetched once (EVP_md5() looks it up again at every
// EVP_DigestInit_ex, under a lock).
const EVP_MD* md5_algorithm();

// Decodes 32 lowercase hex digits (what tlparse's base16ct::lower accepts
// for a 16-byte md5); false for anything else.
bool decode_md5_hex(std::string_view hex, Md5& out);
std::string md5_hex(const Md5& md5);

}  // namespace tc::formats::torch_trace
