// ALU arithmetic on words; see alu_math.h for the readings taken.
#include "emulator/r500/alu_math.h"

#include <cmath>
#include <numbers>

#include "emulator/common/float_policy.h"

namespace shaderdiff::r500 {

using common::AsFloat;
using common::FromFloat;

Word Frc(Word a) {
  float f = AsFloat(a);
  return FromFloat(f - std::floor(f));
}

Word Transcendental(uint32_t op, Word w) {
  float a = AsFloat(w);
  constexpr float kTwoPi = 2.0f * std::numbers::pi_v<float>;
  switch (op) {
    case 8: return FromFloat(std::exp2(a));
    case 9: return FromFloat(std::log2(a));
    case 10: return FromFloat(1.0f / a);
    case 11: return FromFloat(1.0f / std::sqrt(a));  // no implicit abs (A.4)
    case 12: return FromFloat(std::sin(kTwoPi * a));
    default: return FromFloat(std::cos(kTwoPi * a));
  }
}

Word OutputModify(Word w, uint32_t omod, bool clamp) {
  if (omod == 7) return w;  // A.7: bit-exact, no clamp
  static constexpr float kScale[7] = {1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f};
  float f = AsFloat(w);
  if (std::isnan(f)) {
    w = 0x7fffffffu;  // A.7: NaN canonicalised
  } else {
    f = f * kScale[omod];
    w = FromFloat(common::ApplyDenormalMode(f, common::DenormalMode::kFlushToZero));
  }
  if (clamp) {
    if (w == 0x7fffffffu) return 0;  // reading: saturate(NaN) = 0 (D3D's rule; docs silent)
    float c = AsFloat(w);
    if (c < 0.0f) return 0;
    if (c > 1.0f) return FromFloat(1.0f);
    if (w == 0x80000000u) return 0;  // reading: -0 clamps to +0 (max(0, x) as D3D)
  }
  return w;
}

bool AluCompare(uint32_t op, Word w) {
  float f = AsFloat(w);
  switch (op) {
    case 0: return f == 0.0f;
    case 1: return f < 0.0f;
    case 2: return f >= 0.0f;
    default: return !(f == 0.0f);
  }
}

}  // namespace shaderdiff::r500
