// Texture lowerings end to end (compiler/targets/a3xx/naive/templates_texture.cc), each
// checked by the differential engine against the reference interpreter in
// both builds, with many components compared exactly, and each with a broken
// variant that is caught:
// - TXD: samgq with the coordinates padded to four words, then d/dx and
//   d/dy (both stages); turning samgq into a plain sam (implicit LOD: the
//   gradients ignored) is a mismatch;
// - TXP on 3D and CUBE: divided by w first (a3xx does not project .3d
//   coordinates); a program that uses sam.3d.p instead is refused by the
//   emulator (a compile error: the GPU cannot run it);
// - texel buffers (TXF and TXQ on BUFFER): a 1-D descriptor, isaml at
//   (x, 0) with lod 0, getsize with lod 0 (both stages, float and integer
//   views); an isaml that reads its padding word as x is a mismatch.
#include <gtest/gtest.h>

#include "compiler/tgsi/parser.h"
#include "tools/harness/check.h"

namespace shaderdiff::harness {
namespace {

// 2D, 1D, 3D and SHADOW2D gradients from scaled inputs (fragment), and a
// vertex shader, where only explicit gradients give a LOD.
constexpr const char* kFragment = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL IN[2], GENERIC[2], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL OUT[3], COLOR[3]
DCL SAMP[0]
DCL SAMP[1]
DCL SAMP[2]
DCL SAMP[3]
DCL SVIEW[0], 2D, FLOAT
DCL SVIEW[1], 1D, FLOAT
DCL SVIEW[2], 3D, FLOAT
DCL SVIEW[3], SHADOW2D, FLOAT
DCL TEMP[0..1]
IMM[0] FLT32 {0.0625, 0.25, 0.0, 1.0}
  0: MUL TEMP[0], IN[1], IMM[0].xxxx
  1: MUL TEMP[1], IN[2], IMM[0].yyyy
  2: TXD OUT[0], IN[0], TEMP[0], TEMP[1], SAMP[0], 2D
  3: TXD OUT[1].xz, IN[0].yxzw, TEMP[1].wzyx, TEMP[0], SAMP[1], 1D
  4: TXD OUT[2], IN[0].zyxw, TEMP[0].xyzz, TEMP[1].zyxx, SAMP[2], 3D
  5: TXD OUT[3], IN[0], TEMP[1], IMM[0].zzzz, SAMP[3], SHADOW2D
  6: END
)";

constexpr const char* kVertex = R"(VERT
DCL IN[0]
DCL IN[1]
DCL OUT[0], POSITION
DCL OUT[1], GENERIC[0]
DCL SAMP[0]
DCL SVIEW[0], 2D, FLOAT
  0: TXD OUT[0], IN[0], IN[1], IN[1].yxzw, SAMP[0], 2D
  1: TXD OUT[1].yw, IN[1], IN[0].zwxy, -IN[0], SAMP[0], 2D
  2: END
)";

// TXP on 3D and CUBE with w a power of two, so the division is exact and
// the lookups are compared bit for bit.
constexpr const char* kProjected = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL SAMP[0]
DCL SAMP[1]
DCL SVIEW[0], 3D, FLOAT
DCL SVIEW[1], CUBE, FLOAT
DCL TEMP[0..1]
IMM[0] FLT32 {2.0, 4.0, 0.5, 1.0}
  0: MOV TEMP[0].xyz, IN[0]
  1: MOV TEMP[0].w, IMM[0].xxxx
  2: MOV TEMP[1].xyz, IN[1]
  3: MOV TEMP[1].w, IMM[0].zzzz
  4: TXP OUT[0], TEMP[0], SAMP[0], 3D
  5: TXP OUT[1], TEMP[1], SAMP[1], CUBE
  6: END
)";

// Texel buffers: fetches at integer indices from the inputs (src0.w is not
// a lod for a buffer), the element count, both stages.
constexpr const char* kBufferVertex = R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL OUT[1], GENERIC[0]
DCL SAMP[0]
DCL SVIEW[0], BUFFER, SINT
DCL TEMP[0..1]
IMM[0] INT32 {3, 0, 0, 0}
  0: F2I TEMP[0], IN[0]
  1: TXF TEMP[1], TEMP[0], SAMP[0], BUFFER
  2: TXQ TEMP[0].x, IMM[0].xxxx, SAMP[0], BUFFER
  3: UADD TEMP[1].x, TEMP[1], TEMP[0].xxxx
  4: MOV OUT[1], TEMP[1]
  5: MOV OUT[0], IN[0]
  6: END
)";

