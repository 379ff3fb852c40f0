// Float arithmetic, comparisons, selections and the ARB multi-result ops.
// Every expected value is derived in the comment beside it from
// docs/tgsi.md 2.2-2.4 (V22 semantics) and reasons.h's flag policy.
#include <cmath>
#include <limits>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr Word kNegZero = 0x80000000u;
constexpr Word kDenorm = 0x00000100u;  // 2^-141 * ... a positive denormal

TEST(FloatOps, AddMulExact) {
  // 1.5 + 2.25 = 3.75; 1.5 * -2 = -3 (both exactly representable).
  const auto o = RunOp("ADD OUT[0].x, IN[0], IN[1]\nMUL OUT[0].y, IN[0], IN[1]\nMOV OUT[0].zw, IN[0]",
                       F4(1.5f, 1.5f, 0, 0), F4(2.25f, -2.0f, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(3.75f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(-3.0f));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
}

TEST(FloatOps, MadIsUnfusedAndFlaggedOnlyWhenFusionMatters) {
  // a = b = 1 + 2^-12: a*b = 1 + 2^-11 + 2^-24, a tie that rounds to even
  // 1 + 2^-11; + c = -(1 + 2^-11) gives 0 unfused, 2^-24 fused -> mad-fusion.
  const float a = 1.0f + 0x1p-12f;
  const float c = -(1.0f + 0x1p-11f);
  // y: 2 * 3 + 4 = 10 exactly whichever way: clean.
  const auto o = RunOp("MAD OUT[0], IN[0], IN[1], IN[2]", F4(a, 2, 0, 0), F4(a, 3, 0, 0), F4(c, 4, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(0.0f));
  EXPECT_TRUE(o.Inexact(0, 0, 0));
  EXPECT_EQ(o.Why(0, 0, 0), "mad-fusion");
  EXPECT_EQ(o.W(0, 0, 1), Fw(10.0f));
  EXPECT_TRUE(o.Clean(0, 0, 1));
  // z, w: 0 * 0 + 0 = 0, clean.
  EXPECT_TRUE(o.Clean(0, 0, 2));
}

TEST(FloatOps, FmaIsFused) {
  // Same operands as above: fused result 2^-24, flagged because unfused differs.
  const float a = 1.0f + 0x1p-12f;
  const auto o = RunOp("FMA OUT[0].x, IN[0], IN[0], IN[1]", F4(a, 0, 0, 0), F4(-(1.0f + 0x1p-11f), 0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(0x1p-24f));
  EXPECT_EQ(o.Why(0, 0, 0), "mad-fusion");
}

TEST(FloatOps, MinMaxNanAndSignedZero) {
  // V22 fminf/fmaxf: NaN operand ignored -> 1 / 1, flagged nan-operand.
  // MIN(2, 3) = 2 and MAX(2, 3) = 3 are clean neighbours.
  // MIN(+0, -0): sign is libm-dependent -> the set {+0, -0} (signed-zero).
  const auto o = RunOp("MIN OUT[0].xy, IN[0], IN[1]\nMAX OUT[0].zw, IN[0].xyxy, IN[1].xyxy\n"
                       "MIN TEMP[0].x, IN[0].zzzz, IN[1].zzzz\nMOV OUT[0].z, TEMP[0].xxxx",
                       F4(kNaN, 2, 0, 0), U4(Fw(1), Fw(3), kNegZero, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(o.Why(0, 0, 0), "nan-operand");
  EXPECT_EQ(o.W(0, 0, 1), Fw(2.0f));
  EXPECT_TRUE(o.Clean(0, 0, 1));
  EXPECT_TRUE(o.Inexact(0, 0, 2));
  EXPECT_FALSE(o.Undef(0, 0, 2));
  EXPECT_EQ(o.Why(0, 0, 2), "signed-zero");
  EXPECT_EQ(o.W(0, 0, 3), Fw(3.0f));  // MAX(2, 3)
  EXPECT_TRUE(o.Clean(0, 0, 3));
}

TEST(FloatOps, RoundHalfToEven) {
  // 2.5 -> 2, 3.5 -> 4, -2.5 -> -2, 0.5 -> 0 (+0): all clean.
  const auto o = RunOp("ROUND OUT[0], IN[0]", F4(2.5f, 3.5f, -2.5f, 0.5f));
  EXPECT_EQ(o.W(0, 0, 0), Fw(2.0f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(4.0f));
  EXPECT_EQ(o.W(0, 0, 2), Fw(-2.0f));
  EXPECT_EQ(o.W(0, 0, 3), Fw(0.0f));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  // ROUND(-0.4) = -0: the sign is flagged (lowerings give +0).
  const auto n = RunOp("ROUND OUT[0], IN[0]", F4(-0.4f, 1.4f, 0, 0));
  EXPECT_EQ(n.W(0, 0, 0), kNegZero);
  EXPECT_EQ(n.Why(0, 0, 0), "signed-zero");
  EXPECT_EQ(n.W(0, 0, 1), Fw(1.0f));
  EXPECT_TRUE(n.Clean(0, 0, 1));
}

TEST(FloatOps, TruncFloorCeilFrc) {
  // TRUNC(-1.7) = -1; FLR(-1.5) = -2; CEIL(1.25) = 2; FRC(-1e-30) = 1.0
  // exactly (-1e-30 - floor(-1e-30) = 1 - 1e-30 rounds to 1.0).
  const auto o = RunOp("TRUNC OUT[0].x, IN[0].xxxx\nFLR OUT[0].y, IN[0].yyyy\n"
                       "CEIL OUT[0].z, IN[0].zzzz\nFRC OUT[0].w, IN[0].wwww",
                       F4(-1.7f, -1.5f, 1.25f, -1e-30f));
  EXPECT_EQ(o.W(0, 0, 0), Fw(-1.0f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(-2.0f));
  EXPECT_EQ(o.W(0, 0, 2), Fw(2.0f));
  EXPECT_EQ(o.W(0, 0, 3), Fw(1.0f));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  // TRUNC(-0.5) = -0 and CEIL(-0.5) = -0: signed-zero. FRC(inf) = inf - inf
  // = NaN: nan-result. FLR(-0) = -0 is the same in every lowering: clean.
  const auto z = RunOp("TRUNC OUT[0].x, IN[0].xxxx\nCEIL OUT[0].y, IN[0].xxxx\n"
                       "FRC OUT[0].z, IN[0].zzzz\nFLR OUT[0].w, IN[0].wwww",
                       U4(Fw(-0.5f), 0, Fw(kInf), kNegZero));
  EXPECT_EQ(z.W(0, 0, 0), kNegZero);
  EXPECT_EQ(z.Why(0, 0, 0), "signed-zero");
  EXPECT_EQ(z.W(0, 0, 1), kNegZero);
  EXPECT_EQ(z.Why(0, 0, 1), "signed-zero");
  EXPECT_TRUE(std::isnan(z.F(0, 0, 2)));
  EXPECT_EQ(z.Why(0, 0, 2), "nan-result");
  EXPECT_EQ(z.W(0, 0, 3), kNegZero);
  EXPECT_TRUE(z.Clean(0, 0, 3));
}

TEST(FloatOps, Ssg) {
  // -3 -> -1, 2 -> 1, +0 -> +0 (clean); -0 -> +0 (signed-zero), NaN -> +0 (nan-operand).
  const auto o = RunOp("SSG OUT[0], IN[0]", F4(-3, 2, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(-1.0f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(1.0f));
  EXPECT_EQ(o.W(0, 0, 2), Fw(0.0f));
  for (int c = 0; c < 3; ++c) EXPECT_TRUE(o.Clean(0, 0, c));
  const auto n = RunOp("SSG OUT[0], IN[0]", U4(kNegZero, Fw(kNaN), Fw(5), 0));
  EXPECT_EQ(n.W(0, 0, 0), 0u);
  EXPECT_EQ(n.Why(0, 0, 0), "signed-zero");
  EXPECT_EQ(n.W(0, 0, 1), 0u);
  EXPECT_EQ(n.Why(0, 0, 1), "nan-operand");
  EXPECT_TRUE(n.Clean(0, 0, 2));
}

TEST(FloatOps, CmpSelectsOnLessThanZero) {
  // CMP(src0, a, b) = src0 < 0 ? a : b. x: -1 -> a = 10. y: 1 -> b = 20.
  // z: -0 -> b (IEEE), but -0 selection differs elsewhere: signed-zero.
  // w: NaN with a == b: the choice does not matter -> clean.
  const auto o = RunOp("CMP OUT[0], IN[0], IN[1], IN[2]", U4(Fw(-1), Fw(1), kNegZero, Fw(kNaN)),
                       F4(10, 10, 10, 7), F4(20, 20, 20, 7));
  EXPECT_EQ(o.W(0, 0, 0), Fw(10.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 1), Fw(20.0f));
  EXPECT_TRUE(o.Clean(0, 0, 1));
  EXPECT_EQ(o.W(0, 0, 2), Fw(20.0f));
  EXPECT_EQ(o.Why(0, 0, 2), "signed-zero");
  EXPECT_EQ(o.W(0, 0, 3), Fw(7.0f));
  EXPECT_TRUE(o.Clean(0, 0, 3));
}

TEST(FloatOps, CmpCopiesOnlyTheChosenSourcesFlags) {
  // TEMP[1] is never written (undefined). CMP(1, TEMP[1], IN[1]) picks IN[1]:
  // the unchosen undefined operand must not leak into the result.
  const auto o = RunOp("CMP OUT[0], IN[0], TEMP[1], IN[1]", F4(1, 1, -1, 1), F4(5, 5, 5, 5));
  EXPECT_EQ(o.W(0, 0, 0), Fw(5.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_TRUE(o.Undef(0, 0, 2));  // -1 picks the uninitialized TEMP
  EXPECT_EQ(o.Why(0, 0, 2), "uninitialized");
}

TEST(FloatOps, LrpExactAndInexact) {
  // x: LRP(0.25, 1, 0.5) = 0.25 * (1 - 0.5) + 0.5 = 0.625, all terms exact: clean.
  // y: LRP(0.1, 0.7, 0.3): a*(b-c)+c in binary32 steps, terms inexact: lrp-formula.
  const auto o = RunOp("LRP OUT[0], IN[0], IN[1], IN[2]", F4(0.25f, 0.1f, 0, 0), F4(1, 0.7f, 0, 0),
                       F4(0.5f, 0.3f, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(0.625f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  const float d = 0.7f - 0.3f;
  const float p = 0.1f * d;
  EXPECT_EQ(o.W(0, 0, 1), Fw(p + 0.3f));
  EXPECT_EQ(o.Why(0, 0, 1), "lrp-formula");
}

TEST(FloatOps, DotProductsAssociationAndExactness) {
  // DP3((1,2,3),(4,5,6)) = 4 + 10 + 18 = 32: exact, clean, replicated to xyzw.
  const auto o = RunOp("DP3 OUT[0], IN[0], IN[1]", F4(1, 2, 3, 100), F4(4, 5, 6, 100));
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.W(0, 0, c), Fw(32.0f));
    EXPECT_TRUE(o.Clean(0, 0, c));
  }
  // DP4 of 0.1-ish values: t = x0*x1; t = y0*y1 + t; ... (mul then MADs):
  // inexact (dot-rounding), value follows that order.
  const auto q = RunOp("DP4 OUT[0].x, IN[0], IN[1]", F4(0.1f, 0.2f, 0.3f, 0.4f), F4(0.5f, 0.6f, 0.7f, 0.8f));
  float t = 0.1f * 0.5f;
  float m = 0.2f * 0.6f;
  t = m + t;
  m = 0.3f * 0.7f;
  t = m + t;
  m = 0.4f * 0.8f;
  t = m + t;
  EXPECT_EQ(q.W(0, 0, 0), Fw(t));
  EXPECT_EQ(q.Why(0, 0, 0), "dot-rounding");
  // DPH = DP3 + src1.w: (1,2,3).(4,5,6) + 7 = 39. DP2 = 1*4 + 2*5 = 14.
  const auto h = RunOp("DPH OUT[0].x, IN[0], IN[1]\nDP2 OUT[0].y, IN[0], IN[1]", F4(1, 2, 3, 0), F4(4, 5, 6, 7));
  EXPECT_EQ(h.W(0, 0, 0), Fw(39.0f));
  EXPECT_EQ(h.W(0, 0, 1), Fw(14.0f));
  EXPECT_TRUE(h.Clean(0, 0, 0));
  EXPECT_TRUE(h.Clean(0, 0, 1));
}

TEST(FloatOps, DivRules) {
  // x: 3 / 2 = 1.5, divisor a power of two: clean.
  // y: 1 / 3 = 0x3eaaaaab (correctly rounded), inexact "div".
  // z: 1 / 0: undefined div-by-zero (tgsi_exec leaves garbage).
  // w: 1 / -0: undefined as well.
  const auto o = RunOp("DIV OUT[0], IN[0], IN[1]", F4(3, 1, 1, 1), U4(Fw(2), Fw(3), 0, kNegZero));
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.5f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 1), 0x3eaaaaabu);
  EXPECT_TRUE(o.Inexact(0, 0, 1));
  EXPECT_FALSE(o.Undef(0, 0, 1));
  EXPECT_EQ(o.Why(0, 0, 1), "div");
  EXPECT_EQ(o.Why(0, 0, 2), "div-by-zero");
  EXPECT_EQ(o.Why(0, 0, 3), "div-by-zero");
}

TEST(FloatOps, TranscendentalsAreInexactAndDomainsUndefined) {
  const auto o = RunOp("RCP OUT[0].x, IN[0].xxxx\nRSQ OUT[0].y, IN[0].yyyy\n"
                       "SQRT OUT[0].z, IN[0].zzzz\nEX2 OUT[0].w, IN[0].wwww",
                       F4(2, 4, 9, 3));
  // RCP(2) = 0.5, RSQ(4) = 0.5, SQRT(9) = 3, EX2(3) = powf(2, 3) = 8.
  EXPECT_EQ(o.W(0, 0, 0), Fw(0.5f));
  EXPECT_EQ(o.Why(0, 0, 0), "rcp");
  EXPECT_EQ(o.W(0, 0, 1), Fw(0.5f));
  EXPECT_EQ(o.Why(0, 0, 1), "rsq");
  EXPECT_EQ(o.W(0, 0, 2), Fw(3.0f));
  EXPECT_EQ(o.Why(0, 0, 2), "sqrt");
  EXPECT_EQ(o.W(0, 0, 3), Fw(8.0f));
  EXPECT_EQ(o.Why(0, 0, 3), "ex2");
  for (int c = 0; c < 4; ++c) EXPECT_FALSE(o.Undef(0, 0, c)) << c;

  // RSQ(-1), RSQ(0): rsq-domain; SQRT(-1): sqrt-domain; EX2(200): ex2-range.
  const auto d = RunOp("RSQ OUT[0].x, IN[0].xxxx\nRSQ OUT[0].y, IN[0].yyyy\n"
                       "SQRT OUT[0].z, IN[0].xxxx\nEX2 OUT[0].w, IN[0].wwww",
                       F4(-1, 0, 0, 200));
  EXPECT_EQ(d.Why(0, 0, 0), "rsq-domain");
  EXPECT_EQ(d.Why(0, 0, 1), "rsq-domain");
  EXPECT_EQ(d.Why(0, 0, 2), "sqrt-domain");
  EXPECT_EQ(d.Why(0, 0, 3), "ex2-range");
  // SQRT(-0) = -0 is not a negative input: only inexact.
  const auto z = RunOp("SQRT OUT[0], IN[0].xxxx", U4(kNegZero, 0, 0, 0));
  EXPECT_EQ(z.W(0, 0, 0), kNegZero);
  EXPECT_FALSE(z.Undef(0, 0, 0));
  EXPECT_TRUE(z.Inexact(0, 0, 0));
}

TEST(FloatOps, Lg2PowSinCos) {
  // LG2(8) = logf(8) * 1.442695f (two roundings), inexact.
  const auto o = RunOp("LG2 OUT[0].x, IN[0].xxxx\nPOW OUT[0].y, IN[0].yyyy, IN[0].zzzz\n"
                       "SIN OUT[0].z, IN[0].wwww\nCOS OUT[0].w, IN[0].wwww",
                       F4(8, 2, 3, 0.5f));
  const float l = std::log(8.0f);
  EXPECT_EQ(o.W(0, 0, 0), Fw(l * 1.442695f));
  EXPECT_EQ(o.Why(0, 0, 0), "lg2");
  EXPECT_EQ(o.W(0, 0, 1), Fw(std::pow(2.0f, 3.0f)));
  EXPECT_EQ(o.Why(0, 0, 1), "pow");
  EXPECT_EQ(o.W(0, 0, 2), Fw(std::sin(0.5f)));
  EXPECT_EQ(o.Why(0, 0, 2), "sin");
  EXPECT_EQ(o.W(0, 0, 3), Fw(std::cos(0.5f)));
  EXPECT_EQ(o.Why(0, 0, 3), "cos");
  // LG2(-1): lg2-domain; POW(-2, 2) and POW(0, 2): pow-domain; SIN(2000): trig-range.
  const auto d = RunOp("LG2 OUT[0].x, IN[0].xxxx\nPOW OUT[0].y, IN[0].yyyy, IN[1].yyyy\n"
                       "POW OUT[0].z, IN[0].zzzz, IN[1].yyyy\nSIN OUT[0].w, IN[0].wwww",
                       F4(-1, -2, 0, 2000), F4(0, 2, 0, 0));
  EXPECT_EQ(d.Why(0, 0, 0), "lg2-domain");
  EXPECT_EQ(d.Why(0, 0, 1), "pow-domain");
  EXPECT_EQ(d.Why(0, 0, 2), "pow-domain");
  EXPECT_EQ(d.Why(0, 0, 3), "trig-range");
}

TEST(FloatOps, ComparisonsFollowIeeeAndAreNotFlaggedForNan) {
  // SLT(1,2)=1.0; SLT(NaN,1)=0.0 (ordered: false); SNE(NaN,NaN)=1.0; SGE(-0,+0)=1.0.
  const auto o = RunOp("SLT OUT[0].x, IN[0].xxxx, IN[1].xxxx\nSLT OUT[0].y, IN[0].yyyy, IN[1].yyyy\n"
                       "SNE OUT[0].z, IN[0].yyyy, IN[0].yyyy\nSGE OUT[0].w, IN[0].wwww, IN[1].wwww",
                       U4(Fw(1), Fw(kNaN), 0, kNegZero), U4(Fw(2), Fw(1), 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(0.0f));
  EXPECT_EQ(o.W(0, 0, 2), Fw(1.0f));
  EXPECT_EQ(o.W(0, 0, 3), Fw(1.0f));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  // FSLT / FSEQ give integer masks; SEQ/SGT/SLE as floats.
  const auto f = RunOp("FSLT OUT[0].x, IN[0].xxxx, IN[1].xxxx\nFSEQ OUT[0].y, IN[0].xxxx, IN[1].xxxx\n"
                       "SGT OUT[0].z, IN[1].xxxx, IN[0].xxxx\nSLE OUT[0].w, IN[1].xxxx, IN[0].xxxx",
                       F4(1, 0, 0, 0), F4(2, 0, 0, 0));
  EXPECT_EQ(f.W(0, 0, 0), 0xffffffffu);
  EXPECT_EQ(f.W(0, 0, 1), 0u);
  EXPECT_EQ(f.W(0, 0, 2), Fw(1.0f));
  EXPECT_EQ(f.W(0, 0, 3), Fw(0.0f));
}

TEST(FloatOps, DenormalsInBothModes) {
  // ADD(d, +0): preserve -> d, flush -> +0; the modes differ: "denormal".
  // ADD(d, 1.0) = 1.0 in every mode: clean.
  // MUL(d, 2^30): preserve gives a normal number, flush gives 0: "denormal".
  const float d = Wf(kDenorm);
  const char* body = "ADD OUT[0].x, IN[0].xxxx, IN[1].xxxx\nADD OUT[0].y, IN[0].xxxx, IN[1].yyyy\n"
                     "MUL OUT[0].z, IN[0].xxxx, IN[1].zzzz\nMOV OUT[0].w, IN[0].xxxx";
  const auto p = RunOp(body, F4(d, 0, 0, 0), F4(0, 1, 0x1p30f, 0));
  EXPECT_EQ(p.W(0, 0, 0), kDenorm);
  EXPECT_EQ(p.Why(0, 0, 0), "denormal");
  EXPECT_EQ(p.W(0, 0, 1), Fw(1.0f));
  EXPECT_TRUE(p.Clean(0, 0, 1));
  EXPECT_EQ(p.W(0, 0, 2), Fw(d * 0x1p30f));
  EXPECT_EQ(p.Why(0, 0, 2), "denormal");
  // MOV is a bit copy: the denormal passes unflagged.
  EXPECT_EQ(p.W(0, 0, 3), kDenorm);
  EXPECT_TRUE(p.Clean(0, 0, 3));

  InterpreterOptions ftz;
  ftz.denormals = common::DenormalMode::kFlushToZero;
  const auto f = RunOp(body, F4(d, 0, 0, 0), F4(0, 1, 0x1p30f, 0), F4(0, 0, 0, 0), ftz);
  EXPECT_EQ(f.W(0, 0, 0), 0u);
  EXPECT_EQ(f.Why(0, 0, 0), "denormal");
  EXPECT_EQ(f.W(0, 0, 1), Fw(1.0f));
  EXPECT_TRUE(f.Clean(0, 0, 1));
  EXPECT_EQ(f.W(0, 0, 2), 0u);
  EXPECT_EQ(f.W(0, 0, 3), kDenorm);
  // A negative denormal flushes to -0 (sign kept).
  const auto n = RunOp("ADD OUT[0].x, IN[0].xxxx, IN[1].xxxx", U4(kDenorm | 0x80000000u, 0, 0, 0),
                       U4(kNegZero, 0, 0, 0), F4(0, 0, 0, 0), ftz);
  EXPECT_EQ(n.W(0, 0, 0), kNegZero);
}

TEST(FloatOps, Saturate) {
  // MOV_SAT: 2 -> 1, -3 -> 0, 0.5 -> 0.5 (clean); NaN -> 0 (nan-operand).
  const auto o = RunOp("MOV_SAT OUT[0], IN[0]", F4(2, -3, 0.5f, kNaN));
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(0.0f));
  EXPECT_EQ(o.W(0, 0, 2), Fw(0.5f));
  for (int c = 0; c < 3; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  EXPECT_EQ(o.W(0, 0, 3), 0u);
  EXPECT_EQ(o.Why(0, 0, 3), "nan-operand");
  // SAT(-0) = +0 in V22 (glibc fmaxf), other implementations keep -0.
  const auto z = RunOp("ADD_SAT OUT[0], IN[0], IN[1]", U4(kNegZero, 0, 0, 0), U4(kNegZero, 0, 0, 0));
  EXPECT_EQ(z.W(0, 0, 0), 0u);
  EXPECT_EQ(z.Why(0, 0, 0), "signed-zero");
  EXPECT_TRUE(z.Clean(0, 0, 1));
}

TEST(FloatOps, MovModifiersActOnTheSignBit) {
  // MOV's modifiers are float-style even on integer data: -|5| flips bit 31
  // of 0x00000005 -> 0x80000005; -0x7fc00000 (a NaN pattern) -> 0xffc00000.
  const auto o = RunOp("MOV OUT[0].x, -|IN[0].xxxx|\nMOV OUT[0].y, -IN[0].yyyy", U4(5, 0x7fc00000u, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), 0x80000005u);
  EXPECT_EQ(o.W(0, 0, 1), 0xffc00000u);
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_TRUE(o.Clean(0, 0, 1));
}

TEST(FloatOps, Ldexp) {
  // LDEXP(1.5, 3) = 12; both sources use float-style modifiers, so src1 is
  // the raw int 3 here.
  const auto o = RunOp("LDEXP OUT[0].x, IN[0].xxxx, IN[1].xxxx", F4(1.5f, 0, 0, 0), U4(3, 0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), Fw(12.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
}

TEST(FloatOps, LdexpFollowsGlslAtTheExponentEdges) {
  // x: 1.5 * 2^-126: exact (the edge is inclusive);
  // y: 1 * 2^-130: a denormal GLSL lets flush: 2^-130 or +0 ("ldexp-flush");
  // z: 1 * 2^129: undefined ("ldexp-range"), 2^128 would be inf, not undefined;
  // w: -inf * 2^-127: undefined (a split lowering computes -inf * 0).
  const auto o = RunOp("LDEXP OUT[0], IN[0], IN[1]", U4(Fw(1.5f), Fw(1.0f), Fw(1.0f), 0xff800000u),
                       U4(static_cast<uint32_t>(-126), static_cast<uint32_t>(-130), 129, static_cast<uint32_t>(-127)));
  EXPECT_EQ(o.W(0, 0, 0), Fw(0x1.8p-126f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 1), Fw(0x1p-130f));
  EXPECT_TRUE(o.Inexact(0, 0, 1));
  EXPECT_FALSE(o.Undef(0, 0, 1));
  EXPECT_EQ(o.Why(0, 0, 1), "ldexp-flush");
  EXPECT_TRUE(o.Undef(0, 0, 2));
  EXPECT_EQ(o.Why(0, 0, 2), "ldexp-range");
  EXPECT_TRUE(o.Undef(0, 0, 3));
  EXPECT_EQ(o.Why(0, 0, 3), "ldexp-range");
  const auto edge = RunOp("LDEXP OUT[0].x, IN[0].xxxx, IN[1].xxxx", F4(1.0f, 0, 0, 0), U4(128, 0, 0, 0));
  EXPECT_EQ(edge.W(0, 0, 0), 0x7f800000u);  // 2^128 overflows: +inf, defined
  EXPECT_TRUE(edge.Clean(0, 0, 0));
}

TEST(FloatOps, Lit) {
  // s = (2, 0.5, -, 2): x = 1, y = max(2, 0) = 2, z = pow(0.5, 2) = 0.25
  // (inexact "lit"), w = 1.
  const auto o = RunOp("LIT OUT[0], IN[0]", F4(2, 0.5f, 0, 2));
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(2.0f));
  EXPECT_EQ(o.W(0, 0, 2), Fw(0.25f));
  EXPECT_EQ(o.W(0, 0, 3), Fw(1.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_TRUE(o.Clean(0, 0, 1));
  EXPECT_EQ(o.Why(0, 0, 2), "lit");
  EXPECT_TRUE(o.Clean(0, 0, 3));
  // s.x = -1: z = 0 whatever the pow gives, exactly: clean; y = 0.
  const auto n = RunOp("LIT OUT[0], IN[0]", F4(-1, 0.5f, 0, 200));
  EXPECT_EQ(n.W(0, 0, 2), 0u);
  EXPECT_TRUE(n.Clean(0, 0, 2));
  EXPECT_EQ(n.W(0, 0, 1), 0u);
  EXPECT_TRUE(n.Clean(0, 0, 1));
  // s.x = 0 (z = 0 in tgsi_exec, pow in llvmpipe): lit-edge. y = max(0,0) clean.
  const auto e = RunOp("LIT OUT[0], IN[0]", F4(0, 0.5f, 0, 2));
  EXPECT_EQ(e.W(0, 0, 2), 0u);
  EXPECT_EQ(e.Why(0, 0, 2), "lit-edge");
  EXPECT_TRUE(e.Clean(0, 0, 1));
  // s.x > 0 with s.y == 0 or |s.w| > 128: lit-edge.
  const auto w = RunOp("LIT OUT[0].z, IN[0]\nLIT TEMP[0].z, IN[1]\nMOV OUT[0].w, TEMP[0].zzzz",
                       F4(1, 0, 0, 2), F4(1, 0.5f, 0, 129));
  EXPECT_EQ(w.Why(0, 0, 2), "lit-edge");
  EXPECT_EQ(w.Why(0, 0, 3), "lit-edge");
}

TEST(FloatOps, ExpAndLog) {
  // EXP(2.5): x = EX2(floor 2.5) = 4 (exp), y = 2.5 - 2 = 0.5 exact, z = EX2(2.5) (exp), w = 1.
  const auto e = RunOp("EXP OUT[0], IN[0]", F4(2.5f, 0, 0, 0));
  EXPECT_EQ(e.W(0, 0, 0), Fw(4.0f));
  EXPECT_EQ(e.Why(0, 0, 0), "exp");
  EXPECT_EQ(e.W(0, 0, 1), Fw(0.5f));
  EXPECT_TRUE(e.Clean(0, 0, 1));
  EXPECT_EQ(e.W(0, 0, 2), Fw(std::pow(2.0f, 2.5f)));
  EXPECT_EQ(e.Why(0, 0, 2), "exp");
  EXPECT_TRUE(e.Clean(0, 0, 3));
  // LOG(-10): a = 10, l = LG2(10) ~ 3.32: x = 3 (exact: l is far from an
  // integer), y = 10 / 8 = 1.25 and z = l ("log").
  const auto l = RunOp("LOG OUT[0], IN[0]", F4(-10, 0, 0, 0));
  EXPECT_EQ(l.W(0, 0, 0), Fw(3.0f));
  EXPECT_TRUE(l.Clean(0, 0, 0)) << l.Why(0, 0, 0);
  EXPECT_EQ(l.W(0, 0, 1), Fw(1.25f));
  EXPECT_EQ(l.Why(0, 0, 1), "log");
  EXPECT_EQ(l.Why(0, 0, 2), "log");
  EXPECT_TRUE(l.Clean(0, 0, 3));
  // LOG(8): LG2(8) is within 2^-20 of 3, floor may give 2: x, y undefined; z inexact.
  const auto p = RunOp("LOG OUT[0], IN[0]", F4(8, 0, 0, 0));
  EXPECT_EQ(p.Why(0, 0, 0), "log-near-power-of-two");
  EXPECT_EQ(p.Why(0, 0, 1), "log-near-power-of-two");
  EXPECT_FALSE(p.Undef(0, 0, 2));
  EXPECT_EQ(p.Why(0, 0, 2), "log");
  // LOG(0): log-range on x, y, z.
  const auto z = RunOp("LOG OUT[0], IN[0]", F4(0, 0, 0, 0));
  for (int c = 0; c < 3; ++c) EXPECT_EQ(z.Why(0, 0, c), "log-range") << c;
  EXPECT_TRUE(z.Clean(0, 0, 3));
}

TEST(FloatOps, DstXpdAndRemovedOps) {
  // DST((-,2,3,-), (-,6,-,8)) = (1, 12, 3, 8).
  const auto d = RunOp("DST OUT[0], IN[0], IN[1]", F4(1, 2, 3, 4), F4(5, 6, 7, 8));
  EXPECT_EQ(d.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(d.W(0, 0, 1), Fw(12.0f));
  EXPECT_EQ(d.W(0, 0, 2), Fw(3.0f));
  EXPECT_EQ(d.W(0, 0, 3), Fw(8.0f));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(d.Clean(0, 0, c));
  // XPD((1,0,0),(0,1,0)) = (0*0-0*1, 0*0-0*1... ) = (0, 0, 1), w = 1.
  const auto x = RunOp("XPD OUT[0], IN[0], IN[1]", F4(1, 0, 0, 0), F4(0, 1, 0, 0));
  EXPECT_EQ(x.W(0, 0, 0), Fw(0.0f));
  EXPECT_EQ(x.W(0, 0, 1), Fw(0.0f));
  EXPECT_EQ(x.W(0, 0, 2), Fw(1.0f));
  EXPECT_EQ(x.W(0, 0, 3), Fw(1.0f));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(x.Clean(0, 0, c));
  // SUB(5, 7) = -2; ABS(-3) = 3; SCS(0) = (cos 0, sin 0, 0, 1) = (1, 0, 0, 1).
  const auto s = RunOp("SUB OUT[0].x, IN[0].xxxx, IN[1].xxxx\nABS OUT[0].y, IN[0].yyyy\n"
                       "SCS TEMP[0], IN[0].zzzz\nMOV OUT[0].zw, TEMP[0].xxxw",
                       F4(5, -3, 0, 0), F4(7, 0, 0, 0));
  EXPECT_EQ(s.W(0, 0, 0), Fw(-2.0f));
  EXPECT_EQ(s.W(0, 0, 1), Fw(3.0f));
  EXPECT_EQ(s.W(0, 0, 2), Fw(1.0f));
  EXPECT_EQ(s.Why(0, 0, 2), "cos");
  EXPECT_EQ(s.W(0, 0, 3), Fw(1.0f));
  EXPECT_TRUE(s.Clean(0, 0, 3));
}

TEST(FloatOps, DotProductNegativeZeroIsFlagged) {
  // DP3((0,0,0),(-1,-1,-1)): every product is -0, the tgsi_exec chain gives
  // -0 + -0 = -0, but an accumulator seeded with +0 gives +0: signed-zero.
  // DP3((0,0,0),(1,1,1)) = +0 is the same everywhere: clean.
  const auto o = RunOp("DP3 OUT[0].x, IN[0], IN[1]\nDP3 OUT[0].y, IN[0], IN[2]", F4(0, 0, 0, 0), F4(-1, -1, -1, 0),
                       F4(1, 1, 1, 0));
  EXPECT_EQ(o.W(0, 0, 0), kNegZero);
  EXPECT_EQ(o.Why(0, 0, 0), "signed-zero");
  EXPECT_EQ(o.W(0, 0, 1), 0u);
  EXPECT_TRUE(o.Clean(0, 0, 1));
}

TEST(FloatOps, SumsOfProductsKeepTheDenormalFlushReadings) {
  // x: DP4((0,0,0,-2^-126),(0,0,0,0.5)) = -2^-127 exactly in every order
  //    (corpus b2dc47e8b97043e2): a denormal result, which may be flushed to
  //    -0 (R500's output modifier does): the set is [-2^-127, 0], denormal.
  const auto o = RunOp("DP4 OUT[0].x, IN[0], IN[1]", F4(0, 0, 0, -0x1p-126f), F4(0, 0, 0, 0.5f));
  EXPECT_EQ(o.W(0, 0, 0), Fw(-0x1p-127f));
  EXPECT_EQ(o.Why(0, 0, 0), "denormal");
  EXPECT_TRUE(o.r().Output(0).Allowed(0, 0).Contains(kNegZero));
  EXPECT_FALSE(o.r().Output(0).Allowed(0, 0).Contains(Fw(-0x1p-126f)));
  // x: LRP(+inf, 0, -d) (corpus 48f534200a23f7db): inf * (0 - -d) + -d = +inf;
  //    with d flushed (as an input, or b - c as a result) inf * 0 = NaN.
  // y: LRP(2^20, 2^-125, c = 2^-125 - 2^-140): b - c = 2^-140 is a denormal
  //    intermediate; flushed, the result is a * 0 + c = c.
  // z: LRP(2^20, 2, 1): b - c = 1, no denormal anywhere: one word, clean.
  const float c = 0x1p-125f - 0x1p-140f;
  const auto l = RunOp("LRP OUT[0], IN[0], IN[1], IN[2]", F4(kInf, 0x1p20f, 0x1p20f, 0),
                       F4(0, 0x1p-125f, 2, 0), U4(kDenorm | kNegZero, Fw(c), Fw(1), 0));
  EXPECT_EQ(l.W(0, 0, 0), Fw(kInf));
  EXPECT_EQ(l.Why(0, 0, 0), "denormal");
  EXPECT_TRUE(l.r().Output(0).Allowed(0, 0).Contains(0x7fc00000u));
  EXPECT_FALSE(l.r().Output(0).Allowed(0, 0).Contains(Fw(1.0f)));
  EXPECT_EQ(l.W(0, 0, 1), Fw(0x1p20f * 0x1p-140f + c));
  EXPECT_TRUE(l.Inexact(0, 0, 1));
  EXPECT_TRUE(l.r().Output(0).Allowed(0, 1).Contains(Fw(c)));
  EXPECT_FALSE(l.r().Output(0).Allowed(0, 1).Contains(0u));
  EXPECT_EQ(l.W(0, 0, 2), Fw(0x1p20f + 1));
  EXPECT_TRUE(l.Clean(0, 0, 2));
}

TEST(FloatOps, InterpCentroidWithoutCentroidsReadsTheCentre) {
  // A vector without centroids has every pixel fully covered: the centroid
  // is the centre, so INTERP_CENTROID IN[0] is IN[0] (with the swizzle).
  // interp_centroid_test.cc covers partly covered lanes.
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
  0: INTERP_CENTROID OUT[0], IN[0].wzyx
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  SetInput(v, 0, F4(1, 2, 3, 4));
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 2, 0), Fw(4.0f));
  EXPECT_EQ(o.W(0, 2, 3), Fw(1.0f));
  EXPECT_TRUE(o.Clean(0, 2, 0));
}

TEST(FloatOps, AllSourcesFetchedBeforeStore) {
  // MUL TEMP[0], TEMP[0].yxwz, TEMP[0] with TEMP[0] = (2,3,4,5):
  // (3*2, 2*3, 5*4, 4*5) = (6, 6, 20, 20).
  const auto o = RunOp("MOV TEMP[0], IN[0]\nMUL TEMP[0], TEMP[0].yxwz, TEMP[0]\nMOV OUT[0], TEMP[0]",
                       F4(2, 3, 4, 5));
  EXPECT_EQ(o.W(0, 0, 0), Fw(6.0f));
  EXPECT_EQ(o.W(0, 0, 1), Fw(6.0f));
  EXPECT_EQ(o.W(0, 0, 2), Fw(20.0f));
  EXPECT_EQ(o.W(0, 0, 3), Fw(20.0f));
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
