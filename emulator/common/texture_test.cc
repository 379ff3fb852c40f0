// Tests for the procedural texture model. Every expected texel index is
// derived by hand in a comment from the conventions in texture.h /
// texture_internal.h; preconditions assert that the texels a wrong answer
// would produce really differ, so a wrong index cannot pass by accident.
#include "emulator/common/texture.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>

#include <gtest/gtest.h>

namespace shaderdiff::common {
namespace {

using tgsi::TextureTarget;
using Texel = std::array<float, 4>;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

TextureUnit Unit(uint32_t w, uint32_t h, uint32_t d = 1, uint32_t levels = 1, uint64_t seed = 7) {
  TextureUnit u;
  u.seed = seed;
  u.width = w;
  u.height = h;
  u.depth = d;
  u.levels = levels;
  return u;
}

SampleInput At(float s, float t = 0, float r = 0, float q = 0) {
  SampleInput in;
  in.coord = {s, t, r, q};
  in.lod_mode = LodMode::kZero;
  return in;
}

// Samples with the same input in all four lanes and returns lane 0.
SampleOutput Sample(const TextureUnit& unit, TextureTarget target, const SampleInput& in) {
  const std::array<SampleInput, 4> quad = {in, in, in, in};
  std::array<SampleOutput, 4> out;
  SampleQuad(unit, target, quad, out);
  return out[0];
}

Texel T(const TextureUnit& u, uint32_t level, uint32_t layer, uint32_t x, uint32_t y = 0,
        uint32_t z = 0) {
  return TexelValue(u, level, layer, x, y, z);
}

bool Differ(const Texel& a, const Texel& b) { return a != b; }

void ExpectExact(const SampleOutput& out, const Texel& texel) {
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out.words[c], FromFloat(texel[c])) << "component " << c;
    EXPECT_FALSE(out.inexact[c]) << "component " << c;
    EXPECT_FALSE(out.undefined[c]) << "component " << c;
  }
}

// Value equal to `texel`, inexact exactly where `texel` and `other` differ.
void ExpectAmbiguous(const SampleOutput& out, const Texel& texel, const Texel& other) {
  ASSERT_TRUE(Differ(texel, other)) << "precondition: pick another seed";
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out.words[c], FromFloat(texel[c])) << "component " << c;
    EXPECT_EQ(out.inexact[c], texel[c] != other[c]) << "component " << c;
    EXPECT_FALSE(out.undefined[c]) << "component " << c;
  }
}

void ExpectUndefinedZeros(const SampleOutput& out) {
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out.words[c], 0u) << "component " << c;
    EXPECT_TRUE(out.undefined[c]) << "component " << c;
  }
}

// All texels of row y at `level` differ pairwise, so a wrong x index shows.
void AssertRowDistinct(const TextureUnit& u, uint32_t level, uint32_t layer, uint32_t y,
                       uint32_t n) {
  for (uint32_t a = 0; a < n; ++a) {
    for (uint32_t b = a + 1; b < n; ++b) {
      ASSERT_TRUE(Differ(T(u, level, layer, a, y), T(u, level, layer, b, y))) << a << " vs " << b;
    }
  }
}

// ------------------------------------------------------------ TexelValue

TEST(TexelValueTest, DeterministicAndSeedDependent) {
  const TextureUnit a = Unit(8, 8, 1, 1, 1);
  const TextureUnit b = Unit(8, 8, 1, 1, 2);
  int differing = 0;
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 8; ++x) {
      EXPECT_EQ(T(a, 0, 0, x, y), T(a, 0, 0, x, y));
      differing += Differ(T(a, 0, 0, x, y), T(b, 0, 0, x, y));
    }
  }
  // Four components with 257 values each: a collision of all four is ~2^-32.
  EXPECT_EQ(differing, 64);
}

TEST(TexelValueTest, ComponentsAreMultiplesOfOne256thInRange) {
  const TextureUnit u = Unit(64, 64);
  std::set<int> seen;
  for (uint32_t y = 0; y < 64; ++y) {
    for (uint32_t x = 0; x < 64; ++x) {
      for (const float v : T(u, 0, 0, x, y)) {
        ASSERT_GE(v, 0.0f);
        ASSERT_LE(v, 1.0f);
        const float k = v * 256.0f;  // exact scaling by a power of two
        ASSERT_EQ(k, std::floor(k)) << v;
        seen.insert(static_cast<int>(k));
      }
    }
  }
  // 16384 draws from 257 values: every k in 0..256 appears (0 and 1 included).
  EXPECT_EQ(seen.size(), 257u);
}

TEST(TexelValueTest, EveryArgumentChangesTheValue) {
  const TextureUnit u = Unit(8, 8);
  const Texel base = TexelValue(u, 1, 2, 3, 4, 5);
  EXPECT_TRUE(Differ(base, TexelValue(u, 0, 2, 3, 4, 5)));  // level
  EXPECT_TRUE(Differ(base, TexelValue(u, 1, 3, 3, 4, 5)));  // layer
  EXPECT_TRUE(Differ(base, TexelValue(u, 1, 2, 4, 4, 5)));  // x
  EXPECT_TRUE(Differ(base, TexelValue(u, 1, 2, 3, 5, 5)));  // y
  EXPECT_TRUE(Differ(base, TexelValue(u, 1, 2, 3, 4, 6)));  // z
  EXPECT_TRUE(Differ(base, TexelValue(u, 1, 2, 4, 3, 5)));  // x and y do not commute
}

// --------------------------------------------------------------- nearest

TEST(NearestTest, TexelCentresReturnTheTexelExactly) {
  // Centre of texel (x, y) in a 4x3 texture: s = (x + 0.5) / 4, t = (y + 0.5) / 3;
  // u' = s * 4 = x + 0.5 (t * 3 may round, but stays within 2^-20 of y + 0.5).
  const TextureUnit u = Unit(4, 3);
  for (uint32_t y = 0; y < 3; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      SCOPED_TRACE(testing::Message() << x << "," << y);
      ExpectExact(Sample(u, TextureTarget::k2D, At((x + 0.5f) / 4, (y + 0.5f) / 3)), T(u, 0, 0, x, y));
    }
  }
}

TEST(NearestTest, RepeatWrapsNegativeAndLargeCoordinates) {
  TextureUnit u = Unit(4, 4);
  AssertRowDistinct(u, 0, 0, 1, 4);
  const float t = 1.5f / 4;  // row 1
  // s = -0.125: u' = -0.5, floor -1, -1 mod 4 = 3.
  ExpectExact(Sample(u, TextureTarget::k2D, At(-0.125f, t)), T(u, 0, 0, 3, 1));
  // s = 1.375: u' = 5.5, floor 5, 5 mod 4 = 1.
  ExpectExact(Sample(u, TextureTarget::k2D, At(1.375f, t)), T(u, 0, 0, 1, 1));
  // s = -3.875: u' = -15.5, floor -16, -16 mod 4 = 0.
  ExpectExact(Sample(u, TextureTarget::k2D, At(-3.875f, t)), T(u, 0, 0, 0, 1));
}

TEST(NearestTest, ClampToEdgeClampsBothSides) {
  TextureUnit u = Unit(4, 4);
  u.wrap_s = TexWrap::kClampToEdge;
  AssertRowDistinct(u, 0, 0, 1, 4);
  const float t = 1.5f / 4;
  ExpectExact(Sample(u, TextureTarget::k2D, At(-0.125f, t)), T(u, 0, 0, 0, 1));  // -1 -> 0
  ExpectExact(Sample(u, TextureTarget::k2D, At(1.375f, t)), T(u, 0, 0, 3, 1));   // 5 -> 3
  ExpectExact(Sample(u, TextureTarget::k2D, At(-100.0f, t)), T(u, 0, 0, 0, 1));
}

