// (jp) end to end (docs/isa-a3xx.md §4.5): both a3xx builds put it on every
// branch target, so the corpus-style check of a divergent loop passes with
// hazards trapping; the same compiled program with the (jp) taken off its
// loop header, or off every instruction, is a hazard verdict naming
// missing-jp: a compiler that forgets it is caught.
#include <gtest/gtest.h>

#include <string>

#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/isa/instr.h"
#include "tools/harness/check.h"

namespace shaderdiff::harness {
namespace {

// A loop whose trip count depends on the vertex's input: lanes leave it at
// different trips (a divergent break), then reconverge after it.
constexpr const char* kDivergentLoop = R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL TEMP[0..1]
IMM[0] FLT32 {0.0, 1.0, 0.0, 0.0}
  0: MOV TEMP[0], IMM[0].xxxx
  1: BGNLOOP
  2:   SGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx
  3:   IF TEMP[1].xxxx
  4:     BRK
  5:   ENDIF
  6:   ADD TEMP[0], TEMP[0], IMM[0].yyyy
  7: ENDLOOP
  8: MOV OUT[0], TEMP[0]
  9: END
)";

tgsi::Shader Parse(const char* text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("shader");
  return r.shader;
}

bool IsBranch(const a3xx::Instr& in) { return in.opcode == a3xx::Opcode::BR || in.opcode == a3xx::Opcode::JUMP; }

CheckOptions Options(Build build) {
  CheckOptions o;
  o.build = build;
  o.vectors = 4;
  o.lanes = 16;
  o.hazards = a3xx::HazardMode::kTrap;
  return o;
}

TEST(Reconvergence, BothBuildsMarkEveryBranchTarget) {
  const tgsi::Shader shader = Parse(kDivergentLoop);
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    SCOPED_TRACE(std::string(BuildName(build)));
    CheckOptions o = Options(build);
    int targets = 0, backward = 0;
    o.post_compile = [&](a3xx::Program& p) {
      for (size_t i = 0; i < p.instrs.size(); ++i) {
        if (!IsBranch(p.instrs[i])) continue;
        const a3xx::Instr& target = p.instrs[i + static_cast<size_t>(p.instrs[i].branch)];
        EXPECT_TRUE(target.has_flag(a3xx::kFlagJp)) << "branch " << i;
        ++targets;
        backward += p.instrs[i].branch < 0;
      }
    };
    const CheckOutcome out = CheckShader(shader, 0x5eed, o);
    EXPECT_EQ(out.verdict, Verdict::kPass) << out.detail;
    EXPECT_GE(targets, 2);
    EXPECT_EQ(backward, 1);  // the loop's back edge
    EXPECT_GT(out.vectors_run, 0u);
  }
}

TEST(Reconvergence, AMissingJpIsAHazardVerdict) {
  const tgsi::Shader shader = Parse(kDivergentLoop);
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    for (bool header_only : {true, false}) {
      SCOPED_TRACE(std::string(BuildName(build)) + (header_only ? ": loop header" : ": every (jp)"));
      CheckOptions o = Options(build);
      int stripped = 0;
      o.post_compile = [&](a3xx::Program& p) {
        for (size_t i = 0; i < p.instrs.size(); ++i) {
          if (!IsBranch(p.instrs[i]) || (header_only && p.instrs[i].branch >= 0)) continue;
          a3xx::Instr& target = p.instrs[i + static_cast<size_t>(p.instrs[i].branch)];
          stripped += target.has_flag(a3xx::kFlagJp);
          target.flags &= static_cast<uint8_t>(~a3xx::kFlagJp);
        }
      };
      const CheckOutcome out = CheckShader(shader, 0x5eed, o);
      EXPECT_GE(stripped, 1);
      EXPECT_EQ(out.verdict, Verdict::kHazard) << out.detail;
      EXPECT_NE(out.detail.find("missing-jp"), std::string::npos) << out.detail;
      ASSERT_FALSE(out.hazards.empty());
      EXPECT_EQ(out.hazards.front().kind, "missing-jp");
    }
  }
}

}  // namespace
}  // namespace shaderdiff::harness
