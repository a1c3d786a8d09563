#include "formats/torch_trace/payload.h"

#include <openssl/evp.h>

#include <algorithm>
#include <stdexcept>

namespace tc::formats::torch_trace {
namespace {
constexpr size_t kBatch = 64 * 1024;
constexpr size_t kPadding = 64;  // json::Parser::kPadding
// Kept payloads grow by doubling up to kDirectAbove, then to the cap at once
// (when the cap is at most kDirectCapMax, so a huge cap is never reserved).
constexpr size_t kDirectAbove = size_t{1} << 20;
constexpr size_t kDirectCapMax = size_t{1} << 30;

void digest_init(EVP_MD_CTX* ctx) {
  if (EVP_DigestInit_ex2(ctx, md5_algorithm(), nullptr) != 1) throw std::runtime_error("OpenSSL: md5 unavailable");
}
}  // namespace

// Fetched once: the lookup costs more than hashing a short payload.
const EVP_MD* md5_algorithm() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "MD5", nullptr);
  if (!md) throw std::runtime_error("OpenSSL: md5 unavailable");
  return md;
}

PayloadAccumulator::PayloadAccumulator() : main_(EVP_MD_CTX_new()), alt_(EVP_MD_CTX_new()) {
  if (!main_ || !alt_) throw std::runtime_error("OpenSSL: cannot allocate a digest context");
  stage_.reserve(kBatch);
}

PayloadAccumulator::~PayloadAccumulator() {
  EVP_MD_CTX_free(main_);
  EVP_MD_CTX_free(alt_);
}

void PayloadAccumulator::start(std::string* kept, size_t keep) {
  digest_init(main_);
  alt_active_ = false;
  stage_.clear();
  kept_ = kept;
  keep_ = keep;
  if (kept_) kept_->clear();
  hashed_ = 0;
  lines_ = alt_lines_ = pending_blanks_ = blank_lines_ = bytes_ = 0;
  truncated_ = false;
  prehashed_ = false;
}

void PayloadAccumulator::drop_prehash() {
  if (!prehashed_) return;
  prehashed_ = false;
  hashed_ = 0;  // nothing was hashed while it held: hash the kept text from its start
}

void PayloadAccumulator::use_digest(const Md5& md5, uint64_t lines, uint64_t bytes) {
  // Only for a payload it keeps whole, so it can hash it should it differ.
  if (!kept_ || bytes > keep_) return;
  prehashed_ = true;
  prehash_ = md5;
  prehash_lines_ = lines;
  prehash_bytes_ = bytes;
}

void PayloadAccumulator::take_whole(std::string& text, const Md5& md5, uint64_t lines) {
  kept_->swap(text);
  hashed_ = kept_->size();
  bytes_ = kept_->size();
  lines_ = lines;
  use_digest(md5, lines, bytes_);
  if (!prehashed_) hashed_ = 0;  // not taken as hashed: hash the text here
}

void PayloadAccumulator::update(const char* data, size_t size) {
  if (size == 0 || prehashed_) return;
  EVP_DigestUpdate(main_, data, size);
  if (alt_active_) EVP_DigestUpdate(alt_, data, size);
}

void PayloadAccumulator::flush() {
  if (kept_ && hashed_ < kept_->size()) {
    update(kept_->data() + hashed_, kept_->size() - hashed_);
    hashed_ = kept_->size();
  }
  update(stage_.data(), stage_.size());
  stage_.clear();
}

