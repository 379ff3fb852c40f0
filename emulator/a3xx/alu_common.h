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

#include <array>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "emulator/a3xx/float_block.h"
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

// Whether `mod` leaves every value as it is (no modifier on the source, or
// none that means anything in the kernel's domain).
inline bool IdentityMod(const SrcMod& m) {
  return m.and_mask == ~Word{0} && m.xor_mask == 0 && !m.int_abs && !m.int_neg;
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

// A kernel without a block form (DenseFloatLanes' eval4).
struct NoBlockEval {};

// A float kernel with N sources (1..3) over lanes 0..n-1, without
// flush-to-zero (DenormalMode::kFlushToZero takes the lane-by-lane path):
// the same per-lane computation as InFloat / OutFloat, then the remaining
// lanes one by one. eval(x, y, z) gets the modified inputs (0.0f for absent
// sources) and returns the unsaturated result with its NaN pinned
// (float_nan.h).
// - With eval4 (F4 x, y, z -> F4, float_block.h, the same IEEE operation
//   without the NaN rule), blocks of four lanes run as host vectors; a
//   block with a NaN in an input or a result is recomputed lane by lane
//   with eval, so only NaN results differ between the two, and those come
//   from eval alone.
// - Without (NoBlockEval), blocks of four lanes whose inputs are loaded
//   before any output is stored, which the compiler vectorizes where eval
//   allows.
template <int N, bool kSat, class Eval, class Eval4>
[[gnu::always_inline]] inline void DenseFloatLanes(int n, const std::array<const Word*, 3>& src,
                                                   const std::array<SrcMod, 3>& mods, Word* out, Eval eval,
                                                   Eval4 eval4) {
  const Word and0 = mods[0].and_mask, xor0 = mods[0].xor_mask;
  const Word and1 = mods[1].and_mask, xor1 = mods[1].xor_mask;
  const Word and2 = mods[2].and_mask, xor2 = mods[2].xor_mask;
  auto one = [&](Word a, Word b, Word c) {
    const float x = F((a & and0) ^ xor0);
    const float y = N > 1 ? F((b & and1) ^ xor1) : 0.0f;
    const float z = N > 2 ? F((c & and2) ^ xor2) : 0.0f;
    float r = eval(x, y, z);
    if constexpr (kSat) r = Saturate(r);
    return W(r);
  };
  int l = 0;
  if constexpr (!std::is_same_v<Eval4, NoBlockEval>) {
    const U4 and0v = Splat4(and0), xor0v = Splat4(xor0);
    const U4 and1v = Splat4(and1), xor1v = Splat4(xor1);
    const U4 and2v = Splat4(and2), xor2v = Splat4(xor2);
    for (; l + 4 <= n; l += 4) {
      const F4 x = AsF4((Load4(src[0] + l) & and0v) ^ xor0v);
      F4 y = {}, z = {};
      if constexpr (N > 1) y = AsF4((Load4(src[1] + l) & and1v) ^ xor1v);
      if constexpr (N > 2) z = AsF4((Load4(src[2] + l) & and2v) ^ xor2v);
      F4 r = eval4(x, y, z);
      if (AnyLane(NanLanes(x) | NanLanes(y) | NanLanes(z) | NanLanes(r))) [[unlikely]] {
        for (int j = 0; j < 4; ++j) r[j] = eval(x[j], y[j], z[j]);
      }
      if constexpr (kSat) r = Saturate4(r);
      Store4(out + l, AsU4(r));
    }
  } else {
    for (; l + 4 <= n; l += 4) {
      Word a[4], b[4] = {}, c[4] = {}, r[4];
      std::memcpy(a, src[0] + l, sizeof a);
      if constexpr (N > 1) std::memcpy(b, src[1] + l, sizeof b);
      if constexpr (N > 2) std::memcpy(c, src[2] + l, sizeof c);
      for (int j = 0; j < 4; ++j) r[j] = one(a[j], b[j], c[j]);
      std::memcpy(out + l, r, sizeof r);
    }
  }
  for (; l < n; ++l) {
    Word b = 0, c = 0;
    if constexpr (N > 1) b = src[1][l];
    if constexpr (N > 2) c = src[2][l];
    out[l] = one(src[0][l], b, c);
  }
}

// DenseFloatLanes with (sat) chosen at run time.
template <int N, class Eval, class Eval4>
[[gnu::always_inline]] inline void DenseFloatLanes(int n, bool sat, const std::array<const Word*, 3>& src,
                                                   const std::array<SrcMod, 3>& mods, Word* out, Eval eval,
                                                   Eval4 eval4) {
  if (sat) {
    DenseFloatLanes<N, true>(n, src, mods, out, eval, eval4);
  } else {
    DenseFloatLanes<N, false>(n, src, mods, out, eval, eval4);
  }
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
