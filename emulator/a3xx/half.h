// IEEE binary16 conversions for the half register file (hrN.c), done on
// bits so they do not depend on host half-float support.
//
// Invariants: HalfToFloat is exact; FloatToHalf/DoubleToHalf round once,
// in the requested direction, with correct overflow (to infinity or to the
// largest finite half, per direction) and gradual underflow. NaNs stay NaN
// (quiet, the top payload bits kept, sign kept).
#pragma once

#include <cstdint>

namespace shaderdiff::a3xx {

enum class RoundDir : uint8_t { kNearestEven, kTowardZero, kUp, kDown };

float HalfToFloat(uint16_t h);
uint16_t DoubleToHalf(double v, RoundDir dir = RoundDir::kNearestEven);
uint16_t FloatToHalf(float f, RoundDir dir = RoundDir::kNearestEven);

}  // namespace shaderdiff::a3xx
