// cat6 memory: local memory (ss class) and global memory (sy class), lazy
// store sources, atomics in lane order, out-of-range local accesses.
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

const std::string kPrep =  // r0.x = 16 (address), r0.y = 3.0, r0.z = 1
    "mov.u32u32 r0.x, 16\nmov.f32f32 r0.y, (3.000000)\nmov.u32u32 r0.z, 1\n(rpt5)nop\n";

TEST(Memory, LocalStoreThenLoad) {
  const EmulationResult r =
      RunVs(kPrep + "stl.u32 l[r0.x+4], r0.y, 1\nldl.u32 r1.x, l[r0.x+4], 1\n(ss)end\n", 1, {}, HazardMode::kStale, 2);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 1, 0), kThree);
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(r.stats.stall_cycles, static_cast<uint64_t>(FindTiming("a3xx")->mem_latency));
}

TEST(Memory, LoadWithoutSyncIsStale) {
  const EmulationResult r = RunVs(kPrep + "stl.u32 l[r0.x], r0.y, 1\nldl.u32 r1.x, l[r0.x], 1\n"
                                          "mov.f32f32 r1.y, r1.x\n(ss)end\n");
  EXPECT_EQ(Out(r, 0, 0, 0), kThree);
  EXPECT_EQ(Out(r, 0, 0, 1), kZero);
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 6: r1.x missing-ss, 110 cycles short"});
}

TEST(Memory, StoreSourcesAreReadLazily) {
  const EmulationResult r = RunVs(kPrep + "stl.u32 l[r0.x], r0.y, 1\nmov.f32f32 r0.y, (2.000000)\n"
                                          "(ss)nop\nldl.u32 r1.x, l[r0.x], 1\n(ss)end\n");
  EXPECT_EQ(Out(r, 0, 0, 0), kTwo);
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 5: r0.y war-async, 110 cycles short"});
}

TEST(Memory, MultipleComponentsAndTypes) {
  const EmulationResult r = RunVs(kPrep +
                                      "stl.u32 l[r0.x], r0.y, 1\nstl.u32 l[r0.x+4], r0.z, 1\n"
                                      "stl.u8 l[r0.x+8], hr0.x, 1\n"  // hr0.x = 0: one zero byte
                                      "ldl.u32 r1.x, l[r0.x], 3\n"
                                      "ldl.u16 hr2.x, l[r0.x+2], 1\n"
                                      "(ss)cov.u16u32 r1.w, hr2.x\nend\n");
  EXPECT_EQ(Out(r, 0, 0, 0), kThree);
  EXPECT_EQ(Out(r, 0, 0, 1), 1u);
  EXPECT_EQ(Out(r, 0, 0, 2), 0u);
  EXPECT_EQ(Out(r, 0, 0, 3), kThree >> 16);  // the high half of 3.0f
}

TEST(Memory, GlobalStoreThenLoad) {
  const EmulationResult r =
      RunVs(kPrep + "stg.f32 g[r0.x-16], r0.y, 1\nldg.f32 r1.x, g[r0.x-16], 1\n(sy)end\n");
  EXPECT_EQ(Out(r, 0, 0, 0), kThree);
  EXPECT_EQ(r.stats.sy, 1u);
  EXPECT_TRUE(r.hazards.empty());
}

TEST(Memory, LocalAtomicsRunInLaneOrder) {
  // Four lanes add 1 to l[16]: old values 0, 1, 2, 3; then l[16] = 4.
  const EmulationResult r = RunVs(kPrep +
                                      "atomic.add.untyped.1d.u32.1.l r1.x, l[r0.x], r0.z\n"
                                      "(ss)nop\n"
                                      "ldl.u32 r1.y, l[r0.x], 1\n(ss)end\n",
                                  1, {}, HazardMode::kStale, 4);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    EXPECT_EQ(Out(r, 0, l, 0), l);
    EXPECT_EQ(Out(r, 0, l, 1), 4u);
  }
}

TEST(Memory, LocalOutOfRangeIsCountedNotAnError) {
  const EmulationResult r = RunVs(
      "mov.u32u32 r0.x, 0x100000\n(rpt5)nop\nstl.u32 l[r0.x], r0.x, 1\nldl.u32 r1.x, l[r0.x], 1\n(ss)end\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 0, 0), 0u);
  EXPECT_EQ(r.stats.out_of_range_accesses, 2u);
}

}  // namespace
}  // namespace shaderdiff::a3xx