TEST(NearestTest, MirroredRepeatReflectsEveryOtherPeriod) {
  // n = 4: index = 3 - mirror((i mod 8) - 4), mirror(a) = a >= 0 ? a : -(1 + a).
  TextureUnit u = Unit(4, 4);
  u.wrap_s = TexWrap::kMirroredRepeat;
  AssertRowDistinct(u, 0, 0, 1, 4);
  const float t = 1.5f / 4;
  // s = -0.125: i = -1 -> 7 - 4 = 3 -> 3 -> 3 - 3 = 0.
  ExpectExact(Sample(u, TextureTarget::k2D, At(-0.125f, t)), T(u, 0, 0, 0, 1));
  // s = 1.375: i = 5 -> 1 -> 1 -> 3 - 1 = 2.
  ExpectExact(Sample(u, TextureTarget::k2D, At(1.375f, t)), T(u, 0, 0, 2, 1));
  // s = 2.125: i = 8 -> 0 - 4 = -4 -> 3 -> 0.
  ExpectExact(Sample(u, TextureTarget::k2D, At(2.125f, t)), T(u, 0, 0, 0, 1));
  // s = -1.125: i = floor(-4.5) = -5 -> 3 - 4 = -1 -> 0 -> 3.
  ExpectExact(Sample(u, TextureTarget::k2D, At(-1.125f, t)), T(u, 0, 0, 3, 1));
}

TEST(NearestTest, WrapModesArePerAxis) {
  TextureUnit u = Unit(4, 4);
  u.wrap_s = TexWrap::kRepeat;
  u.wrap_t = TexWrap::kClampToEdge;
  ASSERT_TRUE(Differ(T(u, 0, 0, 1, 0), T(u, 0, 0, 1, 3)));
  // s = 1.375 repeats to x = 1; t = 1.375 clamps to y = 3.
  ExpectExact(Sample(u, TextureTarget::k2D, At(1.375f, 1.375f)), T(u, 0, 0, 1, 3));
  u.wrap_t = TexWrap::kMirroredRepeat;
  // t = 1.375 mirrors to y = 2 (as s does in the mirrored test above).
  ExpectExact(Sample(u, TextureTarget::k2D, At(1.375f, 1.375f)), T(u, 0, 0, 1, 2));
}

TEST(NearestTest, CoordinatesNearATexelBoundaryAreInexact) {
  const TextureUnit u = Unit(4, 4);
  const float t = 1.5f / 4;
  // s = 0.25: u' = 1.0 exactly on the boundary of texels 0 and 1; floor picks 1.
  ExpectAmbiguous(Sample(u, TextureTarget::k2D, At(0.25f, t)), T(u, 0, 0, 1, 1), T(u, 0, 0, 0, 1));
  // s = 0.25 + 2^-15: u' = 1 + 2^-13, inside the 2^-12 tolerance.
  ExpectAmbiguous(Sample(u, TextureTarget::k2D, At(0.25f + 0x1p-15f, t)), T(u, 0, 0, 1, 1),
                  T(u, 0, 0, 0, 1));
  // s = 0.25 - 2^-15: u' = 1 - 2^-13, floor picks 0, texel 1 is the alternative.
  ExpectAmbiguous(Sample(u, TextureTarget::k2D, At(0.25f - 0x1p-15f, t)), T(u, 0, 0, 0, 1),
                  T(u, 0, 0, 1, 1));
  // s = 0.25 + 2^-11: u' = 1 + 2^-9, clear of the boundary.
  ExpectExact(Sample(u, TextureTarget::k2D, At(0.25f + 0x1p-11f, t)), T(u, 0, 0, 1, 1));
}

TEST(NearestTest, OffsetsAddToTheTexelBeforeWrapping) {
  TextureUnit u = Unit(4, 4);
  AssertRowDistinct(u, 0, 0, 1, 4);
  SampleInput in = At(1.5f / 4, 1.5f / 4);  // texel (1, 1)
  in.offset = {1, 0, 0};
  ExpectExact(Sample(u, TextureTarget::k2D, in), T(u, 0, 0, 2, 1));
  in.offset = {-2, 0, 0};  // 1 - 2 = -1 repeats to 3
  ExpectExact(Sample(u, TextureTarget::k2D, in), T(u, 0, 0, 3, 1));
  u.wrap_s = TexWrap::kClampToEdge;  // ... or clamps to 0
  ExpectExact(Sample(u, TextureTarget::k2D, in), T(u, 0, 0, 0, 1));
  // +9 is outside GL's [-8, 7]: applied (1 + 9 = 10 clamps to 3) but undefined.
  in.offset = {9, 0, 0};
  const SampleOutput out = Sample(u, TextureTarget::k2D, in);
  EXPECT_EQ(out.words[0], FromFloat(T(u, 0, 0, 3, 1)[0]));
  EXPECT_TRUE(out.undefined[0]);
}

TEST(NearestTest, RectUsesUnnormalizedCoordinates) {
  TextureUnit u = Unit(5, 3);
  u.wrap_s = u.wrap_t = TexWrap::kClampToEdge;
  AssertRowDistinct(u, 0, 0, 1, 5);
  // (2.5, 1.5) is the centre of texel (2, 1).
  ExpectExact(Sample(u, TextureTarget::kRect, At(2.5f, 1.5f)), T(u, 0, 0, 2, 1));
  // (7, -1) clamps to (4, 0); both sides of the boundaries clamp to the same texel.
  ExpectExact(Sample(u, TextureTarget::kRect, At(7.0f, -1.0f)), T(u, 0, 0, 4, 0));
  // GL has no repeat for rectangles: in range it does not matter ...
  u.wrap_s = TexWrap::kRepeat;
  ExpectExact(Sample(u, TextureTarget::kRect, At(2.5f, 1.5f)), T(u, 0, 0, 2, 1));
  // ... out of range the result is undefined (the model clamps).
  const SampleOutput out = Sample(u, TextureTarget::kRect, At(7.5f, 1.5f));
  EXPECT_EQ(out.words[0], FromFloat(T(u, 0, 0, 4, 1)[0]));
  EXPECT_TRUE(out.undefined[0]);
}

TEST(NearestTest, OneDimensionalIgnoresT) {
  const TextureUnit u = Unit(8, 8);
  // s = 5.5 / 8 -> x = 5; t is not a 1-D coordinate, y is always 0.
  ExpectExact(Sample(u, TextureTarget::k1D, At(5.5f / 8, 123.0f, kNaN)), T(u, 0, 0, 5, 0));
}

TEST(NearestTest, ThreeDimensionalUsesR) {
  const TextureUnit u = Unit(4, 4, 4);
  ASSERT_TRUE(Differ(T(u, 0, 0, 2, 1, 3), T(u, 0, 0, 2, 1, 2)));
  // (2.5, 1.5, 3.5) / 4 -> texel (2, 1, 3).
  ExpectExact(Sample(u, TextureTarget::k3D, At(2.5f / 4, 1.5f / 4, 3.5f / 4)), T(u, 0, 0, 2, 1, 3));
}

// ----------------------------------------------------------------- arrays

