#include "compiler/passes/validate_tgsi.h"

#include <gtest/gtest.h>

#include "compiler/passes/run_pass.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::compiler {
namespace {

std::vector<std::string> Validate(const std::string& body, const std::string& decls = "DCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n") {
  tgsi::ParseResult r = tgsi::ParseShader("VERT\n" + decls + body);
  EXPECT_TRUE(r.ok()) << r.error->ToString("test");
  return ValidateTgsi(r.shader);
}

std::string First(const std::vector<std::string>& e) { return e.empty() ? "" : e.front(); }

TEST(ValidateTgsi, AcceptsWellFormed) {
  EXPECT_TRUE(Validate("  0: UIF IN[0].xxxx :2\n  1:   MOV TEMP[0], IN[0]\n  2: ENDIF\n"
                       "  3: BGNLOOP :0\n  4:   BRK\n  5: ENDLOOP :0\n  6: MOV OUT[0], TEMP[0]\n  7: END\n")
                  .empty());
}

TEST(ValidateTgsi, UndeclaredRegisterNamesInstruction) {
  EXPECT_EQ(First(Validate("  0: MOV OUT[0], TEMP[3]\n  1: END\n")),
            "instruction 0 (MOV OUT[0], TEMP[3]): TEMP[3] is not declared");
  EXPECT_EQ(First(Validate("  0: MOV OUT[0], IMM[0]\n  1: END\n")),
            "instruction 0 (MOV OUT[0], IMM[0]): IMM[0] is not defined (the shader has 0 immediate(s))");
}

TEST(ValidateTgsi, FlowControl) {
  EXPECT_EQ(First(Validate("  0: ENDIF\n  1: END\n")), "instruction 0 (ENDIF): ENDIF without IF");
  EXPECT_EQ(First(Validate("  0: UIF IN[0].xxxx\n  1: END\n")),
            "instruction 1 (END): END inside the UIF at 5:6 (END ends the program, at the top level)");
  EXPECT_EQ(First(Validate("  0: BRK\n  1: END\n")), "instruction 0 (BRK): BRK outside a loop or SWITCH");
  EXPECT_EQ(First(Validate("  0: MOV OUT[0], IN[0]\n")), "the program has no END");
}

TEST(ValidateTgsi, Labels) {
  EXPECT_EQ(First(Validate("  0: UIF IN[0].xxxx :1\n  1:   MOV TEMP[0], IN[0]\n  2: ENDIF\n  3: END\n")),
            "instruction 0 (UIF IN[0].xxxx :1): UIF label :1 should be :2 (the ENDIF at 7:6)");
  // A legacy ":0" label is accepted.
  EXPECT_TRUE(Validate("  0: UIF IN[0].xxxx :0\n  1: ENDIF\n  2: END\n").empty());
  EXPECT_EQ(First(Validate("  0: CAL :1\n  1: END\n")),
            "instruction 0 (CAL :1): CAL :1 names the END at 6:6, not a BGNSUB");
}

// A pass may use more registers than a shader may declare.
TEST(ValidateTgsi, NoImplementationLimits) {
  tgsi::ParseResult r = tgsi::ParseShader("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n  0: MOV OUT[0], IN[0]\n  1: END\n");
  ASSERT_TRUE(r.ok());
  r.shader.declarations[2].last = 9000;
  EXPECT_TRUE(ValidateTgsi(r.shader).empty());
}

TEST(ValidateTgsi, OperandCountsAndItems) {
  tgsi::ParseResult r = tgsi::ParseShader("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n  0: MOV OUT[0], IN[0]\n  1: END\n");
  ASSERT_TRUE(r.ok());
  tgsi::Shader s = r.shader;
  s.instructions[0].src.push_back(s.instructions[0].src[0]);
  EXPECT_EQ(First(ValidateTgsi(s)),
            "instruction 0 (MOV OUT[0], IN[0], IN[0]): MOV takes 1 destination(s) and 1 source(s), not 1 and 2");
  s = r.shader;
  s.items.pop_back();
  EXPECT_EQ(First(ValidateTgsi(s)), "instruction 1 is not listed in the items");
}

TEST(RunPass, NamesThePassThatBrokeTheIR) {
  tgsi::ParseResult r = tgsi::ParseShader("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n  0: MOV OUT[0], IN[0]\n  1: END\n");
  ASSERT_TRUE(r.ok());
  tgsi::Shader s = r.shader;
  EXPECT_EQ(RunPass("noop", &s, [](tgsi::Shader*) { return false; }), std::nullopt);
  auto error = RunPass("breaker", &s, [](tgsi::Shader* sh) {
    sh->instructions[0].src[0].reg.index.index = 5;
    return true;
  });
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(*error, "pass breaker broke the IR: instruction 0 (MOV OUT[0], IN[5]): IN[5] is not declared");
  // A pass that reports no change is not validated (that is the caller's promise).
  tgsi::Shader t = r.shader;
  EXPECT_EQ(RunPass("liar", &t, [](tgsi::Shader* sh) { sh->instructions.clear(); return false; }), std::nullopt);
}

}  // namespace
}  // namespace shaderdiff::compiler
