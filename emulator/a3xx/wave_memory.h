// The const file and the local memory of a call, kept in the per-thread
// WaveStorage (machine.h) and reused by every call, so a call neither
// allocates them nor clears them whole.
//
// Invariants:
// - ConstFile: after Configure(n) it holds n words, all 0 except those Set
//   since; Configure zeroes only the range between the lowest and the
//   highest word Set since the previous Configure (the bindings and
//   immediates of the last call), not the whole file.
// - LocalMemory: after Configure(n) or Reset() every byte is 0; Reset
//   zeroes only the range between the lowest and the highest byte stored
//   since the last reset (Store is the only way to write it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "emulator/common/words.h"

namespace shaderdiff::a3xx {

class ConstFile {
 public:
  void Configure(size_t words) {
    if (words_.size() != words) {
      words_.assign(words, 0);
    } else if (lo_ < hi_) {
      std::fill(words_.begin() + static_cast<std::ptrdiff_t>(lo_), words_.begin() + static_cast<std::ptrdiff_t>(hi_),
                common::Word{0});
    }
    lo_ = words;
    hi_ = 0;
  }
  void Set(size_t i, common::Word w) {
    words_[i] = w;
    lo_ = std::min(lo_, i);
    hi_ = std::max(hi_, i + 1);
  }
  size_t size() const { return words_.size(); }
  common::Word operator[](size_t i) const { return words_[i]; }

 private:
  std::vector<common::Word> words_;
  size_t lo_ = 0, hi_ = 0;  // the words Set since the last Configure lie in [lo_, hi_)
};

class LocalMemory {
 public:
  void Configure(size_t bytes) {
    if (bytes_.size() != bytes) {
      bytes_.assign(bytes, 0);
      lo_ = bytes;
      hi_ = 0;
    } else {
      Reset();
    }
  }
  void Reset() {
    if (lo_ < hi_) std::fill(bytes_.begin() + static_cast<std::ptrdiff_t>(lo_), bytes_.begin() + static_cast<std::ptrdiff_t>(hi_), 0);
    lo_ = bytes_.size();
    hi_ = 0;
  }
  size_t size() const { return bytes_.size(); }
  uint8_t Load(size_t addr) const { return bytes_[addr]; }
  void Store(size_t addr, uint8_t v) {
    bytes_[addr] = v;
    lo_ = std::min(lo_, addr);
    hi_ = std::max(hi_, addr + 1);
  }

 private:
  std::vector<uint8_t> bytes_;
  size_t lo_ = 0, hi_ = 0;  // the bytes stored since the last reset lie in [lo_, hi_)
};

}  // namespace shaderdiff::a3xx
