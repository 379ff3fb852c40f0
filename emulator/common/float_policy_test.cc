// Tests for the denormal policy: classification at the edges of the denormal
// range and sign-preserving flushing, checked on raw bits.
#include "emulator/common/float_policy.h"

#include <bit>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

namespace shaderdiff::common {
namespace {

float Bits(uint32_t b) { return std::bit_cast<float>(b); }
uint32_t BitsOf(float f) { return std::bit_cast<uint32_t>(f); }

TEST(FloatPolicyTest, IsDenormalClassifiesTheRangeEdges) {
  EXPECT_TRUE(IsDenormal(Bits(0x00000001)));   // smallest positive denormal
  EXPECT_TRUE(IsDenormal(Bits(0x007fffff)));   // largest denormal
  EXPECT_TRUE(IsDenormal(Bits(0x80000001)));   // negative denormal
  EXPECT_TRUE(IsDenormal(Bits(0x807fffff)));
  EXPECT_FALSE(IsDenormal(Bits(0x00800000)));  // FLT_MIN, the smallest normal
  EXPECT_FALSE(IsDenormal(0.0f));
  EXPECT_FALSE(IsDenormal(-0.0f));
  EXPECT_FALSE(IsDenormal(1.0f));
  EXPECT_FALSE(IsDenormal(std::numeric_limits<float>::infinity()));
  EXPECT_FALSE(IsDenormal(std::numeric_limits<float>::quiet_NaN()));
}

TEST(FloatPolicyTest, PreserveKeepsEveryBit) {
  for (const uint32_t b : {0x00000001u, 0x807fffffu, 0x00000000u, 0x80000000u, 0x3f800000u,
                           0x7fc00001u, 0xff800000u}) {
    EXPECT_EQ(BitsOf(ApplyDenormalMode(Bits(b), DenormalMode::kPreserve)), b) << std::hex << b;
  }
}

TEST(FloatPolicyTest, FlushKeepsTheSign) {
  // Positive denormals become +0 (0x00000000), negative ones -0 (0x80000000).
  EXPECT_EQ(BitsOf(ApplyDenormalMode(Bits(0x00000001), DenormalMode::kFlushToZero)), 0x00000000u);
  EXPECT_EQ(BitsOf(ApplyDenormalMode(Bits(0x007fffff), DenormalMode::kFlushToZero)), 0x00000000u);
  EXPECT_EQ(BitsOf(ApplyDenormalMode(Bits(0x80000001), DenormalMode::kFlushToZero)), 0x80000000u);
  EXPECT_EQ(BitsOf(ApplyDenormalMode(Bits(0x807fffff), DenormalMode::kFlushToZero)), 0x80000000u);
}

TEST(FloatPolicyTest, FlushLeavesNonDenormalsAlone) {
  for (const uint32_t b : {0x00800000u, 0x80800000u, 0x00000000u, 0x80000000u, 0x3f800000u,
                           0x7f800000u, 0xff800000u, 0x7fc00001u, 0x7f800001u}) {
    EXPECT_EQ(BitsOf(ApplyDenormalMode(Bits(b), DenormalMode::kFlushToZero)), b) << std::hex << b;
  }
}

}  // namespace
}  // namespace shaderdiff::common
