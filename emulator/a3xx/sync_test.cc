// The asynchronous rules of docs/isa-a3xx.md §4.3: (ss) after SFU, (sy)
// after texture fetches, stale reads without them (missing-ss/missing-sy),
// WAW and WAR on outstanding ops, outputs still pending at `end`, and the
// stall cycles the timing row's latencies give. c0 = (1, 2, 3, 4); "prep"
// puts 2.0 in r2.x and waits until rcp may read it (slot 7).
#include <gtest/gtest.h>

#include <cmath>

#include "emulator/a3xx/test_util.h"
#include "emulator/common/texture.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

const std::vector<common::Vec4> kC0 = {{kOne, kTwo, kThree, kFour}};
const std::string kPrep = "mov.f32f32 r2.x, c0.y\n(rpt5)nop\n";  // slots 0..6
const Timing& A3xx() { return *FindTiming("a3xx"); }

TEST(Sync, SsLandsSfuResultAndStalls) {
  // rcp issues at cycle 7 (0 slots), completes at 17; the (ss) mov at cycle 7
  // stalls 10 cycles.
  const EmulationResult r = RunVs(kPrep + "rcp r1.x, r2.x\n(ss)mov.f32f32 r1.y, r1.x\nend\n", 1, kC0);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
  EXPECT_EQ(Out(r, 0, 0, 1), kHalf);
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(r.stats.stall_cycles, static_cast<uint64_t>(A3xx().sfu_latency));
  EXPECT_EQ(r.stats.issue_slots, 9u);  // mov 1 + nop 6 + rcp 0 + mov 1 + end 1
  EXPECT_EQ(r.stats.cycles, 9u + A3xx().sfu_latency);
  EXPECT_EQ(r.stats.ss, 1u);
}

TEST(Sync, MissingSsReadsOldValue) {
  // The mov at cycle 7 reads r1.x before (ss): old value 0, 10 cycles before
  // completion; `end` (cycle 8) reads the still-pending output: stale too.
  const EmulationResult r = RunVs(kPrep + "rcp r1.x, r2.x\nmov.f32f32 r1.y, r1.x\nend\n", 1, kC0);
  EXPECT_EQ(Out(r, 0, 0, 0), kZero);
  EXPECT_EQ(Out(r, 0, 0, 1), kZero);
  EXPECT_EQ(HazardStrings(r), (std::vector<std::string>{"instr 3: r1.x missing-ss, 10 cycles short",
                                                         "instr 4: r1.x missing-ss, 9 cycles short"}));
}

TEST(Sync, NopsHideTheLatency) {
  // 6 nop slots after rcp: (ss) at cycle 13 stalls 4; 10 slots: no stall.
  EXPECT_EQ(RunVs(kPrep + "rcp r1.x, r2.x\n(rpt5)nop\n(ss)end\n", 1, kC0).stats.stall_cycles, 4u);
  const EmulationResult r = RunVs(kPrep + "rcp r1.x, r2.x\n(rpt5)nop\n(rpt3)nop\n(ss)end\n", 1, kC0);
  EXPECT_EQ(r.stats.stall_cycles, 0u);
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
}

TEST(Sync, SsWaitsForTheLastOutstandingOp) {
  // rcp at cycle 7 (done 17), rsq at cycle 10 (done 20): (ss) at 10 stalls 10.
  const EmulationResult r =
      RunVs(kPrep + "rcp r1.x, r2.x\n(rpt2)nop\nrsq r1.y, r2.x\n(ss)end\n", 1, kC0);
  EXPECT_EQ(r.stats.stall_cycles, 10u);
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
  EXPECT_EQ(Out(r, 0, 0, 1), Bits(1.0f / std::sqrt(2.0f)));
}

TEST(Sync, SyDoesNotLandSfuResults) {
  const EmulationResult r = RunVs(kPrep + "rcp r1.x, r2.x\n(sy)mov.f32f32 r1.y, r1.x\n(ss)end\n", 1, kC0);
  EXPECT_EQ(Out(r, 0, 0, 1), kZero);
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 3: r1.x missing-ss, 10 cycles short"});
}

TEST(Sync, LatenciesComeFromTheTimingRow) {
  Timing slow = A3xx();
  slow.sfu_latency = 25;
  ShaderState s = VsState({1});
  s.consts.push_back({0, 0, 0});
  common::TestVector v = VsVector(1);
  v.constants[0][0] = kC0[0];
  EmulatorOptions o;
  o.timing = &slow;
  const EmulationResult r = Emulate(Asm(kPrep + "rcp r1.x, r2.x\n(ss)end\n", s), v, o);
  EXPECT_EQ(r.stats.stall_cycles, 25u);
  EXPECT_EQ(r.stats.cycles, 8u + 25u);
}

