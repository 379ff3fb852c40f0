// Bit ranges [hi:lo] of an instruction word, for any target's table-driven
// encoder and decoder. Invariant: 0 <= lo <= hi < bits of the word type;
// Insert never touches bits outside [hi:lo].
#pragma once

#include <cstdint>
#include <type_traits>

namespace shaderdiff::isa_common {

// A mask of the low `width` bits (width may equal the word's size).
template <typename W>
constexpr W LowMask(unsigned width) {
  static_assert(std::is_unsigned_v<W>);
  return width >= sizeof(W) * 8 ? ~W{0} : static_cast<W>((W{1} << width) - 1);
}

// The mask of bits [hi:lo] in place.
template <typename W>
constexpr W RangeMask(unsigned hi, unsigned lo) {
  return static_cast<W>(LowMask<W>(hi - lo + 1) << lo);
}

// The value held in bits [hi:lo].
template <typename W>
constexpr W ExtractBits(W word, unsigned hi, unsigned lo) {
  return static_cast<W>((word >> lo) & LowMask<W>(hi - lo + 1));
}

// Whether `value` fits the width of [hi:lo].
template <typename W>
constexpr bool FitsBits(W value, unsigned hi, unsigned lo) {
  return (value & ~LowMask<W>(hi - lo + 1)) == 0;
}

// `word` with bits [hi:lo] replaced by `value` (which must fit).
template <typename W>
constexpr W InsertBits(W word, unsigned hi, unsigned lo, W value) {
  return static_cast<W>((word & ~RangeMask<W>(hi, lo)) | ((value << lo) & RangeMask<W>(hi, lo)));
}

}  // namespace shaderdiff::isa_common
