// CONST buffers in global memory (compiler/targets/a3xx/naive/register_map.h,
// "Global memory"): a buffer the const file cannot hold is read with ldg in
// both builds, the shader state has its range and address constant, and the
// differential check passes with hazards trapping (every load synced, every
// byte it reads filled by the driver); a state whose driver fill misses
// constants is caught (global-uninit); a shader whose consts fit has no ldg.
#include <gtest/gtest.h>

#include <string>

#include "compiler/pipeline.h"
#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/trap_check.h"

namespace shaderdiff::compiler {
namespace {

// CONST[0][0..n-1] (past the const file when n > 511) read directly, with
// modifiers and relatively (with an offset, from IN[0].x); CONST[1][0..3]
// stays in the const file; one immediate.
std::string UboShader(int n) {
  const std::string last = std::to_string(n - 1);
  return "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\n"
         "DCL CONST[0][0.." + last + "]\nDCL CONST[1][0..3]\nDCL TEMP[0..1]\nDCL ADDR[0]\n"
         "IMM[0] FLT32 {" + std::to_string(n) + ".0, 0.5, 0.0, 0.0}\n"
         "  0: MUL TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
         "  1: ARL ADDR[0].x, TEMP[0].xxxx\n"
         "  2: MOV TEMP[1], CONST[0][ADDR[0].x+3]\n"
         "  3: ADD OUT[0], TEMP[1], CONST[0][" + last + "]\n"
         "  4: MAD OUT[1], CONST[0][ADDR[0].x], CONST[1][2], -|CONST[0][7].wzyx|\n"
         "  5: END\n";
}

using trap_check::Count;
using trap_check::Parse;

harness::CheckOutcome TrapCheck(const tgsi::Shader& shader, const std::string& text, harness::Build build,
                                std::function<void(a3xx::Program&)> post_compile = {}) {
  return trap_check::TrapCheck(shader, text, build, std::move(post_compile), 16);
}

// 600 vec4: the relative clamp fits cat2 immediates; 1,100: it needs P.
TEST(GlobalConsts, BufferBeyondTheConstFileIsReadWithLdg) {
  for (int n : {600, 1100}) {
    const std::string text = UboShader(n);
    const tgsi::Shader shader = Parse(text);
    const trap_check::BothBuilds both = trap_check::CompileBoth(shader);
    ASSERT_TRUE(both.ok);
    for (const a3xx::Program* p : both.programs()) {
      EXPECT_GT(Count(*p, a3xx::Opcode::LDG), 0);
      ASSERT_EQ(p->state.global_consts.size(), 1u);
      const a3xx::GlobalConstRange& g = p->state.global_consts[0];
      EXPECT_EQ(g.buffer, 0u);
      EXPECT_EQ(g.first, 0u);
      EXPECT_EQ(g.count, static_cast<uint32_t>(n));
      // CONST[1] is c0..c3, IMM[0] c4, the address c5.x.
      EXPECT_EQ(g.address_scalar, 4 * 5);
      for (const a3xx::ConstBinding& b : p->state.consts) EXPECT_EQ(b.buffer, 1u);
    }
    for (harness::Build b : {harness::Build::kNaive, harness::Build::kOptimizing}) {
      const harness::CheckOutcome o = TrapCheck(shader, text, b);
      EXPECT_EQ(o.verdict, harness::Verdict::kPass) << n << " " << harness::BuildName(b) << ": " << o.detail;
    }
  }
}

// The driver's fill stops after the first constant: the loads of the
// others read bytes nobody wrote, caught in both builds.
TEST(GlobalConsts, UnfilledBytesAreCaught) {
  const std::string text = UboShader(600);
  const tgsi::Shader shader = Parse(text);
  for (harness::Build b : {harness::Build::kNaive, harness::Build::kOptimizing}) {
    const harness::CheckOutcome o = TrapCheck(shader, text, b, [](a3xx::Program& p) {
      for (a3xx::GlobalConstRange& g : p.state.global_consts) g.count = 1;
    });
    EXPECT_EQ(o.verdict, harness::Verdict::kHazard) << o.detail;
    EXPECT_NE(o.detail.find("global-uninit"), std::string::npos) << o.detail;
  }
}

TEST(GlobalConsts, ConstsThatFitStayInTheConstFile) {
  const naive::CompileResult nv = naive::CompileA3xxNaive(Parse(UboShader(400)));
  ASSERT_EQ(nv.status, naive::CompileStatus::kOk) << nv.detail;
  EXPECT_EQ(Count(nv.program, a3xx::Opcode::LDG), 0);
  EXPECT_TRUE(nv.program.state.global_consts.empty());
}

// Immediates alone beyond the const file stay unsupported.
TEST(GlobalConsts, ImmediatesBeyondTheConstFileAreUnsupported) {
  std::string text = "VERT\nDCL OUT[0], POSITION\nDCL CONST[0][0..3]\n";
  for (int i = 0; i < 520; ++i) text += "IMM[" + std::to_string(i) + "] FLT32 {1.0, 2.0, 3.0, 4.0}\n";
  text += "  0: ADD OUT[0], CONST[0][1], IMM[519]\n  1: END\n";
  const naive::CompileResult nv = naive::CompileA3xxNaive(Parse(text));
  EXPECT_EQ(nv.status, naive::CompileStatus::kUnsupported);
  EXPECT_NE(nv.detail.find("const file: 524 vec4 constants needed (521 with every CONST buffer in global memory)"),
            std::string::npos)
      << nv.detail;
}

}  // namespace
}  // namespace shaderdiff::compiler
