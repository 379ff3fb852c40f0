// CONST ranges in global memory (ShaderState::global_consts, io.cc): the
// driver's fill puts each constant of the vector at its byte address and the
// address in its const scalar before the first wave; ldg reads them (sy
// class); a load of bytes neither an stg nor the fill wrote is the
// "global-uninit" hazard; the state checker refuses ranges a driver could
// not program.
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

// OUT[0] = r1; CONST[0][0..1] at byte 0x100, its address in c2.y.
ShaderState UboState(uint32_t count = 2) {
  ShaderState s = VsState({1});
  s.global_consts.push_back(GlobalConstRange{0, 0, count, 0x100, 4 * 2 + 1});
  return s;
}

common::TestVector UboVector() {
  common::TestVector v = VsVector(2);
  v.constants[0][0] = {kOne, kTwo, kThree, kFour};
  v.constants[0][1] = {kHalf, kInf, 7, 9};
  return v;
}

// r1 = CONST[0][1].yx, then CONST[0][0].w and the address itself.
constexpr const char* kReadBack =
    "mov.u32u32 r0.x, c2.y\n(rpt5)nop\n"
    "ldg.u32 r1.x, g[r0.x+20], 1\nldg.u32 r1.y, g[r0.x+16], 1\nldg.u32 r1.z, g[r0.x+12], 1\n"
    "(sy)mov.u32u32 r1.w, r0.x\nend\n";

TEST(GlobalConsts, TheFillPutsTheVectorsConstantsAtTheirAddress) {
  const EmulationResult r = Execute(Asm(kReadBack, UboState()), UboVector(), HazardMode::kTrap);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_TRUE(r.hazards.empty()) << ::testing::PrintToString(HazardStrings(r));
  for (uint32_t lane = 0; lane < 2; ++lane) {
    EXPECT_EQ(Out(r, 0, lane, 0), kInf);
    EXPECT_EQ(Out(r, 0, lane, 1), kHalf);
    EXPECT_EQ(Out(r, 0, lane, 2), kFour);
    EXPECT_EQ(Out(r, 0, lane, 3), 0x100u);
  }
}

TEST(GlobalConsts, AConstantMissingFromTheVectorIsZero) {
  common::TestVector v = UboVector();
  v.constants[0].erase(1);
  const EmulationResult r = Execute(Asm(kReadBack, UboState()), v, HazardMode::kTrap);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 0, 0), 0u);
}

TEST(GlobalConsts, ALoadPastTheFilledBytesIsAHazard) {
  // One constant filled: CONST[0][1] is bytes nobody wrote.
  const EmulationResult r = Execute(Asm(kReadBack, UboState(1)), UboVector());
  EXPECT_EQ(HazardStrings(r), (std::vector<std::string>{"instr 2: r1.x global-uninit",
                                                        "instr 3: r1.y global-uninit"}));
  const EmulationResult trapped = Execute(Asm(kReadBack, UboState(1)), UboVector(), HazardMode::kTrap);
  EXPECT_EQ(trapped.result.status, ExecStatus::kError);
  EXPECT_NE(trapped.result.detail.find("global-uninit"), std::string::npos) << trapped.result.detail;
}

TEST(GlobalConsts, AStoreIssuedBeforeTheLoadCountsAsWritten) {
  const EmulationResult r = Execute(
      Asm("mov.u32u32 r0.x, 64\n(rpt5)nop\nstg.u32 g[r0.x], r0.x, 1\nldg.u32 r1.x, g[r0.x], 1\n"
          "ldg.u32 r1.y, g[r0.x+4], 1\n(sy)end\n",
          VsState({1})),
      VsVector(1));
  EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 4: r1.y global-uninit"});
  EXPECT_EQ(Out(r, 0, 0, 0), 64u);
}

TEST(GlobalConsts, StatesNoDriverCouldProgramAreRefused) {
  auto refused = [](ShaderState s) {
    const EmulationResult r = Execute(Asm("end\n", s), UboVector());
    EXPECT_EQ(r.result.status, ExecStatus::kError);
    return r.result.detail;
  };
  ShaderState s = UboState();
  s.global_consts[0].count = 0;
  EXPECT_NE(refused(s).find("is empty"), std::string::npos);
  s = UboState();
  s.global_consts[0].address_scalar = 4 * 512;
  EXPECT_NE(refused(s).find("beyond the const file"), std::string::npos);
  s = UboState();
  s.immediates.push_back(ImmediateConst{2, {1, 2, 3, 4}});
  EXPECT_NE(refused(s).find("also set by another binding"), std::string::npos);
  s = UboState();
  s.global_consts[0].address = 0xfffffff8u;
  EXPECT_NE(refused(s).find("32-bit address space"), std::string::npos);
  s = UboState();
  s.global_consts.push_back(GlobalConstRange{1, 0, 1, 0x110, 4 * 2 + 2});
  EXPECT_NE(refused(s).find("shares bytes"), std::string::npos);
  s = UboState();
  s.global_consts.push_back(GlobalConstRange{0, 1, 1, 0x200, 4 * 2 + 2});
  EXPECT_NE(refused(s).find("holds constants another range holds"), std::string::npos);
  EXPECT_EQ(Execute(Asm("end\n", UboState()), UboVector()).result.status, ExecStatus::kOk);
}

}  // namespace
}  // namespace shaderdiff::a3xx