TEST(ArrayTest, LayerIsRoundedHalfEvenAndClamped) {
  const TextureUnit u = Unit(4, 4, 4);  // 4 layers
  const float s = 1.5f / 4, t = 2.5f / 4;  // texel (1, 2)
  for (uint32_t a = 0; a < 4; ++a) {
    for (uint32_t b = a + 1; b < 4; ++b) ASSERT_TRUE(Differ(T(u, 0, a, 1, 2), T(u, 0, b, 1, 2)));
  }
  auto sample = [&](float layer) { return Sample(u, TextureTarget::k2DArray, At(s, t, layer)); };
  ExpectExact(sample(1.0f), T(u, 0, 1, 1, 2));
  ExpectExact(sample(1.4f), T(u, 0, 1, 1, 2));
  ExpectExact(sample(1.6f), T(u, 0, 2, 1, 2));
  ExpectExact(sample(-3.0f), T(u, 0, 0, 1, 2));  // clamped to 0
  ExpectExact(sample(99.0f), T(u, 0, 3, 1, 2));  // clamped to 3
  // Ties: RNE(2.5) = 2 and RNE(1.5) = 2; floor(x + 0.5) hardware picks 3 / 2.
  ExpectAmbiguous(sample(2.5f), T(u, 0, 2, 1, 2), T(u, 0, 3, 1, 2));
  ExpectAmbiguous(sample(1.5f), T(u, 0, 2, 1, 2), T(u, 0, 1, 1, 2));
  // 3.5 rounds to 4 (even) or 3, both clamp to 3: no ambiguity.
  ExpectExact(sample(3.5f), T(u, 0, 3, 1, 2));
}

TEST(ArrayTest, OneDimensionalArrayTakesTheLayerFromT) {
  const TextureUnit u = Unit(8, 1, 3);
  ASSERT_TRUE(Differ(T(u, 0, 2, 5), T(u, 0, 1, 5)));
  // s -> x = 5, t = 2.0 -> layer 2; r is unused.
  ExpectExact(Sample(u, TextureTarget::k1DArray, At(5.5f / 8, 2.0f, kNaN)), T(u, 0, 2, 5));
}

// ------------------------------------------------------------------ cubes

TEST(CubeTest, EachMajorAxisSelectsItsFace) {
  // 8x8 faces. Face coordinates s = (sc/|ma| + 1) / 2, t = (tc/|ma| + 1) / 2;
  // sc or tc = +-3/8 gives 11/16 or 5/16 (u' = 5.5 or 2.5), +-1/8 gives 9/16
  // or 7/16 (u' = 4.5 or 3.5).
  const TextureUnit u = Unit(8, 8);
  struct Case {
    std::array<float, 3> dir;
    uint32_t face, x, y;
  };
  const Case cases[] = {
      // +X: sc = -rz = 3/8 -> x 5, tc = -ry = -1/8 -> y 3.
      {{1, 0.125f, -0.375f}, 0, 5, 3},
      // -X: sc = +rz = -3/8 -> x 2, tc = -ry = -1/8 -> y 3.
      {{-1, 0.125f, -0.375f}, 1, 2, 3},
      // +Y: sc = +rx = 3/8 -> x 5, tc = +rz = -1/8 -> y 3.
      {{0.375f, 1, -0.125f}, 2, 5, 3},
      // -Y: sc = +rx = 3/8 -> x 5, tc = -rz = 1/8 -> y 4.
      {{0.375f, -1, -0.125f}, 3, 5, 4},
      // +Z: sc = +rx = -3/8 -> x 2, tc = -ry = -1/8 -> y 3.
      {{-0.375f, 0.125f, 1}, 4, 2, 3},
      // -Z: sc = -rx = 3/8 -> x 5, tc = -ry = -1/8 -> y 3.
      {{-0.375f, 0.125f, -1}, 5, 5, 3},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << "face " << c.face);
    for (uint32_t other = 0; other < 6; ++other) {
      if (other != c.face) {
        ASSERT_TRUE(Differ(T(u, 0, c.face, c.x, c.y), T(u, 0, other, c.x, c.y)));
      }
    }
    ExpectExact(Sample(u, TextureTarget::kCube, At(c.dir[0], c.dir[1], c.dir[2])),
                T(u, 0, c.face, c.x, c.y));
    // Scaling the direction does not change the result.
    ExpectExact(Sample(u, TextureTarget::kCube, At(4 * c.dir[0], 4 * c.dir[1], 4 * c.dir[2])),
                T(u, 0, c.face, c.x, c.y));
  }
}

TEST(CubeTest, MajorAxisTiesPreferXAndAreInexact) {
  const TextureUnit u = Unit(8, 8);
  // (1, -1, 1/8): |x| = |y|. X wins: face 0, sc = -1/8 -> s = 7/16 -> x 3,
  // tc = -ry = 1 -> t = 1 -> u' = 8 -> clamped y 7. The alternative face 3
  // (-Y): sc = rx = 1 -> x 7, tc = -rz = -1/8 -> y 3.
  ExpectAmbiguous(Sample(u, TextureTarget::kCube, At(1, -1, 0.125f)), T(u, 0, 0, 3, 7),
                  T(u, 0, 3, 7, 3));
}

TEST(CubeTest, CubeArrayLayersHoldSixFaces) {
  const TextureUnit u = Unit(8, 8, 12);  // 2 cubes
  // +Z face (4) of cube 1 is hash layer 6 * 1 + 4 = 10; texel (2, 3) as above.
  ASSERT_TRUE(Differ(T(u, 0, 10, 2, 3), T(u, 0, 4, 2, 3)));
  ExpectExact(Sample(u, TextureTarget::kCubeArray, At(-0.375f, 0.125f, 1, 1.0f)), T(u, 0, 10, 2, 3));
  ExpectExact(Sample(u, TextureTarget::kCubeArray, At(-0.375f, 0.125f, 1, 5.0f)), T(u, 0, 10, 2, 3));
  ExpectExact(Sample(u, TextureTarget::kCubeArray, At(-0.375f, 0.125f, 1, 0.0f)), T(u, 0, 4, 2, 3));
}

TEST(CubeTest, LinearTapsClampedAtAFaceEdgeAreInexact) {
  TextureUnit u = Unit(8, 8);
  u.mag_filter = TexFilter::kLinear;
  // (1, 1/8, 15/16) is on +X: sc = -15/16 -> s = 1/32 -> u' - 0.5 = -0.25,
  // taps -1 (weight 1/4, clamped to 0) and 0; tc = -1/8 -> v' - 0.5 = 3 (row 3).
  // Both taps are texel (0, 3), but seamless hardware reads face +Z there.
  const SampleOutput out = Sample(u, TextureTarget::kCube, At(1, 0.125f, 0.9375f));
  const Texel t = T(u, 0, 0, 0, 3);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out.words[c], FromFloat(t[c])) << c;
    EXPECT_TRUE(out.inexact[c]) << c;
  }
  // Away from the edge (u' = 4.5, a texel centre) linear filtering is exact.
  ExpectExact(Sample(u, TextureTarget::kCube, At(1, 0.125f, -0.125f)), T(u, 0, 0, 4, 3));
}

TEST(CubeTest, DerivedCubeLodIsImplementationSpecific) {
  // A quad on +X around texel (5, 3) of an 8x8 face (see the face table test),
  // stepping 1/64 in the direction: the cube LOD formula differs between
  // implementations, so with mipmaps every component is inexact ...
  TextureUnit u = Unit(8, 8, 1, 4);
  u.mip_filter = MipFilter::kNearest;
  std::array<SampleInput, 4> quad;
  for (int i = 0; i < 4; ++i) {
    quad[i].coord = {1, 0.125f, -0.375f, 0};
    quad[i].lod_mode = LodMode::kImplicit;
  }
  quad[1].coord[2] -= 1.0f / 64;
  quad[2].coord[1] += 1.0f / 64;
  std::array<SampleOutput, 4> out;
  SampleQuad(u, TextureTarget::kCube, quad, out);
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(out[0].inexact[c]) << c;
  // ... while without mipmaps (and equal filters) the LOD cannot matter.
  u.mip_filter = MipFilter::kNone;
  SampleQuad(u, TextureTarget::kCube, quad, out);
  ExpectExact(out[0], T(u, 0, 0, 5, 3));
}

