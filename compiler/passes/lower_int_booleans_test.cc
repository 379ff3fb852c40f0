// LowerIntBooleans: the rewrite of each boolean opcode (printed output
// compared whole), the proof over reaching definitions (a TEMP reused as a
// boolean then a float; a boolean reaching a float op only on one path),
// and every refusal leaving the shader unchanged with its reason. The
// semantic proof (lowered shader on R500 against the reference) is
// //tools/harness:r500_check_test.
#include "compiler/passes/lower_int_booleans.h"

#include <gtest/gtest.h>

#include "compiler/passes/validate_tgsi.h"
#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"

namespace shaderdiff::compiler {
namespace {

constexpr char kHead[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0..3]\n"
    "IMM[0] FLT32 { 1.0, 0.0, 0.5, 2.0 }\n";

BooleanLowering Lower(const std::string& body) {
  const tgsi::ParseResult p = tgsi::ParseShader(kHead + body);
  EXPECT_TRUE(p.ok()) << body;
  return LowerIntBooleans(p.shader);
}

// The instructions of the lowered shader, as printed.
std::string Lowered(const std::string& body) {
  const BooleanLowering r = Lower(body);
  EXPECT_TRUE(r.shader.has_value()) << r.refusal;
  if (!r.shader) return "";
  EXPECT_TRUE(ValidateTgsi(*r.shader).empty());
  const std::string text = tgsi::PrintShader(*r.shader);
  return text.substr(text.find("  0:"));
}

TEST(LowerIntBooleans, EachOpcode) {
  EXPECT_EQ(Lowered("FSLT TEMP[0].x, IN[0].xxxx, IN[0].yyyy\n"
                    "FSGE TEMP[0].y, IN[0].xxxx, IN[0].yyyy\n"
                    "FSEQ TEMP[0].z, IN[0].xxxx, IN[0].yyyy\n"
                    "FSNE TEMP[0].w, IN[0].xxxx, IN[0].yyyy\n"
                    "AND TEMP[1], TEMP[0], TEMP[0].yzwx\n"
                    "OR TEMP[1], TEMP[1], TEMP[0]\n"
                    "XOR TEMP[1], TEMP[1], TEMP[0].wzyx\n"
                    "NOT TEMP[2], TEMP[1]\n"
                    "AND TEMP[3], IMM[0].zzzz, TEMP[2]\n"
                    "UCMP TEMP[3], TEMP[1], TEMP[3], IN[0]\n"
                    "UIF TEMP[2].yyyy\n"
                    "MOV OUT[0], TEMP[3]\n"
                    "ENDIF\nEND\n"),
            "  0: SLT TEMP[0].x, IN[0].xxxx, IN[0].yyyy\n"
            "  1: SGE TEMP[0].y, IN[0].xxxx, IN[0].yyyy\n"
            "  2: SEQ TEMP[0].z, IN[0].xxxx, IN[0].yyyy\n"
            "  3: SNE TEMP[0].w, IN[0].xxxx, IN[0].yyyy\n"
            "  4: CMP TEMP[1], -TEMP[0], TEMP[0].yzwx, TEMP[0]\n"
            "  5: MAX TEMP[1], TEMP[1], TEMP[0]\n"
            "  6: SNE TEMP[1], TEMP[1], TEMP[0].wzyx\n"
            "  7: SGE TEMP[2], -TEMP[1], TEMP[1]\n"
            "  8: CMP TEMP[3], -TEMP[2], IMM[0].zzzz, TEMP[2]\n"
            "  9: CMP TEMP[3], -TEMP[1], TEMP[3], IN[0]\n"
            " 10: IF TEMP[2].yyyy\n"
            " 11:   MOV OUT[0], TEMP[3]\n"
            " 12: ENDIF\n"
            " 13: END\n");
}

// TEMP[0].x is a boolean, then a float: each read sees only its own type.
TEST(LowerIntBooleans, TempReusedAsBooleanThenFloat) {
  const BooleanLowering r = Lower(
      "FSLT TEMP[0].x, IN[0].xxxx, IMM[0].zzzz\n"
      "UIF TEMP[0].xxxx\n"
      "  MUL TEMP[0].x, IN[0].yyyy, IMM[0].wwww\n"
      "ELSE\n"
      "  MOV TEMP[0].x, IMM[0].xxxx\n"
      "ENDIF\n"
      "MOV OUT[0], TEMP[0].xxxx\n"
      "END\n");
  EXPECT_TRUE(r.shader.has_value()) << r.refusal;
  EXPECT_EQ(r.rewrites, 2u);
}

// The same, but the else side keeps the boolean: the join reads both.
TEST(LowerIntBooleans, BooleanOnOnePathIsRefused) {
  const BooleanLowering r = Lower(
      "FSLT TEMP[0].x, IN[0].xxxx, IMM[0].zzzz\n"
      "UIF TEMP[0].xxxx\n"
      "  MUL TEMP[0].x, IN[0].yyyy, IMM[0].wwww\n"
      "ENDIF\n"
      "MOV OUT[0], TEMP[0].xxxx\n"
      "END\n");
  EXPECT_FALSE(r.shader.has_value());
  EXPECT_EQ(r.refusal, "MOV at instruction 4: operands of mixed or non-boolean types");
}

// A loop carries the boolean back to its head: the float read before the
// compare sees it on the second iteration.
TEST(LowerIntBooleans, LoopBackEdgeIsSeen) {
  const BooleanLowering r = Lower(
      "MOV TEMP[0].x, IMM[0].yyyy\n"
      "BGNLOOP\n"
      "  ADD TEMP[1].x, TEMP[0].xxxx, IMM[0].xxxx\n"
      "  FSGE TEMP[0].x, TEMP[1].xxxx, IN[0].xxxx\n"
      "  UIF TEMP[0].xxxx\n"
      "    BRK\n"
      "  ENDIF\n"
      "ENDLOOP\n"
      "MOV OUT[0], TEMP[1].xxxx\n"
      "END\n");
  EXPECT_FALSE(r.shader.has_value());
  EXPECT_EQ(r.refusal, "ADD at instruction 2: source 0 may be a boolean, read as a value");
}

TEST(LowerIntBooleans, Refusals) {
  struct Case {
    const char* body;
    const char* refusal;
  };
  const Case cases[] = {
      {"FSLT TEMP[0], IN[0], IMM[0]\nUADD TEMP[1], TEMP[0], TEMP[0]\nMOV OUT[0], TEMP[1]\nEND\n",
       "integer or double opcode UADD is not boolean"},
      {"FSLT TEMP[0], IN[0], IMM[0]\nMOV OUT[0], TEMP[0]\nEND\n", "MOV at instruction 1: a boolean stored to OUT"},
      {"FSLT OUT[0], IN[0], IMM[0]\nEND\n", "FSLT at instruction 0: a boolean stored to OUT"},
      {"FSLT TEMP[0], IN[0], IMM[0]\nADD OUT[0], TEMP[0], IN[0]\nEND\n",
       "ADD at instruction 1: source 0 may be a boolean, read as a value"},
      {"FSLT TEMP[0], IN[0], IMM[0]\nAND TEMP[1], -TEMP[0], IMM[0]\nMOV OUT[0], TEMP[1]\nEND\n",
       "AND at instruction 1: operands of mixed or non-boolean types"},
      {"AND TEMP[1], IN[0], IMM[0]\nMOV OUT[0], TEMP[1]\nEND\n",
       "AND at instruction 0: operands of mixed or non-boolean types"},
      {"UIF IN[0].xxxx\nMOV OUT[0], IN[0]\nENDIF\nEND\n", "UIF at instruction 0: the condition is not a boolean"},
      {"FSLT TEMP[0], IN[0], IMM[0]\nMOV TEMP[1], -TEMP[0]\nUIF TEMP[1].xxxx\nENDIF\nEND\n",
       "MOV at instruction 1: operands of mixed or non-boolean types"},
      {"FSLT TEMP[0], IN[0], IMM[0]\nOR TEMP[1], TEMP[0], IN[0]\nUIF TEMP[1].xxxx\nENDIF\nEND\n",
       "OR at instruction 1: operands of mixed or non-boolean types"},
  };
  for (const Case& c : cases) {
    const BooleanLowering r = Lower(c.body);
    EXPECT_FALSE(r.shader.has_value()) << c.body;
    EXPECT_EQ(r.refusal, c.refusal) << c.body;
  }
}

TEST(LowerIntBooleans, FloatOnlyShaderIsUntouched) {
  const BooleanLowering r = Lower("SLT OUT[0], IN[0], IMM[0]\nEND\n");
  EXPECT_FALSE(r.shader.has_value());
  EXPECT_EQ(r.refusal, "");
  EXPECT_EQ(r.rewrites, 0u);
}

}  // namespace
}  // namespace shaderdiff::compiler
