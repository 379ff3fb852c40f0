// TEX (A.10, A.11): sampling through emulator/common's texture model, the
// semaphore (ACQUIRE, WAIT) with asynchronous results, stale reads and the
// hazards, TEXKILL with R500's -0 rule, IGNORE_UNCOVERED.
#include <gtest/gtest.h>

#include "emulator/r500/test_util.h"

namespace shaderdiff::r500 {
namespace {

using namespace test;

constexpr const char* kLd =
    "tex tex_sem_wait rgb_wmask=7 alpha_wmask tex_op=ld tex_sem_acquire tex_src_t=g tex_dst=1 tex_dst_g=g tex_dst_b=b tex_dst_a=a\n";
constexpr const char* kOutT1 =
    "out tex_sem_wait rgb_omask=7 alpha_omask rgb_addr0=1 alpha_addr0=1 rgb_swz_a_g=g rgb_swz_a_b=b"
    " rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1 alpha_op=mad alpha_swz_a=a alpha_swz_b=1 alpha_swz_c=0"
    " rgb_op=mad rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0\n";

State WithTexture(const std::string& text) {
  State s = Program(text);
  s.textures[0].bound = true;
  s.textures[0].unit.seed = 42;
  return s;
}

// Texel (3 + p%2, 5 + p/2) of the 16x16 texture, sampled at its centre.
Quad TexelCentres() {
  std::array<common::Vec4, kQuadPixels> c{};
  for (int p = 0; p < 4; ++p) c[p] = V((3.5f + p % 2) / 16, (5.5f + p / 2) / 16, 0, 1);
  Quad q = QuadWith(0, c);
  q.inputs.push_back({1, {V(-7, -7, -7, -7), V(-7, -7, -7, -7), V(-7, -7, -7, -7), V(-7, -7, -7, -7)}});
  return q;
}

common::Vec4 Texel(const State& s, int p) {
  auto t = common::TexelValue(s.textures[0].unit, 0, 0, 3 + p % 2, 5 + p / 2, 0);
  return V(t[0], t[1], t[2], t[3]);
}

TEST(Tex, WaitedLookupGivesTheTexelAndCostsTheLatency) {
  State s = WithTexture(std::string(kLd) + kOutT1);
  RunResult r = RunQuad(s, TexelCentres());
  ASSERT_EQ(r.error, "");
  for (int p = 0; p < 4; ++p) EXPECT_EQ(r.pixels[p].color[0], Texel(s, p)) << p;
  EXPECT_NE(r.pixels[0].color[0], r.pixels[1].color[0]);
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(r.wait_cycles, 11u);  // issue at 0, lands at 12, OUT waits from 1
  EXPECT_EQ(r.cycles, 13u);
  RunOptions slow;
  slow.params.tex_latency = 40;
  EXPECT_EQ(RunQuad(s, TexelCentres(), slow).cycles, 41u);
}

TEST(Tex, ReadWithoutAcquireReturnsTheStaleValueAndIsAHazard) {
  State s = WithTexture(std::string(kLd) + kOutT1);
  s.code[0].Set(Field::kTexSemAcquire, 0);
  RunResult r = RunQuad(s, TexelCentres());
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0], V(-7, -7, -7, -7));
  EXPECT_TRUE(HasHazard(r, "tex-read-before-wait"));
  EXPECT_EQ(r.hazards[0].slot, 1);
  EXPECT_EQ(r.wait_cycles, 0u);
}

TEST(Tex, ReadBeforeTheWaitingInstructionIsAHazardWriteTooAfterLanding) {
  // An ALU reads t1 between the TEX and the waiting OUT.
  std::string mid = "alu rgb_wmask=1 rgb_dest=2 rgb_addr0=1 rgb_swz_b_r=1 rgb_swz_c_r=0 alpha_op=mad rgb_op=mad\n";
  RunResult r = RunQuad(WithTexture(std::string(kLd) + mid + kOutT1), TexelCentres());
  EXPECT_TRUE(HasHazard(r, "tex-read-before-wait"));
  // With a latency of 1 the value has landed, but the read is still a race.
  RunOptions fast;
  fast.params.tex_latency = 1;
  r = RunQuad(WithTexture(std::string(kLd) + mid + kOutT1), TexelCentres(), fast);
  EXPECT_TRUE(HasHazard(r, "tex-read-before-wait"));
  std::string overwrite = "alu rgb_wmask=1 rgb_dest=1 rgb_swz_b_r=1 rgb_swz_c_r=0 alpha_op=mad rgb_op=mad\n";
  r = RunQuad(WithTexture(std::string(kLd) + overwrite + kOutT1), TexelCentres());
  EXPECT_TRUE(HasHazard(r, "write-before-tex-wait"));
  State s = WithTexture(std::string(kLd) + overwrite + kOutT1);
  EXPECT_EQ(RunQuad(s, TexelCentres()).pixels[0].color[0], Texel(s, 0));  // the TEX lands last
}

TEST(Tex, IgnoreUncoveredSkipsHelperPixels) {
  State s = WithTexture(std::string(kLd) + kOutT1);
  s.code[0].Set(Field::kTexIgnoreUncovered, 1);
  Quad q = TexelCentres();
  q.covered[3] = false;
  RunResult r = RunQuad(s, q);
  EXPECT_EQ(r.pixels[3].color[0], V(-7, -7, -7, -7));
  EXPECT_EQ(r.pixels[2].color[0], Texel(s, 2));
}

TEST(Tex, KillTreatsMinusZeroAsNegative) {
  State s = Program(std::string("tex tex_op=texkill tex_src_t=g tex_src_r=b tex_src_q=a\n") + kOutT1);
  const common::Vec4 nan_x = {0x7fc00000u, F(1), F(1), F(1)};
  const common::Vec4 minus_zero = {F(1), 0x80000000u, F(1), F(1)};
  RunResult r = RunQuad(s, QuadWith(0, {V(0, 1, 1, 1), minus_zero, V(1, 1, 1, -1), nan_x}));
  ASSERT_EQ(r.error, "");
  EXPECT_FALSE(r.pixels[0].killed);  // +0 is not negative
  EXPECT_TRUE(r.pixels[1].killed);   // -0 is (A.10)
  EXPECT_TRUE(r.pixels[2].killed);
  EXPECT_FALSE(r.pixels[3].killed);  // NaN is not < 0 (reading)
  EXPECT_EQ(r.pixels[1].color_written[0], 0);  // killed pixels write no outputs
  EXPECT_EQ(r.pixels[0].color_written[0], 0xf);
}

}  // namespace
}  // namespace shaderdiff::r500
