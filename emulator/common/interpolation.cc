// The interpolation model (see interpolation.h for the formula).
#include "emulator/common/interpolation.h"

namespace shaderdiff::common {

Word Interpolate(const InterpolationInput& in) {
  if (in.i == 0u && in.j == 0u) return in.v0;  // both +0.0: v0 exactly
  const float v0 = AsFloat(in.v0);
  const float t1 = AsFloat(in.v1) - v0;
  const float t2 = AsFloat(in.v2) - v0;
  const float a = AsFloat(in.i) * t1;
  const float b = AsFloat(in.j) * t2;
  const float r = (v0 + a) + b;
  return FromFloat(r);
}

}  // namespace shaderdiff::common