TEST(CubeTest, OffsetsAreUndefinedOnCubes) {
  const TextureUnit u = Unit(8, 8);
  SampleInput in = At(1, 0.125f, -0.375f);
  in.offset = {1, 0, 0};
  const SampleOutput out = Sample(u, TextureTarget::kCube, in);
  EXPECT_EQ(out.words[0], FromFloat(T(u, 0, 0, 5, 3)[0]));  // offset ignored
  EXPECT_TRUE(out.undefined[0]);
}

// ----------------------------------------------------------------- linear

TEST(LinearTest, MidpointBetweenTwoTexelsIsTheirAverage) {
  TextureUnit u = Unit(4, 4);
  u.mag_filter = TexFilter::kLinear;
  // s = 0.5: u' = 2, u' - 0.5 = 1.5 -> taps 1 and 2, weight 0.5 each.
  // t = 1.5 / 4: v' - 0.5 = 1.0 -> row 1 with weight 1 (row 2 weight 0).
  const Texel a = T(u, 0, 0, 1, 1), b = T(u, 0, 0, 2, 1);
  ASSERT_TRUE(Differ(a, b));
  const SampleOutput out = Sample(u, TextureTarget::k2D, At(0.5f, 1.5f / 4));
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out.words[c], FromFloat((a[c] + b[c]) / 2)) << c;  // exact: k/512
    EXPECT_EQ(out.inexact[c], a[c] != b[c]) << c;
    EXPECT_FALSE(out.undefined[c]);
  }
}

TEST(LinearTest, TexelCentreIsExact) {
  TextureUnit u = Unit(4, 4);
  u.mag_filter = TexFilter::kLinear;
  // Centre of (2, 1): u' - 0.5 = 2, v' - 0.5 = 1, all weight on one texel.
  ExpectExact(Sample(u, TextureTarget::k2D, At(2.5f / 4, 1.5f / 4)), T(u, 0, 0, 2, 1));
}

TEST(LinearTest, EdgeTapsFollowTheWrapMode) {
  TextureUnit u = Unit(4, 4);
  u.mag_filter = TexFilter::kLinear;
  u.wrap_s = TexWrap::kClampToEdge;
  // s = 1/16: u' - 0.5 = -0.25 -> taps -1 (weight 0.25) and 0 (weight 0.75).
  // Clamped, both taps are texel 0: the result is texel 0, exactly.
  ExpectExact(Sample(u, TextureTarget::k2D, At(0.0625f, 1.5f / 4)), T(u, 0, 0, 0, 1));
  // Repeat: tap -1 is texel 3, so 0.25 * T3 + 0.75 * T0.
  u.wrap_s = TexWrap::kRepeat;
  const Texel t3 = T(u, 0, 0, 3, 1), t0 = T(u, 0, 0, 0, 1);
  ASSERT_TRUE(Differ(t3, t0));
  const SampleOutput out = Sample(u, TextureTarget::k2D, At(0.0625f, 1.5f / 4));
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out.words[c], FromFloat(static_cast<float>(0.25 * t3[c] + 0.75 * t0[c]))) << c;
    EXPECT_EQ(out.inexact[c], t3[c] != t0[c]) << c;
  }
}

TEST(LinearTest, TrilinearCentreOfEightTexelsIsTheirMean) {
  TextureUnit u = Unit(4, 4, 4);
  u.mag_filter = TexFilter::kLinear;
  // (0.5, 0.5, 0.5): u' - 0.5 = 1.5 on every axis -> texels 1..2 cubed, weight 1/8.
  double sum = 0;
  for (uint32_t z = 1; z <= 2; ++z)
    for (uint32_t y = 1; y <= 2; ++y)
      for (uint32_t x = 1; x <= 2; ++x) sum += T(u, 0, 0, x, y, z)[0];
  const SampleOutput out = Sample(u, TextureTarget::k3D, At(0.5f, 0.5f, 0.5f));
  EXPECT_EQ(out.words[0], FromFloat(static_cast<float>(sum / 8)));  // K/2048: exact
  EXPECT_TRUE(out.inexact[0]);
}

// -------------------------------------------------------------------- LOD

// A quad whose lanes step by (dsx, dtx) to the right and (dsy, dty) down.
std::array<SampleInput, 4> Quad(float s, float t, float dsx, float dtx, float dsy, float dty,
                                LodMode mode = LodMode::kImplicit) {
  std::array<SampleInput, 4> q;
  const float ds[4] = {0, dsx, dsy, dsx + dsy};
  const float dt[4] = {0, dtx, dty, dtx + dty};
  for (int i = 0; i < 4; ++i) {
    q[i].coord = {s + ds[i], t + dt[i], 0, 0};
    q[i].lod_mode = mode;
  }
  return q;
}

TextureUnit Mipmapped(MipFilter mip) {
  TextureUnit u = Unit(16, 16, 1, 5);  // levels 16, 8, 4, 2, 1
  u.mip_filter = mip;
  return u;
}

TEST(LodTest, TwoTexelsPerPixelSelectsLevelOne) {
  const TextureUnit u = Mipmapped(MipFilter::kNearest);
  // Steps of 2/16 = 2 level-0 texels: rho = 2, lambda = 1 -> level 1 (8x8).
  // Lane 0 at s = 1.5/8, t = 2.5/8 is level-1 texel (1, 2); lanes 1, 2, 3
  // move one level-1 texel right / down: (2, 2), (1, 3), (2, 3).
  std::array<SampleOutput, 4> out;
  SampleQuad(u, TextureTarget::k2D, Quad(1.5f / 8, 2.5f / 8, 0.125f, 0, 0, 0.125f), out);
  ASSERT_TRUE(Differ(T(u, 1, 0, 1, 2), T(u, 0, 0, 3, 5)));  // level 0 at the same point
  ExpectExact(out[0], T(u, 1, 0, 1, 2));
  ExpectExact(out[1], T(u, 1, 0, 2, 2));
  ExpectExact(out[2], T(u, 1, 0, 1, 3));
  ExpectExact(out[3], T(u, 1, 0, 2, 3));
}

TEST(LodTest, RhoIsTheLongerDerivative) {
  const TextureUnit u = Mipmapped(MipFilter::kNearest);
  std::array<SampleOutput, 4> out;
  // x steps 4 texels, y steps 1: rho = 4, lambda = 2 -> level 2 (4x4);
  // s = t = 1.5/4 is level-2 texel (1, 1).
  SampleQuad(u, TextureTarget::k2D, Quad(1.5f / 4, 1.5f / 4, 0.25f, 0, 0, 0.0625f), out);
  ExpectExact(out[0], T(u, 2, 0, 1, 1));
  // One texel per pixel: lambda = 0 -> magnification, level 0: (6, 6).
  SampleQuad(u, TextureTarget::k2D, Quad(6.5f / 16, 6.5f / 16, 0.0625f, 0, 0, 0.0625f), out);
  ExpectExact(out[0], T(u, 0, 0, 6, 6));
}

