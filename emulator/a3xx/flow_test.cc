// Control flow: divergent branches under the min-PC model (some lanes take
// a branch, the others do not, and they reconverge), divergent loops, kill,
// divergent `end`, several waves per vector, and runaway programs.
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

// A vertex program with IN[0] in r0 (x = lane index), OUT[0] = r1,
// c0 = (4, 20, 10, 7).
EmulationResult RunLanes(const std::string& text, uint32_t lanes, EmulatorOptions options = {}) {
  ShaderState s = VsState({1}, {0});
  s.consts.push_back({0, 0, 0});
  common::TestVector v = VsVector(lanes);
  v.constants[0][0] = {kFour, Bits(20.0f), Bits(10.0f), Bits(7.0f)};
  common::LaneVec4s in;
  for (uint32_t l = 0; l < lanes; ++l) in.push_back({Bits(static_cast<float>(l)), 0, 0, 0});
  v.inputs[0] = in;
  return Emulate(Asm(text, s), v, options);
}

const char* kIfElse =
    "cmps.f.lt p0.x, r0.x, c0.x\n"  // 0: lanes 0..3
    "(rpt5)nop\n"                   // 1
    "br p0.x, #then\n"              // 2
    "mov.f32f32 r1.x, c0.y\n"       // 3: else: 20
    "jump #join\n"                  // 4
    "then:\n"
    "(jp)mov.f32f32 r1.x, c0.z\n"   // 5: then: 10
    "join:\n"
    "(jp)mov.f32f32 r1.y, c0.w\n"   // 6: every lane: 7
    "end\n";                        // 7

TEST(Flow, DivergentBranchReconverges) {
  const EmulationResult r = RunLanes(kIfElse, 8);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 8; ++l) {
    EXPECT_EQ(Out(r, 0, l, 0), Bits(l < 4 ? 10.0f : 20.0f)) << l;
    EXPECT_EQ(Out(r, 0, l, 1), Bits(7.0f)) << l;
  }
  // Steps: cmps, nop, br, else mov, jump, then mov, join mov (once: the wave
  // reconverged), end = 8. Slots: 1 + 6 + 0 + 1 + 0 + 1 + 1 + 1 = 11.
  EXPECT_EQ(r.stats.instructions, 8u);
  EXPECT_EQ(r.stats.issue_slots, 11u);
}

TEST(Flow, UniformBranchRunsOnePath) {
  const EmulationResult r = RunLanes(kIfElse, 4);  // lanes 0..3 all take it
  for (uint32_t l = 0; l < 4; ++l) EXPECT_EQ(Out(r, 0, l, 0), Bits(10.0f));
  EXPECT_EQ(r.stats.instructions, 6u);  // cmps, nop, br, then mov, join mov, end
}

std::string CountingLoop(int nops_after_add, const std::string& header_flags = "(jp)") {
  return "loop:\n" + header_flags +
         "cmps.f.lt p0.x, r1.x, r0.x\n"  // 0: continue while r1.x < lane
         "(rpt5)nop\n"                   // 1
         "br !p0.x, #done\n"             // 2
         "add.f r1.x, r1.x, (1.0)\n"     // 3
         "(rpt" + std::to_string(nops_after_add - 1) + ")nop\n"  // 4
         "jump #loop\n"                  // 5 (no slot)
         "done:\n"
         "(jp)end\n";                    // 6
}

TEST(Flow, DivergentLoopRunsEachLaneItsTripCount) {
  // add, 3 nops, (jump), cmps: the 3 delay slots the add needs.
  const EmulationResult r = RunLanes(CountingLoop(3), 8);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 8; ++l) EXPECT_EQ(Out(r, 0, l, 0), Bits(static_cast<float>(l))) << l;
  EXPECT_TRUE(r.hazards.empty());
  // Iterations run while any lane loops: 7 full iterations (6 steps each), a
  // last cmps/nop/br (3), end (1): the exited lanes wait at `done`.
  EXPECT_EQ(r.stats.instructions, 7u * 6 + 3 + 1);
}

