// Texture opcodes through the procedural texture model (texture.h); the
// expected texels come from TexelValue, the model's ground truth.
#include "emulator/common/texture.h"

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

using common::TexelValue;
using common::TextureUnit;

TextureUnit Unit(uint32_t w, uint32_t h, uint32_t levels = 1, uint64_t seed = 7) {
  TextureUnit u;
  u.seed = seed;
  u.width = w;
  u.height = h;
  u.levels = levels;
  return u;
}

// Texel centre of (x, y) at a level of size n.
float Centre(uint32_t i, uint32_t n) { return (static_cast<float>(i) + 0.5f) / static_cast<float>(n); }

const char* kFragTex = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL SAMP[0]
DCL SVIEW[0], 2D, FLOAT
  0: TEX OUT[0], IN[0], SAMP[0], 2D
  1: END
)";

TEST(Texture, TexNearestAtTexelCentresEqualsTexelValue) {
  // A screen-aligned quad over texels (3,5) (4,5) (3,6) (4,6) of a 16x16
  // texture: lane k samples the centre of its texel; nearest filtering
  // returns the texel exactly, and with one level and nearest min/mag the
  // implicit LOD cannot matter: every component clean.
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  v.textures[0] = Unit(16, 16);
  const uint32_t xs[4] = {3, 4, 3, 4}, ys[4] = {5, 5, 6, 6};
  std::vector<Vec4> coords;
  for (int l = 0; l < 4; ++l) coords.push_back(F4(Centre(xs[l], 16), Centre(ys[l], 16), 0, 1));
  SetInputLanes(v, 0, coords);
  const auto o = RunText(kFragTex, v);
  for (int l = 0; l < 4; ++l) {
    const auto t = TexelValue(v.textures[0], 0, 0, xs[l], ys[l], 0);
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(o.W(0, l, c), Fw(t[c])) << l << c;
      EXPECT_TRUE(o.Clean(0, l, c)) << l << c;
    }
  }
}

TEST(Texture, MissingUnitIsSeededWithItsIndex) {
  // VERT (implicit LOD -> level 0) sampling SAMP[2], which the vector does
  // not define: a default TextureUnit with seed 2.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[2]
  0: TEX OUT[0], IN[0], SAMP[2], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  TextureUnit def;
  def.seed = 2;
  SetInput(v, 0, F4(Centre(1, def.width), Centre(2, def.height), 0, 0));
  const auto o = RunText(text, v);
  const auto t = TexelValue(def, 0, 0, 1, 2, 0);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.W(0, 0, c), Fw(t[c]));
    EXPECT_TRUE(o.Clean(0, 0, c));
  }
}

TEST(Texture, TxfFetchesIntegerTexels) {
  // TXF with integer coordinates (x, y) and lod in w; lane 1 is outside the
  // 16x16 texture: undefined (texture-undefined), lane 0 clean.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[0]
  0: TXF OUT[0], IN[0], SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
  v.textures[0] = Unit(16, 16, 2);
  SetInputLanes(v, 0, {U4(5, 6, 0, 1), U4(20, 0, 0, 0)});
  const auto o = RunText(text, v);
  const auto t = TexelValue(v.textures[0], 1, 0, 5, 6, 0);  // level 1 is 8x8
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.W(0, 0, c), Fw(t[c]));
    EXPECT_TRUE(o.Clean(0, 0, c));
    EXPECT_EQ(o.Why(0, 1, c), "texture-undefined");
  }
}

TEST(Texture, TxqSizes) {
  // TXQ at lod 0 of a 16x8 2D texture with 3 levels: (16, 8, -, 3); z does
  // not exist for 2D: texture-undefined. At lod 1: (8, 4, -, 3).
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[0]
  0: TXQ OUT[0], IN[0], SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
  v.textures[0] = Unit(16, 8, 3);
  SetInputLanes(v, 0, {U4(0, 0, 0, 0), U4(1, 0, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), 16u);
  EXPECT_EQ(o.W(0, 0, 1), 8u);
  EXPECT_EQ(o.Why(0, 0, 2), "texture-undefined");
  EXPECT_EQ(o.W(0, 0, 3), 3u);
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_TRUE(o.Clean(0, 0, 3));
  EXPECT_EQ(o.W(0, 1, 0), 8u);
  EXPECT_EQ(o.W(0, 1, 1), 4u);
}

TEST(Texture, TxpProjects) {
  // TXP divides s, t by w: (2s, 2t, -, 2) samples (s, t) -- w a power of two,
  // exact: clean. w = 0 leaves coordinates undivided: txp-w-zero.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[0]
  0: TXP OUT[0], IN[0], SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
  v.textures[0] = Unit(16, 16);
  SetInputLanes(v, 0, {F4(2 * Centre(9, 16), 2 * Centre(2, 16), 0, 2), F4(0.5f, 0.5f, 0, 0)});
  const auto o = RunText(text, v);
  const auto t = TexelValue(v.textures[0], 0, 0, 9, 2, 0);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.W(0, 0, c), Fw(t[c]));
    EXPECT_TRUE(o.Clean(0, 0, c));
    EXPECT_EQ(o.Why(0, 1, c), "txp-w-zero");
  }
}

