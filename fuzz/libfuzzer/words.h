// The byte layout the a3xx fuzz targets and their seeds share: 64-bit
// instruction words, little-endian, 8 bytes each (the `shaderdiff compile
// --binary` / `disasm` file format). Trailing bytes short of a word are
// ignored, and at most kMaxWords words are read, so one input's work is
// bounded whatever its length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace shaderdiff::fuzz {

inline constexpr size_t kMaxWords = 1024;

inline std::vector<uint64_t> WordsFromBytes(const uint8_t* data, size_t size) {
  std::vector<uint64_t> words;
  for (size_t at = 0; at + 8 <= size && words.size() < kMaxWords; at += 8) {
    uint64_t w = 0;
    for (int b = 7; b >= 0; --b) w = (w << 8) | data[at + b];
    words.push_back(w);
  }
  return words;
}

inline std::string BytesFromWords(const std::vector<uint64_t>& words) {
  std::string bytes;
  for (uint64_t w : words) {
    for (int b = 0; b < 8; ++b) bytes.push_back(static_cast<char>((w >> (8 * b)) & 0xff));
  }
  return bytes;
}

}  // namespace shaderdiff::fuzz
