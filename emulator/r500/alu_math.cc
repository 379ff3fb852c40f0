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

Word FlushDenormal(Word w) { return FromFloat(common::ApplyDenormalMode(AsFloat(w), common::DenormalMode::kFlushToZero)); }

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
