// The shared interpolation model (emulator/common/interpolation.h): the
// +0/+0 special case passes every value through exactly, the formula rounds
// once per operation in a fixed order. (Kept here, beside its first user,
// because //emulator/common is not this package's to extend with tests.)
#include "emulator/common/interpolation.h"

#include <gtest/gtest.h>

namespace shaderdiff::common {
namespace {

constexpr Word kOne = 0x3f800000, kTwo = 0x40000000, kHalf = 0x3f000000, kNegZero = 0x80000000;
constexpr Word kInf = 0x7f800000, kNanPayload = 0x7fc01234;

TEST(Interpolation, ZeroWeightsPassEveryValueThrough) {
  for (Word v : {Word{0}, kNegZero, kOne, kInf, 0xff800000u, kNanPayload, 0x00000001u}) {
    EXPECT_EQ(Interpolate(v, v, v, 0, 0), v);
    EXPECT_EQ(Interpolate(v, kTwo, kOne, 0, 0), v);  // v1, v2 ignored
  }
}

TEST(Interpolation, NegativeZeroWeightUsesTheFormula) {
  // v0 = v1 = v2 = -0, i = -0, j = +0: t1 = t2 = +0, a = -0 * +0 = -0,
  // b = +0, (-0 + -0) + +0 = +0: the sign of v0 is lost.
  EXPECT_EQ(Interpolate(kNegZero, kNegZero, kNegZero, kNegZero, 0), 0u);
  // Infinite v0 with equal vertices: inf - inf = NaN, so the formula gives NaN.
  const Word r = Interpolate(kInf, kInf, kInf, kNegZero, 0);
  EXPECT_EQ(r & 0x7f800000u, 0x7f800000u);
  EXPECT_NE(r & 0x007fffffu, 0u);
}

TEST(Interpolation, FormulaOrder) {
  // v0 = 1, v1 = 2, v2 = 1, i = 0.5, j = 0: 1 + 0.5 * 1 + 0 = 1.5.
  EXPECT_EQ(Interpolate(kOne, kTwo, kOne, kHalf, 0), 0x3fc00000u);
  // v0 = 1, v1 = 1, v2 = 2, i = 0, j = 0.5 (j alone non-zero): 1.5.
  EXPECT_EQ(Interpolate(kOne, kOne, kTwo, 0, kHalf), 0x3fc00000u);
  // Rounding happens per operation: v0 = 1, v1 = 1 + 2^-23 (1 ulp), v2 = v0,
  // i = 0.5: a = 2^-24, 1 + 2^-24 rounds to even (1.0); + b (0) = 1.0.
  EXPECT_EQ(Interpolate(kOne, 0x3f800001u, kOne, kHalf, kHalf), kOne);
  // Non-trivial: v0 = 2, v1 = 4, v2 = 8, i = 0.25, j = 0.5 -> 2 + 0.5 + 3 = 5.5.
  EXPECT_EQ(Interpolate(kTwo, 0x40800000u, 0x41000000u, 0x3e800000u, kHalf), 0x40b00000u);
}

}  // namespace
}  // namespace shaderdiff::common