constexpr const char* kBufferFragment = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL SAMP[0]
DCL SAMP[1]
DCL SVIEW[0], BUFFER, FLOAT
DCL SVIEW[1], BUFFER, UINT
DCL TEMP[0]
  0: F2I TEMP[0], IN[0].yxwz
  1: TXF OUT[0], TEMP[0], SAMP[0], BUFFER
  2: TXF OUT[1].xw, TEMP[0].wzyx, SAMP[1], BUFFER
  3: END
)";

tgsi::Shader Parse(const char* text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("shader");
  return r.shader;
}

TEST(TextureGradients, TxdPassesInBothBuildsAndStages) {
  for (const char* text : {kFragment, kVertex}) {
    const tgsi::Shader shader = Parse(text);
    for (Build build : {Build::kNaive, Build::kOptimizing}) {
      CheckOptions o;
      o.build = build;
      o.vectors = 16;
      const CheckOutcome out = CheckShader(shader, 0x7d, o);
      EXPECT_EQ(out.verdict, Verdict::kPass) << BuildName(build) << ": " << out.detail << "\n" << text;
      EXPECT_EQ(out.vectors_run, 16u);
      // Most components are exact (filtering of exact coordinates).
      EXPECT_GT(out.totals.compared, out.totals.tolerant) << BuildName(build) << "\n" << text;
    }
  }
}

TEST(TextureGradients, IgnoringTheGradientsIsCaught) {
  for (const char* text : {kFragment, kVertex}) {
    CheckOptions o;
    o.build = Build::kNaive;
    o.vectors = 16;
    int changed = 0;
    o.post_compile = [&](a3xx::Program& p) {
      for (a3xx::Instr& in : p.instrs)
        if (in.opcode == a3xx::Opcode::SAMGQ) {
          in.opcode = a3xx::Opcode::SAM;
          ++changed;
        }
    };
    const CheckOutcome out = CheckShader(Parse(text), 0x7d, o);
    EXPECT_GT(changed, 0);
    EXPECT_EQ(out.verdict, Verdict::kNaiveMismatch) << out.detail << "\n" << text;
  }
}

TEST(TextureProjection, ThreeDimensionalTxpIsDividedFirst) {
  const tgsi::Shader shader = Parse(kProjected);
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    CheckOptions o;
    o.build = build;
    o.vectors = 16;
    const CheckOutcome out = CheckShader(shader, 0x3d, o);
    EXPECT_EQ(out.verdict, Verdict::kPass) << BuildName(build) << ": " << out.detail;
    EXPECT_GT(out.totals.compared, 300u) << BuildName(build);
  }
}

TEST(TextureProjection, SamplingWithProjectedThreeDimensionalCoordinatesIsRefused) {
  CheckOptions o;
  o.build = Build::kNaive;
  o.vectors = 4;
  int changed = 0;
  o.post_compile = [&](a3xx::Program& p) {
    for (a3xx::Instr& in : p.instrs)
      if (in.opcode == a3xx::Opcode::SAM && (in.tex_flags & a3xx::kTex3d)) {
        in.tex_flags |= a3xx::kTexProjected;
        ++changed;
      }
  };
  const CheckOutcome out = CheckShader(Parse(kProjected), 0x3d, o);
  EXPECT_EQ(changed, 2);
  EXPECT_EQ(out.verdict, Verdict::kCompileError) << out.detail;
  EXPECT_NE(out.detail.find(".p with .3d"), std::string::npos) << out.detail;
}

TEST(TexelBuffers, TxfAndTxqPassInBothBuildsAndStages) {
  for (const char* text : {kBufferVertex, kBufferFragment}) {
    const tgsi::Shader shader = Parse(text);
    for (Build build : {Build::kNaive, Build::kOptimizing}) {
      CheckOptions o;
      o.build = build;
      o.vectors = 16;
      const CheckOutcome out = CheckShader(shader, 0x7b, o);
      EXPECT_EQ(out.verdict, Verdict::kPass) << BuildName(build) << ": " << out.detail << "\n" << text;
      EXPECT_GT(out.totals.compared, 300u) << BuildName(build) << "\n" << text;
    }
  }
}

TEST(TexelBuffers, FetchingThePaddingAsTheIndexIsCaught) {
  for (const char* text : {kBufferVertex, kBufferFragment}) {
    CheckOptions o;
    o.build = Build::kNaive;
    o.vectors = 16;
    int changed = 0;
    o.post_compile = [&](a3xx::Program& p) {
      for (a3xx::Instr& in : p.instrs)
        if (in.opcode == a3xx::Opcode::ISAML) {
          ++in.src[0].num;  // (0, y) instead of (x, 0)
          ++changed;
        }
    };
    const CheckOutcome out = CheckShader(Parse(text), 0x7b, o);
    EXPECT_GT(changed, 0);
    EXPECT_EQ(out.verdict, Verdict::kNaiveMismatch) << out.detail << "\n" << text;
  }
}

}  // namespace
}  // namespace shaderdiff::harness
