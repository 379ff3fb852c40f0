// The NaN results of add.f, mul.f, mad.f32, min.f and max.f follow the
// pinned rules of float_nan.h (README.md, "NaN results"): which operand's
// payload and sign win must not depend on the order the compiler emits the
// host operation in. Each rule is checked with the operands both ways round
// (two NaNs of different sign and payload, quiet and signalling), so a
// kernel whose operand order flipped fails here, and on 1 lane (one lane
// at a time) and on a full wave of 16 and 64 lanes (the wide kernels).
// bary.f's interpolation is pinned the same way (NanOrderBary).
#include <gtest/gtest.h>

#include <string>

#include "emulator/a3xx/float_nan.h"
#include "emulator/a3xx/test_util.h"
#include "emulator/common/interpolation.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

// Quiet NaNs qa (+) and qb (-), signalling NaNs sa (+) and sb (-), each with
// its own payload.
constexpr Word kQa = 0x7fc00001u, kQb = 0xffc00002u, kQc = 0x7fc00003u, kSa = 0x7f800005u, kSb = 0xff800006u;
constexpr Word kNegInf = 0xff800000u;

// Runs `instr` on IN[0] = (a, b, c, 0) in every lane of a `lanes`-lane
// vertex wave; every lane must give the same r1.x, which is returned.
Word RunOnWave(const std::string& instr, uint32_t lanes, Word a, Word b, Word c = 0) {
  ShaderState s = VsState({1}, {2});
  common::TestVector v = VsVector(lanes);
  SetInput(v, 0, {a, b, c, 0});
  const EmulationResult r = Emulate(Asm(instr + "\nend\n", s), v, EmulatorOptions{});
  EXPECT_EQ(r.result.status, ExecStatus::kOk) << instr << ": " << r.result.detail;
  const Word first = Out(r, 0, 0, 0);
  for (uint32_t l = 1; l < lanes; ++l) EXPECT_EQ(Out(r, 0, l, 0), first) << instr << " lane " << l;
  return first;
}

class NanOrder : public ::testing::TestWithParam<uint32_t> {
 protected:
  Word Op2(const char* op, Word a, Word b) { return RunOnWave(std::string(op) + " r1.x, r2.x, r2.y", GetParam(), a, b); }
  Word Mad(Word a, Word b, Word c) { return RunOnWave("mad.f32 r1.x, r2.x, r2.y, r2.z", GetParam(), a, b, c); }
};

TEST_P(NanOrder, AddAndMulReturnTheFirstNanOperandQuietened) {
  for (const char* op : {"add.f", "mul.f"}) {
    EXPECT_EQ(Op2(op, kQa, kQb), kQa) << op;
    EXPECT_EQ(Op2(op, kQb, kQa), kQb) << op;
    EXPECT_EQ(Op2(op, kSa, kQb), kSa | kQuietBit) << op;
    EXPECT_EQ(Op2(op, kQa, kSb), kQa) << op;
    EXPECT_EQ(Op2(op, kSb, kSa), kSb | kQuietBit) << op;
    EXPECT_EQ(Op2(op, kOne, kSb), kSb | kQuietBit) << op;
    EXPECT_EQ(Op2(op, kQb, kOne), kQb) << op;
  }
  EXPECT_EQ(Op2("add.f", kInf, kNegInf), kDefaultNan);  // no NaN operand: the default NaN
  EXPECT_EQ(Op2("mul.f", kZero, kInf), kDefaultNan);
  EXPECT_EQ(Op2("add.f", kOne, kTwo), kThree);
}

TEST_P(NanOrder, MadReturnsTheFirstNanOfSrc3Src2Src1) {
  EXPECT_EQ(Mad(kQa, kQb, kQc), kQc);
  EXPECT_EQ(Mad(kQa, kQb, kOne), kQb);
  EXPECT_EQ(Mad(kQb, kQa, kOne), kQa);
  EXPECT_EQ(Mad(kSa, kQb, kOne), kQb);
  EXPECT_EQ(Mad(kOne, kQb, kQc), kQc);
  EXPECT_EQ(Mad(kZero, kInf, kQc), kQc);
  EXPECT_EQ(Mad(kZero, kInf, kOne), kDefaultNan);
  EXPECT_EQ(Mad(kSa, kOne, kQc), kQc);
  EXPECT_EQ(Mad(kQa, kOne, kSb), kSb | kQuietBit);
  EXPECT_EQ(Mad(kInf, kOne, kNegInf), kDefaultNan);
  EXPECT_EQ(Mad(kTwo, kThree, kOne), Bits(7.0f));
}

