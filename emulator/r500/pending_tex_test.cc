// The bookkeeping of TEX writes in flight (machine.h, emulator.cc): a landed
// write that later landed writes to the same pixel and temp cover is
// dropped, so a loop of lookups that never waits keeps `pending` small, and
// the hazard checks still see every register an un-waited TEX wrote.
#include <gtest/gtest.h>

#include "emulator/r500/machine.h"

namespace shaderdiff::r500 {
namespace {

PendingTex Write(int slot, uint64_t seq, uint64_t land, int pixel, int temp, uint8_t mask, float x) {
  PendingTex t;
  t.slot = slot;
  t.seq = seq;
  t.land_cycle = land;
  t.pixel = pixel;
  t.temp = temp;
  t.mask = mask;
  for (int c = 0; c < 4; ++c) t.value[c] = common::FromFloat(x + static_cast<float>(c));
  return t;
}

struct Fixture {
  RunOptions opt;
  RunResult out;
  Machine m;
  Fixture() {
    m.opt = &opt;
    m.out = &out;
  }
};

TEST(PendingTex, ALoopOfLandedWritesToOneRegisterKeepsOnlyTheLast) {
  Fixture f;
  for (int i = 0; i < 1000; ++i) f.m.pending.push_back(Write(i, static_cast<uint64_t>(i), static_cast<uint64_t>(i), 0, 1, 0xf, static_cast<float>(i)));
  f.m.LandUpTo(5000);
  ASSERT_EQ(f.m.pending.size(), 1u);
  EXPECT_EQ(f.m.pending[0].slot, 999);
  EXPECT_EQ(f.m.px[0].temps[1][0], common::FromFloat(999.0f));  // issue order: the last write wins
  f.m.ReadTemp(7, 0, 1, 0x1);
  ASSERT_EQ(f.out.hazards.size(), 1u);
  EXPECT_EQ(f.out.hazards[0].kind, "tex-read-before-wait");
  EXPECT_EQ(f.out.hazards[0].slot, 7);
}

TEST(PendingTex, OnlyCoveredLandedWritesAreDropped) {
  Fixture f;
  f.m.pending.push_back(Write(0, 0, 1, 0, 1, 0x3, 1));   // rg: covered by slot 2's rg
  f.m.pending.push_back(Write(1, 1, 1, 0, 1, 0x4, 2));   // b: not covered
  f.m.pending.push_back(Write(2, 2, 1, 0, 1, 0x3, 3));   // rg
  f.m.pending.push_back(Write(3, 3, 1, 1, 1, 0x3, 4));   // another pixel
  f.m.pending.push_back(Write(4, 4, 1, 0, 2, 0x3, 5));   // another temp
  f.m.pending.push_back(Write(5, 5, 99, 0, 1, 0xf, 6));  // not landed: kept, covers nothing
  f.m.LandUpTo(10);
  std::vector<int> slots;
  for (const PendingTex& t : f.m.pending) slots.push_back(t.slot);
  EXPECT_EQ(slots, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(f.m.px[0].temps[1][0], common::FromFloat(3.0f));
  EXPECT_EQ(f.m.px[0].temps[1][2], common::FromFloat(4.0f));
}

TEST(PendingTex, ACheckNamesTheEarliestUncoveredTexAndReportsOncePerSlot) {
  Fixture f;
  f.m.pending.push_back(Write(3, 0, 1, 0, 1, 0x1, 1));
  f.m.pending.push_back(Write(4, 1, 1, 0, 1, 0x2, 1));
  f.m.LandUpTo(10);
  ASSERT_EQ(f.m.pending.size(), 2u);
  f.m.CheckWriteAfterTex(9, 0, 1, 0x3);
  f.m.CheckWriteAfterTex(9, 0, 1, 0x3);
  ASSERT_EQ(f.out.hazards.size(), 1u);
  EXPECT_NE(f.out.hazards[0].detail.find("TEX at slot 3"), std::string::npos) << f.out.hazards[0].detail;
  f.m.ReadTemp(9, 0, 2, 0xf);  // t2 has no TEX write
  EXPECT_EQ(f.out.hazards.size(), 1u);
}

}  // namespace
}  // namespace shaderdiff::r500