TEST(Texture, TxpWZeroInANeighbourMakesImplicitLodUndefined) {
  // Fragment quad, mipmapped texture, implicit LOD: lane 0's LOD comes from
  // lane1 - lane0 and lane2 - lane0. Lane 1 has w = 0, so its coordinate
  // stays undivided and lane 0's LOD (hence its texel) is not defined, even
  // though lane 0's own inputs are fine. A second quad with no w = 0 lane
  // and texel-centre coordinates on level 0 stays clean.
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL SAMP[0]
  0: TXP OUT[0], IN[0], SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kFragment, 8);
  common::TextureUnit unit = Unit(16, 16, 5);
  unit.mip_filter = common::MipFilter::kNearest;
  v.textures[0] = unit;
  const float s0 = Centre(4, 16), t0 = Centre(4, 16), step = 1.0f / 16;
  SetInputLanes(v, 0,
                {F4(s0, t0, 0, 1), F4(s0 + step, t0, 0, 0), F4(s0, t0 + step, 0, 1), F4(s0 + step, t0 + step, 0, 1),
                 F4(s0, t0, 0, 1), F4(s0 + step, t0, 0, 1), F4(s0, t0 + step, 0, 1), F4(s0 + step, t0 + step, 0, 1)});
  const auto o = RunText(text, v);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.Why(0, 1, c), "txp-w-zero");
    EXPECT_TRUE(o.Undef(0, 0, c)) << "lane 0 takes its LOD from lane 1";
    EXPECT_TRUE(o.Clean(0, 4, c)) << "the second quad is exact";
  }
  const auto t = TexelValue(v.textures[0], 0, 0, 4, 4, 0);
  EXPECT_EQ(o.W(0, 4, 0), Fw(t[0]));
}

TEST(Texture, ExplicitLodSelectsTheLevel) {
  // TXL with lod 1.0 on a 16x16, 3-level texture with nearest mip filtering:
  // level 1 (8x8), texel (2, 3) at its centre.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[0]
  0: TXL OUT[0], IN[0], SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  TextureUnit u = Unit(16, 16, 3);
  u.mip_filter = common::MipFilter::kNearest;
  v.textures[0] = u;
  SetInput(v, 0, F4(Centre(2, 8), Centre(3, 8), 0, 1.0f));
  const auto o = RunText(text, v);
  const auto t = TexelValue(u, 1, 0, 2, 3, 0);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.W(0, 0, c), Fw(t[c]));
    EXPECT_TRUE(o.Clean(0, 0, c));
  }
}

TEST(Texture, LinearFilteringIsInexactWhereTexelsDiffer) {
  // Linear filtering half way between texels blends them: the model flags
  // the components whose texels differ (texture-filter).
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[0]
  0: TEX OUT[0], IN[0], SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  TextureUnit u = Unit(16, 16);
  u.mag_filter = u.min_filter = common::TexFilter::kLinear;
  v.textures[0] = u;
  SetInput(v, 0, F4(4.0f / 16, Centre(5, 16), 0, 0));  // between x = 3 and 4, row 5
  const auto o = RunText(text, v);
  const auto a = TexelValue(u, 0, 0, 3, 5, 0), b = TexelValue(u, 0, 0, 4, 5, 0);
  int differing = 0;
  for (int c = 0; c < 4; ++c) {
    EXPECT_FALSE(o.Undef(0, 0, c));
    EXPECT_EQ(o.Inexact(0, 0, c), a[c] != b[c]) << c;
    if (a[c] != b[c]) {
      ++differing;
      EXPECT_EQ(o.Why(0, 0, c), "texture-filter");
    }
  }
  EXPECT_GT(differing, 0) << "precondition: choose texels that differ";
}

TEST(Texture, ImplicitLodInDivergentControlFlowIsUndefinedWhenLodMatters) {
  // Mipmapped texture (LOD matters), TEX inside an IF taken by lanes 0 and 1
  // only: the quad's LOD uses lanes that did not execute -> derivative-divergent.
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL SAMP[0]
IMM[0] FLT32 {0.0, 0.0, 0.0, 0.0}
  0: MOV OUT[0], IMM[0]
  1: IF IN[0].wwww
  2:   TEX OUT[0], IN[0], SAMP[0], 2D
  3: ENDIF
  4: END
)";
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  TextureUnit u = Unit(16, 16, 4);
  u.mip_filter = common::MipFilter::kNearest;
  v.textures[0] = u;
  SetInputLanes(v, 0, {F4(Centre(3, 16), Centre(5, 16), 0, 1), F4(Centre(4, 16), Centre(5, 16), 0, 1),
                       F4(Centre(3, 16), Centre(6, 16), 0, 0), F4(Centre(4, 16), Centre(6, 16), 0, 0)});
  const auto o = RunText(text, v);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.Why(0, 0, c), "derivative-divergent");
    EXPECT_EQ(o.Why(0, 1, c), "derivative-divergent");
    EXPECT_TRUE(o.Clean(0, 2, c));  // did not sample: keeps the MOV
  }
}

TEST(Texture, Tg4GathersFourTexels) {
  // TG4 at the corner shared by texels (3,5) (4,5) (3,6) (4,6): u' = 4,
  // v' = 6 -> i0 = 3, i1 = 4, j0 = 5, j1 = 6; component 1 (UINT32 immediate);
  // result order (i0,j1), (i1,j1), (i1,j0), (i0,j0).
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[0]
IMM[0] UINT32 {1, 0, 0, 0}
  0: TG4 OUT[0], IN[0], IMM[0].xxxx, SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  v.textures[0] = Unit(16, 16);
  SetInput(v, 0, F4(4.0f / 16, 6.0f / 16, 0, 0));
  // Exactly on a texel boundary the footprint is ambiguous; nudge inside.
  SetInput(v, 0, F4(4.0f / 16 + 1.0f / 64, 6.0f / 16 + 1.0f / 64, 0, 0));
  const auto o = RunText(text, v);
  const uint32_t xy[4][2] = {{3, 6}, {4, 6}, {4, 5}, {3, 5}};
  for (int c = 0; c < 4; ++c) {
    const auto t = TexelValue(v.textures[0], 0, 0, xy[c][0], xy[c][1], 0);
    EXPECT_EQ(o.W(0, 0, c), Fw(t[1])) << c;
    EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  }
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