TEST(Sync, WriteAfterWriteOfPendingResult) {
  // The mov writes r1.x while the rcp still will: waw-async. The SFU result
  // lands at the (ss) and wins (hardware races; the model lands at the sync).
  const EmulationResult r = RunVs(kPrep +
                                      "rcp r1.x, r2.x\n"
                                      "mov.f32f32 r1.x, c0.w\n"
                                      "(rpt2)nop\n"
                                      "(ss)mov.f32f32 r1.y, r1.x\n"
                                      "end\n",
                                  1, kC0);
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 3: r1.x waw-async, 10 cycles short"});
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
  EXPECT_EQ(Out(r, 0, 0, 1), kHalf);
}

TEST(Sync, WriteAfterReadIsSeenByTheLazySource) {
  // rcp reads r2.x lazily: the mov overwrites it (4.0) before the rcp
  // completes, so the rcp computes 1/4.
  const EmulationResult r = RunVs(kPrep + "rcp r1.x, r2.x\nmov.f32f32 r2.x, c0.w\n(ss)end\n", 1, kC0);
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 3: r2.x war-async, 10 cycles short"});
  EXPECT_EQ(Out(r, 0, 0, 0), Bits(0.25f));
}

TEST(Sync, WriteAfterReadAfterCompletionStillAHazard) {
  // 12 slots later the rcp has read its source (1/2), but without (ss) the
  // overwrite is still a WAR hazard (0 cycles short: only the sync is missing).
  const EmulationResult r =
      RunVs(kPrep + "rcp r1.x, r2.x\n(rpt5)nop\n(rpt5)nop\nmov.f32f32 r2.x, c0.w\n(ss)end\n", 1, kC0);
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 5: r2.x war-async, 0 cycles short"});
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
}

TEST(Sync, SsResolvesWriteAfterRead) {
  const EmulationResult r = RunVs(kPrep + "rcp r1.x, r2.x\n(ss)mov.f32f32 r2.x, c0.w\nend\n", 1, kC0);
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
}

TEST(Sync, LandedResultsNeedNoAluDelay) {
  // An ALU write to r1.x (slot 7) is still in flight when the rcp's result
  // for r1.x lands at the (ss) (slot 8): the landed value is ordered after
  // it, so the mov sees 1/2 with no alu-delay hazard (docs §4.3).
  const EmulationResult r = RunVs(kPrep +
                                      "mov.f32f32 r1.x, c0.w\n"
                                      "rcp r1.x, r2.x\n"
                                      "(ss)mov.f32f32 r1.y, r1.x\n"
                                      "end\n",
                                  1, kC0);
  EXPECT_TRUE(r.hazards.empty()) << HazardStrings(r)[0];
  EXPECT_EQ(Out(r, 0, 0, 1), kHalf);
}

TEST(Sync, RepeatedSfu) {
  // (rpt1)rcp r1.x, (r)r2.x: two results, landing together.
  const EmulationResult r = RunVs("mov.f32f32 r2.x, c0.y\nmov.f32f32 r2.y, c0.w\n(rpt5)nop\n"
                                  "(rpt1)rcp r1.x, (r)r2.x\n(ss)end\n",
                                  1, kC0);
  EXPECT_EQ(Out(r, 0, 0, 0), kHalf);
  EXPECT_EQ(Out(r, 0, 0, 1), Bits(0.25f));
  EXPECT_TRUE(r.hazards.empty());
}

// ---- texture fetches: (sy)

struct TexFixture {
  ShaderState state = VsState({1});
  common::TestVector vector = VsVector(1);
  common::TextureUnit unit;
  TexFixture() {
    unit.seed = 42;
    state.samplers.push_back({0, 0, 0});
    vector.textures[0] = unit;
    // c1 = texel (3, 5) centre of a 16x16 texture.
    state.consts.push_back({0, 1, 1});
    vector.constants[0][1] = {Bits(3.5f / 16), Bits(5.5f / 16), 0, 0};
  }
  EmulationResult Run(const std::string& text) { return emutest::Execute(Asm(text, state), vector); }
};

const std::string kTexPrep = "mov.f32f32 r0.x, c1.x\nmov.f32f32 r0.y, c1.y\n(rpt5)nop\n";  // slots 0..7