TEST(LodTest, NonPowerOfTwoRhoUsesLog2) {
  // Three texels per pixel: lambda = log2(3) = 1.58496... (not ln 3 = 1.0986).
  // s = t = 1.25/4: level 2 (4x4) u' = 1.25 -> texel (1, 1); level 1 (8x8)
  // u' = 2.5 -> texel (2, 2).
  TextureUnit u = Mipmapped(MipFilter::kNearest);
  const auto quad = Quad(1.25f / 4, 1.25f / 4, 0.1875f, 0, 0, 0.1875f);
  std::array<SampleOutput, 4> out;
  // Mip nearest: 1.585 > 1.5 -> level 2, clear of the 1.5 boundary: exact.
  SampleQuad(u, TextureTarget::k2D, quad, out);
  ExpectExact(out[0], T(u, 2, 0, 1, 1));
  // Mip linear: levels 1 and 2 blended with weight log2(3) - 1 = 0.58496.
  u.mip_filter = MipFilter::kLinear;
  SampleQuad(u, TextureTarget::k2D, quad, out);
  const Texel a = T(u, 1, 0, 2, 2), b = T(u, 2, 0, 1, 1);
  const double w = std::log2(3.0) - 1;
  for (int c = 0; c < 4; ++c) {
    EXPECT_NEAR(AsFloat(out[0].words[c]), a[c] * (1 - w) + b[c] * w, 1e-6) << c;
    EXPECT_EQ(out[0].inexact[c], a[c] != b[c]) << c;
  }
}

TEST(LodTest, MipNearestTiesRoundDownAndAreInexact) {
  const TextureUnit u = Mipmapped(MipFilter::kNearest);
  // Diagonal step (2, 2) texels: rho = 2*sqrt(2), lambda = log2(8)/2 = 1.5:
  // GL picks level 1 (ties to the finer level), others level 2.
  // s = t = 2.5/8: level-1 texel (2, 2); at level 2 (u' = 1.25) texel (1, 1).
  std::array<SampleOutput, 4> out;
  SampleQuad(u, TextureTarget::k2D, Quad(2.5f / 8, 2.5f / 8, 0.125f, 0.125f, -0.125f, 0.125f), out);
  ExpectAmbiguous(out[0], T(u, 1, 0, 2, 2), T(u, 2, 0, 1, 1));
}

TEST(LodTest, MagMinBoundaryIsInexactOnlyWhereTheFiltersDisagree) {
  TextureUnit u = Unit(16, 16);
  u.mag_filter = TexFilter::kNearest;
  u.min_filter = TexFilter::kLinear;
  std::array<SampleOutput, 4> out;
  // One texel per pixel: lambda = 0, magnification (nearest). Minification
  // (lambda + 1/256) would filter linearly, which at a texel centre gives the
  // same texel: exact.
  SampleQuad(u, TextureTarget::k2D, Quad(6.5f / 16, 6.5f / 16, 0.0625f, 0, 0, 0.0625f), out);
  ExpectExact(out[0], T(u, 0, 0, 6, 6));
  // At u' = 6.25 nearest gives texel 6, linear blends 5 and 6: inexact.
  SampleQuad(u, TextureTarget::k2D, Quad(6.25f / 16, 6.5f / 16, 0.0625f, 0, 0, 0.0625f), out);
  ExpectAmbiguous(out[0], T(u, 0, 0, 6, 6), T(u, 0, 0, 5, 6));
}

TEST(LodTest, ExplicitLodIsClampedToTheLevels) {
  TextureUnit u = Unit(16, 16, 1, 3);  // levels 16, 8, 4
  u.mip_filter = MipFilter::kNearest;
  auto sample = [&](float lod, float s) {
    SampleInput in = At(s, s);
    in.lod_mode = LodMode::kExplicit;
    in.lod_value = lod;
    return Sample(u, TextureTarget::k2D, in);
  };
  // 10 clamps to level 2 (4x4); s = 1.5/4 -> (1, 1).
  ExpectExact(sample(10.0f, 1.5f / 4), T(u, 2, 0, 1, 1));
  ExpectExact(sample(kInf, 1.5f / 4), T(u, 2, 0, 1, 1));
  // -5 is magnification: level 0; s = 6.5/16 -> (6, 6).
  ExpectExact(sample(-5.0f, 6.5f / 16), T(u, 0, 0, 6, 6));
  // 1.4 (not on the 1/256 grid, but 0.1 away from 1.5) -> level 1; s = 2.5/8 -> (2, 2).
  ExpectExact(sample(1.4f, 2.5f / 8), T(u, 1, 0, 2, 2));
  // 1.5 is a tie: level 1, and level 2 (u' = 1.25 -> (1, 1)) is the alternative.
  ExpectAmbiguous(sample(1.5f, 2.5f / 8), T(u, 1, 0, 2, 2), T(u, 2, 0, 1, 1));
  // 0.5 ties levels 0 and 1: level 0 (u' = 5 + 0.5... s = 5.5/16 -> (5, 5)),
  // level 1 alternative at u' = 2.75 -> (2, 2).
  ExpectAmbiguous(sample(0.5f, 5.5f / 16), T(u, 0, 0, 5, 5), T(u, 1, 0, 2, 2));
}

TEST(LodTest, GlMagnificationThresholdOfOneHalfIsAnAlternative) {
  // GL magnifies up to lambda = 1/2 when mag is LINEAR and min is
  // NEAREST_MIPMAP_*; the model magnifies only for lambda <= 0.
  TextureUnit u = Mipmapped(MipFilter::kNearest);
  u.mag_filter = TexFilter::kLinear;
  auto sample = [&](float s) {
    SampleInput in = At(s, 6.5f / 16);
    in.lod_mode = LodMode::kExplicit;
    in.lod_value = 0.25f;
    return Sample(u, TextureTarget::k2D, in);
  };
  // u' = 6.25: min nearest gives texel 6, GL's linear magnification blends 5 and 6.
  ExpectAmbiguous(sample(6.25f / 16), T(u, 0, 0, 6, 6), T(u, 0, 0, 5, 6));
  // At a texel centre both give texel 6.
  ExpectExact(sample(6.5f / 16), T(u, 0, 0, 6, 6));
  // Without mipmapping GL's threshold is 0 too: no alternative.
  u.mip_filter = MipFilter::kNone;
  ExpectExact(sample(6.25f / 16), T(u, 0, 0, 6, 6));
}

TEST(LodTest, BiasAddsToTheImplicitLod) {
  const TextureUnit u = Mipmapped(MipFilter::kNearest);
  // Two texels per pixel (lambda 1) + bias 1 = 2 -> level 2; s = t = 1.5/4 -> (1, 1).
  auto quad = Quad(1.5f / 4, 1.5f / 4, 0.125f, 0, 0, 0.125f, LodMode::kBias);
  for (SampleInput& in : quad) in.lod_value = 1.0f;
  std::array<SampleOutput, 4> out;
  SampleQuad(u, TextureTarget::k2D, quad, out);
  ExpectExact(out[0], T(u, 2, 0, 1, 1));
}

TEST(LodTest, ZeroLodIgnoresDerivatives) {
  const TextureUnit u = Mipmapped(MipFilter::kNearest);
  std::array<SampleOutput, 4> out;
  // 8 texels per pixel would be level 3, but kZero samples level 0: (6, 6).
  SampleQuad(u, TextureTarget::k2D, Quad(6.5f / 16, 6.5f / 16, 0.5f, 0, 0, 0.5f, LodMode::kZero), out);
  ExpectExact(out[0], T(u, 0, 0, 6, 6));
}