void PayloadAccumulator::stage(std::string_view bytes) {
  bytes_ += bytes.size();
  // While the text is kept whole, it is its own staging buffer: hash it from
  // there in batches. Past the cap, copy into stage_ (or hash big pieces
  // directly).
  if (kept_ && !truncated_) {
    size_t room = keep_ - std::min(keep_, kept_->size());
    // Grow by doubling but never past the cap (plus the JSON parser's
    // padding, so checks can parse the payload in place): a capped payload
    // must not cost twice the cap. Past kDirectAbove, go straight to the cap:
    // pages not yet written cost no memory, while doubling holds the old and
    // the new buffer at once as it copies (32 + 64 MiB for a capped payload).
    size_t need = kept_->size() + std::min(bytes.size(), room) + kPadding;
    if (need > kept_->capacity()) {
      size_t cap = std::min(std::max(need, 2 * kept_->capacity()), keep_ + kPadding);
      if (need > kDirectAbove && keep_ <= kDirectCapMax) cap = keep_ + kPadding;
      kept_->reserve(cap);
    }
    if (bytes.size() <= room) {
      kept_->append(bytes);
      if (kept_->size() - hashed_ >= kBatch) flush();
      return;
    }
    kept_->append(bytes.substr(0, room));
    truncated_ = true;
    drop_prehash();  // longer than any run hashed ahead: hash it here
    flush();
    bytes.remove_prefix(room);
  }
  if (stage_.size() + bytes.size() > kBatch) {
    flush();
    if (bytes.size() >= kBatch) {
      update(bytes.data(), bytes.size());
      return;
    }
  }
  stage_.append(bytes);
}

void PayloadAccumulator::to_alternative(std::string_view bytes) {
  flush();
  EVP_DigestUpdate(alt_, bytes.data(), bytes.size());
}

void PayloadAccumulator::begin_line() {
  if (pending_blanks_ > 0 && lines_ > 0) {
    // Blank lines between payload lines: from here on keep the alternative
    // digest too, which reads each of them as an empty payload line.
    if (!alt_active_) {
      flush();
      EVP_MD_CTX_copy_ex(alt_, main_);
      alt_active_ = true;
      alt_lines_ = lines_;
    }
    for (; pending_blanks_ > 0; --pending_blanks_, ++alt_lines_) to_alternative("\n");
  }
  pending_blanks_ = 0;
  if (lines_ > 0) {
    // The separator goes to both digests; the alternative counts it too.
    stage("\n");
  }
  ++lines_;
  if (alt_active_) ++alt_lines_;
}

void PayloadAccumulator::append(std::string_view text) { stage(text); }

void PayloadAccumulator::blank_line() {
  // No run hashed ahead holds a blank line; the alternative digest needs
  // the main one up to here.
  if (prehashed_) {
    drop_prehash();
    flush();
  }
  ++blank_lines_;
  ++pending_blanks_;
}

PayloadAccumulator::Result PayloadAccumulator::finish() {
  flush();
  Result r;
  unsigned int len = 0;
  if (prehashed_ && !(lines_ == prehash_lines_ && bytes_ == prehash_bytes_)) {
    // Not the payload that was hashed ahead: hash what was kept (all of it:
    // a longer one would have dropped the prehash when it outgrew the cap).
    drop_prehash();
    flush();
  }
  if (prehashed_)
    r.md5 = prehash_;
  else
    EVP_DigestFinal_ex(main_, r.md5.data(), &len);
  if (alt_active_) {
    EVP_DigestFinal_ex(alt_, r.with_blank_lines.data(), &len);
    r.has_alternative = true;
  }
  r.lines = lines_;
  r.blank_lines = blank_lines_;
  r.bytes = bytes_;
  r.truncated = truncated_;
  return r;
}

bool decode_md5_hex(std::string_view hex, Md5& out) {
  if (hex.size() != 32) return false;
  for (size_t i = 0; i < 16; ++i) {
    uint8_t byte = 0;
    for (size_t k = 0; k < 2; ++k) {
      char c = hex[2 * i + k];
      byte <<= 4;
      if (c >= '0' && c <= '9')
        byte |= static_cast<uint8_t>(c - '0');
      else if (c >= 'a' && c <= 'f')
        byte |= static_cast<uint8_t>(c - 'a' + 10);
      else
        return false;
    }
    out[i] = byte;
  }
  return true;
}

std::string md5_hex(const Md5& md5) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  s.reserve(32);
  for (uint8_t b : md5) {
    s += kHex[b >> 4];
    s += kHex[b & 15];
  }
  return s;
}

}  // namespace tc::formats::torch_trace
