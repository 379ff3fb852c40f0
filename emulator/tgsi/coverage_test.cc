// Branch coverage (coverage.h): which sites count, taken / not taken per
// site on small shaders, accumulation over runs, and that the sink changes
// nothing the interpreter computes.
#include "emulator/tgsi/coverage.h"

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

common::TestVector VertLanes(std::vector<Vec4> in0) {
  common::TestVector v = Vector(tgsi::Processor::kVertex, static_cast<uint32_t>(in0.size()));
  SetInputLanes(v, 0, std::move(in0));
  return v;
}

// Runs `text` on `v` with a sink and returns it (the run must succeed).
BranchCoverage Cover(const tgsi::Shader& shader, const common::TestVector& v, BranchCoverage coverage = {}) {
  InterpreterOptions o;
  o.coverage = &coverage;
  const common::ExecResult r = Interpret(shader, v, o);
  EXPECT_EQ(r.status, common::ExecStatus::kOk) << r.detail;
  return coverage;
}

// A counting loop whose exit is the UIF at 3, and an IF at 7 on IN[0].y.
constexpr const char* kLoop = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0..1]
IMM[0] UINT32 {0, 1, 0, 0}
IMM[1] FLT32 {1.0, 2.0, 0.0, 0.0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: BGNLOOP
  2:   USGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx
  3:   UIF TEMP[1].xxxx
  4:     BRK
  5:   ENDIF
  6:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
  7:   IF IN[0].yyyy
  8:     MOV OUT[0].y, IMM[1].xxxx
  9:   ENDIF
 10: ENDLOOP
 11: MOV OUT[0].x, TEMP[0].xxxx
 12: END
)";

TEST(BranchCoverage, SitesAreConditionalBranchesKillsAndCases) {
  EXPECT_TRUE(IsBranchSite(tgsi::Opcode::IF));
  EXPECT_TRUE(IsBranchSite(tgsi::Opcode::UIF));
  EXPECT_TRUE(IsBranchSite(tgsi::Opcode::BREAKC));
  EXPECT_TRUE(IsBranchSite(tgsi::Opcode::CASE));
  EXPECT_TRUE(IsBranchSite(tgsi::Opcode::DEFAULT));
  EXPECT_TRUE(IsBranchSite(tgsi::Opcode::KILL_IF));
  for (tgsi::Opcode op : {tgsi::Opcode::BRK, tgsi::Opcode::KILL, tgsi::Opcode::ELSE, tgsi::Opcode::ENDLOOP,
                          tgsi::Opcode::UCMP, tgsi::Opcode::SWITCH, tgsi::Opcode::RET}) {
    EXPECT_FALSE(IsBranchSite(op)) << tgsi::OpcodeName(op);
  }
}

TEST(BranchCoverage, LoopExitAndIfBothWaysWithinOneRun) {
  const tgsi::Shader shader = Parse(kLoop);
  // Lane 0 loops twice (the exit goes both ways), IN[0].y is 0 in lane 0 and
  // 1 in lane 1, so the IF goes both ways too.
  const BranchCoverage c = Cover(shader, VertLanes({U4(2, 0, 0, 0), U4(1, 0x3f800000u, 0, 0)}));
  EXPECT_TRUE(c.Taken(3) && c.NotTaken(3));
  EXPECT_TRUE(c.Taken(7) && c.NotTaken(7));
  const BranchCounts n = CountBranches(shader, c);
  EXPECT_EQ(n.total, 2u);
  EXPECT_EQ(n.both_ways, 2u);
}

TEST(BranchCoverage, OneWayOnlyAndAccumulationOverRuns) {
  const tgsi::Shader shader = Parse(kLoop);
  // Bound 0: the loop exits at once; the IF is never reached.
  BranchCoverage c = Cover(shader, VertLanes({U4(0, 0x3f800000u, 0, 0)}));
  EXPECT_TRUE(c.Taken(3));
  EXPECT_FALSE(c.NotTaken(3));
  EXPECT_FALSE(c.Taken(7) || c.NotTaken(7));
  EXPECT_EQ(CountBranches(shader, c).both_ways, 0u);
  EXPECT_EQ(CountBranches(shader, c).total, 2u);  // unreached sites count in the total
  // Bound 1 with IN[0].y = 1: the exit is not taken once, the IF only taken.
  c = Cover(shader, VertLanes({U4(1, 0x3f800000u, 0, 0)}), c);
  EXPECT_TRUE(c.Taken(3) && c.NotTaken(3));
  EXPECT_TRUE(c.Taken(7));
  EXPECT_FALSE(c.NotTaken(7));
  EXPECT_EQ(CountBranches(shader, c).both_ways, 1u);
  // A third run with IN[0].y = 0 completes the IF: both ways over the runs.
  c = Cover(shader, VertLanes({U4(1, 0, 0, 0)}), c);
  EXPECT_EQ(CountBranches(shader, c).both_ways, 2u);
}

