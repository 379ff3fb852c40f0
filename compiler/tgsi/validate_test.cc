// ValidateShader, the front door: one test per rule of validate.h, each
// asserting the message and the LINE:COL it names; and the corpus-style
// shaders it must accept.
#include "compiler/tgsi/validate.h"

#include <gtest/gtest.h>

#include <string>

namespace shaderdiff::tgsi {
namespace {

constexpr std::string_view kFrag =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0..3]\n";  // lines 1-4

std::vector<ValidationError> Validate(std::string_view text, ValidateOptions options = {}) {
  ParseResult r = ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("t");
  return ValidateShader(r.shader, options);
}

std::string Joined(const std::vector<ValidationError>& errors) {
  std::string s;
  for (const ValidationError& e : errors) s += e.ToString("t") + "\n";
  return s;
}

// The first error is at line:column and contains `fragment`.
void ExpectError(std::string_view text, uint32_t line, uint32_t column, std::string_view fragment) {
  SCOPED_TRACE(text);
  std::vector<ValidationError> errors = Validate(text);
  ASSERT_FALSE(errors.empty()) << "accepted";
  EXPECT_EQ(errors[0].location.line, line) << Joined(errors);
  EXPECT_EQ(errors[0].location.column, column) << Joined(errors);
  EXPECT_NE(errors[0].message.find(fragment), std::string::npos) << Joined(errors);
}

std::string Frag(std::string_view body) { return std::string(kFrag) + std::string(body); }

TEST(ValidateShader, AcceptsWellFormedShaders) {
  EXPECT_TRUE(Validate(Frag("DCL CONST[0][0..3]\nDCL ADDR[0]\nIMM[0] FLT32 {1, 2, 3, 4}\n"
                            "  0: UARL ADDR[0].x, IN[0].xxxx\n"
                            "  1: MOV TEMP[0], CONST[0][ADDR[0].x+1]\n"
                            "  2: UIF TEMP[0].xxxx :6\n"
                            "  3:   BGNLOOP :0\n  4:     BRK\n  5:   ENDLOOP :0\n"
                            "  6: ELSE :8\n  7:   MOV TEMP[1], TEMP[ADDR[0].x]\n  8: ENDIF\n"
                            "  9: ADD OUT[0], TEMP[0], IMM[0]\n 10: END\n"))
                  .empty());
  EXPECT_TRUE(Validate(Frag("IMM[0] UINT32 {0, 0, 0, 0}\n  0: SWITCH IN[0].xxxx\n  1: CASE IMM[0].xxxx\n"
                            "  2:   BGNLOOP\n  3:     CONT\n  4:   ENDLOOP\n  5:   BRK\n  6: DEFAULT\n  7: BRK\n"
                            "  8: ENDSWITCH\n  9: CAL :11\n 10: END\n 11: BGNSUB\n 12:   MOV OUT[0], IN[0]\n"
                            " 13:   RET\n 14: ENDSUB\n"))
                  .empty());
  // GS inputs are declared per attribute and cover every vertex.
  EXPECT_TRUE(Validate("GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\nPROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
                       "DCL IN[][0], POSITION\nDCL OUT[0], POSITION\nIMM[0] UINT32 {0, 0, 0, 0}\n"
                       "MOV OUT[0], IN[2][0]\nEMIT IMM[0].xxxx\nEND")
                  .empty());
}

TEST(ValidateShader, Labels) {
  ExpectError(Frag("  0: UIF IN[0].xxxx :1\n  1:   MOV TEMP[0], IN[0]\n  2: ENDIF\n  3: END\n"), 5, 6,
              "UIF label :1 should be :2 (the ENDIF at 7:6)");
  ExpectError(Frag("  0: IF IN[0].xxxx :1\n  1: ELSE :1\n  2: ENDIF\n  3: END\n"), 6, 6, "ELSE label :1 should be :2");
  EXPECT_TRUE(Validate(Frag("  0: UIF IN[0].xxxx :0\n  1: ENDIF\n  2: END\n")).empty());  // legacy ":0"
}

TEST(ValidateShader, UnbalancedFlowControl) {
  ExpectError(Frag("  0: IF IN[0].xxxx\n  1: MOV OUT[0], IN[0]\n  2: END\n"), 7, 6,
              "END inside the IF at 5:6");
  ExpectError(Frag("  0: IF IN[0].xxxx\n  1: MOV OUT[0], IN[0]\n"), 5, 6, "IF at 5:6 is never closed (no ENDIF)");
  ExpectError(Frag("  0: ELSE\n  1: END\n"), 5, 6, "ELSE without IF");
  ExpectError(Frag("  0: IF IN[0].xxxx\n  1: ELSE\n  2: ELSE\n  3: ENDIF\n  4: END\n"), 7, 6, "a second ELSE");
  ExpectError(Frag("  0: ENDIF\n  1: END\n"), 5, 6, "ENDIF without IF");
  ExpectError(Frag("  0: BGNLOOP\n  1: ENDIF\n  2: ENDLOOP\n  3: END\n"), 6, 6,
              "ENDIF without IF (inside the BGNLOOP at 5:6)");
  ExpectError(Frag("  0: BGNLOOP\n  1: BRK\n  2: END\n"), 7, 6, "END inside the BGNLOOP");
  ExpectError(Frag("  0: ENDLOOP\n  1: END\n"), 5, 6, "ENDLOOP without BGNLOOP");
  ExpectError(Frag("  0: SWITCH IN[0].xxxx\n  1: END\n"), 6, 6, "END inside the SWITCH");
  ExpectError(Frag("  0: ENDSWITCH\n  1: END\n"), 5, 6, "ENDSWITCH without SWITCH");
  ExpectError(Frag("IMM[0] UINT32 {0, 0, 0, 0}\n  0: CASE IMM[0].xxxx\n  1: END\n"), 6, 6, "CASE outside a SWITCH");
  ExpectError(Frag("  0: SWITCH IN[0].xxxx\n  1: BGNLOOP\n  2: DEFAULT\n  3: ENDLOOP\n  4: ENDSWITCH\n  5: END\n"), 7,
              6, "DEFAULT outside a SWITCH (directly inside the BGNLOOP at 6:6)");
  ExpectError(Frag("  0: END\n  1: BGNSUB\n"), 6, 6, "BGNSUB at 6:6 is never closed (no ENDSUB)");
  ExpectError(Frag("  0: ENDSUB\n  1: END\n"), 5, 6, "ENDSUB without BGNSUB");
}

TEST(ValidateShader, BreakContinueAndCalls) {
  ExpectError(Frag("  0: BRK\n  1: END\n"), 5, 6, "BRK outside a loop or SWITCH");
  ExpectError(Frag("  0: CONT\n  1: END\n"), 5, 6, "CONT outside a loop");
  // CONT needs a loop even inside a SWITCH; BRK in a SWITCH is fine.
  ExpectError(Frag("  0: SWITCH IN[0].xxxx\n  1: CONT\n  2: ENDSWITCH\n  3: END\n"), 6, 6, "CONT outside a loop");
  EXPECT_TRUE(Validate(Frag("  0: SWITCH IN[0].xxxx\n  1: BRK\n  2: ENDSWITCH\n  3: END\n")).empty());
  // A subroutine does not see its caller's loop.
  ExpectError(Frag("  0: BGNLOOP\n  1: CAL :4\n  2: ENDLOOP\n  3: END\n  4: BGNSUB\n  5: BRK\n  6: ENDSUB\n"), 10, 6,
              "BRK outside a loop or SWITCH");
  ExpectError(Frag("  0: CAL :1\n  1: END\n"), 5, 6, "CAL :1 names the END at 6:6, not a BGNSUB");
  ExpectError(Frag("  0: CAL :77\n  1: END\n"), 5, 6, "CAL :77 names no instruction (the program has 2)");
  ExpectError(Frag("  0: CAL\n  1: END\n"), 5, 6, "CAL needs a ':N' label");
}

TEST(ValidateShader, EndAndSubroutines) {
  ExpectError(Frag("  0: MOV OUT[0], IN[0]\n"), 5, 6, "the program has no END");
  ExpectError(Frag("  0: END\n  1: END\n"), 6, 6, "a second END (the program ends at the END at 5:6)");
  ExpectError(Frag("  0: END\n  1: MOV OUT[0], IN[0]\n"), 6, 6, "MOV after END is never executed");
  ExpectError(Frag("  0: BGNSUB\n  1: ENDSUB\n  2: END\n"), 5, 6, "subroutine before END");
  ExpectError(Frag("  0: END\n  1: BGNSUB\n  2: END\n  3: ENDSUB\n"), 7, 6, "END inside the BGNSUB at 6:6");
  ExpectError(Frag("  0: IF IN[0].xxxx\n  1: BGNSUB\n  2: ENDSUB\n  3: ENDIF\n  4: END\n"), 6, 6,
              "BGNSUB inside the IF at 5:6");
}

TEST(ValidateShader, GeometryOnlyOpcodesAndProperties) {
  ExpectError(Frag("IMM[0] UINT32 {0, 0, 0, 0}\n  0: EMIT IMM[0].xxxx\n  1: END\n"), 6, 6,
              "EMIT outside a geometry shader");
  ExpectError("GEOM\nPROPERTY GS_INPUT_PRIMITIVE POINTS\nDCL OUT[0], POSITION\nEND", 1, 1,
              "a GEOM shader needs PROPERTY GS_MAX_OUTPUT_VERTICES");
  ExpectError("GEOM\nPROPERTY GS_INPUT_PRIMITIVE LINES\nPROPERTY GS_MAX_OUTPUT_VERTICES 2\nDCL IN[][0], POSITION\n"
              "DCL OUT[0], POSITION\nMOV OUT[0], IN[2][0]\nEND",
              6, 1, "vertex 2 of a primitive with 2 vertices");
}

TEST(ValidateShader, UndeclaredRegisters) {
  ExpectError(Frag("  0: MOV OUT[0], TEMP[9]\n  1: END\n"), 5, 6, "TEMP[9] is not declared");
  ExpectError(Frag("  0: MOV TEMP[4], IN[0]\n  1: END\n"), 5, 6, "TEMP[4] is not declared");
  ExpectError(Frag("  0: MOV OUT[1], IN[0]\n  1: END\n"), 5, 6, "OUT[1] is not declared");
  ExpectError(Frag("  0: MOV OUT[0], IMM[0]\n  1: END\n"), 5, 6, "IMM[0] is not defined (the shader has 0 immediate(s))");
  ExpectError(Frag("DCL CONST[0][0..3]\n  0: MOV OUT[0], CONST[3][0]\n  1: END\n"), 6, 6, "CONST[3][0] is not declared");
  // A 1-D CONST is buffer 0, declared or used.
  EXPECT_TRUE(Validate(Frag("DCL CONST[0..3]\n  0: MOV OUT[0], CONST[0][2]\n  1: END\n")).empty());
  ExpectError(Frag("  0: TEX OUT[0], IN[0], SAMP[0], 2D\n  1: END\n"), 5, 6, "SAMP[0] is not declared");
  ExpectError(Frag("  0: MOV OUT[0], TEMP[ADDR[0].x]\n  1: END\n"), 5, 6, "address register ADDR[0] is not declared");
  ExpectError(Frag("DCL ADDR[0]\n  0: MOV OUT[0], TEMP[ADDR[0].x+3000]\n  1: END\n"), 6, 6,
              "relative address base TEMP[3000] is outside every TEMP declaration");
  ExpectError(Frag("DCL ADDR[0]\n  0: MOV TEMP[ADDR[0].x-1], IN[0]\n  1: END\n"), 6, 6,
              "relative address base TEMP[-1]");
  ExpectError(Frag("DCL ADDR[0]\n  0: MOV OUT[0], TEMP[ADDR[0].x](3)\n  1: END\n"), 6, 6, "TEMP array 3 is not declared");
  ExpectError(Frag("IMM[0] FLT32 {0, 0, 0, 0}\nDCL ADDR[0]\n  0: MOV OUT[0], IMM[ADDR[0].x+1]\n  1: END\n"), 7, 6,
              "relative address base IMM[1] is outside the 1 immediate(s)");
  ExpectError(Frag("  0: MOV OUT[0], NULL[0]\n  1: END\n"), 5, 6, "NULL register file");
  // Shared memory as Mesa 22's nir_to_tgsi prints it.
  EXPECT_TRUE(Validate("COMP\nDCL MEMORY[1], SHARED\nDCL TEMP[0]\nIMM[0] UINT32 {0, 0, 0, 0}\n"
                       "LOAD TEMP[0].x, MEMORY[0], IMM[0].xxxx\nEND")
                  .empty());
  ExpectError("COMP\nDCL TEMP[0]\nIMM[0] UINT32 {0, 0, 0, 0}\nLOAD TEMP[0].x, MEMORY[0], IMM[0].xxxx\nEND", 4, 1,
              "MEMORY[0] is used but no MEMORY is declared");
}

TEST(ValidateShader, DeclarationsAndOrder) {
  ExpectError(Frag("  0: MOV OUT[0], IN[0]\nDCL TEMP[4]\n  1: END\n"), 6, 1,
              "declaration after the first instruction");
  ExpectError(Frag("  0: MOV OUT[0], IN[0]\nIMM[0] FLT32 {1, 0, 0, 0}\n  1: END\n"), 6, 1,
              "immediate after the first instruction");
  ExpectError(Frag("DCL TEMP[9..5]\n  0: END\n"), 5, 1, "declaration range TEMP[9..5] is reversed");
  ExpectError(Frag("DCL IMM[0]\n  0: END\n"), 5, 1, "IMM registers are defined by IMM lines");
}

TEST(ValidateShader, NestingDepthIsALimit) {
  std::string deep(kFrag), shallow(kFrag);
  for (int i = 0; i < 33; ++i) deep += "IF IN[0].xxxx\n";
  for (int i = 0; i < 33; ++i) deep += "ENDIF\n";
  for (int i = 0; i < 32; ++i) shallow += "BGNLOOP\nIF IN[0].xxxx\n";
  for (int i = 0; i < 32; ++i) shallow += "ENDIF\nENDLOOP\n";
  deep += "END\n";
  shallow += "END\n";
  ExpectError(deep, 37, 1, "IF nested deeper than 32 (TGSI_EXEC_MAX_NESTING)");
  EXPECT_TRUE(Validate(shallow).empty()) << "32 of each kind";
  // Compiler passes validate their output without the limits.
  EXPECT_TRUE(Validate(deep, {.limits = false}).empty());
}

// Trees built in memory get the checks the parser makes on text.
TEST(ValidateShader, HandBuiltTrees) {
  ParseResult r = ParseShader(Frag("  0: MOV OUT[0], IN[0]\n  1: END\n"));
  ASSERT_TRUE(r.ok());
  Shader s = r.shader;
  s.instructions[0].src.push_back(s.instructions[0].src[0]);
  EXPECT_EQ(ValidateShader(s).at(0).message, "MOV takes 1 destination(s) and 1 source(s), not 1 and 2");
  EXPECT_EQ(*ValidateShader(s).at(0).instruction, 0u);
  s = r.shader;
  s.items.pop_back();
  EXPECT_EQ(ValidateShader(s).at(0).message, "instruction 1 is not listed in the items");
  s = r.shader;
  s.declarations[2].last = 70000;  // beyond TGSI_EXEC_NUM_TEMPS
  EXPECT_NE(ValidateShader(s).at(0).message.find("TEMP[70000] is beyond"), std::string::npos);
  EXPECT_TRUE(ValidateShader(s, {.limits = false}).empty());
  s = r.shader;
  s.instructions[0].dst[0].write_mask = 0;
  EXPECT_EQ(ValidateShader(s).at(0).message, "write mask must be a non-empty subset of xyzw");
}

TEST(ParseAndValidate, SyntaxThenStructure) {
  FrontDoorResult bad_syntax = ParseAndValidate("FRAG\nMOV TEMP[0] TEMP[1]\n");
  EXPECT_FALSE(bad_syntax.parsed);
  ASSERT_EQ(bad_syntax.errors.size(), 1u);
  FrontDoorResult invalid = ParseAndValidate(Frag("  0: IF IN[0].xxxx\n"));
  EXPECT_TRUE(invalid.parsed);
  ASSERT_EQ(invalid.errors.size(), 2u);  // never closed, no END
  EXPECT_EQ(invalid.errors[0].ToString("f.tgsi"), "f.tgsi:5:6: error: IF at 5:6 is never closed (no ENDIF)");
  EXPECT_TRUE(ParseAndValidate(Frag("  0: MOV OUT[0], IN[0]\n  1: END\n")).ok());
}

}  // namespace
}  // namespace shaderdiff::tgsi
