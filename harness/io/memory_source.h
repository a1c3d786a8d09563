// An InputSource over bytes in memory, handed out in reads of at most `step`
// bytes, so short reads and splits at every offset are exercised: for the
// reader tests and the fuzz targets.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>

#include "io/input_source.h"

namespace tc::io {

class MemorySource : public InputSource {
 public:
  explicit MemorySource(std::string data, size_t step = 7) : data_(std::move(data)), step_(step ? step : 1) {
    name_ = "memory";
  }
  ptrdiff_t read(char* buf, size_t n) override {
    size_t k = std::min({n, step_, data_.size() - pos_});
    std::memcpy(buf, data_.data() + pos_, k);
    pos_ += k;
    return static_cast<ptrdiff_t>(k);
  }

 private:
  std::string data_;
  size_t step_;
  size_t pos_ = 0;
};

}  // namespace tc::io
