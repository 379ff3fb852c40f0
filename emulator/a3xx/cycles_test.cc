// Cycle counts pinned for small programs, computed by hand in the comments
// (emulator.cc: cycles = issue slots + stall cycles; cat4/cat5/br/jump take
// no slot; latencies of the a3xx row: SFU 10, texture 64).
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

const std::vector<common::Vec4> kC0 = {{kOne, kTwo, kThree, kFour}};

CycleStats Stats(uint64_t cycles, uint64_t slots, uint64_t nops, uint64_t stalls, uint64_t instrs, uint64_t ss = 0,
                 uint64_t sy = 0) {
  CycleStats s;
  s.cycles = cycles;
  s.issue_slots = slots;
  s.nop_slots = nops;
  s.stall_cycles = stalls;
  s.instructions = instrs;
  s.ss = ss;
  s.sy = sy;
  return s;
}

TEST(Cycles, StraightLineAlu) {
  // mov 1 + (rpt2)nop 3 + add 1 + end 1 = 6 slots, 3 of them nops.
  const EmulationResult r = RunVs("mov.f32f32 r0.x, c0.x\n(rpt2)nop\nadd.f r1.x, r0.x, r0.x\nend\n", 1, kC0);
  EXPECT_EQ(r.stats, Stats(6, 6, 3, 0, 4));
}

TEST(Cycles, RepeatCountsEveryIteration) {
  // (rpt3)mov 4 + end 1.
  EXPECT_EQ(RunVs("(rpt3)mov.f32f32 r1.x, (r)c0.x\nend\n", 1, kC0).stats, Stats(5, 5, 0, 0, 2));
}

TEST(Cycles, SfuBranchAndSync) {
  // slot/cycle:  mov 0 | nop 1-6 | rcp @7 (0 slots, done 17) | cmps 7 |
  // nop 8-13 | br @14 (0 slots, taken over the nop) | (ss)add: stall 14->17,
  // issues 17 | end 18. Slots 1+6+1+6+1+1 = 16 (12 nops), stall 3,
  // cycles 19, 8 instructions.
  const EmulationResult r = RunVs(
      "mov.f32f32 r2.x, c0.y\n(rpt5)nop\nrcp r1.x, r2.x\ncmps.f.lt p0.x, r2.x, c0.w\n(rpt5)nop\n"
      "br p0.x, #l\nnop\nl:\n(ss)(jp)add.f r1.y, r1.x, r1.x\nend\n",
      1, kC0);
  EXPECT_EQ(r.stats, Stats(19, 16, 12, 3, 8, 1, 0));
  EXPECT_EQ(Out(r, 0, 0, 1), kOne);
  EXPECT_TRUE(r.hazards.empty());
}

TEST(Cycles, TextureFetchStall) {
  // movs 0-1 | nop 2-7 | sam @8 (done 72) | nop 8-11 | (sy)end: stall
  // 12->72, issues 72. Slots 2+6+4+1 = 13 (10 nops), stall 60, cycles 73.
  ShaderState s = VsState({1});
  s.samplers.push_back({0, 0, 0});
  const EmulationResult r = Execute(
      Asm("mov.f32f32 r0.x, (0.5)\nmov.f32f32 r0.y, (0.5)\n(rpt5)nop\nsam (f32)(x)r1.x, r0.x, s#0, t#0\n"
          "(rpt3)nop\n(sy)end\n",
          s),
      VsVector(1));
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(r.stats, Stats(73, 13, 10, 60, 6, 0, 1));
}

TEST(Cycles, SummedOverWaves) {
  // 16 vertex lanes = two waves of the 6-slot program.
  const EmulationResult r =
      RunVs("mov.f32f32 r0.x, c0.x\n(rpt2)nop\nadd.f r1.x, r0.x, r0.x\nend\n", 1, kC0, HazardMode::kStale, 16);
  EXPECT_EQ(r.stats, Stats(12, 12, 6, 0, 8));
}

TEST(Cycles, TimingRowKnobs) {
  // (nopN) adds slots only where the row says it works; count_nonalu_as_slots
  // gives cat4 1 + REPEAT slots.
  const std::string text = "(nop3) add.f r1.x, r1.x, r1.x\nrcp r1.y, r1.x\n(ss)end\n";
  const EmulationResult a3xx = RunVs(text, 1, kC0);
  EXPECT_EQ(a3xx.stats.issue_slots, 2u);  // add 1 + rcp 0 + end 1
  Timing t = *FindTiming("a3xx");
  t.nop_n_supported = true;
  t.count_nonalu_as_slots = true;
  EmulatorOptions o;
  o.timing = &t;
  const EmulationResult other = Emulate(Asm(text, VsState({1})), VsVector(1), o);
  // add 1 + 3 nops, rcp 1 (issued at cycle 4, done 14; (ss) at 5 waits 9), end 1.
  EXPECT_EQ(other.stats.issue_slots, 6u);
  EXPECT_EQ(other.stats.stall_cycles, 9u);
}

}  // namespace
}  // namespace shaderdiff::a3xx
