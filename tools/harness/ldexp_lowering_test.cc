// LDEXP end to end: the naive template (clamp, halve, two multiplications by
// powers of two built with shifts; compiler/targets/a3xx/naive/templates_float.cc)
// checked by the differential engine against the reference interpreter
// (GLSL's edges: undefined above 128, flush allowed below -126) over
// exponents -256..255, in both builds; many components are compared
// exactly and some through the flush set; and a program that builds one
// power of two wrongly is a mismatch.
#include <gtest/gtest.h>

#include "compiler/tgsi/parser.h"
#include "tools/harness/check.h"

namespace shaderdiff::harness {
namespace {

// e = (IN[1] & 511) - 256 per component; x = IN[0] (float words of every
// kind on edge vectors).
constexpr const char* kShader = R"(VERT
DCL IN[0]
DCL IN[1]
DCL OUT[0], POSITION
DCL OUT[1], GENERIC[0]
DCL TEMP[0]
IMM[0] INT32 {511, -256, 0, 0}
  0: AND TEMP[0], IN[1], IMM[0].xxxx
  1: UADD TEMP[0], TEMP[0], IMM[0].yyyy
  2: LDEXP OUT[0], IN[0], TEMP[0]
  3: LDEXP OUT[1], IN[0].wzyx, TEMP[0].yxwz
  4: END
)";

tgsi::Shader Parse() {
  tgsi::ParseResult r = tgsi::ParseShader(kShader);
  EXPECT_TRUE(r.ok()) << r.error->ToString("shader");
  return r.shader;
}

TEST(LdexpLowering, PassesInBothBuilds) {
  const tgsi::Shader shader = Parse();
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    CheckOptions o;
    o.build = build;
    o.vectors = 32;
    const CheckOutcome out = CheckShader(shader, 0x1d, o);
    EXPECT_EQ(out.verdict, Verdict::kPass) << BuildName(build) << ": " << out.detail;
    EXPECT_EQ(out.vectors_run, 32u);
    EXPECT_GT(out.totals.compared, 1000u) << BuildName(build);
    EXPECT_GT(out.totals.tolerant, 0u) << BuildName(build);  // the flush sets
  }
}

TEST(LdexpLowering, AWrongPowerOfTwoIsCaught) {
  CheckOptions o;
  o.build = Build::kNaive;
  o.vectors = 32;
  bool changed = false;
  o.post_compile = [&](a3xx::Program& p) {
    for (a3xx::Instr& in : p.instrs)
      if (!changed && in.opcode == a3xx::Opcode::SHL_B && in.src[1].kind == a3xx::OperandKind::kImmediate &&
          in.src[1].imm == 23) {
        in.src[1].imm = 22;
        changed = true;
      }
  };
  const CheckOutcome out = CheckShader(Parse(), 0x1d, o);
  EXPECT_TRUE(changed);
  EXPECT_EQ(out.verdict, Verdict::kNaiveMismatch) << out.detail;
}

}  // namespace
}  // namespace shaderdiff::harness