TEST(LodTest, GradientsGiveTheLod) {
  const TextureUnit u = Mipmapped(MipFilter::kNearest);
  SampleInput in = At(2.5f / 8, 2.5f / 8);
  in.lod_mode = LodMode::kGradient;
  in.ddx = {0.125f, 0, 0};  // 2 texels -> lambda 1 -> level 1, texel (2, 2)
  in.ddy = {0, 0.125f, 0};
  ExpectExact(Sample(u, TextureTarget::k2D, in), T(u, 1, 0, 2, 2));
}

TEST(LodTest, MipLinearBlendsTwoLevels) {
  const TextureUnit u = Mipmapped(MipFilter::kLinear);
  SampleInput in = At(1.5f / 16, 1.5f / 16);
  in.lod_mode = LodMode::kExplicit;
  in.lod_value = 0.5f;
  // lambda 0.5 > 0: minification (nearest) on levels 0 and 1, weight 1/2:
  // level 0 texel (1, 1); level 1 u' = 0.75 -> texel (0, 0).
  const Texel a = T(u, 0, 0, 1, 1), b = T(u, 1, 0, 0, 0);
  ASSERT_TRUE(Differ(a, b));
  const SampleOutput out = Sample(u, TextureTarget::k2D, in);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out.words[c], FromFloat((a[c] + b[c]) / 2)) << c;
    EXPECT_EQ(out.inexact[c], a[c] != b[c]) << c;
  }
}

// ----------------------------------------------------------------- shadow

TEST(ShadowTest, CompareResultsFillXyzAndWIsOne) {
  TextureUnit u = Unit(4, 4);
  const float d = T(u, 0, 0, 1, 1)[0];  // the depth of texel (1, 1)
  ASSERT_GT(d, 0.0f);
  ASSERT_LT(d, 1.0f);
  auto sample = [&](CompareFunc f, float ref) {
    u.compare = f;
    SampleInput in = At(1.5f / 4, 1.5f / 4);
    in.shadow_ref = ref;
    return Sample(u, TextureTarget::kShadow2D, in);
  };
  const Texel one = {1, 1, 1, 1}, zero = {0, 0, 0, 1};
  ExpectExact(sample(CompareFunc::kLessEqual, d), one);        // d <= d
  ExpectExact(sample(CompareFunc::kLess, d), zero);            // d < d is false
  ExpectExact(sample(CompareFunc::kLess, d - 1.0f / 256), one);
  ExpectExact(sample(CompareFunc::kEqual, d), one);
  ExpectExact(sample(CompareFunc::kNotEqual, d), zero);
  ExpectExact(sample(CompareFunc::kGreater, d), zero);
  ExpectExact(sample(CompareFunc::kGreaterEqual, d), one);
  ExpectExact(sample(CompareFunc::kNever, d), zero);
  ExpectExact(sample(CompareFunc::kAlways, d), one);
  // A reference within 2^-16 of the texel may compare as equal after depth
  // quantization: LEQUAL gives 0 here, but x, y, z are inexact.
  const SampleOutput near = sample(CompareFunc::kLessEqual, d + 0x1p-20f);
  EXPECT_EQ(near.words[0], FromFloat(0.0f));
  EXPECT_TRUE(near.inexact[0] && near.inexact[1] && near.inexact[2]);
  EXPECT_FALSE(near.inexact[3]);
  // NaN reference: undefined.
  ExpectUndefinedZeros(sample(CompareFunc::kLessEqual, kNaN));
}

TEST(ShadowTest, ReferenceOutsideZeroOneIsClampedButInexactWhereItMatters) {
  // Find a texel whose depth is exactly 1.0: ref 1.5 clamps to 1.0 and
  // LEQUAL passes, while an unclamped (float-depth) compare fails.
  TextureUnit u = Unit(64, 64);
  u.compare = CompareFunc::kLessEqual;
  uint32_t fx = 0, fy = 0;
  bool found = false;
  for (uint32_t y = 0; y < 64 && !found; ++y) {
    for (uint32_t x = 0; x < 64 && !found; ++x) {
      if (T(u, 0, 0, x, y)[0] == 1.0f) fx = x, fy = y, found = true;
    }
  }
  ASSERT_TRUE(found);
  SampleInput in = At((fx + 0.5f) / 64, (fy + 0.5f) / 64);
  in.shadow_ref = 1.5f;
  const SampleOutput out = Sample(u, TextureTarget::kShadow2D, in);
  EXPECT_EQ(out.words[0], FromFloat(1.0f));
  EXPECT_TRUE(out.inexact[0]);
  // ref 1.5 against a depth below 1 fails either way: exact 0.
  in.coord[0] = (fx == 0 ? 1.5f : 0.5f) / 64;
  ASSERT_LT(T(u, 0, 0, fx == 0 ? 1 : 0, fy)[0], 1.0f);
  ExpectExact(Sample(u, TextureTarget::kShadow2D, in), {0, 0, 0, 1});
}

TEST(ShadowTest, LinearFilteringAveragesComparisons) {
  TextureUnit u = Unit(4, 4);
  u.mag_filter = TexFilter::kLinear;
  u.compare = CompareFunc::kLessEqual;
  // s = 0.5, t = 1.5/4: taps (1, 1) and (2, 1), weight 1/2 each.
  const float d1 = T(u, 0, 0, 1, 1)[0], d2 = T(u, 0, 0, 2, 1)[0];
  ASSERT_NE(d1, d2);
  SampleInput in = At(0.5f, 1.5f / 4);
  // ref between the depths: one comparison passes, one fails -> 0.5.
  in.shadow_ref = (d1 + d2) / 2;
  const SampleOutput half = Sample(u, TextureTarget::kShadow2D, in);
  for (int c = 0; c < 3; ++c) {
    EXPECT_EQ(half.words[c], FromFloat(0.5f));
    EXPECT_TRUE(half.inexact[c]);
  }
  EXPECT_EQ(half.words[3], FromFloat(1.0f));
  EXPECT_FALSE(half.inexact[3]);
  // ref below both: both pass, any weighting gives 1 exactly.
  in.shadow_ref = std::min(d1, d2) - 1.0f / 256;
  ExpectExact(Sample(u, TextureTarget::kShadow2D, in), {1, 1, 1, 1});
}

// -------------------------------------------------------------- TXF / TXQ

TEST(FetchTexelTest, InRangeMatchesTexelValueOutOfRangeIsUndefined) {
  const TextureUnit u = Unit(4, 3, 1, 2);  // level 1 is 2x1
  auto fetch = [&](int32_t x, int32_t y, int32_t lod, std::array<int32_t, 3> off = {0, 0, 0}) {
    return FetchTexel(u, TextureTarget::k2D, {x, y, 0}, lod, off);
  };
  ExpectExact(fetch(3, 2, 0), T(u, 0, 0, 3, 2));
  ExpectExact(fetch(1, 0, 1), T(u, 1, 0, 1, 0));
  ExpectExact(fetch(2, 1, 0, {1, 1, 0}), T(u, 0, 0, 3, 2));  // (2+1, 1+1)
  ExpectUndefinedZeros(fetch(4, 0, 0));
  ExpectUndefinedZeros(fetch(-1, 0, 0));
  ExpectUndefinedZeros(fetch(0, 3, 0));
  ExpectUndefinedZeros(fetch(0, 1, 1));   // level 1 has one row
  ExpectUndefinedZeros(fetch(0, 0, 2));   // no level 2
  ExpectUndefinedZeros(fetch(0, 0, -1));
  ExpectUndefinedZeros(fetch(3, 0, 0, {1, 0, 0}));
  ExpectUndefinedZeros(fetch(INT32_MAX, 0, 0, {7, 0, 0}));  // no overflow
  ExpectUndefinedZeros(fetch(INT32_MIN, 0, 0, {-8, 0, 0}));
}

