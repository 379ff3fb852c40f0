// Golden listings of the naive r500 translator, so a template change is
// visible in review: every testdata/NAME.tgsi is a golden file
// (compiler/passes/golden_file.h: '#' comments, the shader, then after
// "=== r500-naive ===" its Listing: bindings and R500 assembly). Register
// layout (register_map.h): IN, TEMP, OUT from t0, then the scratch S0..S2.
//
// Bless (rewrite the expected parts from the current translator):
//   bazel run //compiler/targets/r500/naive:golden_test -- --bless
#include <gtest/gtest.h>


#include "compiler/passes/golden_bless.h"
#include "compiler/passes/golden_file.h"
#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::r500naive {
namespace {

constexpr char kDir[] = "compiler/targets/r500/naive/testdata";
constexpr char kPass[] = "r500-naive";

TEST(Golden, EveryCase) {
  const std::vector<std::string> names = compiler::GoldenCaseNames(kDir);
  ASSERT_GE(names.size(), 3u);
  for (const std::string& name : names) {
    const std::string path = std::string(kDir) + "/" + name + ".tgsi";
    compiler::GoldenFile file = compiler::ParseGolden(compiler::ReadGoldenText(path), kPass);
    const tgsi::ParseResult parsed = tgsi::ParseShader(file.input);
    ASSERT_TRUE(parsed.ok()) << name;
    const CompileResult r = CompileR500Naive(parsed.shader);
    ASSERT_EQ(r.status, Status::kOk) << name << ": " << r.detail;
    const std::string listing = Listing(r.program);
    compiler::BlessOrCompare(file, kPass, path, listing, "//compiler/targets/r500/naive:golden_test", name);
  }
}

// Unsupported is a verdict with the reason, never code.
TEST(Unsupported, VertexShaderAndOpcode) {
  const tgsi::ParseResult vert = tgsi::ParseShader("VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n");
  ASSERT_TRUE(vert.ok());
  CompileResult r = CompileR500Naive(vert.shader);
  EXPECT_EQ(r.status, Status::kUnsupported);
  EXPECT_EQ(r.detail, "the r500 target is the fragment processor");
  EXPECT_TRUE(r.program.state.code.empty());
  const tgsi::ParseResult frag =
      tgsi::ParseShader("FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n  0: UADD OUT[0], IN[0], IN[0]\n  1: END\n");
  ASSERT_TRUE(frag.ok());
  r = CompileR500Naive(frag.shader);
  EXPECT_EQ(r.status, Status::kUnsupported);
  EXPECT_EQ(r.detail, "integer opcode UADD on r500");
}

// Flow control deeper than R500's branch counter (32 levels with
// FULL_FC_EN, A.12) is unsupported with the depth; 32 levels compile.
TEST(Unsupported, NestingDeeperThanTheBranchCounter) {
  auto nested = [](int depth) {
    std::string text = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n";
    for (int k = 0; k < depth; ++k) text += "IF IN[0].xxxx\n";
    text += "MOV OUT[0], IN[0]\n";
    for (int k = 0; k < depth; ++k) text += "ENDIF\n";
    return text + "END\n";
  };
  const tgsi::ParseResult ok = tgsi::ParseShader(nested(32));
  ASSERT_TRUE(ok.ok());
  const CompileResult r32 = CompileR500Naive(ok.shader);
  EXPECT_EQ(r32.status, Status::kOk) << r32.detail;
  EXPECT_TRUE(r32.program.state.full_fc);
  const tgsi::ParseResult deep = tgsi::ParseShader(nested(33));
  ASSERT_TRUE(deep.ok());
  const CompileResult r33 = CompileR500Naive(deep.shader);
  EXPECT_EQ(r33.status, Status::kUnsupported);
  EXPECT_EQ(r33.detail,
            "flow control nested 33 deep (IFs, loops and the translator's break guards), the branch counter holds 32 "
            "(A.12) on r500");
}

}  // namespace
}  // namespace shaderdiff::r500naive

int main(int argc, char** argv) { return shaderdiff::compiler::GoldenTestMain(argc, argv); }
