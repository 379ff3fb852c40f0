// Helpers shared by the cat2 and cat3 handlers: source modifiers, denormal
// policy and (sat) on the 32-bit values the kernels compute on.
//
// Modifier meaning by operand domain (docs/isa-a3xx.md §2.3):
// - float sources: (abs) clears and (neg) flips the sign bit ((absneg) = -|x|),
//   on the bits, so NaN payloads survive; then the denormal policy applies;
// - bitwise (*.b) sources: (neg) is a bitwise NOT;
// - absneg.s: (abs) = |x| and (neg) = -x in two's complement (wrapping).
// For half sources the modified integer is re-truncated to 16 bits and
// re-extended, so width-dependent kernels (clz, bfrev) see a 16-bit value.
#pragma once

#include <cmath>

#include "emulator/a3xx/operands_inline.h"
#include "emulator/common/float_policy.h"

namespace shaderdiff::a3xx {

enum class ModKind : uint8_t { kNone, kFloat, kBitNot, kIntAbsNeg };

struct SrcMod {
  Word and_mask = ~Word{0};
  Word xor_mask = 0;
  bool int_abs = false;
  bool int_neg = false;
};

inline SrcMod MakeMod(const Operand& o, ModKind kind) {
  SrcMod m;
  switch (kind) {
    case ModKind::kNone: break;
    case ModKind::kFloat:
      if (o.abs) m.and_mask = 0x7fffffffu;
      if (o.neg) m.xor_mask = 0x80000000u;
      break;
    case ModKind::kBitNot:
      if (o.neg) m.xor_mask = 0xffffffffu;
      break;
    case ModKind::kIntAbsNeg:
      m.int_abs = o.abs;
      m.int_neg = o.neg;
      break;
  }
  return m;
}

inline float InFloat(Word w, const SrcMod& mod, bool ftz) {
  const float f = F((w & mod.and_mask) ^ mod.xor_mask);
  return ftz ? common::ApplyDenormalMode(f, common::DenormalMode::kFlushToZero) : f;
}

inline Word OutFloat(float r, bool sat, bool ftz) {
  if (sat) r = Saturate(r);
  if (ftz) r = common::ApplyDenormalMode(r, common::DenormalMode::kFlushToZero);
  return W(r);
}

inline Word InInt(Word w, const SrcMod& mod, bool half, Dom dom) {
  w = (w & mod.and_mask) ^ mod.xor_mask;
  if (mod.int_abs && static_cast<int32_t>(w) < 0) w = 0u - w;
  if (mod.int_neg) w = 0u - w;
  return half ? Widen16(w, dom) : w;
}

// Round to nearest integral value, ties to even, independent of the host
// rounding mode; the sign of a zero result follows x.
inline float RoundEvenF(float x) {
  if (!(std::fabs(x) < 8388608.0f)) return x;  // >= 2^23, inf, NaN
  const float f = std::floor(x);
  const float d = x - f;  // exact
  float r = f;
  if (d > 0.5f || (d == 0.5f && std::fmod(f, 2.0f) != 0.0f)) r = f + 1.0f;
  return std::copysign(r, x);
}

}  // namespace shaderdiff::a3xx