TEST(FetchTexelTest, TargetSpecificAddressing) {
  const TextureUnit u = Unit(10, 4, 3, 2);
  // BUFFER: x only, lod ignored.
  ExpectExact(FetchTexel(u, TextureTarget::kBuffer, {9, 99, 99}, 5, {0, 0, 0}), T(u, 0, 0, 9));
  ExpectUndefinedZeros(FetchTexel(u, TextureTarget::kBuffer, {10, 0, 0}, 0, {0, 0, 0}));
  // RECT: one level.
  ExpectExact(FetchTexel(u, TextureTarget::kRect, {9, 3, 0}, 0, {0, 0, 0}), T(u, 0, 0, 9, 3));
  ExpectUndefinedZeros(FetchTexel(u, TextureTarget::kRect, {0, 0, 0}, 1, {0, 0, 0}));
  // 2D array: layer = z, no offset on the layer; 3 layers.
  ExpectExact(FetchTexel(u, TextureTarget::k2DArray, {1, 2, 2}, 0, {0, 0, 1}), T(u, 0, 2, 1, 2));
  ExpectUndefinedZeros(FetchTexel(u, TextureTarget::k2DArray, {1, 2, 3}, 0, {0, 0, 0}));
  // 1D array: layer = y.
  ExpectExact(FetchTexel(u, TextureTarget::k1DArray, {4, 2, 0}, 1, {0, 0, 0}), T(u, 1, 2, 4));
  // 3D: level 1 is 5x2x1.
  ExpectExact(FetchTexel(u, TextureTarget::k3D, {4, 1, 0}, 1, {0, 0, 0}), T(u, 1, 0, 4, 1, 0));
  ExpectUndefinedZeros(FetchTexel(u, TextureTarget::k3D, {4, 1, 1}, 1, {0, 0, 0}));
  // MSAA: lod is the sample index and there is one sample.
  ExpectExact(FetchTexel(u, TextureTarget::k2DMsaa, {3, 3, 0}, 0, {0, 0, 0}), T(u, 0, 0, 3, 3));
  ExpectUndefinedZeros(FetchTexel(u, TextureTarget::k2DMsaa, {3, 3, 0}, 1, {0, 0, 0}));
  // Shadow targets fetch the raw texel; cubes cannot be fetched.
  ExpectExact(FetchTexel(u, TextureTarget::kShadow2D, {3, 3, 0}, 0, {0, 0, 0}), T(u, 0, 0, 3, 3));
  ExpectUndefinedZeros(FetchTexel(u, TextureTarget::kCube, {0, 0, 0}, 0, {0, 0, 0}));
  ExpectUndefinedZeros(FetchTexel(u, TextureTarget::kUnknown, {0, 0, 0}, 0, {0, 0, 0}));
}

// Expects integer words `values`, with undefined components given as -1.
void ExpectSize(const SampleOutput& out, std::array<int32_t, 4> values) {
  for (int c = 0; c < 4; ++c) {
    if (values[c] < 0) {
      EXPECT_TRUE(out.undefined[c]) << "component " << c;
      EXPECT_EQ(out.words[c], 0u) << "component " << c;
    } else {
      EXPECT_FALSE(out.undefined[c]) << "component " << c;
      EXPECT_EQ(AsInt(out.words[c]), values[c]) << "component " << c;
    }
    EXPECT_FALSE(out.inexact[c]);
  }
}

TEST(QuerySizeTest, PerTargetAndLevel) {
  const TextureUnit u = Unit(16, 8, 12, 5);
  ExpectSize(QuerySize(u, TextureTarget::k2D, 0), {16, 8, -1, 5});
  ExpectSize(QuerySize(u, TextureTarget::k2D, 1), {8, 4, -1, 5});
  ExpectSize(QuerySize(u, TextureTarget::k2D, 4), {1, 1, -1, 5});  // 16>>4 = 1, 8>>4 -> 1
  ExpectSize(QuerySize(u, TextureTarget::k2D, 5), {-1, -1, -1, 5});  // no level 5
  ExpectSize(QuerySize(u, TextureTarget::k2D, -1), {-1, -1, -1, 5});
  ExpectSize(QuerySize(u, TextureTarget::k1D, 2), {4, -1, -1, 5});
  ExpectSize(QuerySize(u, TextureTarget::kShadow1D, 0), {16, -1, -1, 5});
  ExpectSize(QuerySize(u, TextureTarget::k1DArray, 1), {8, 12, -1, 5});  // layers do not shrink
  ExpectSize(QuerySize(u, TextureTarget::k2DArray, 2), {4, 2, 12, 5});
  ExpectSize(QuerySize(u, TextureTarget::k3D, 2), {4, 2, 3, 5});         // 12 >> 2 = 3
  ExpectSize(QuerySize(u, TextureTarget::kCube, 1), {8, 4, -1, 5});
  ExpectSize(QuerySize(u, TextureTarget::kCubeArray, 1), {8, 4, 2, 5});  // 12 / 6 cubes
  ExpectSize(QuerySize(u, TextureTarget::kRect, 0), {16, 8, -1, 1});
  ExpectSize(QuerySize(u, TextureTarget::kRect, 1), {-1, -1, -1, 1});
  ExpectSize(QuerySize(u, TextureTarget::k2DMsaa, 0), {16, 8, -1, 1});
  ExpectSize(QuerySize(u, TextureTarget::k2DArrayMsaa, 0), {16, 8, 12, 1});
  ExpectSize(QuerySize(u, TextureTarget::kBuffer, 3), {16, -1, -1, -1});
  ExpectSize(QuerySize(u, TextureTarget::kUnknown, 0), {-1, -1, -1, -1});
}

// ------------------------------------------------------------- non-finite

TEST(NonFiniteTest, NanAndInfCoordinatesAreUndefinedPerLane) {
  const TextureUnit u = Unit(4, 4);
  for (const float bad : {kNaN, kInf, -kInf}) {
    std::array<SampleInput, 4> quad = {At(bad, 0.5f), At(1.5f / 4, bad), At(2.5f / 4, 1.5f / 4),
                                       At(0.5f / 4, 0.5f / 4)};
    std::array<SampleOutput, 4> out;
    SampleQuad(u, TextureTarget::k2D, quad, out);
    ExpectUndefinedZeros(out[0]);
    ExpectUndefinedZeros(out[1]);
    ExpectExact(out[2], T(u, 0, 0, 2, 1));
    ExpectExact(out[3], T(u, 0, 0, 0, 0));
  }
}

TEST(NonFiniteTest, NonFiniteNeighboursMakeTheImplicitLodUndefined) {
  TextureUnit u = Mipmapped(MipFilter::kNearest);
  auto quad = Quad(1.5f / 8, 2.5f / 8, 0.125f, 0, 0, 0.125f);
  quad[1].coord[0] = kNaN;
  std::array<SampleOutput, 4> out;
  SampleQuad(u, TextureTarget::k2D, quad, out);
  ExpectUndefinedZeros(out[1]);
  EXPECT_TRUE(out[0].undefined[0]);  // its LOD depends on lane 1
  EXPECT_TRUE(out[3].undefined[0]);
  // Without mipmaps and with equal filters the LOD cannot matter.
  u.mip_filter = MipFilter::kNone;
  SampleQuad(u, TextureTarget::k2D, quad, out);
  EXPECT_FALSE(out[0].undefined[0]);
  EXPECT_FALSE(out[3].undefined[0]);
}