TEST(Sync, SyLandsTextureResultAndStalls) {
  TexFixture f;
  const EmulationResult r = f.Run(kTexPrep + "sam (f32)(xyzw)r1.x, r0.x, s#0, t#0\n(sy)end\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  const std::array<float, 4> texel = common::TexelValue(f.unit, 0, 0, 3, 5, 0);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(r, 0, 0, c), Bits(texel[c])) << c;
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(r.stats.stall_cycles, static_cast<uint64_t>(A3xx().tex_latency));
  EXPECT_EQ(r.stats.sy, 1u);
}

TEST(Sync, MissingSyGivesStaleOutputs) {
  // Every destination scalar is pending, r1.zw outside the mask too.
  TexFixture f;
  const EmulationResult r = f.Run(kTexPrep + "sam (f32)(xy)r1.x, r0.x, s#0, t#0\nend\n");
  EXPECT_EQ(Out(r, 0, 0, 0), kZero);
  EXPECT_EQ(Out(r, 0, 0, 1), kZero);
  EXPECT_EQ(HazardStrings(r), (std::vector<std::string>{
                                  "instr 4: r1.x missing-sy, 64 cycles short", "instr 4: r1.y missing-sy, 64 cycles short",
                                  "instr 4: r1.z missing-sy, 64 cycles short", "instr 4: r1.w missing-sy, 64 cycles short"}));
}

// docs/isa-a3xx.md §4.3: a texture fetch writes its destination's
// components outside the write mask too.
TEST(Sync, TextureWritesItsWholeDestination) {
  // r1.zw hold 3.0 before an (xy) fetch into r1: after the (sy) they hold
  // what the unit computed for z and w, not 3.0.
  TexFixture f;
  const std::string pre = "mov.f32f32 r1.z, (3.0)\nmov.f32f32 r1.w, (3.0)\n";
  const EmulationResult r = f.Run(pre + kTexPrep + "sam (f32)(xy)r1.x, r0.x, s#0, t#0\n(sy)end\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_TRUE(r.hazards.empty()) << HazardStrings(r).front();
  const std::array<float, 4> texel = common::TexelValue(f.unit, 0, 0, 3, 5, 0);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(r, 0, 0, c), Bits(texel[c])) << c;
  EXPECT_NE(Bits(texel[2]), kThree);
  // A dsx (derivatives have no z/w here) clobbers them with 0.
  const EmulationResult d = f.Run(pre + "(rpt5)nop\ndsx (f32)(x)r1.x, r0.x\n(sy)end\n");
  ASSERT_EQ(d.result.status, ExecStatus::kOk) << d.result.detail;
  EXPECT_EQ(Out(d, 0, 0, 2), kZero);
  EXPECT_EQ(Out(d, 0, 0, 3), kZero);
}

TEST(Sync, WritingOutsideTheMaskBeforeSyIsWaw) {
  // Without the (sy) the mov of r1.z races the fetch's write of it (ir3
  // syncs it for that reason): a waw-async hazard, and the fetch's value
  // lands over the mov's.
  TexFixture f;
  const EmulationResult r = f.Run(kTexPrep + "sam (f32)(xy)r1.x, r0.x, s#0, t#0\nmov.f32f32 r1.z, (3.0)\n(sy)end\n");
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 4: r1.z waw-async, 64 cycles short"});
  EXPECT_EQ(Out(r, 0, 0, 2), Bits(common::TexelValue(f.unit, 0, 0, 3, 5, 0)[2]));
  // With it, the mov is ordered after the fetch and stands.
  const EmulationResult ok =
      f.Run(kTexPrep + "sam (f32)(xy)r1.x, r0.x, s#0, t#0\n(sy)mov.f32f32 r1.z, (3.0)\nend\n");
  EXPECT_TRUE(ok.hazards.empty());
  EXPECT_EQ(Out(ok, 0, 0, 2), kThree);
}

TEST(Sync, TextureCoordinatesNeedSixSlots) {
  // sam is a non-ALU consumer: coordinates written at slots 0/1 need 6
  // delay slots; with 5 nops after the second mov (sam at slot 7) r0.y is
  // read stale (t = 0: texel row 0).
  TexFixture f;
  const EmulationResult r =
      f.Run("mov.f32f32 r0.x, c1.x\nmov.f32f32 r0.y, c1.y\n(rpt4)nop\nsam (f32)(x)r1.x, r0.x, s#0, t#0\n(sy)end\n");
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 3: r0.y alu-delay, 1 cycle short"});
  EXPECT_EQ(Out(r, 0, 0, 0), Bits(common::TexelValue(f.unit, 0, 0, 3, 0, 0)[0]));
}

TEST(Sync, TextureSourcesAreReadLazily) {
  // Overwriting the coordinate register before the fetch completes moves the
  // fetch (war-async): x becomes 0 -> texel (0, 5).
  TexFixture f;
  const EmulationResult r =
      f.Run(kTexPrep + "sam (f32)(x)r1.x, r0.x, s#0, t#0\nmov.f32f32 r0.x, c2.x\n(sy)end\n");
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 4: r0.x war-async, 64 cycles short"});
  EXPECT_EQ(Out(r, 0, 0, 0), Bits(common::TexelValue(f.unit, 0, 0, 0, 5, 0)[0]));
}

TEST(Sync, SsResolvesTextureWriteAfterRead) {
  // ir3 puts (ss) (not (sy)) on an instruction overwriting a texture source:
  // after the (ss) the fetch has read its coordinates.
  TexFixture f;
  const EmulationResult r =
      f.Run(kTexPrep + "sam (f32)(x)r1.x, r0.x, s#0, t#0\n(ss)mov.f32f32 r0.x, c2.x\n(sy)end\n");
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(Out(r, 0, 0, 0), Bits(common::TexelValue(f.unit, 0, 0, 3, 5, 0)[0]));
  EXPECT_EQ(r.stats.stall_cycles, 63u);  // only the (sy) waits: sam at cycle 8, (sy) at 9
}

}  // namespace
}  // namespace shaderdiff::a3xx
