// A deterministic random source for generated test and bench inputs
// (SplitMix64): the same seed gives the same sequence on every platform and
// standard library, which std::uniform_*_distribution does not promise.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tc::testing {

class Rng {
 public:
  explicit Rng(uint64_t seed = 42) : state_(seed) {}
  uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n ? next() % n : 0; }
  bool chance(int percent) { return below(100) < static_cast<size_t>(percent); }

 private:
  uint64_t state_;
};

}  // namespace tc::testing
