// Every kUnsupported reason the naive translator can give, each from a
// shader that needs exactly that feature, and the kError cases (malformed
// shaders). The detail must name the feature; the program must be empty.
#include <gtest/gtest.h>

#include <string>

#include "compiler/targets/a3xx/naive/indirect_resource_index.h"
#include "compiler/targets/a3xx/naive/test_util.h"

namespace shaderdiff::naive {
namespace {

void ExpectUnsupported(const std::string& tgsi, const std::string& detail) {
  const CompileResult r = testing::CompileText(tgsi);
  EXPECT_EQ(r.status, CompileStatus::kUnsupported) << tgsi;
  EXPECT_EQ(r.detail, detail) << tgsi;
  EXPECT_TRUE(r.program.instrs.empty());
}

void ExpectError(const std::string& tgsi, const std::string& detail) {
  const CompileResult r = testing::CompileText(tgsi);
  EXPECT_EQ(r.status, CompileStatus::kError) << tgsi;
  EXPECT_EQ(r.detail, detail) << tgsi;
  EXPECT_TRUE(r.program.instrs.empty());
}

// A vertex shader with IN[0..1], OUT[0], TEMP[0..3] (ARRAY 1), CONST[0..3],
// ADDR[0], SAMP[0] around `body` (instructions numbered from 0 by the caller).
std::string Vs(const std::string& body) {
  return "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0]\nDCL TEMP[0..3], ARRAY(1)\nDCL CONST[0][0..3]\nDCL ADDR[0]\n"
         "DCL SAMP[0]\n" +
         body;
}
std::string Fs(const std::string& body) {
  return "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0..3]\nDCL SAMP[0]\n" + body;
}

TEST(Unsupported, Stages) {
  ExpectUnsupported("GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n  0: END\n", "stage GEOM");
  ExpectUnsupported("TESS_CTRL\n  0: END\n", "stage TESS_CTRL");
  ExpectUnsupported("TESS_EVAL\n  0: END\n", "stage TESS_EVAL");
  ExpectUnsupported("COMP\n  0: END\n", "stage COMP");
}

TEST(Unsupported, RegisterFile) {
  // r0..r9 fixed, IN[0..37], OUT[0]: 49 vec4 registers, none of them a
  // TEMP private memory could take.
  ExpectUnsupported("VERT\nDCL IN[0..37]\nDCL OUT[0]\n  0: END\n",
                    "register file: 49 vec4 registers needed, a3xx has 48 (IN, OUT, SV, ADDR and TEMPs a relative "
                    "access may reach as a whole file stay in registers)");
  // The same with TEMP[0..1] relatively addressed as a whole file: they stay.
  ExpectUnsupported("VERT\nDCL IN[0..35]\nDCL OUT[0]\nDCL TEMP[0..1]\nDCL ADDR[0]\n"
                    "  0: ARL ADDR[0].x, IN[0].xxxx\n  1: MOV OUT[0], TEMP[ADDR[0].x]\n  2: END\n",
                    "register file: 50 vec4 registers needed, a3xx has 48 (IN, OUT, SV, ADDR and TEMPs a relative "
                    "access may reach as a whole file stay in registers)");
  // Plain TEMPs beyond r47 move to private memory (compiler/private_array_test).
  EXPECT_EQ(testing::CompileText("VERT\nDCL IN[0]\nDCL OUT[0]\nDCL TEMP[0..36]\n  0: END\n").status,
            CompileStatus::kOk);
  // 48 fit.
  const CompileResult r = testing::CompileText("VERT\nDCL IN[0]\nDCL OUT[0]\nDCL TEMP[0..35]\n  0: END\n");
  EXPECT_EQ(r.status, CompileStatus::kOk) << r.detail;
  EXPECT_EQ(r.program.state.full_regs, 48);
}

// What the a3xx I/O register fields cannot carry (isa/io_fields.h).
TEST(Unsupported, IoFields) {
  ExpectUnsupported("FRAG\nDCL OUT[0], COLOR\nDCL OUT[1], STENCIL\n  0: MOV OUT[1].y, IN[0]\n  1: END\n",
                    "fragment output STENCIL (a3xx has no output field for it)");
  ExpectUnsupported("FRAG\nDCL OUT[0], COLOR[4]\n  0: END\n", "fragment output COLOR[4] (a3xx has 4 render targets)");
  ExpectUnsupported("VERT\nDCL OUT[0], LAYER\n  0: END\n", "vertex output LAYER (a3xx has no output field for it)");
  ExpectUnsupported("VERT\nDCL SV[0], BASEVERTEX\nDCL OUT[0]\n  0: MOV OUT[0], SV[0]\n  1: END\n",
                    "system value BASEVERTEX in a vertex shader (a3xx has no field for it)");
  // Interpolation locations: per sample has no i/j pair on a3xx (centroid
  // has one: e2e_test's centroid cases).
  ExpectUnsupported("FRAG\nDCL IN[0], GENERIC[0], LINEAR, SAMPLE\nDCL OUT[0], COLOR\n  0: MOV OUT[0], IN[0]\n"
                    "  1: END\n",
                    "a fragment input interpolated per sample (DCL IN ..., SAMPLE): a3xx preloads i/j at the pixel "
                    "center and centroid only (HLSQ_CONTROL_3_REG)");
  // Scalar fields: FACENESSREGID preloads x, PSIZEREGID and DEPTH_REGID
  // output x and z only.
  ExpectUnsupported("FRAG\nDCL IN[0], FACE, CONSTANT\nDCL OUT[0], COLOR\n  0: MOV OUT[0], IN[0].yyyy\n  1: END\n",
                    "IN[0] (FACE) read in component(s) y: HLSQ_CONTROL_2_REG.FACENESSREGID holds x only");
  ExpectUnsupported("VERT\nDCL OUT[0], PSIZE\n  0: MOV OUT[0].xy, IN[0]\n  1: END\n",
                    "OUT[0] (PSIZE) written in component(s) y: SP_VS_PARAM_REG.PSIZEREGID holds x only");
  ExpectUnsupported("FRAG\nDCL OUT[0], POSITION\n  0: MOV OUT[0].xz, IN[0]\n  1: END\n",
                    "OUT[0] (POSITION) written in component(s) x: SP_FS_OUTPUT_REG.DEPTH_REGID holds z only");
  ExpectUnsupported("VERT\nDCL OUT[0..1]\nDCL OUT[2], PSIZE\nDCL ADDR[0]\n  0: ARL ADDR[0].x, IN[0].xxxx\n"
                    "  1: MOV OUT[ADDR[0].x].x, IN[0]\n  2: END\n",
                    "relative addressing over OUT, which holds OUT[2] (PSIZE) (SP_VS_PARAM_REG.PSIZEREGID holds x only)");
  // What the fields do carry compiles: FACE.x (declared usage x; a vector
  // op reading y..w of it computes only unused components), depth z,
  // point size x, four render targets.
  for (const char* ok : {"FRAG\nDCL IN[0].x, FACE, CONSTANT\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
                         "  0: SGE TEMP[0], IN[0], IN[0]\n  1: MOV OUT[0], TEMP[0].xxxx\n  2: END\n",
                         "FRAG\nDCL OUT[0], POSITION\nDCL OUT[1..3], COLOR\n  0: MOV OUT[0].z, IN[0]\n  1: END\n",
                         "VERT\nDCL OUT[0], POSITION\nDCL OUT[1].x, PSIZE\n  0: MOV OUT[1].x, IN[0]\n  1: END\n"}) {
    const CompileResult r = testing::CompileText(ok);
    EXPECT_EQ(r.status, CompileStatus::kOk) << ok << r.detail;
  }
}

// CONST buffers beyond c511 move to global memory (register_map.h,
// global_const_test); immediates cannot.
TEST(Unsupported, ConstFile) {
  auto immediates = [](int n) {
    std::string text;
    for (int i = 0; i < n; ++i) text += "IMM[" + std::to_string(i) + "] FLT32 {1.0, 1.0, 1.0, 1.0}\n";
    return text;
  };
  ExpectUnsupported("VERT\n" + immediates(513) + "  0: END\n", "const file: 513 vec4 constants needed, a3xx has 512");
  ExpectUnsupported("VERT\nDCL CONST[0][0..3]\n" + immediates(512) + "  0: END\n",
                    "const file: 516 vec4 constants needed (513 with every CONST buffer in global memory), a3xx has 512");
}

TEST(Unsupported, Opcodes) {
  ExpectUnsupported(Vs("  0: BALLOT TEMP[0], IN[0]\n  1: END\n"), "opcode BALLOT");
  ExpectUnsupported(Vs("  0: TG4 TEMP[0], IN[0], IN[1], SAMP[0], 2D\n  1: END\n"), "opcode TG4");
  ExpectUnsupported(Vs("  0: DADD TEMP[0], IN[0], IN[1]\n  1: END\n"), "opcode DADD");
  ExpectUnsupported(Fs("  0: DDX_FINE TEMP[0], IN[0]\n  1: END\n"), "opcode DDX_FINE");
  ExpectUnsupported(Vs("  0: EMIT IN[0]\n  1: END\n"), "opcode EMIT");
}

TEST(Unsupported, Operands) {
  ExpectUnsupported(Vs("  0: MOV CONST[0], IN[0]\n  1: END\n"), "destination file CONST");
  ExpectUnsupported(Vs("  0: MOV TEMP[0][1], IN[0]\n  1: END\n"), "2-D destination register");
  ExpectUnsupported(Vs("  0: MOV TEMP[0], IN[0][1]\n  1: END\n"), "2-D IN operand");
  ExpectUnsupported(Vs("  0: MOV TEMP[0], SAMP[0]\n  1: END\n"), "source file SAMP");
  ExpectUnsupported(Vs("  0: MOV TEMP[0], CONST[ADDR[0].x][1]\n  1: END\n"), kIndirectConstantBufferIndex);
  ExpectUnsupported(Vs("  0: MOV TEMP[0], TEMP[TEMP[1].x]\n  1: END\n"), "indirect addressing through TEMP");
  ExpectUnsupported("VERT\nDCL OUT[0]\nDCL ADDR[0]\n  0: MOV OUT[0], IN[ADDR[0].x]\n  1: END\n",
                    "relative addressing into an empty IN file");
  ExpectUnsupported(Vs("  0: MOV TEMP[0], CONST[ADDR[0].x+200]\n  1: END\n"),
                    "relative addressing: offset 800 beyond 10 bits");
  ExpectUnsupported(Vs("  0: MOV TEMP[ADDR[0].x-20], IN[0]\n  1: END\n"),
                    "relative destination: offset -28 beyond 8 bits");
}

TEST(Unsupported, ReinterpolationNamesTheA3xxState) {
  ExpectUnsupported(Fs("  0: INTERP_SAMPLE TEMP[0], IN[0], IN[0].xxxx\n  1: END\n"),
                    "opcode INTERP_SAMPLE (a3xx preloads i/j at the pixel center and centroid only, "
                    "HLSQ_CONTROL_3_REG: no per-sample or offset interpolation)");
}

TEST(Unsupported, Textures) {
  ExpectUnsupported(Fs("  0: TEX TEMP[0], IN[0], SAMP[0], CUBEARRAY\n  1: END\n"),
                    "texture target CUBEARRAY (a3xx has no cube-map arrays)");
  ExpectUnsupported(Fs("  0: TXF TEMP[0], IN[0], SAMP[0], CUBEARRAY\n  1: END\n"),
                    "texture target CUBEARRAY for TXF (a3xx has no cube-map arrays)");
  ExpectUnsupported(Fs("  0: LODQ TEMP[0], IN[0], SAMP[0], CUBE\n  1: END\n"), "LODQ with texture target CUBE");
  ExpectUnsupported(Fs("  0: TEX TEMP[0], IN[0], SAMP[0], 2D\n  1: TEX TEMP[1], IN[0], SAMP[0], CUBE\n  2: END\n"),
                    "sampler unit 0 used as 2D and CUBE (one texture descriptor per unit)");
  ExpectUnsupported(Fs("  0: TXF TEMP[0], IN[0], SAMP[0], SHADOW2D\n  1: END\n"),
                    "texture target SHADOW2D for TXF");
  ExpectUnsupported(Fs("  0: TXQ TEMP[0], IN[0], SAMP[0], 2D_MSAA\n  1: END\n"), "texture target 2D_MSAA for TXQ");
  ExpectUnsupported(Fs("  0: TEX TEMP[0], IN[0], SAMP[0], BUFFER\n  1: END\n"), "texture target BUFFER");
  ExpectUnsupported(Fs("IMM[0] INT32 {1, 0, 0, 0}\n  0: TXF TEMP[0], IN[0], SAMP[0], 2D, IMM[0].xyz\n  1: END\n"),
                    "texture offsets");
  ExpectUnsupported(Fs("  0: TXB TEMP[0], IN[0], SAMP[0], SHADOW2D_ARRAY\n  1: END\n"),
                    "TXB with texture target SHADOW2D_ARRAY");
  ExpectUnsupported(Fs("  0: TXP TEMP[0], IN[0], SAMP[0], 2D_ARRAY\n  1: END\n"),
                    "TXP with array texture target 2D_ARRAY");
  ExpectUnsupported(Fs("  0: TEX TEMP[0], IN[0], TEMP[1], 2D\n  1: END\n"), "texture unit from file TEMP");
  ExpectUnsupported(Fs("DCL ADDR[0]\n  0: TEX TEMP[0], IN[0], SAMP[ADDR[0].x], 2D\n  1: END\n"),
                    kIndirectSamplerIndex);
  ExpectUnsupported(Fs("DCL SAMP[16]\n  0: TEX TEMP[0], IN[0], SAMP[16], 2D\n  1: END\n"),
                    "sampler index 16 (a3xx s# has 4 bits)");
}

TEST(Unsupported, Flow) {
  ExpectUnsupported(Vs("  0: BRK\n  1: END\n"), "BRK outside a loop or SWITCH");
  ExpectUnsupported(Vs("  0: CONT\n  1: END\n"), "CONT outside a loop");
  ExpectUnsupported(Vs("  0: BREAKC IN[0].xxxx\n  1: END\n"), "BREAKC outside a loop");
  ExpectUnsupported(Vs("  0: SWITCH IN[0].xxxx\n  1: CASE IN[1].xxxx\n  2: BRK\n  3: ENDSWITCH\n  4: END\n"),
                    "CASE with a non-constant value");
  ExpectUnsupported(Vs("  0: CAL :2\n  1: END\n  2: BGNSUB\n  3: CAL :2\n  4: ENDSUB\n"), "recursive CAL");
  // 17 subroutines, each calling the next.
  std::string body = "  0: CAL :2\n  1: END\n";
  int n = 2;
  for (int s = 0; s < 17; ++s) {
    body += "  " + std::to_string(n) + ": BGNSUB\n";
    if (s < 16) body += "  " + std::to_string(n + 1) + ": CAL :" + std::to_string(n + 3) + "\n";
    else body += "  " + std::to_string(n + 1) + ": NOP\n";
    body += "  " + std::to_string(n + 2) + ": ENDSUB\n";
    n += 3;
  }
  ExpectUnsupported(Vs(body), "CAL nested deeper than 16");
  ExpectUnsupported(Vs("  0: KILL\n  1: END\n"), "KILL outside a fragment shader");
  ExpectUnsupported(Vs("  0: KILL_IF IN[0]\n  1: END\n"), "KILL_IF outside a fragment shader");
}

TEST(Unsupported, ProgramSize) {
  // A loop around ~40000 a3xx instructions: the backward jump does not fit
  // a3xx's 16-bit branch offset.
  std::string body = "  0: BGNLOOP\n";
  for (int i = 1; i <= 5000; ++i) body += "  " + std::to_string(i) + ": MOV TEMP[0], TEMP[1]\n";
  body += "  5001: BRK\n  5002: ENDLOOP\n  5003: END\n";
  const CompileResult r = testing::CompileText(Vs(body));
  EXPECT_EQ(r.status, CompileStatus::kUnsupported);
  EXPECT_EQ(r.detail.rfind("program size: branch offset -", 0), 0u) << r.detail;
  EXPECT_NE(r.detail.find("exceeds a3xx's 16 bits"), std::string::npos) << r.detail;
}

TEST(Errors, MalformedFlowControl) {
  ExpectError(Vs("  0: ELSE\n  1: END\n"), "malformed shader: ELSE without IF at instruction 0");
  ExpectError(Vs("  0: ENDIF\n  1: END\n"), "malformed shader: ENDIF without IF at instruction 0");
  ExpectError(Vs("  0: ENDLOOP\n  1: END\n"), "malformed shader: ENDLOOP without BGNLOOP at instruction 0");
  ExpectError(Vs("  0: CASE IN[0].xxxx\n  1: END\n"), "malformed shader: CASE outside SWITCH at instruction 0");
  ExpectError(Vs("  0: ENDSWITCH\n  1: END\n"), "malformed shader: ENDSWITCH without SWITCH at instruction 0");
  ExpectError(Vs("  0: ENDSUB\n  1: END\n"), "malformed shader: ENDSUB without BGNSUB at instruction 0");
  ExpectError(Vs("  0: UIF IN[0].xxxx\n  1: END\n"), "malformed shader: unclosed UIF at instruction 0");
  ExpectError(Vs("  0: CAL :1\n  1: END\n"), "malformed shader: CAL at instruction 0 does not name a BGNSUB");
}

}  // namespace
}  // namespace shaderdiff::naive