TEST(NonFiniteTest, HugeCoordinatesAndBadLodsDoNotCrash) {
  TextureUnit u = Mipmapped(MipFilter::kLinear);
  u.mag_filter = u.min_filter = TexFilter::kLinear;
  for (const TexWrap w : {TexWrap::kRepeat, TexWrap::kClampToEdge, TexWrap::kMirroredRepeat}) {
    u.wrap_s = u.wrap_t = w;
    const SampleOutput out = Sample(u, TextureTarget::k2D, At(1e30f, -3e38f));
    EXPECT_FALSE(out.undefined[0]);
    // Periodic wraps cannot place such a coordinate; clamping puts it on the edge.
    EXPECT_EQ(out.inexact[0], w != TexWrap::kClampToEdge);
  }
  SampleInput in = At(0.5f, 0.5f);
  in.lod_mode = LodMode::kExplicit;
  in.lod_value = kNaN;
  ExpectUndefinedZeros(Sample(u, TextureTarget::k2D, in));
  in.lod_mode = LodMode::kBias;
  ExpectUndefinedZeros(Sample(u, TextureTarget::k2D, in));
  in.lod_mode = LodMode::kGradient;
  in.ddx = {kInf, 0, 0};
  EXPECT_FALSE(Sample(u, TextureTarget::k2D, in).undefined[0]);  // lambda +inf: last level
  in.ddx = {kNaN, 0, 0};
  EXPECT_TRUE(Sample(u, TextureTarget::k2D, in).undefined[0]);
}

TEST(NonFiniteTest, CubeAndLayerCoordinates) {
  const TextureUnit u = Unit(8, 8, 12);
  ExpectUndefinedZeros(Sample(u, TextureTarget::kCube, At(kNaN, 1, 0)));
  ExpectUndefinedZeros(Sample(u, TextureTarget::kCube, At(kInf, 1, 0)));
  ExpectUndefinedZeros(Sample(u, TextureTarget::kCube, At(0, 0, 0)));  // no direction
  ExpectUndefinedZeros(Sample(u, TextureTarget::kCube, At(0, -0.0f, 0)));
  ExpectUndefinedZeros(Sample(u, TextureTarget::k2DArray, At(0.5f, 0.5f, kNaN)));
  ExpectUndefinedZeros(Sample(u, TextureTarget::kCubeArray, At(1, 0, 0, kInf)));
  ExpectUndefinedZeros(Gather(u, TextureTarget::k2D, At(kNaN, 0.5f), 0));
}

TEST(NonFiniteTest, TargetsWithoutSamplingAreUndefined) {
  const TextureUnit u = Unit(8, 8);
  ExpectUndefinedZeros(Sample(u, TextureTarget::kBuffer, At(0.5f)));
  ExpectUndefinedZeros(Sample(u, TextureTarget::k2DMsaa, At(0.5f, 0.5f)));
  ExpectUndefinedZeros(Sample(u, TextureTarget::kUnknown, At(0.5f, 0.5f)));
}

// ----------------------------------------------------------------- gather

TEST(GatherTest, ReturnsTheBilinearFootprintInOrder) {
  const TextureUnit u = Unit(4, 4);
  // (0.5, 0.5): u' - 0.5 = v' - 0.5 = 1.5 -> i0 = j0 = 1, i1 = j1 = 2.
  // Order (i0,j1), (i1,j1), (i1,j0), (i0,j0) = (1,2), (2,2), (2,1), (1,1).
  for (int comp = 0; comp < 4; ++comp) {
    const SampleOutput out = Gather(u, TextureTarget::k2D, At(0.5f, 0.5f), comp);
    ExpectExact(out, {T(u, 0, 0, 1, 2)[comp], T(u, 0, 0, 2, 2)[comp], T(u, 0, 0, 2, 1)[comp],
                      T(u, 0, 0, 1, 1)[comp]});
  }
  // Repeat at the left edge: s = 0, u' - 0.5 = -0.5 -> i0 = -1 -> 3, i1 = 0.
  const SampleOutput edge = Gather(u, TextureTarget::k2D, At(0.0f, 0.5f), 0);
  ExpectExact(edge, {T(u, 0, 0, 3, 2)[0], T(u, 0, 0, 0, 2)[0], T(u, 0, 0, 0, 1)[0],
                     T(u, 0, 0, 3, 1)[0]});
}

TEST(GatherTest, FootprintBoundaryIsInexact) {
  const TextureUnit u = Unit(4, 4);
  // s = 1.5/4: u' - 0.5 = 1.0 exactly, so the footprint may start at 0 or 1.
  // Model: i0 = 1; alternative i0 = 0. Row j: t = 0.5 -> j0 = 1, j1 = 2.
  const SampleOutput out = Gather(u, TextureTarget::k2D, At(1.5f / 4, 0.5f), 0);
  const Texel model = {T(u, 0, 0, 1, 2)[0], T(u, 0, 0, 2, 2)[0], T(u, 0, 0, 2, 1)[0], T(u, 0, 0, 1, 1)[0]};
  const Texel alt = {T(u, 0, 0, 0, 2)[0], T(u, 0, 0, 1, 2)[0], T(u, 0, 0, 1, 1)[0], T(u, 0, 0, 0, 1)[0]};
  ExpectAmbiguous(out, model, alt);
}

TEST(GatherTest, ShadowGatherComparesEachTexel) {
  TextureUnit u = Unit(4, 4);
  u.compare = CompareFunc::kGreaterEqual;
  SampleInput in = At(0.5f, 0.5f);
  in.shadow_ref = 0.5f;
  const SampleOutput out = Gather(u, TextureTarget::kShadow2D, in, 3);  // component ignored
  const uint32_t xy[4][2] = {{1, 2}, {2, 2}, {2, 1}, {1, 1}};
  for (int c = 0; c < 4; ++c) {
    const float d = T(u, 0, 0, xy[c][0], xy[c][1])[0];
    EXPECT_EQ(out.words[c], FromFloat(0.5f >= d ? 1.0f : 0.0f)) << c;
  }
}

TEST(GatherTest, UnsupportedTargetsAndComponentsAreUndefined) {
  const TextureUnit u = Unit(4, 4, 4);
  ExpectUndefinedZeros(Gather(u, TextureTarget::k1D, At(0.5f), 0));
  ExpectUndefinedZeros(Gather(u, TextureTarget::k3D, At(0.5f, 0.5f, 0.5f), 0));
  ExpectUndefinedZeros(Gather(u, TextureTarget::k2D, At(0.5f, 0.5f), 4));
  ExpectUndefinedZeros(Gather(u, TextureTarget::k2D, At(0.5f, 0.5f), -1));
}

TEST(DeterminismTest, RepeatedCallsGiveIdenticalResults) {
  TextureUnit u = Mipmapped(MipFilter::kLinear);
  u.mag_filter = u.min_filter = TexFilter::kLinear;
  const auto quad = Quad(0.3f, 0.7f, 0.173f, 0.021f, -0.04f, 0.11f);
  std::array<SampleOutput, 4> a, b;
  SampleQuad(u, TextureTarget::k2D, quad, a);
  SampleQuad(u, TextureTarget::k2D, quad, b);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(a[i].words, b[i].words);
    EXPECT_EQ(a[i].inexact, b[i].inexact);
    EXPECT_EQ(a[i].undefined, b[i].undefined);
  }
}

}  // namespace
}  // namespace shaderdiff::common