TEST(BranchCoverage, SwitchCasesAndDefault) {
  const tgsi::Shader shader = Parse(R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] UINT32 {0, 1, 2, 0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: SWITCH IN[0].xxxx
  2: CASE IMM[0].xxxx
  3:   MOV TEMP[0].x, IMM[0].yyyy
  4:   BRK
  5: CASE IMM[0].yyyy
  6:   MOV TEMP[0].x, IMM[0].zzzz
  7:   BRK
  8: DEFAULT
  9:   BRK
 10: ENDSWITCH
 11: MOV OUT[0], TEMP[0].xxxx
 12: END
)");
  // Selectors 0 and 7: CASE 0 both ways, CASE 1 never matched, DEFAULT both ways.
  const BranchCoverage c = Cover(shader, VertLanes({U4(0, 0, 0, 0), U4(7, 0, 0, 0)}));
  EXPECT_TRUE(c.Taken(2) && c.NotTaken(2));
  EXPECT_TRUE(!c.Taken(5) && c.NotTaken(5));
  EXPECT_TRUE(c.Taken(8) && c.NotTaken(8));
  const BranchCounts n = CountBranches(shader, c);
  EXPECT_EQ(n.total, 3u);
  EXPECT_EQ(n.both_ways, 2u);
}

TEST(BranchCoverage, KillIfAndBreakc) {
  const tgsi::Shader kill = Parse(R"(FRAG
DCL IN[0], GENERIC[0], CONSTANT
DCL OUT[0], COLOR
  0: KILL_IF IN[0].xxxx
  1: MOV OUT[0], IN[0]
  2: END
)");
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  SetInputLanes(v, 0, {F4(1, 0, 0, 0), F4(1, 0, 0, 0), F4(2, 0, 0, 0), F4(3, 0, 0, 0)});
  BranchCoverage c = Cover(kill, v);
  EXPECT_TRUE(!c.Taken(0) && c.NotTaken(0));
  SetInputLanes(v, 0, {F4(-1, 0, 0, 0), F4(1, 0, 0, 0), F4(2, 0, 0, 0), F4(3, 0, 0, 0)});
  c = Cover(kill, v);
  EXPECT_TRUE(c.Taken(0) && c.NotTaken(0));

  const tgsi::Shader counter = Parse(R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] UINT32 {1, 0, 0, 0}
  0: MOV TEMP[0].x, IN[0].xxxx
  1: BGNLOOP
  2:   BREAKC TEMP[0].xxxx
  3:   MOV TEMP[0].x, IMM[0].xxxx
  4: ENDLOOP
  5: MOV OUT[0], TEMP[0].xxxx
  6: END
)");
  c = Cover(counter, VertLanes({U4(0, 0, 0, 0)}));  // not taken once, then taken
  EXPECT_TRUE(c.Taken(2) && c.NotTaken(2));
  c = Cover(counter, VertLanes({U4(5, 0, 0, 0)}));  // taken at once
  EXPECT_TRUE(c.Taken(2) && !c.NotTaken(2));
}

TEST(BranchCoverage, TheSinkChangesNothing) {
  const tgsi::Shader shader = Parse(kLoop);
  const common::TestVector v = VertLanes({U4(3, 0, 0, 0), U4(1, 0x3f800000u, 0, 0), U4(0, 0, 0, 0)});
  const common::ExecResult plain = Interpret(shader, v, {});
  BranchCoverage coverage;
  InterpreterOptions o;
  o.coverage = &coverage;
  const common::ExecResult covered = Interpret(shader, v, o);
  EXPECT_TRUE(plain.outputs == covered.outputs);  // words, flags, sets and reasons
  EXPECT_EQ(plain.instructions_executed, covered.instructions_executed);
  EXPECT_EQ(CountBranches(shader, coverage).both_ways, 2u);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