TEST_P(NanOrder, MinAndMaxFollowFminFmax) {
  for (const char* op : {"min.f", "max.f"}) {
    EXPECT_EQ(Op2(op, kQa, kQb), kQb) << op;  // two NaNs: the second
    EXPECT_EQ(Op2(op, kQb, kQa), kQa) << op;
    EXPECT_EQ(Op2(op, kSa, kQb), kQb) << op;
    EXPECT_EQ(Op2(op, kQa, kSb), kSb | kQuietBit) << op;
    EXPECT_EQ(Op2(op, kSa, kOne), kSa | kQuietBit) << op;  // a signalling NaN wins
    EXPECT_EQ(Op2(op, kOne, kSb), kSb | kQuietBit) << op;
    EXPECT_EQ(Op2(op, kQb, kTwo), kTwo) << op;  // a quiet NaN yields the other
    EXPECT_EQ(Op2(op, kTwo, kQa), kTwo) << op;
    EXPECT_EQ(Op2(op, kZero, kNegZero), kZero) << op;  // equal: the first
    EXPECT_EQ(Op2(op, kNegZero, kZero), kNegZero) << op;
  }
  EXPECT_EQ(Op2("min.f", kTwo, kOne), kOne);
  EXPECT_EQ(Op2("max.f", kOne, kTwo), kTwo);
}

// Full waves whose lanes differ: blocks of four lanes mixing NaN and
// non-NaN operands, signed zeros, infinities, denormals and values (sat)
// clamps. Every lane of the wave must give what the same operands give on
// a one-lane wave (the lane-by-lane kernels), so a block kernel whose
// result differs from the lane path in any lane, or whose NaN fallback
// misses a lane, fails here. 13 lanes: three blocks and a lane after them.
void ExpectMixedWaveLanes(uint32_t lanes) {
  constexpr Word kDenorm = 0x00000003u, kBig = 0x7f000000u, kNegTwo = 0xc0000000u;
  // Non-NaN values, signed zeros side by side (min/max of equal operands).
  const Word finite[] = {kOne, kTwo, kNegZero, kZero, kInf, kHalf, kNegTwo, kDenorm,
                         kBig, kThree, kNegInf, kFour, kZero, kNegZero, kOne, kNegTwo};
  constexpr size_t kFinite = sizeof finite / sizeof finite[0];
  const Word nans[] = {kQa, kSb, kQb, kSa};
  ShaderState s = VsState({1}, {2});
  common::TestVector v = VsVector(lanes);
  v.inputs[0].resize(lanes);
  for (uint32_t l = 0; l < lanes; ++l) {
    common::Vec4& in = v.inputs[0][l];
    in = {finite[l % kFinite], finite[(l + 3) % kFinite], finite[(l + 7) % kFinite], 0};
    // One NaN in each block but every fifth: in lane (block mod 4) of the
    // block, operand (block mod 3), of each kind in turn.
    const uint32_t block = l / 4;
    if (block % 5 != 0 && l % 4 == block % 4) in[block % 3] = nans[block % 4];
  }
  for (const char* instr : {"add.f r1.x, r2.x, r2.y", "mul.f r1.x, r2.x, (neg)r2.y", "min.f r1.x, r2.x, r2.y",
                            "max.f r1.x, (abs)r2.x, r2.y", "(sat)add.f r1.x, r2.x, r2.y",
                            "(sat)max.f r1.x, r2.x, r2.y", "mad.f32 r1.x, r2.x, r2.y, r2.z",
                            "(sat)mad.f32 r1.x, (neg)r2.x, r2.y, r2.z"}) {
    const EmulationResult r = Emulate(Asm(std::string(instr) + "\nend\n", s), v, EmulatorOptions{});
    ASSERT_EQ(r.result.status, ExecStatus::kOk) << instr << ": " << r.result.detail;
    for (uint32_t l = 0; l < lanes; ++l) {
      const common::Vec4& in = v.inputs[0][l];
      EXPECT_EQ(Out(r, 0, l, 0), RunOnWave(instr, 1, in[0], in[1], in[2])) << instr << " lane " << l << " of " << lanes;
    }
  }
}

TEST(NanOrderMixed, EveryLaneOfAMixedWaveIsItsOneLaneResult) {
  for (const uint32_t lanes : {13u, 16u, 64u}) ExpectMixedWaveLanes(lanes);
}

INSTANTIATE_TEST_SUITE_P(Lanes, NanOrder, ::testing::Values(1u, 16u, 64u));

