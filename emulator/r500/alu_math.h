// The R500 ALU's arithmetic on binary32 words (A.4, A.6, A.7): operand
// modifiers, presubtract, the RGB and Alpha opcodes, OMOD and clamp, and
// the ALU-result compare. Pure functions of words; the caller chooses the
// operands (alu.cc).
//
// Readings (README.md "Float rules"): MAD rounds the product and the sum
// separately (no fused multiply-add is documented); in the "0 x anything"
// mode a product with a zero factor is +0.0; transcendentals use the host's
// binary32 functions (the hardware's precision is unpublished).
#pragma once

#include <cmath>
#include <cstdint>

#include "emulator/common/words.h"

namespace shaderdiff::r500 {

using common::Word;

// The small operations are defined here, inline: the emulator calls them
// per channel and pixel of every instruction.

// 0 none, 1 neg, 2 abs, 3 -abs.
inline Word ApplyMod(Word w, uint32_t mod) {
  switch (mod) {
    case 1: return w ^ 0x80000000u;
    case 2: return w & 0x7fffffffu;
    case 3: return w | 0x80000000u;
    default: return w;
  }
}

// 0 bias (1 - 2 src0), 1 sub (src1 - src0), 2 add (src1 + src0), 3 inv (1 - src0).
inline Word Presub(uint32_t op, Word s0, Word s1) {
  const float a = common::AsFloat(s0), b = common::AsFloat(s1);
  switch (op) {
    case 0: return common::FromFloat(1.0f - 2.0f * a);
    case 1: return common::FromFloat(b - a);
    case 2: return common::FromFloat(b + a);
    default: return common::FromFloat(1.0f - a);
  }
}

inline Word Mul(Word a, Word b, bool zero_times_anything) {
  if (zero_times_anything && ((a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0)) return 0;
  return common::FromFloat(common::AsFloat(a) * common::AsFloat(b));
}
// The product rounded, then the sum (the build has -ffp-contract=off).
inline Word Mad(Word a, Word b, Word c, bool z) { return common::FromFloat(common::AsFloat(Mul(a, b, z)) + common::AsFloat(c)); }
inline Word Min(Word a, Word b) { return common::AsFloat(a) < common::AsFloat(b) ? a : b; }
inline Word Max(Word a, Word b) { return common::AsFloat(a) >= common::AsFloat(b) ? a : b; }
inline Word Cnd(Word a, Word b, Word c) { return common::AsFloat(c) > 0.5f ? a : b; }
inline Word Cmp(Word a, Word b, Word c) { return common::AsFloat(c) >= 0.0f ? a : b; }
Word Frc(Word a);
// Alpha transcendental ops: 8 ex2, 9 ln2, 10 rcp, 11 rsq, 12 sin, 13 cos.
Word Transcendental(uint32_t alpha_op, Word a);
// The float policy's flush of a denormal result to zero, keeping the sign.
Word FlushDenormal(Word w);
// OMOD (0..7) then clamp; omod 7 leaves the word bit-exact and unclamped.
// OMOD 0..6 scale exactly, canonicalise NaN and flush denormals (A.7).
inline Word OutputModify(Word w, uint32_t omod, bool clamp) {
  if (omod == 7) return w;  // A.7: bit-exact, no clamp
  static constexpr float kScale[7] = {1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f};
  float f = common::AsFloat(w);
  if (std::isnan(f)) {
    w = 0x7fffffffu;  // A.7: NaN canonicalised
  } else {
    w = common::FromFloat(f * kScale[omod]);
    if ((w & 0x7f800000u) == 0 && (w & 0x007fffffu) != 0) w = FlushDenormal(w);  // only these can be denormal
  }
  if (clamp) {
    if (w == 0x7fffffffu) return 0;  // reading: saturate(NaN) = 0 (D3D's rule; docs silent)
    float c = common::AsFloat(w);
    if (c < 0.0f) return 0;
    if (c > 1.0f) return common::FromFloat(1.0f);
    if (w == 0x80000000u) return 0;  // reading: -0 clamps to +0 (max(0, x) as D3D)
  }
  return w;
}
// ALU_RESULT_OP: 0 ==0, 1 <0, 2 >=0, 3 !=0 (IEEE compares: -0 == 0; NaN only !=).
bool AluCompare(uint32_t op, Word w);

}  // namespace shaderdiff::r500
