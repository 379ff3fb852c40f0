// Prepare once, Emulate many times: the same results as one Emulate per
// vector, including the texture units each vector brings, the refusal of a
// program preparation rejects (after the vector-stage check, as before), and
// a timing row other than the one the program was prepared for.
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx::emutest {
namespace {

using common::ExecStatus;

void ExpectSame(const EmulationResult& a, const EmulationResult& b) {
  EXPECT_EQ(a.result.status, b.result.status);
  EXPECT_EQ(a.result.detail, b.result.detail);
  EXPECT_TRUE(a.result.outputs == b.result.outputs);
  EXPECT_EQ(a.stats, b.stats);
  EXPECT_EQ(a.hazards, b.hazards);
}

EmulatorOptions Options() {
  EmulatorOptions o;
  o.timing = FindTiming("a3xx");
  return o;
}

// The register file is kept from call to call in the thread's storage and
// keeps it when the wave width changes (a3xx: 16 fragment lanes, 8 vertex
// lanes): every call must still start from zero registers. In the 8-lane
// layout the fragment wave's r5.xyzw lie where r10.x..r11.w are.
TEST(Prepared, RegistersStartAtZeroAfterAWaveOfAnotherWidth) {
  const Program fs = Asm(
      "mov.f32f32 r5.x, (3.000000)\nmov.f32f32 r5.y, (3.000000)\nmov.f32f32 r5.z, (3.000000)\n"
      "mov.f32f32 r5.w, (3.000000)\nend\n",
      FsState({1}));
  const Program vs = Asm("mov.f32f32 r1.x, r10.x\nmov.f32f32 r1.y, r10.w\nmov.f32f32 r1.z, r11.x\n"
                         "mov.f32f32 r1.w, r11.w\nend\n",
                         VsState({1}));
  for (int round = 0; round < 2; ++round) {
    ASSERT_EQ(Execute(fs, FsVector(16)).result.status, ExecStatus::kOk);
    const EmulationResult r = Execute(vs, VsVector(8));
    ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
    for (uint32_t lane = 0; lane < 8; ++lane) {
      for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(r, 0, lane, c), 0u) << "lane " << lane << " component " << c;
    }
  }
}

TEST(Prepared, TextureUnitsComeFromEachVector) {
  ShaderState s = VsState({1});
  s.samplers.push_back({0, 0, 0});
  const Program p = Asm(
      "mov.f32f32 r0.x, (0.5)\nmov.f32f32 r0.y, (0.5)\n(rpt5)nop\nsam (f32)(xyzw)r1.x, r0.x, s#0, t#0\n"
      "(rpt3)nop\n(sy)end\n",
      s);
  const EmulatorOptions o = Options();
  const auto prepared = Prepare(p, o);
  common::TestVector v1 = VsVector(1), v2 = VsVector(1);
  v1.textures[0].seed = 11;
  v2.textures[0].seed = 12;
  const EmulationResult a1 = Emulate(*prepared, v1, o), a2 = Emulate(*prepared, v2, o);
  ASSERT_EQ(a1.result.status, ExecStatus::kOk) << a1.result.detail;
  ExpectSame(a1, Emulate(p, v1, o));
  ExpectSame(a2, Emulate(p, v2, o));
  // Different texels for the two seeds: the unit really is per call.
  EXPECT_FALSE(a1.result.outputs == a2.result.outputs);
}

TEST(Prepared, RefusalIsRememberedAfterTheStageCheck) {
  const Program bad = Asm("mov.f32f32 r47.w, r48.x\nend\n", VsState({1}));  // r48 does not exist
  const EmulatorOptions o = Options();
  const auto prepared = Prepare(bad, o);
  const EmulationResult r = Emulate(*prepared, VsVector(1), o);
  EXPECT_EQ(r.result.status, ExecStatus::kError);
  EXPECT_NE(r.result.detail.find("beyond"), std::string::npos) << r.result.detail;
  ExpectSame(r, Emulate(bad, VsVector(1), o));
  // A fragment vector for a vertex program: the stage error comes first.
  const EmulationResult f = Emulate(*prepared, FsVector(4), o);
  EXPECT_NE(f.result.detail.find("test vector's stage"), std::string::npos) << f.result.detail;
  ExpectSame(f, Emulate(bad, FsVector(4), o));
}

TEST(Prepared, AnotherTimingRowIsAnError) {
  const Program p = Asm("mov.f32f32 r1.x, c0.x\nend\n", VsState({1}));
  const auto prepared = Prepare(p, Options());
  EmulatorOptions other = Options();
  Timing copy = *other.timing;
  other.timing = &copy;
  const EmulationResult r = Emulate(*prepared, VsVector(1), other);
  EXPECT_EQ(r.result.status, ExecStatus::kError);
  EXPECT_NE(r.result.detail.find("another timing row"), std::string::npos) << r.result.detail;
}

}  // namespace
}  // namespace shaderdiff::a3xx::emutest