TEST(Flow, LoopScheduledTooTightlyIteratesOnceMore) {
  // With 2 nops the compare reads the counter before the add's result is
  // visible: every looping lane sees the old value once and runs one extra
  // iteration, exactly the kind of miscompile the emulator exists to catch.
  const EmulationResult r = RunLanes(CountingLoop(2), 8);
  EXPECT_EQ(Out(r, 0, 0, 0), kZero);
  for (uint32_t l = 1; l < 8; ++l) EXPECT_EQ(Out(r, 0, l, 0), Bits(static_cast<float>(l + 1))) << l;
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 0: r1.x alu-delay, 1 cycle short"});
}

// (jp): docs/isa-a3xx.md §4.5. Lanes a divergent branch split run together
// again only at a (jp) instruction; a taken branch landing on one without
// it is a missing-jp hazard (what hardware does then is not documented).
TEST(Flow, MissingJpOnALoopHeaderIsAHazard) {
  const EmulationResult r = RunLanes(CountingLoop(3, ""), 8);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 8; ++l) EXPECT_EQ(Out(r, 0, l, 0), Bits(static_cast<float>(l))) << l;
  EXPECT_EQ(HazardStrings(r),
            std::vector<std::string>{"instr 0: missing-jp (lanes enter it by a branch or reconverge there)"});
  // Trap mode stops at it.
  EmulatorOptions trap;
  trap.hazards = HazardMode::kTrap;
  const EmulationResult t = RunLanes(CountingLoop(3, ""), 8, trap);
  EXPECT_EQ(t.result.status, ExecStatus::kError);
  EXPECT_NE(t.result.detail.find("hazard (trap mode): instr 0: missing-jp"), std::string::npos) << t.result.detail;
  // A uniform loop needs it too (the stricter reading: every branch target):
  // every lane loops to c0.x = 4.
  const char* uniform = "loop:\nadd.f r1.x, r1.x, (1.0)\n(rpt2)nop\ncmps.f.lt p0.x, r1.x, c0.x\n(rpt5)nop\n"
                        "br p0.x, #loop\nend\n";
  const EmulationResult u = RunLanes(uniform, 8);
  EXPECT_EQ(Out(u, 0, 5, 0), kFour);
  EXPECT_EQ(HazardStrings(u),
            std::vector<std::string>{"instr 0: missing-jp (lanes enter it by a branch or reconverge there)"});
}

// JpRule::kWhereLanesPark (ir3's model since 2022): a uniform back edge
// needs no (jp) at the loop header; a divergent one does, and lanes
// meeting again need it under both readings.
TEST(Flow, WhereLanesParkAsksJpOnlyOfDivergentBranches) {
  EmulatorOptions park;
  park.jp_rule = JpRule::kWhereLanesPark;
  const char* uniform = "loop:\nadd.f r1.x, r1.x, (1.0)\n(rpt2)nop\ncmps.f.lt p0.x, r1.x, c0.x\n(rpt5)nop\n"
                        "br p0.x, #loop\nend\n";
  const EmulationResult u = RunLanes(uniform, 8, park);
  ASSERT_EQ(u.result.status, ExecStatus::kOk) << u.result.detail;
  EXPECT_EQ(Out(u, 0, 5, 0), kFour);
  EXPECT_TRUE(u.hazards.empty()) << HazardStrings(u).front();
  const EmulationResult j = RunLanes("mov.f32f32 r1.x, c0.x\njump #on\nmov.f32f32 r1.x, c0.y\non:\nend\n", 4, park);
  EXPECT_TRUE(j.hazards.empty()) << HazardStrings(j).front();
  EXPECT_EQ(HazardStrings(RunLanes("mov.f32f32 r1.x, c0.x\njump #on\nmov.f32f32 r1.x, c0.y\non:\nend\n", 4)),
            std::vector<std::string>{"instr 3: missing-jp (lanes enter it by a branch or reconverge there)"});
  // The counting loop leaves by a divergent br to a (jp) target and loops
  // back by a uniform jump: its header needs no (jp) (ir3 marks none).
  const EmulationResult c = RunLanes(CountingLoop(3, ""), 8, park);
  EXPECT_TRUE(c.hazards.empty()) << HazardStrings(c).front();
  for (uint32_t l = 0; l < 8; ++l) EXPECT_EQ(Out(c, 0, l, 0), Bits(static_cast<float>(l))) << l;
  // A divergent back edge (lane l loops while r1.x < l) parks lanes: its
  // target needs (jp).
  const char* divergent = "loop:\nadd.f r1.x, r1.x, (1.0)\n(rpt2)nop\ncmps.f.lt p0.x, r1.x, r0.x\n(rpt5)nop\n"
                          "br p0.x, #loop\n(jp)end\n";
  EXPECT_EQ(HazardStrings(RunLanes(divergent, 8, park)),
            std::vector<std::string>{"instr 0: missing-jp (lanes enter it by a branch or reconverge there)"});
  // The if/else without (jp) at the join: the groups meet there.
  std::string no_join_jp = kIfElse;
  no_join_jp.replace(no_join_jp.find("(jp)mov.f32f32 r1.y"), 4, "");
  EXPECT_EQ(HazardStrings(RunLanes(no_join_jp, 8, park)),
            (std::vector<std::string>{"instr 6: missing-jp (lanes enter it by a branch or reconverge there)",
                                      "instr 7: missing-jp (lanes enter it by a branch or reconverge there)"}));
}

