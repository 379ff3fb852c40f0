// Binary32 add, sub and mul whose NaN result is a defined function of the
// operands in source order, and the varying interpolation built from them:
// what the reference interpreter (common::Deliver) and the a3xx emulator's
// bary.f both compute, so that which NaN an interpolated varying carries is
// the same in every executor and every build mode, whatever order the host
// compiler emits + and * in (it may swap them as commutative) and whatever
// the host returns for an invalid operation.
//
// The rules (emulator/a3xx/README.md, "NaN results"), chosen to be what the
// x86-64 GCC 12 -c opt build computed before they were pinned, so its
// reports stay byte-identical:
// - add, sub, mul: a NaN result is the first NaN operand in source order (a,
//   then b) with its quiet bit set; with no NaN operand (inf - inf,
//   0 * inf) it is kDefaultNan, x86's "real indefinite";
// - interpolation: t1 = v1 - v0, t2 = v2 - v0, a = t1 * i, b = t2 * j,
//   s = a + v0, r = s + b, each operation pinned as above;
// - mad.f = add(c, mul(b, a)): the first NaN of c, b, a in that order.
// Non-NaN results are the IEEE ones. Every function is branch-free.
#pragma once

#include <bit>

#include "emulator/common/words.h"

namespace shaderdiff::common {

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

// Interpolate's formula (interpolation.h: v0 when i and j are both +0,
// else (v0 + i * (v1 - v0)) + j * (v2 - v0), one rounding per operation)
// with each operation's NaN pinned as for add and mul above, operands in
// the order the header comment gives.
inline Word InterpolatePinned(Word v0w, Word v1w, Word v2w, Word iw, Word jw) {
  if (iw == 0u && jw == 0u) return v0w;
  const float v0 = std::bit_cast<float>(v0w);
  const float a = MulPinned(SubPinned(std::bit_cast<float>(v1w), v0), std::bit_cast<float>(iw));
  const float b = MulPinned(SubPinned(std::bit_cast<float>(v2w), v0), std::bit_cast<float>(jw));
  return std::bit_cast<Word>(AddPinned(AddPinned(a, v0), b));
}

}  // namespace shaderdiff::common
