// One test per fixed-latency rule of docs/isa-a3xx.md §4.2: each program is
// run with one delay slot too few (the consumer reads the stale value and a
// hazard names the register and the shortfall) and with exactly enough (the
// right value, no hazard). Slot numbers are worked out in the comments;
// registers start at 0, c0 = (1, 2, 3, 4).
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;

const std::vector<common::Vec4> kC0 = {{kOne, kTwo, kThree, kFour}};

// n nop slots as one instruction ("" for none).
std::string Nops(int n) {
  if (n == 0) return "";
  if (n == 1) return "nop\n";
  return "(rpt" + std::to_string(n - 1) + ")nop\n";
}

struct Expect {
  int nops;
  Word value;
  std::vector<std::string> hazards;
};

void CheckTable(const std::string& before, const std::string& after, int out_comp, const std::vector<Expect>& table) {
  for (const Expect& e : table) {
    SCOPED_TRACE("nops = " + std::to_string(e.nops));
    const EmulationResult r = RunVs(before + Nops(e.nops) + after, 1, kC0);
    ASSERT_EQ(r.result.status, common::ExecStatus::kOk) << r.result.detail;
    EXPECT_EQ(Out(r, 0, 0, out_comp), e.value);
    EXPECT_EQ(HazardStrings(r), e.hazards);
  }
}

// ALU -> ALU: 3 delay slots. mov at slot 0; add at slot 1 + n reads r0.x,
// visible from slot 0 + 1 + 3 = 4.
TEST(AluDelay, AluToAluNeedsThree) {
  CheckTable("mov.f32f32 r0.x, c0.y\n", "add.f r1.x, r0.x, r0.x\nend\n", 0,
             {{0, kZero, {"instr 1: r0.x alu-delay, 3 cycles short"}},
              {2, kZero, {"instr 2: r0.x alu-delay, 1 cycle short"}},
              {3, kFour, {}}});
}

// ir3 tests/delay.c: "add.f r0.x, ...; rsq r0.x, r0.x" needs 6 nops: rsq
// (non-ALU consumer) at slot 1 + n reads r0.x, visible from 0 + 1 + 6 = 7.
// Stale r0.x = 0 gives rsq(0) = +inf.
TEST(AluDelay, AluToSfuNeedsSix) {
  CheckTable("add.f r0.x, r0.x, c0.w\n", "rsq r1.x, r0.x\n(ss)end\n", 0,
             {{5, kInf, {"instr 2: r0.x alu-delay, 1 cycle short"}}, {6, kHalf, {}}});
}

// ir3: "mov r0.x; mov r0.y; add.f r0.x, r0.x, r0.y" needs 3 (r0.y needs 3,
// r0.x 2). add at slot 2 + n; r0.x visible from 4, r0.y from 5.
TEST(AluDelay, TwoMovsThenAddNeedsThree) {
  CheckTable("mov.f32f32 r0.x, c0.x\nmov.f32f32 r0.y, c0.y\n", "add.f r1.x, r0.x, r0.y\nend\n", 0,
             {{1, kZero,
               {"instr 3: r0.x alu-delay, 1 cycle short", "instr 3: r0.y alu-delay, 2 cycles short"}},
              {2, kOne, {"instr 3: r0.y alu-delay, 1 cycle short"}},
              {3, kThree, {}}});
}

// ir3: "mov r0.x; mov r0.y; mov r0.z; mad.f32 r0.x, r0.x, r0.y, r0.z" needs
// 2: mad at slot 3 + n; r0.x visible from 4, r0.y from 5, and r0.z (from 6)
// is read 2 slots late, at 5 + n. Result r0.x * r0.y + r0.z = 2 * 3 + 4.
TEST(AluDelay, MadNeedsTwo) {
  CheckTable("mov.f32f32 r0.x, c0.y\nmov.f32f32 r0.y, c0.z\nmov.f32f32 r0.z, c0.w\n",
             "mad.f32 r1.x, r0.x, r0.y, r0.z\nend\n", 0,
             {{0, kZero,
               {"instr 3: r0.x alu-delay, 1 cycle short", "instr 3: r0.y alu-delay, 2 cycles short",
                "instr 3: r0.z alu-delay, 1 cycle short"}},
              {1, kFour, {"instr 4: r0.y alu-delay, 1 cycle short"}},
              {2, Bits(10.0f), {}}});
}

// The src3 rule alone: r0.z written at slot 5 is visible from 9; mad at
// slot 6 + n reads src3 at 8 + n, so one nop suffices for src3 ...
TEST(AluDelay, MadSrc3IsReadTwoSlotsLate) {
  const std::string before =
      "mov.f32f32 r2.x, c0.y\nmov.f32f32 r2.y, c0.z\n(rpt2)nop\nmov.f32f32 r0.z, c0.w\n";
  CheckTable(before, "mad.f32 r1.x, r2.x, r2.y, r0.z\nend\n", 0,
             {{0, Bits(6.0f), {"instr 4: r0.z alu-delay, 1 cycle short"}}, {1, Bits(10.0f), {}}});
  // ... while the same distance is two slots short for src1: r0.z * 3 + 2.
  CheckTable(before, "mad.f32 r1.x, r0.z, r2.y, r2.x\nend\n", 0,
             {{1, kTwo, {"instr 5: r0.z alu-delay, 2 cycles short"}}, {3, Bits(14.0f), {}}});
}

// (rptN): iteration k issues at slot start + k and writes dst + k then.
// "(rpt2)mov r0.x, (r)c0.x" writes r0.x/r0.y/r0.z at slots 0/1/2.
TEST(AluDelay, RepeatThenSingleReadNeedsOne) {  // ir3: -> 1
  CheckTable("(rpt2)mov.f32f32 r0.x, (r)c0.x\n", "add.f r1.x, r0.x, c0.x\nend\n", 0,
             {{0, kOne, {"instr 1: r0.x alu-delay, 1 cycle short"}}, {1, kTwo, {}}});
}

