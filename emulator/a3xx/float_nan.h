// Binary32 add, sub, mul, min and max (and bary.f's interpolation) whose result, NaNs included, is a defined
// function of the operands in source order, whatever order the compiler
// emits the host instruction in (it may swap the operands of + and *, and of
// fmin/fmax, as commutative, also in vectorized code) and whatever the host
// returns for an invalid operation.
//
// The rules (emulator/a3xx/README.md, "NaN results"), chosen to be what the
// scalar kernels computed on x86-64 before they were pinned, so reports
// stay byte-identical:
// - add, sub, mul: a NaN result is the first NaN operand in source order (a,
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
inline float SubPinned(float a, float b) { return PinNan(a - b, a, b); }
inline float MulPinned(float a, float b) { return PinNan(a * b, a, b); }
inline float MadPinned(float a, float b, float c) { return AddPinned(c, MulPinned(b, a)); }

// common::Interpolate (emulator/common/interpolation.h: v0 when i and j
// are both +0, else (v0 + i * (v1 - v0)) + j * (v2 - v0), one rounding per
// operation in that order) with each operation's NaN pinned as for add and
// mul above, operands in this order: t1 = v1 - v0, t2 = v2 - v0, a = t1 * i,
// b = t2 * j, s = a + v0, r = s + b (what the x86-64 GCC 12 build of
// common::Interpolate computed, so reports stay byte-identical). Non-NaN
// results are Interpolate's.
inline Word InterpolatePinned(Word v0w, Word v1w, Word v2w, Word iw, Word jw) {
  if (iw == 0u && jw == 0u) return v0w;
  const float v0 = std::bit_cast<float>(v0w);
  const float a = MulPinned(SubPinned(std::bit_cast<float>(v1w), v0), std::bit_cast<float>(iw));
  const float b = MulPinned(SubPinned(std::bit_cast<float>(v2w), v0), std::bit_cast<float>(jw));
  return std::bit_cast<Word>(AddPinned(AddPinned(a, v0), b));
}

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
