// Raw 32-bit lane values and their float / int views. Every executor works
// on words, so that all of them see bit-identical inputs and produce
// bit-comparable outputs.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace shaderdiff::common {

using Word = uint32_t;
using Vec4 = std::array<Word, 4>;  // one register of one lane: x, y, z, w

inline float AsFloat(Word w) { return std::bit_cast<float>(w); }
inline Word FromFloat(float f) { return std::bit_cast<Word>(f); }
inline int32_t AsInt(Word w) { return static_cast<int32_t>(w); }
inline Word FromInt(int32_t i) { return static_cast<Word>(i); }

}  // namespace shaderdiff::common
