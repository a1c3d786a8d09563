// An InputSource over a byte buffer for the fuzz targets: hands out the
// buffer in reads of `step` bytes, so short reads and splits at every
// offset are exercised.
#pragma once

#include <algorithm>
#include <cstring>
#include <string_view>

#include "io/input_source.h"

namespace tc::fuzz {

class MemorySource : public io::InputSource {
 public:
  explicit MemorySource(std::string_view data, size_t step = 4096) : data_(data), step_(step ? step : 1) {
    name_ = "fuzz";
  }
  ptrdiff_t read(char* buf, size_t n) override {
    size_t k = std::min({n, step_, data_.size() - pos_});
    std::memcpy(buf, data_.data() + pos_, k);
    pos_ += k;
    return static_cast<ptrdiff_t>(k);
  }

 private:
  std::string_view data_;
  size_t step_;
  size_t pos_ = 0;
};

}  // namespace tc::fuzz