// bary.f r1.x, 0, r0.x on a fragment quad whose every lane has the pair
// (i, j) and IN[0].x the vertex values v0, v1, v2: lane 0's result (every
// lane must agree).
Word Bary(Word v0, Word v1, Word v2, Word i, Word j) {
  ShaderState s = FsState({1});
  s.varyings.push_back({0, 0, 0x1, VaryingInterp::kPerspective});
  common::TestVector v = FsVector(4);
  v.vertex_inputs[0] = {common::Vec4{v0, 0, 0, 0}, common::Vec4{v1, 0, 0, 0}, common::Vec4{v2, 0, 0, 0}};
  v.barycentrics.assign(4, common::Barycentric{i, j});
  const EmulationResult r = Emulate(Asm("bary.f r1.x, 0, r0.x\nend\n", s), v, EmulatorOptions{});
  EXPECT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 1; l < 4; ++l) EXPECT_EQ(Out(r, 0, l, 0), Out(r, 0, 0, 0)) << "lane " << l;
  return Out(r, 0, 0, 0);
}

// bary.f's interpolation (v0 + i * (v1 - v0)) + j * (v2 - v0): each
// operation's NaN is its first NaN operand in the order t1 = v1 - v0,
// a = t1 * i, s = a + v0, r = s + b (float_nan.h, InterpolatePinned), each
// checked with the two NaNs both ways round.
TEST(NanOrderBary, EachOperationReturnsItsFirstNanOperand) {
  // v1 - v0 and a + v0: v1's NaN before v0's, a's (v1's) before v0's.
  EXPECT_EQ(Bary(kQb, kQa, kOne, kOne, kZero), kQa);
  EXPECT_EQ(Bary(kQa, kQb, kOne, kOne, kZero), kQb);
  // t1 * i: t1's NaN before i's.
  EXPECT_EQ(Bary(kOne, kQa, kOne, kQc, kZero), kQa);
  EXPECT_EQ(Bary(kOne, kQc, kOne, kQa, kZero), kQc);
  // s + b: s's NaN (from i) before b's (from j).
  EXPECT_EQ(Bary(kOne, kTwo, kThree, kQa, kQb), kQa);
  EXPECT_EQ(Bary(kOne, kTwo, kThree, kQb, kQa), kQb);
  // A signalling NaN comes out quietened.
  EXPECT_EQ(Bary(kOne, kTwo, kThree, kSa, kOne), kSa | kQuietBit);
  EXPECT_EQ(Bary(kSb, kTwo, kThree, kOne, kOne), kSb | kQuietBit);
  // No NaN operand (inf - inf, 0 * inf): the default NaN.
  EXPECT_EQ(Bary(kInf, kInf, kInf, kOne, kZero), kDefaultNan);
  EXPECT_EQ(Bary(kZero, kInf, kZero, kZero, kOne), kDefaultNan);
  // Both weights +0: v0 as it is, a NaN payload included.
  EXPECT_EQ(Bary(kSa, kQb, kQc, kZero, kZero), kSa);
}

// Without NaNs bary.f gives the shared model's value (common::Interpolate)
// bit for bit, lane by lane, on pseudo-random words.
TEST(NanOrderBary, NonNanResultsAreTheSharedModels) {
  ShaderState s = FsState({1});
  s.varyings.push_back({0, 0, 0xF, VaryingInterp::kPerspective});
  common::TestVector v = FsVector(64);
  uint32_t x = 12345;
  const auto next = [&] {
    x = x * 1664525u + 1013904223u;
    return x;
  };
  // Finite words of every exponent (a NaN exponent is folded down).
  const auto finite = [&] {
    const Word w = next();
    return (w & 0x7f800000u) == 0x7f800000u ? w & 0xbfffffffu : w;
  };
  for (common::Vec4& vertex : v.vertex_inputs[0]) {
    for (Word& w : vertex) w = finite();
  }
  for (uint32_t l = 0; l < v.lanes; ++l) {
    v.barycentrics.push_back({Bits(static_cast<float>(next() % 1000) / 1000.0f), l % 5 ? finite() : kNegZero});
  }
  const EmulationResult r = Emulate(Asm("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n", s), v, EmulatorOptions{});
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < v.lanes; ++l) {
    for (int c = 0; c < 4; ++c) {
      const auto& vi = v.vertex_inputs[0];
      EXPECT_EQ(Out(r, 0, l, c), common::Interpolate(vi[0][c], vi[1][c], vi[2][c], v.barycentrics[l].i,
                                                     v.barycentrics[l].j))
          << "lane " << l << " component " << c;
    }
  }
}

}  // namespace
}  // namespace shaderdiff::a3xx
