// The byte layout the R500 fuzz targets and their seeds share: one
// instruction is its six dwords (inst0..inst5, r500::Words), each 4 bytes
// little-endian, 24 bytes in all. Trailing bytes short of an instruction are
// ignored, and at most r500::kCodeSlots (512, the code store) instructions
// are read, so one input's work is bounded whatever its length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/r500/isa/instr.h"
#include "emulator/r500/state.h"

namespace shaderdiff::fuzz {

inline constexpr size_t kR500InstrBytes = 4 * r500::kDwords;

inline std::vector<r500::Words> R500WordsFromBytes(const uint8_t* data, size_t size) {
  std::vector<r500::Words> out;
  for (size_t at = 0; at + kR500InstrBytes <= size && out.size() < static_cast<size_t>(r500::kCodeSlots);
       at += kR500InstrBytes) {
    r500::Words w{};
    for (int d = 0; d < r500::kDwords; ++d) {
      const uint8_t* p = data + at + 4 * d;
      w[d] = p[0] | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) | (uint32_t{p[3]} << 24);
    }
    out.push_back(w);
  }
  return out;
}

inline std::string BytesFromR500Words(const std::vector<r500::Words>& words) {
  std::string bytes;
  for (const r500::Words& w : words) {
    for (uint32_t d : w) {
      for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<char>((d >> (8 * b)) & 0xff));
    }
  }
  return bytes;
}

}  // namespace shaderdiff::fuzz