TEST(AluDelay, RepeatThenReadOfSecondNeedsTwo) {  // ir3: "add.f r0.x, r0.x, r0.y" -> 2
  CheckTable("(rpt2)mov.f32f32 r0.x, (r)c0.x\n", "add.f r1.x, r0.x, r0.y\nend\n", 0,
             {{1, kOne, {"instr 2: r0.y alu-delay, 1 cycle short"}}, {2, kThree, {}}});
}

// "(rpt2)mov; (rpt2)add.f r0.x, (r)r0.x, c0.x" -> 1: iteration k of the add
// (slot 3 + n + k) reads r0.(k), written at slot k.
TEST(AluDelay, RepeatThenRepeatedReadNeedsOne) {
  for (int n : {0, 1}) {
    SCOPED_TRACE(n);
    const EmulationResult r =
        RunVs("(rpt2)mov.f32f32 r0.x, (r)c0.x\n" + Nops(n) + "(rpt2)add.f r1.x, (r)r0.x, c0.x\nend\n", 1, kC0);
    const Word want[2][3] = {{kOne, kOne, kOne}, {kTwo, kThree, kFour}};
    for (int c = 0; c < 3; ++c) EXPECT_EQ(Out(r, 0, 0, c), want[n][c]) << c;
    EXPECT_EQ(r.hazards.size(), n == 0 ? 3u : 0u);
  }
}

// a0.x written by mova needs 6 slots before r<a0.x + n> reads it. mova at
// slot 6 (a0 = 2), the relative mov at 7 + n, a0 visible from 13. Stale
// a0 = 0 reads r<8> = r2.x = 1, the right one r<10> = r2.z = 3.
TEST(AluDelay, AddressRegisterNeedsSix) {
  const std::string before =
      "mov.s16s16 hr0.x, 2\nmov.f32f32 r2.x, c0.x\nmov.f32f32 r2.z, c0.z\n(rpt2)nop\nmova a0.x, hr0.x\n";
  CheckTable(before, "mov.f32f32 r1.x, r<a0.x + 8>\nend\n", 0,
             {{5, kOne, {"instr 6: a0.x alu-delay, 1 cycle short"}}, {6, kThree, {}}});
}

// p0 written by cmps needs 6 slots before br reads it (br takes no slot).
// cmps at slot 4, br at 5 + n, p0 visible from 11. Stale p0 = 0: not taken.
TEST(AluDelay, PredicateForBranchNeedsSix) {
  const std::string before = "mov.f32f32 r2.x, c0.x\n(rpt2)nop\ncmps.f.lt p0.x, r2.x, c0.y\n";
  const std::string after =
      "br p0.x, #taken\nmov.f32f32 r1.x, c0.w\nend\ntaken:\n(jp)mov.f32f32 r1.x, c0.z\nend\n";
  CheckTable(before, after, 0, {{5, kFour, {"instr 4: p0.x alu-delay, 1 cycle short"}}, {6, kThree, {}}});
}

// kill reads p0 with the same 6-slot rule.
TEST(AluDelay, PredicateForKillNeedsSix) {
  for (int n : {5, 6}) {
    SCOPED_TRACE(n);
    const EmulationResult r = RunVs("cmps.f.lt p0.x, r1.x, c0.y\n" + Nops(n) + "kill p0.x\nend\n", 1, kC0);
    EXPECT_EQ(r.result.killed, std::vector<bool>{n == 6});
    EXPECT_EQ(r.hazards.size(), n == 6 ? 0u : 1u);
  }
}

// `end` needs no delay: outputs are read at the end slot with D = 0.
TEST(AluDelay, EndNeedsNone) {
  const EmulationResult r = RunVs("add.f r1.x, r1.x, c0.x\nend\n", 1, kC0);
  EXPECT_EQ(Out(r, 0, 0, 0), kOne);
  EXPECT_TRUE(r.hazards.empty());
}

// Stall cycles do not make ALU results visible sooner (visibility counts
// issue slots, as ir3 does): the (ss) stall of 10 cycles here still leaves
// the add one slot after the mov.
TEST(AluDelay, StallsDoNotCoverAluDelay) {
  const EmulationResult r = RunVs("rcp r3.x, r3.y\nmov.f32f32 r0.x, c0.y\n(ss)add.f r1.x, r0.x, r0.x\nend\n", 1, kC0);
  EXPECT_EQ(Out(r, 0, 0, 0), kZero);
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 2: r0.x alu-delay, 3 cycles short"});
  EXPECT_EQ(r.stats.stall_cycles, 9u);  // rcp completes at cycle 10; the add waits from cycle 1
}

// A half register is a separate file on a3xx: writing hr0.x does not touch
// r0.x, and the same 3-slot rule applies to half registers.
TEST(AluDelay, HalfRegistersAreSeparateAndDelayed) {
  CheckTable("mov.f32f32 r0.x, c0.y\nmov.f16f16 hr0.x, h(3.0)\n",
             "cov.f16f32 r1.x, hr0.x\nmov.f32f32 r1.y, r0.x\nend\n", 0,
             {{2, kZero, {"instr 3: hr0.x alu-delay, 1 cycle short"}}, {3, kThree, {}}});
  const EmulationResult r = RunVs("mov.f32f32 r0.x, c0.y\nmov.f16f16 hr0.x, h(3.0)\n(rpt3)nop\n"
                                  "mov.f32f32 r1.y, r0.x\nend\n", 1, kC0);
  EXPECT_EQ(Out(r, 0, 0, 1), kTwo);
}

}  // namespace
}  // namespace shaderdiff::a3xx