// A loop whose back edge is a conditional br: the lanes leave it by falling
// through, at different trips, each batch in the group it was left in. They
// reconverge at the instruction after the br only if it carries (jp);
// without it the exited groups stay apart and issue it one by one.
TEST(Flow, ReconvergenceNeedsJp) {
  auto loop = [](const std::string& after) {
    return "loop:\n"
           "(jp)add.f r1.x, r1.x, (1.0)\n"  // 0
           "(rpt2)nop\n"                    // 1
           "cmps.f.lt p0.x, r1.x, r0.x\n"   // 2: loop while r1.x < lane
           "(rpt5)nop\n"                    // 3
           "br p0.x, #loop\n"               // 4
           + after +                         // 5
           "end\n";                         // 6
  };
  const std::string kAfter = "mov.f32f32 r1.y, c0.w\n";
  const EmulationResult joined = RunLanes(loop("(jp)" + kAfter), 8);
  ASSERT_EQ(joined.result.status, ExecStatus::kOk) << joined.result.detail;
  EXPECT_TRUE(joined.hazards.empty());
  // Lane l loops max(1, l) times: 7 trips of 5 steps; the mov and end once.
  EXPECT_EQ(joined.stats.instructions, 7u * 5 + 2);
  const EmulationResult apart = RunLanes(loop(kAfter), 8);
  ASSERT_EQ(apart.result.status, ExecStatus::kOk) << apart.result.detail;
  EXPECT_EQ(HazardStrings(apart),
            (std::vector<std::string>{"instr 5: missing-jp (lanes enter it by a branch or reconverge there)",
                                      "instr 6: missing-jp (lanes enter it by a branch or reconverge there)"}));
  // Lanes 0, 1 leave after trip 1, then lanes 2..7 one per trip: 7 groups
  // that never reconverge issue the mov and `end` each.
  EXPECT_EQ(apart.stats.instructions, 7u * 5 + 7 * 2);
  for (uint32_t l = 0; l < 8; ++l) {
    EXPECT_EQ(Out(apart, 0, l, 0), Out(joined, 0, l, 0)) << l;  // same values, lane by lane
    EXPECT_EQ(Out(apart, 0, l, 1), Bits(7.0f)) << l;
  }
}

TEST(Flow, DivergentEndTakesOutputsPerLane) {
  const char* text =
      "cmps.f.ge p0.x, r0.x, c0.x\n"
      "(rpt5)nop\n"
      "br p0.x, #late\n"
      "mov.f32f32 r1.x, c0.y\n"
      "end\n"
      "late:\n"
      "(jp)mov.f32f32 r1.x, c0.z\n"
      "end\n";
  const EmulationResult r = RunLanes(text, 8);
  for (uint32_t l = 0; l < 8; ++l) EXPECT_EQ(Out(r, 0, l, 0), Bits(l < 4 ? 20.0f : 10.0f)) << l;
  EXPECT_EQ(r.stats.instructions, 7u);
}

