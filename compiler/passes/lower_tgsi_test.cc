// Unit tests of LowerTgsi's contract (the per-opcode sequences are covered
// by the golden tests and the corpus differential test in //corpus).
#include "compiler/passes/lower_tgsi.h"

#include <gtest/gtest.h>

#include "compiler/passes/validate_tgsi.h"
#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"

namespace shaderdiff::compiler {
namespace {

using tgsi::Opcode;

constexpr char kShader[] =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0..1]\n"
    "IMM[0] FLT32 {    1.0000,     2.0000,     0.0000,     0.0000}\n"
    "  0: DP3_SAT TEMP[0].x, IN[0], IN[0]\n"
    "  1: IF TEMP[0].xxxx :4\n"
    "  2:   POW TEMP[1], TEMP[0].xxxx, IMM[0].yyyy\n"
    "  3:   LRP TEMP[0], IN[0], TEMP[1], IMM[0].xxxx\n"
    "  4: ELSE :6\n"
    "  5:   MOV TEMP[0], IN[0]\n"
    "  6: ENDIF\n"
    "  7: MOV OUT[0], TEMP[0]\n"
    "  8: END\n";

tgsi::Shader Parse(const char* text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("test");
  return r.shader;
}

TEST(LowerTgsi, InputIsValid) { EXPECT_TRUE(ValidateTgsi(Parse(kShader)).empty()); }

TEST(LowerTgsi, BudgetZeroIsIdentity) {
  const tgsi::Shader in = Parse(kShader);
  RewriteBudget budget(0);
  LowerResult r = LowerTgsi(in, LowerOptions(), &budget);
  EXPECT_FALSE(r.changed());
  EXPECT_EQ(tgsi::PrintShader(r.shader), kShader);
  EXPECT_EQ(budget.asked(), 3u);
  EXPECT_EQ(budget.PrintLog(), "#0 lower-dp3 skipped\n#1 lower-pow skipped\n#2 lower-lrp skipped\n");
}

// Nothing the options lower (LowerTgsi's early return, which copies no
// instruction list): the shader as given, each instruction its own origin,
// as the full walk gives when the budget refuses every rewrite.
TEST(LowerTgsi, NothingToLowerKeepsShaderAndOrigin) {
  const tgsi::Shader in = Parse(kShader);
  RewriteBudget none(0);
  const LowerResult walked = LowerTgsi(in, LowerOptions(), &none);  // the walk: budget says no
  ASSERT_EQ(walked.rewrites, 0u);
  std::vector<uint32_t> identity(in.instructions.size());
  for (size_t i = 0; i < identity.size(); ++i) identity[i] = static_cast<uint32_t>(i);
  ASSERT_EQ(walked.origin, identity);
  RewriteBudget budget;
  const LowerResult early = LowerTgsi(in, LowerOptions::Only({}), &budget);
  EXPECT_EQ(early.rewrites, 0u);
  EXPECT_EQ(budget.asked(), 0u);
  EXPECT_EQ(tgsi::PrintShader(early.shader), kShader);
  EXPECT_EQ(early.origin, walked.origin);
  constexpr char kPlain[] = "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n";
  const LowerResult plain = LowerTgsi(Parse(kPlain), LowerOptions(), nullptr);
  EXPECT_EQ(plain.rewrites, 0u);
  EXPECT_EQ(tgsi::PrintShader(plain.shader), kPlain);
  EXPECT_EQ(plain.origin, (std::vector<uint32_t>{0, 1}));
}

TEST(LowerTgsi, EveryPrefixIsValid) {
  const tgsi::Shader in = Parse(kShader);
  for (int64_t n = 0; n <= 3; ++n) {
    RewriteBudget budget(n);
    LowerResult r = LowerTgsi(in, LowerOptions(), &budget);
    EXPECT_EQ(r.rewrites, n);
    const auto errors = ValidateTgsi(r.shader);
    EXPECT_TRUE(errors.empty()) << "limit " << n << ": " << errors.front();
    // The printed form parses back to the same text.
    const std::string text = tgsi::PrintShader(r.shader);
    EXPECT_EQ(tgsi::PrintShader(Parse(text.c_str())), text);
  }
}

TEST(LowerTgsi, LabelsAreRenumbered) {
  LowerResult r = LowerTgsi(Parse(kShader), LowerOptions(), nullptr);
  const auto& insts = r.shader.instructions;
  for (size_t i = 0; i < insts.size(); ++i) {
    if (insts[i].opcode == Opcode::IF) {
      EXPECT_EQ(insts[*insts[i].label].opcode, Opcode::ELSE);
    }
    if (insts[i].opcode == Opcode::ELSE) {
      EXPECT_EQ(insts[*insts[i].label].opcode, Opcode::ENDIF);
    }
  }
}

TEST(LowerTgsi, SaturationOnlyOnFinalWrite) {
  LowerResult r = LowerTgsi(Parse(kShader), LowerOptions::Only({Opcode::DP3}), nullptr);
  // MUL, MAD, MAD_SAT TEMP[0].x
  const auto& insts = r.shader.instructions;
  ASSERT_GE(insts.size(), 3u);
  EXPECT_EQ(tgsi::PrintInstruction(insts[0]), "MUL TEMP[2].x, IN[0].xxxx, IN[0].xxxx");
  EXPECT_EQ(tgsi::PrintInstruction(insts[1]), "MAD TEMP[2].x, IN[0].yyyy, IN[0].yyyy, TEMP[2].xxxx");
  EXPECT_EQ(tgsi::PrintInstruction(insts[2]), "MAD_SAT TEMP[0].x, IN[0].zzzz, IN[0].zzzz, TEMP[2].xxxx");
}

TEST(LowerTgsi, OptionsSelectOpcodes) {
  RewriteBudget budget;
  LowerResult r = LowerTgsi(Parse(kShader), LowerOptions::Only({Opcode::LRP}), &budget);
  EXPECT_EQ(r.rewrites, 1u);
  EXPECT_EQ(budget.PrintLog(), "#0 lower-lrp taken\n");
  bool has_pow = false, has_dp3 = false;
  for (const auto& i : r.shader.instructions) {
    has_pow |= i.opcode == Opcode::POW;
    has_dp3 |= i.opcode == Opcode::DP3;
  }
  EXPECT_TRUE(has_pow && has_dp3);
  EXPECT_EQ(LowerTgsi(Parse(kShader), LowerOptions::Only({}), nullptr).rewrites, 0u);
}

TEST(LowerTgsi, ScratchDeclaredOnceAndImmediateAppended) {
  LowerResult r = LowerTgsi(Parse(kShader), LowerOptions(), nullptr);
  const std::string text = tgsi::PrintShader(r.shader);
  EXPECT_NE(text.find("DCL TEMP[2]\n"), std::string::npos) << text;  // one scratch temp suffices here
  EXPECT_EQ(r.shader.immediates.size(), 1u);  // no rule here needed the constants
}

TEST(LowerTgsi, NoLowerableOpcodesLeftWhenAllSelected) {
  const char* text =
      "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
      "  0: LIT TEMP[0], IN[0]\n  1: LOG TEMP[0].y, TEMP[0]\n  2: SCS TEMP[0].xy, TEMP[0]\n"
      "  3: MOV OUT[0], TEMP[0]\n  4: END\n";
  LowerResult r = LowerTgsi(Parse(text), LowerOptions(), nullptr);
  const LowerOptions all;
  for (const auto& i : r.shader.instructions) EXPECT_FALSE(all.Lowers(i.opcode)) << tgsi::PrintInstruction(i);
  EXPECT_TRUE(ValidateTgsi(r.shader).empty());
}

}  // namespace
}  // namespace shaderdiff::compiler
