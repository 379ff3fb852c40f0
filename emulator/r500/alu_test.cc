// The paired ALU: each expected value computed by hand from A.3-A.7.
#include <gtest/gtest.h>

#include <cmath>

#include "emulator/r500/test_util.h"

namespace shaderdiff::r500 {
namespace {

using namespace test;

// rgb = src0.rgb * src1.rgb + 0.5; alpha = src0.a * src1.a + 0; t0 and c1.
constexpr const char* kMadOut =
    "out tex_sem_wait rgb_omask=7 alpha_omask rgb_addr1=1 rgb_const1 alpha_addr1=1 alpha_const1"
    " rgb_swz_a_g=g rgb_swz_a_b=b rgb_sel_b=src1 rgb_swz_b_g=g rgb_swz_b_b=b"
    " alpha_op=mad alpha_swz_a=a alpha_sel_b=src1 alpha_swz_b=a"
    " rgb_op=mad rgb_swz_c_r=h rgb_swz_c_g=h rgb_swz_c_b=h alpha_swz_c=0\n";

TEST(Alu, PairedMadWithSwizzlesAndConstants) {
  State s = Program(kMadOut);
  s.consts[1] = V(2, -1, 0.25f, 3);
  RunResult r = RunQuad(s, QuadWith(0, {V(1, 2, 3, 4), V(0, 0, 0, 0), V(1, 1, 1, 1), V(-1, -1, -1, -1)}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0], V(2.5f, -1.5f, 1.25f, 12));
  EXPECT_EQ(r.pixels[1].color[0], V(0.5f, 0.5f, 0.5f, 0));
  EXPECT_EQ(r.pixels[3].color[0], V(-1.5f, 1.5f, 0.25f, -3));
  EXPECT_EQ(r.pixels[0].color_written[0], 0xf);
  EXPECT_EQ(r.pixels[0].color_written[1], 0);
  EXPECT_EQ(r.instructions, 1u);
  EXPECT_EQ(r.cycles, 1u);
  EXPECT_TRUE(r.hazards.empty());
}

TEST(Alu, PresubSubOmodClampAndModifiers) {
  // rgb: (t1 - t0) * 1 + 0, x2, clamped; alpha: -|t0.a| * 1 + 0, /2.
  State s = Program(
      "out tex_sem_wait rgb_omask=7 alpha_omask rgb_clamp rgb_addr1=1 rgb_presub=sub"
      " rgb_sel_a=srcp rgb_swz_a_g=g rgb_swz_a_b=b rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1 rgb_omod=x2"
      " alpha_op=mad alpha_swz_a=a alpha_mod_a=nab alpha_swz_b=1 alpha_omod=d2"
      " rgb_op=mad rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0 alpha_swz_c=0\n");
  Quad q = QuadWith(0, {V(0.25f, 0.5f, 1, -3), V(0.25f, 0.5f, 1, 3), V(2, 2, 2, 0), V(1, 1, 1, 1)});
  q.inputs.push_back({1, {V(1, 1, 1, 0), V(1, 1, 1, 0), V(1, 1, 1, 0), V(1, 1, 1, 0)}});
  RunResult r = RunQuad(s, q);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0], V(1, 1, 0, -1.5f));  // (0.75,0.5,0)*2 -> (1.5,1,0) clamped
  EXPECT_EQ(r.pixels[1].color[0][3], F(-1.5f));        // -|3| / 2
  EXPECT_EQ(r.pixels[2].color[0][0], 0u);  // (1-2)*2 = -2 clamps to +0
  EXPECT_EQ(r.pixels[2].color[0][3], 0u);  // -|0| * 1 + (+0) = +0 (IEEE sum of -0 and +0)
}

