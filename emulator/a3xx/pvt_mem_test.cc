// cat6 private memory (ldp/stp, mem.cc): one memory per fiber sized by
// ShaderState::pvt_mem_units, sy-class completion, loads after stores of
// the same op class in issue order, and the hazards for accesses outside
// the fiber's memory or of bytes this wave never stored.
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

// OUT[0] = r1, IN[0] = r0 (r0.x: the value, r0.y: the address), `units`
// 128-byte units of private memory per fiber.
ShaderState PvtState(uint8_t units) {
  ShaderState s = VsState({1}, {0});
  s.pvt_mem_units = units;
  return s;
}

// Two lanes with different IN[0].x, both addressing byte `addr`.
common::TestVector TwoLanes(Word addr) {
  common::TestVector v = VsVector(2);
  SetInput(v, 0, {kOne, addr, 0, 0});
  v.inputs[0][1][0] = kTwo;
  return v;
}

TEST(PrivateMemory, EachFiberHasItsOwn) {
  const Program p = Asm("stp.u32 p[r0.y+4], r0.x, 1\nldp.u32 r1.x, p[r0.y+4], 1\n(sy)end\n", PvtState(1));
  const EmulationResult r = Execute(p, TwoLanes(8));
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_TRUE(r.hazards.empty()) << ::testing::PrintToString(HazardStrings(r));
  EXPECT_EQ(Out(r, 0, 0, 0), kOne);
  EXPECT_EQ(Out(r, 0, 1, 0), kTwo);
  EXPECT_EQ(r.stats.sy, 1u);
}

TEST(PrivateMemory, LoadNeedsSy) {
  const Program p = Asm("stp.u32 p[r0.y], r0.x, 1\nldp.u32 r1.x, p[r0.y], 1\nmov.f32f32 r1.y, r1.x\n(sy)end\n",
                        PvtState(1));
  const EmulationResult r = Execute(p, TwoLanes(0));
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  ASSERT_EQ(HazardStrings(r).size(), 1u);
  EXPECT_NE(HazardStrings(r)[0].find("r1.x missing-sy"), std::string::npos) << HazardStrings(r)[0];
}

TEST(PrivateMemory, StoreSourceIsReadLazily) {
  const Program p = Asm("stp.u32 p[r0.y], r0.x, 1\nmov.f32f32 r0.x, (3.000000)\n(ss)nop\n"
                        "ldp.u32 r1.x, p[r0.y], 1\n(sy)end\n",
                        PvtState(1));
  const EmulationResult r = Execute(p, TwoLanes(0));
  ASSERT_EQ(HazardStrings(r).size(), 1u);
  EXPECT_NE(HazardStrings(r)[0].find("r0.x war-async"), std::string::npos) << HazardStrings(r)[0];
  EXPECT_EQ(Out(r, 0, 0, 0), kThree);
}

TEST(PrivateMemory, TheLastWordOfTheUnitIsInRangeTheNextIsNot) {
  const std::string text = "stp.u32 p[r0.y], r0.x, 1\nldp.u32 r1.x, p[r0.y], 1\n(sy)end\n";
  const EmulationResult in = Execute(Asm(text, PvtState(1)), TwoLanes(124));
  EXPECT_TRUE(in.hazards.empty());
  EXPECT_EQ(Out(in, 0, 1, 0), kTwo);
  const EmulationResult out = Execute(Asm(text, PvtState(1)), TwoLanes(126));  // straddles byte 128
  EXPECT_EQ(HazardStrings(out), (std::vector<std::string>{"instr 0: r0.y pvt-range", "instr 1: r1.x pvt-range"}));
  EXPECT_EQ(Out(out, 0, 1, 0), 0u);
  EXPECT_EQ(Execute(Asm(text, PvtState(2)), TwoLanes(252)).hazards.size(), 0u);
}

// 16- and 8-bit elements (mem.cc's private path for elements narrower than
// a word): little-endian bytes, u8 zero- and s8 sign-extended to 16 bits, a
// narrow store taking the low bytes of its half register.
TEST(PrivateMemory, NarrowElementsAreLittleEndianBytes) {
  const Program p = Asm(
      "stp.u32 p[r0.y], r0.x, 1\n"
      "ldp.u16 hr2.x, p[r0.y+2], 1\nldp.u8 hr2.y, p[r0.y+2], 1\nldp.s8 hr2.z, p[r0.y+2], 1\n"
      "(sy)stp.u16 p[r0.y+8], hr2.x, 1\nstp.u8 p[r0.y+10], hr2.z, 1\nstp.u8 p[r0.y+11], hr2.y, 1\n"
      "ldp.u32 r1.w, p[r0.y+8], 1\n"
      "(sy)cov.u16u32 r1.x, hr2.x\ncov.u16u32 r1.y, hr2.y\ncov.u16u32 r1.z, hr2.z\nend\n",
      PvtState(1));
  const EmulationResult r = Execute(p, TwoLanes(0));  // lane 0: 1.0f = 0x3f800000, lane 1: 2.0f = 0x40000000
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_TRUE(r.hazards.empty()) << ::testing::PrintToString(HazardStrings(r));
  EXPECT_EQ(Out(r, 0, 0, 0), 0x3f80u);
  EXPECT_EQ(Out(r, 0, 0, 1), 0x80u);
  EXPECT_EQ(Out(r, 0, 0, 2), 0xff80u);
  EXPECT_EQ(Out(r, 0, 0, 3), 0x80803f80u);
  EXPECT_EQ(Out(r, 0, 1, 0), 0x4000u);
  EXPECT_EQ(Out(r, 0, 1, 1), 0u);
  EXPECT_EQ(Out(r, 0, 1, 2), 0u);
  EXPECT_EQ(Out(r, 0, 1, 3), 0x4000u);
}

TEST(PrivateMemory, NoneProgrammedMeansEveryAccessIsOutOfRange) {
  const EmulationResult r = Execute(Asm("ldp.u32 r1.x, p[r0.y], 1\n(sy)end\n", PvtState(0)), TwoLanes(0));
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 0: r1.x pvt-range"});
}

TEST(PrivateMemory, LoadOfBytesNeverStoredIsAHazard) {
  const EmulationResult r = Execute(
      Asm("stp.u32 p[r0.y], r0.x, 1\nldp.u32 r1.x, p[r0.y], 2\n(sy)end\n", PvtState(1)), TwoLanes(0));
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 1: r1.x pvt-uninit"});
}

TEST(PrivateMemory, TrapModeStopsAtTheFirst) {
  const EmulationResult r =
      Execute(Asm("ldp.u32 r1.x, p[r0.y], 1\n(sy)end\n", PvtState(1)), TwoLanes(0), HazardMode::kTrap);
  EXPECT_EQ(r.result.status, ExecStatus::kError);
  EXPECT_NE(r.result.detail.find("pvt-uninit"), std::string::npos) << r.result.detail;
}

}  // namespace
}  // namespace shaderdiff::a3xx
