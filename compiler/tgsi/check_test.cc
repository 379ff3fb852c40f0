// CheckShader: the advisory sanity rules of docs/tgsi.md 1.2.
#include <gtest/gtest.h>

#include <string>

#include "compiler/tgsi/parser.h"

namespace shaderdiff::tgsi {
namespace {

std::vector<ParseError> Check(std::string_view text) {
  ParseResult result = ParseShader(text);
  EXPECT_TRUE(result.ok()) << (result.error ? result.error->ToString("<text>") : "");
  return CheckShader(result.shader);
}

std::string Joined(const std::vector<ParseError>& warnings) {
  std::string s;
  for (const ParseError& w : warnings) s += w.ToString("t") + "\n";
  return s;
}

// Exactly one warning, at `line`, containing `fragment`.
void ExpectOneWarning(std::string_view text, uint32_t line, std::string_view fragment) {
  SCOPED_TRACE(text);
  auto warnings = Check(text);
  ASSERT_EQ(warnings.size(), 1u) << Joined(warnings);
  EXPECT_EQ(warnings[0].location.line, line) << Joined(warnings);
  EXPECT_NE(warnings[0].message.find(fragment), std::string::npos) << Joined(warnings);
}

TEST(CheckShaderTest, CleanShaders) {
  EXPECT_TRUE(Check("FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL CONST[0][0..3]\n"
                    "DCL TEMP[0..1]\nDCL ADDR[0]\nIMM[0] FLT32 {1, 2, 3, 4}\n"
                    "  0: UARL ADDR[0].x, IN[0].xxxx\n"
                    "  1: MOV TEMP[0], CONST[0][ADDR[0].x+1]\n"
                    "  2: MOV TEMP[1], TEMP[ADDR[0].x]\n"
                    "  3: ADD OUT[0], TEMP[0], IMM[0]\n"
                    "  4: END\n")
                  .empty());
  // GS inputs are declared per attribute and cover every vertex.
  EXPECT_TRUE(Check("GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\nDCL IN[][0], POSITION\nDCL OUT[0], POSITION\n"
                    "MOV OUT[0], IN[2][0]\nEND")
                  .empty());
}

TEST(CheckShaderTest, EndCount) {
  ExpectOneWarning("FRAG\nDCL TEMP[0]\nMOV TEMP[0], TEMP[0]", 3, "missing END");
  ExpectOneWarning("FRAG\nEND\nEND", 3, "more than one END");
}

TEST(CheckShaderTest, DeclarationsAfterInstructions) {
  auto warnings = Check("FRAG\nNOP\nDCL TEMP[0]\nIMM UINT32 {0, 0, 0, 0}\nEND");
  ASSERT_EQ(warnings.size(), 2u) << Joined(warnings);
  EXPECT_EQ(warnings[0].location.line, 3u);
  EXPECT_NE(warnings[0].message.find("declaration after the first instruction"), std::string::npos);
  EXPECT_EQ(warnings[1].location.line, 4u);
}

TEST(CheckShaderTest, UndeclaredRegisters) {
  ExpectOneWarning("FRAG\nDCL TEMP[0..1]\nMOV TEMP[2], TEMP[0]\nEND", 3, "TEMP[2] is not declared");
  ExpectOneWarning("FRAG\nDCL TEMP[0..1]\nMOV TEMP[0], IMM[0]\nEND", 3, "IMM[0] is not declared");
  ExpectOneWarning("FRAG\nDCL TEMP[0]\nDCL CONST[0..3]\nMOV TEMP[0], CONST[1][2]\nEND", 4,
                   "CONST[1][2] is not declared");
  ExpectOneWarning("FRAG\nDCL TEMP[0]\nDCL CONST[1][0..3]\nMOV TEMP[0], CONST[2]\nEND", 4, "CONST[2]");
  // Indirect sources only need some register of the file, plus ADDR.
  ExpectOneWarning("FRAG\nDCL TEMP[0]\nDCL CONST[0]\nMOV TEMP[0], CONST[ADDR[0].x+9]\nEND", 4,
                   "address register ADDR[0] is not declared");
  ExpectOneWarning("FRAG\nDCL TEMP[0]\nDCL ADDR[0]\nMOV TEMP[0], CONST[ADDR[0].x]\nEND", 4,
                   "no register of it is declared");
  // Indirect destinations are checked at their base index.
  ExpectOneWarning("FRAG\nDCL TEMP[0..3]\nDCL ADDR[0]\nMOV TEMP[ADDR[0].x+4], TEMP[0]\nEND", 4,
                   "TEMP[4] is not declared");
}

TEST(CheckShaderTest, NullFileAndEmptyMask) {
  ExpectOneWarning("FRAG\nDCL TEMP[0]\nMOV TEMP[0], NULL[0]\nEND", 3, "NULL register file");
  ParseResult r = ParseShader("FRAG\nDCL TEMP[0]\nMOV TEMP[0], TEMP[0]\nEND");
  ASSERT_TRUE(r.ok());
  r.shader.instructions[0].dst[0].write_mask = 0;
  auto warnings = CheckShader(r.shader);
  ASSERT_EQ(warnings.size(), 1u) << Joined(warnings);
  EXPECT_NE(warnings[0].message.find("empty write mask"), std::string::npos);
}

TEST(CheckShaderTest, WideImmediates) {
  ExpectOneWarning("FRAG\nIMM[0] FLT64 {1.5, 2.5}\nEND", 2, "FLT64 is not allowed");
  ExpectOneWarning("FRAG\nIMM[0] INT64 {1, 2}\nEND", 2, "INT64");
}

TEST(CheckShaderTest, DuplicateDeclarations) {
  ExpectOneWarning("FRAG\nDCL TEMP[0..3]\nDCL TEMP[3..5]\nEND", 3, "TEMP[3] is declared more than once");
  EXPECT_TRUE(Check("FRAG\nDCL CONST[0][0..3]\nDCL CONST[1][0..3]\nEND").empty());
}

TEST(CheckShaderTest, HandBuiltTreeProblems) {
  Shader s;
  Instruction tex;
  tex.opcode = Opcode::TEX;  // needs 1 dst, 2 src and a target
  tex.location = {7, 1};
  s.instructions = {tex};
  Instruction end;
  end.opcode = Opcode::END;
  s.instructions.push_back(end);
  s.items = {{ItemKind::kInstruction, 0}, {ItemKind::kInstruction, 1}, {ItemKind::kImmediate, 5}};
  auto warnings = CheckShader(s);
  ASSERT_EQ(warnings.size(), 3u) << Joined(warnings);
  EXPECT_NE(warnings[0].message.find("item index 5 out of range"), std::string::npos);
  EXPECT_NE(warnings[1].message.find("TEX needs 1 destination(s) and 2 source(s)"), std::string::npos);
  EXPECT_NE(warnings[2].message.find("TEX needs a texture target"), std::string::npos);
  EXPECT_EQ(warnings[2].location.line, 7u);
}

}  // namespace
}  // namespace shaderdiff::tgsi