TEST(Alu, Dp4AndAlphaDpAndSopRcp) {
  State s = Program(
      "alu rgb_wmask=7 alpha_wmask alpha_addr1=0 alpha_const1 rgb_const1"
      " rgb_swz_a_g=g rgb_swz_a_b=b rgb_sel_b=src1 rgb_swz_b_g=g rgb_swz_b_b=b"
      " alpha_op=dp alpha_dest=2 alpha_swz_a=a alpha_sel_b=src1 alpha_swz_b=a rgb_op=dp4 rgb_dest=2\n"
      "out tex_sem_wait rgb_omask=7 alpha_omask alpha_op=rcp alpha_swz_a=a rgb_op=sop\n"
      "out tex_sem_wait rgb_omask=7 alpha_omask rgb_addr0=2 alpha_addr0=2 rgb_swz_a_g=g rgb_swz_a_b=b"
      " rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1 alpha_op=mad alpha_swz_a=a alpha_swz_b=1 alpha_swz_c=0"
      " rgb_op=mad rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0\n");
  s.consts[0] = V(5, 6, 7, 8);
  RunResult r = RunQuad(s, QuadWith(0, {V(1, 2, 3, 4), V(0, 0, 0, 0.5f), V(0, 0, 0, 0), V(0, 0, 0, 0)}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0], V(70, 70, 70, 70));  // 5+12+21+32, written by the last OUT
  EXPECT_EQ(r.pixels[1].color[0], V(4, 4, 4, 4));      // 0.5*8
  // Stop before the last OUT: the middle one's rcp of t0.a = 4.
  s.code.pop_back();
  r = RunQuad(s, QuadWith(0, {V(1, 2, 3, 4), V(0, 0, 0, 0.5f), V(0, 0, 0, 0), V(0, 0, 0, 0)}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0], V(0.25f, 0.25f, 0.25f, 0.25f));
  EXPECT_EQ(r.pixels[1].color[0], V(2, 2, 2, 2));
}

// alpha = c0.a * c0.r + 1 with c0 = (0, 0, 0, inf): 0 * inf.
constexpr const char* kZeroTimesInf =
    "out tex_sem_wait alpha_omask alpha_const0 alpha_op=mad alpha_swz_a=a alpha_swz_b=r alpha_swz_c=1\n";

TEST(Alu, ZeroTimesAnythingModeAndNanCanonicalisation) {
  State s = Program(kZeroTimesInf);
  s.consts[0] = {0, 0, 0, F(INFINITY)};
  RunResult r = RunQuad(s, Quad{});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0][3], 0x7fffffffu);  // NaN + 1 = NaN, canonicalised by OMOD x1
  s.zero_times_anything = true;
  r = RunQuad(s, Quad{});
  EXPECT_EQ(r.pixels[0].color[0][3], F(1));
}

TEST(Alu, OmodFlushesDenormalsOmodDisableDoesNot) {
  // alpha = max(t0.a, t0.a) with omod x1, then with omod disable.
  State s = Program("out tex_sem_wait alpha_omask alpha_op=max alpha_swz_a=a alpha_swz_b=a\n");
  const common::Word denorm = 0x80000005u;
  Quad q = QuadWith(0, {common::Vec4{0, 0, 0, denorm}, {}, {}, {}});
  RunResult r = RunQuad(s, q);
  EXPECT_EQ(r.pixels[0].color[0][3], 0x80000000u);
  s.code[0].Set(Field::kAlphaOmod, 7);
  r = RunQuad(s, q);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0][3], denorm);
}

TEST(Alu, SourcesReadBeforeWritesAndWriteMasks) {
  // t0.rgb = t0.aaa, t0.a = t0.r in one pair; only r,b of rgb written.
  State s = Program(
      "alu rgb_wmask=5 alpha_wmask rgb_swz_a_r=a rgb_swz_a_g=a rgb_swz_a_b=a rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1"
      " alpha_op=mad alpha_swz_a=r alpha_swz_b=1 alpha_swz_c=0 rgb_op=mad rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0\n"
      "out tex_sem_wait rgb_omask=7 alpha_omask rgb_swz_a_g=g rgb_swz_a_b=b rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1"
      " alpha_op=mad alpha_swz_a=a alpha_swz_b=1 alpha_swz_c=0 rgb_op=mad rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0\n");
  RunResult r = RunQuad(s, QuadWith(0, {V(1, 2, 3, 4), {}, {}, {}}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0], V(4, 2, 4, 1));
}

// t1.rgb = MDH/MDV(t0): -src0(top-left) * 1 + src0(neighbour), i.e. DDX/DDY.
std::string Deriv(const char* op, bool nop_before) {
  std::string p = std::string("alu rgb_wmask=1 rgb_dest=5") + (nop_before ? " nop" : "") +
                  " rgb_swz_b_r=1 alpha_op=mad rgb_op=mad\n";
  p += std::string("alu rgb_wmask=7 rgb_mod_a=neg rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1 alpha_op=mad rgb_op=") + op +
       " rgb_dest=1\n";
  p += "out tex_sem_wait rgb_omask=7 rgb_addr0=1 rgb_swz_a_g=g rgb_swz_a_b=b rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1"
       " alpha_op=mad rgb_op=mad rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0\n";
  return p;
}

