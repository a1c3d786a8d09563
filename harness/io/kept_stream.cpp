#include "io/kept_stream.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>

namespace tc::io {
namespace {

struct KeptStream {
  std::mutex mu;
  std::unique_ptr<InputSource> stream;
  std::string head;    // every byte read from `stream` while within kKeptHead
  bool taken = false;  // a reader went past `head`: the rest is its alone
  bool ended = false;  // `stream` ended (or failed) within `head`
  std::string error;   // its error(), when it failed there
  bool data_error = false;
};

std::mutex g_mu;
std::map<std::string, std::shared_ptr<KeptStream>>& kept() {
  static std::map<std::string, std::shared_ptr<KeptStream>> streams;
  return streams;
}

class KeptReader : public InputSource {
 public:
  explicit KeptReader(std::shared_ptr<KeptStream> s) : s_(std::move(s)) {
    name_ = s_->stream->name();
    gzip_ = s_->stream->gzip();
  }

  ptrdiff_t read(char* buf, size_t n) override {
    if (n == 0) return 0;
    std::lock_guard lock(s_->mu);
    if (!owner_) {
      if (at_ < s_->head.size()) return from_head(buf, n);
      if (s_->ended) return end_of_head();
      if (!s_->taken && s_->head.size() < kKeptHead) {
        // Read on into the head, for this reader and every later one.
        const size_t want = std::min(n, kKeptHead - s_->head.size());
        const size_t was = s_->head.size();
        s_->head.resize(was + want);
        const ptrdiff_t got = s_->stream->read(s_->head.data() + was, want);
        s_->head.resize(was + static_cast<size_t>(std::max<ptrdiff_t>(got, 0)));
        if (got <= 0) {
          s_->ended = true;
          if (got < 0) s_->error = s_->stream->error(), s_->data_error = s_->stream->data_error();
          return end_of_head();
        }
        return from_head(buf, n);
      }
      if (s_->taken) return 0;  // another reader has the rest: this one sees the stream end here
      // Past the head: the rest of the stream is this reader's.
      s_->taken = owner_ = true;
    }
    const ptrdiff_t got = s_->stream->read(buf, n);
    if (got < 0) error_ = s_->stream->error(), data_error_ = s_->stream->data_error();
    return got;
  }

 private:
  ptrdiff_t from_head(char* buf, size_t n) {
    const size_t k = std::min(n, s_->head.size() - at_);
    std::memcpy(buf, s_->head.data() + at_, k);
    at_ += k;
    return static_cast<ptrdiff_t>(k);
  }
  ptrdiff_t end_of_head() {
    if (s_->error.empty() && !s_->data_error) return 0;
    error_ = s_->error;
    data_error_ = s_->data_error;
    return -1;
  }

  std::shared_ptr<KeptStream> s_;
  size_t at_ = 0;
  bool owner_ = false;
};

}  // namespace

std::unique_ptr<InputSource> keep_stream(const std::string& path, std::unique_ptr<InputSource> stream) {
  auto s = std::make_shared<KeptStream>();
  s->stream = std::move(stream);
  {
    std::lock_guard lock(g_mu);
    kept()[path] = s;
  }
  return std::make_unique<KeptReader>(std::move(s));
}

std::unique_ptr<InputSource> reopen_kept(const std::string& path) {
  std::lock_guard lock(g_mu);
  auto it = kept().find(path);
  if (it == kept().end()) return nullptr;
  return std::make_unique<KeptReader>(it->second);
}

}  // namespace tc::io
