// A small, fully specified pseudo-random generator (SplitMix64), so that a
// seed produces the same test vectors on every host and standard library.
// (std::uniform_*_distribution is implementation-defined; never use it here.)
#pragma once

#include <cstdint>

namespace shaderdiff::harness {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); n > 0. The modulo bias is irrelevant for test data
  // but the result is exactly specified, which is what matters.
  uint32_t Below(uint32_t n) { return static_cast<uint32_t>(Next() % n); }
  // True with probability num/den.
  bool Chance(uint32_t num, uint32_t den) { return Below(den) < num; }

 private:
  uint64_t state_;
};

}  // namespace shaderdiff::harness