TEST(Alu, MdhMdvDerivativesAcrossTheQuadWithHelpers) {
  Quad q = QuadWith(0, {V(1, 0, 0, 0), V(3, 0, 0, 0), V(10, 0, 0, 0), V(30, 0, 0, 0)});
  q.covered = {true, false, true, true};  // pixel 1 a helper: it still feeds MDH
  RunResult r = RunQuad(Program(Deriv("mdh", true)), q);
  ASSERT_EQ(r.error, "");
  for (int p : {0, 2, 3}) EXPECT_EQ(r.pixels[p].color[0][0], F(2)) << p;
  EXPECT_FALSE(r.pixels[1].covered);
  r = RunQuad(Program(Deriv("mdv", true)), q);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(r.pixels[p].color[0][0], F(9)) << p;
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(r.cycles, 4u);  // 3 issues + 1 NOP
  EXPECT_EQ(r.nop_cycles, 1u);
}

TEST(Alu, MdhWithoutNopOnThePreviousInstructionIsAHazard) {
  RunResult r = RunQuad(Program(Deriv("mdh", false)), QuadWith(0, {}));
  EXPECT_TRUE(HasHazard(r, "mdh-mdv-without-nop"));
  EXPECT_EQ(r.hazards[0].slot, 1);
  RunOptions trap;
  trap.trap = true;
  r = RunQuad(Program(Deriv("mdh", false)), QuadWith(0, {}), trap);
  EXPECT_EQ(r.error, "hazard (trap): mdh-mdv-without-nop at slot 1");
}

std::string PresubAfterWrite(bool nop) {
  return std::string("alu rgb_wmask=7 rgb_dest=1") + (nop ? " nop" : "") + " alpha_op=mad rgb_op=mad\n" +
         "out tex_sem_wait rgb_omask=7 rgb_addr0=1 rgb_presub=inv rgb_sel_a=srcp rgb_swz_b_r=1 alpha_op=mad rgb_op=mad\n";
}

TEST(Alu, PresubReadingThePreviousInstructionsWriteNeedsNop) {
  RunResult r = RunQuad(Program(PresubAfterWrite(false)), Quad{});
  EXPECT_TRUE(HasHazard(r, "presub-without-nop"));
  r = RunQuad(Program(PresubAfterWrite(true)), Quad{});
  EXPECT_TRUE(r.hazards.empty());
  EXPECT_EQ(r.pixels[0].color[0][0], F(1));  // 1 - t1.r (= 0*0+0)
  EXPECT_EQ(r.cycles, 3u);
}

TEST(Alu, InlineConstants) {
  // alpha = inline * 1 + 0: 0x80|(7<<3|4) = 1.5, 0x80|(7<<3) = 1.0, 0x80|(15<<3|7) = 480.
  for (auto [code, want] : {std::pair{0xbcu, 1.5f}, {0xb8u, 1.0f}, {0xffu, 480.0f}, {0x80u, 0.0f}}) {
    State s = Program("out tex_sem_wait alpha_omask alpha_op=mad alpha_swz_a=a alpha_swz_b=1 alpha_swz_c=0\n");
    s.code[0].Set(Field::kAlphaAddr0, code);
    RunResult r = RunQuad(s, Quad{});
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.pixels[0].color[0][3], F(want)) << code;
  }
  State s = Program("out tex_sem_wait alpha_omask alpha_addr0=0x83 alpha_op=mad alpha_swz_a=a alpha_swz_b=1\n");
  EXPECT_EQ(RunQuad(s, Quad{}).error, "inline constant 3 has exponent 0 (denormal encoding UNCERTAIN, A.5)");
  RunOptions amd;
  amd.params.inline_denormals = true;
  RunResult r = RunQuad(s, Quad{}, amd);
  EXPECT_EQ(r.pixels[0].color[0][3], F(3.0f / 8 / 64));
}

TEST(Alu, DepthFromTheAlphaHalf) {
  State s = Program("out tex_sem_wait w_omask alpha_op=mad alpha_swz_a=a alpha_swz_b=1 alpha_swz_c=0\n");
  RunResult r = RunQuad(s, QuadWith(0, {V(0, 0, 0, 0.75f), {}, {}, {}}));
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.pixels[0].depth_written);
  EXPECT_EQ(r.pixels[0].depth, F(0.75f));
}

}  // namespace
}  // namespace shaderdiff::r500
