// Binary32 add, mul, min and max whose result, NaNs included, is a defined
// function of the operands in source order, whatever order the compiler
// emits the host instruction in (it may swap the operands of + and *, and of
// fmin/fmax, as commutative, also in vectorized code) and whatever the host
// returns for an invalid operation.
//
// The rules (emulator/a3xx/README.md, "NaN results"), chosen to be what the
// scalar kernels computed on x86-64 before they were pinned, so reports
// stay byte-identical:
// - add, mul: a NaN result is the first NaN operand in source order (a,
//   then b) with its quiet bit set; with no NaN operand (inf - inf,
//   0 * inf) it is kDefaultNan, x86's "real indefinite";
// - mad.f = add(c, mul(b, a)): the first NaN of c, b, a in that order;
// - min, max (fminf / fmaxf): a quiet NaN operand yields the other operand;
//   a signalling NaN operand, or two NaNs, yield the second operand's NaN
//   if it is one, else the first's, quietened; of two equal operands
//   (+0 and -0) the first is returned.
// Non-NaN results are the IEEE ones: + and * are commutative there, and min
// and max decide by value. Every function is branch-free (selects), so a
// lane loop over them vectorizes.
#pragma once

#include <bit>

#include "emulator/common/words.h"

namespace shaderdiff::a3xx {

using common::Word;

inline constexpr Word kDefaultNan = 0xffc00000u;
inline constexpr Word kQuietBit = 0x00400000u;

inline bool IsNanBits(Word w) { return (w & 0x7fffffffu) > 0x7f800000u; }
inline bool IsSignallingNan(Word w) { return IsNanBits(w) && !(w & kQuietBit); }

// The NaN of an add or mul of a and b (source order) whose result is NaN.
inline Word ArithNan(Word a, Word b) {
  return IsNanBits(a) ? (a | kQuietBit) : (IsNanBits(b) ? (b | kQuietBit) : kDefaultNan);
}

inline float PinNan(float r, float a, float b) {
  const Word rw = std::bit_cast<Word>(r);
  return std::bit_cast<float>(IsNanBits(rw) ? ArithNan(std::bit_cast<Word>(a), std::bit_cast<Word>(b)) : rw);
}

inline float AddPinned(float a, float b) { return PinNan(a + b, a, b); }
inline float MulPinned(float a, float b) { return PinNan(a * b, a, b); }
inline float MadPinned(float a, float b, float c) { return AddPinned(c, MulPinned(b, a)); }

// fminf / fmaxf with the NaN and signed-zero rules above: `pick_a` is the
// by-value choice for two non-NaN operands (true when they are equal).
inline float MinMaxPinned(float a, float b, bool pick_a) {
  const Word aw = std::bit_cast<Word>(a), bw = std::bit_cast<Word>(b);
  const bool an = IsNanBits(aw), bn = IsNanBits(bw);
  const bool nan_result = (an & bn) | IsSignallingNan(aw) | IsSignallingNan(bw);
  const Word nan = (bn ? bw : aw) | kQuietBit;
  const Word value = an ? bw : (bn ? aw : (pick_a ? aw : bw));
  const Word r = nan_result ? nan : value;
  return std::bit_cast<float>(r);
}
inline float MinPinned(float a, float b) { return MinMaxPinned(a, b, !(b < a)); }
inline float MaxPinned(float a, float b) { return MinMaxPinned(a, b, !(b > a)); }

}  // namespace shaderdiff::a3xx