TEST(Flow, KillMarksLanesThatKeepRunning) {
  // Fragment quad; IN[0].x = (-1, 2, -3, 4): kill where negative. Killed
  // lanes still execute the mov after the kill.
  ShaderState s = FsState({1});
  s.inputs.push_back(Bind(0, IoField::kFragCoord, 2));
  common::TestVector v = FsVector(4);
  v.inputs[0] = {{Bits(-1.0f), 0, 0, 0}, {kTwo, 0, 0, 0}, {Bits(-3.0f), 0, 0, 0}, {kFour, 0, 0, 0}};
  const EmulationResult r =
      Execute(Asm("cmps.f.lt p0.x, r2.x, (0.0)\n(rpt5)nop\nkill p0.x\nmov.f32f32 r1.x, r2.x\nend\n", s), v);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(r.result.killed, (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(Out(r, 0, 0, 0), Bits(-1.0f));
  EXPECT_EQ(Out(r, 0, 3, 0), kFour);
}

TEST(Flow, InvertedKill) {
  ShaderState s = FsState({1});
  common::TestVector v = FsVector(4);
  const EmulationResult r = Execute(Asm("cmps.f.lt p0.x, r1.x, (1.0)\n(rpt5)nop\nkill !p0.x\nend\n", s), v);
  EXPECT_EQ(r.result.killed, (std::vector<bool>(4, false)));
}

TEST(Flow, VectorsRunInWaves) {
  // 20 vertex lanes = waves of 8, 8 and 4, each with its own register file.
  const char* text = "add.f r1.x, r0.x, r0.x\nend\n";
  const EmulationResult r = RunLanes(text, 20);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 20; ++l) EXPECT_EQ(Out(r, 0, l, 0), Bits(2.0f * l)) << l;
  EXPECT_EQ(r.stats.instructions, 3u * 2);
  EXPECT_EQ(r.stats.cycles, 3u * 2);
  EXPECT_EQ(r.result.instructions_executed, 6u);
}

TEST(Flow, FragmentWavesAreSixteenLanes) {
  ShaderState s = FsState({1});
  s.inputs.push_back(Bind(0, IoField::kFragCoord, 2));
  common::TestVector v = FsVector(36);
  for (uint32_t l = 0; l < 36; ++l) v.inputs[0].push_back({Bits(static_cast<float>(l)), 0, 0, 0});
  const EmulationResult r = Execute(Asm("mov.f32f32 r1.x, r2.x\nend\n", s), v);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(r.stats.instructions, 3u * 2);  // waves of 16, 16, 4
  EXPECT_EQ(Out(r, 0, 35, 0), Bits(35.0f));
}

TEST(Flow, RunawayLoopTimesOut) {
  EmulatorOptions o;
  o.cycle_budget = 1000;
  const EmulationResult a = RunLanes("loop:\n(jp)nop\njump #loop\n", 1, o);
  EXPECT_EQ(a.result.status, ExecStatus::kTimeout);
  EXPECT_NE(a.result.detail.find("budget of 1000"), std::string::npos) << a.result.detail;
  EXPECT_TRUE(a.result.outputs.empty());
  // A loop of zero-slot instructions advances no cycles: the instruction
  // count stops it.
  const EmulationResult b = RunLanes("loop:\n(jp)jump #loop\n", 1, o);
  EXPECT_EQ(b.result.status, ExecStatus::kTimeout);
  EXPECT_EQ(b.stats.instructions, 1000u);
}

TEST(Flow, RunningPastTheEndIsAnError) {
  const EmulationResult r = RunLanes("mov.f32f32 r1.x, c0.x\nnop\n", 1);
  EXPECT_EQ(r.result.status, ExecStatus::kError);
  EXPECT_NE(r.result.detail.find("pc 2 is outside the program (2 instructions)"), std::string::npos)
      << r.result.detail;
}

TEST(Flow, BranchBeforeTheStartIsAnError) {
  const EmulationResult r = RunLanes("nop\njump #-5\nend\n", 1);
  EXPECT_EQ(r.result.status, ExecStatus::kError);
  EXPECT_NE(r.result.detail.find("pc -4"), std::string::npos) << r.result.detail;
}

}  // namespace
}  // namespace shaderdiff::a3xx
