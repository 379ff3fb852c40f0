// The shared interpolation model (emulator/common/interpolation.h): the
// +0/+0 special case passes every value through exactly, the formula rounds
// once per operation in a fixed order; applied to a test vector, per-vertex
// inputs are interpolated with each lane's pair, per-lane ones are flat once
// the vector has barycentrics and the older form reads exactly as before.
// (Kept here, beside its first user, because //emulator/common is not this
// package's to extend with tests.)
#include "emulator/common/interpolation.h"

#include <gtest/gtest.h>

namespace shaderdiff::common {
namespace {

constexpr Word kOne = 0x3f800000, kTwo = 0x40000000, kHalf = 0x3f000000, kNegZero = 0x80000000;
constexpr Word kInf = 0x7f800000, kNanPayload = 0x7fc01234;

TEST(Interpolation, ZeroWeightsPassEveryValueThrough) {
  for (Word v : {Word{0}, kNegZero, kOne, kInf, 0xff800000u, kNanPayload, 0x00000001u}) {
    EXPECT_EQ(Interpolate(v, v, v, 0, 0), v);
    EXPECT_EQ(Interpolate(v, kTwo, kOne, 0, 0), v);  // v1, v2 ignored
  }
}

TEST(Interpolation, NegativeZeroWeightUsesTheFormula) {
  // v0 = v1 = v2 = -0, i = -0, j = +0: t1 = t2 = +0, a = -0 * +0 = -0,
  // b = +0, (-0 + -0) + +0 = +0: the sign of v0 is lost.
  EXPECT_EQ(Interpolate(kNegZero, kNegZero, kNegZero, kNegZero, 0), 0u);
  // Infinite v0 with equal vertices: inf - inf = NaN, so the formula gives NaN.
  const Word r = Interpolate(kInf, kInf, kInf, kNegZero, 0);
  EXPECT_EQ(r & 0x7f800000u, 0x7f800000u);
  EXPECT_NE(r & 0x007fffffu, 0u);
}

TEST(Interpolation, FormulaOrder) {
  // v0 = 1, v1 = 2, v2 = 1, i = 0.5, j = 0: 1 + 0.5 * 1 + 0 = 1.5.
  EXPECT_EQ(Interpolate(kOne, kTwo, kOne, kHalf, 0), 0x3fc00000u);
  // v0 = 1, v1 = 1, v2 = 2, i = 0, j = 0.5 (j alone non-zero): 1.5.
  EXPECT_EQ(Interpolate(kOne, kOne, kTwo, 0, kHalf), 0x3fc00000u);
  // Rounding happens per operation: v0 = 1, v1 = 1 + 2^-23 (1 ulp), v2 = v0,
  // i = 0.5: a = 2^-24, 1 + 2^-24 rounds to even (1.0); + b (0) = 1.0.
  EXPECT_EQ(Interpolate(kOne, 0x3f800001u, kOne, kHalf, kHalf), kOne);
  // Non-trivial: v0 = 2, v1 = 4, v2 = 8, i = 0.25, j = 0.5 -> 2 + 0.5 + 3 = 5.5.
  EXPECT_EQ(Interpolate(kTwo, 0x40800000u, 0x41000000u, 0x3e800000u, kHalf), 0x40b00000u);
}

// ---- applied to test vectors

TestVector Frag(uint32_t lanes) {
  TestVector v;
  v.stage = tgsi::Processor::kFragment;
  v.lanes = lanes;
  return v;
}

TEST(FragmentInputs, PerVertexInputsInterpolateWithEachLanesPair) {
  TestVector v = Frag(4);
  v.vertex_inputs[3] = {Vec4{kTwo, kOne, 0, kNegZero}, Vec4{0x40800000u, kOne, 0, kOne},
                        Vec4{0x41000000u, kTwo, 0, kOne}};
  v.barycentrics = {{0x3e800000u, kHalf}, {0, 0}, {kOne, 0}, {kNegZero, 0}};
  EXPECT_EQ(VaryingSourceOf(v, 3, 0, 0), (VaryingSource{kTwo, 0x40800000u, 0x41000000u, false}));
  const LaneVec4s got = FragmentInputValues(v, 3);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0][0], 0x40b00000u);  // 2 + 0.25 * 2 + 0.5 * 6 = 5.5
  EXPECT_EQ(got[1], (Vec4{kTwo, kOne, 0, kNegZero}));  // +0/+0: v0 exactly
  EXPECT_EQ(got[2][0], 0x40800000u);  // i = 1: v1
  EXPECT_EQ(got[3][3], 0u);           // -0/+0: the formula, -0 becomes +0
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) {
      const Barycentric ij = BarycentricOf(v, l);
      EXPECT_EQ(got[l][c], Interpolate(v.vertex_inputs[3][0][c], v.vertex_inputs[3][1][c],
                                       v.vertex_inputs[3][2][c], ij.i, ij.j));
      EXPECT_EQ(got[l][c], FragmentInputWord(v, 3, l, c));
    }
  }
}

TEST(FragmentInputs, CentroidInputsInterpolateAtTheCentroidPair) {
  TestVector v = Frag(4);
  v.vertex_inputs[1] = {Vec4{kTwo, 0, 0, 0}, Vec4{0x40800000u, 0, 0, 0}, Vec4{0x41000000u, 0, 0, 0}};
  v.barycentrics = {{0x3e800000u, kHalf}, {0, 0}, {kOne, 0}, {0, kOne}};
  // Without centroids every pixel is fully covered: the centroid pair is
  // the center's.
  for (uint32_t l = 0; l < 4; ++l) EXPECT_EQ(CentroidOf(v, l), BarycentricOf(v, l));
  EXPECT_EQ(FragmentInputValues(v, 1, Interp::kCentroid), FragmentInputValues(v, 1));
  // Lane 0 partially covered: the centroid pair (0, 0.5) gives 2 + 0 + 0.5 * 6 = 5.
  v.centroids = v.barycentrics;
  v.centroids[0] = {0, kHalf};
  EXPECT_EQ(CentroidOf(v, 0), (Barycentric{0, kHalf}));
  const LaneVec4s center = FragmentInputValues(v, 1), centroid = FragmentInputValues(v, 1, Interp::kCentroid);
  EXPECT_EQ(center[0][0], 0x40b00000u);    // 5.5 at the center
  EXPECT_EQ(centroid[0][0], 0x40a00000u);  // 5 at the centroid
  for (uint32_t l = 1; l < 4; ++l) EXPECT_EQ(centroid[l], center[l]);
  // Flat stays the provoking vertex wherever the pair is.
  EXPECT_EQ(FragmentInputWord(v, 1, 0, 0, Interp::kFlat), 0x41000000u);
  EXPECT_EQ(CheckFragmentInputs(v), "");
  v.centroids.pop_back();
  EXPECT_EQ(CheckFragmentInputs(v), "centroids has 3 pairs, the vector 4 lanes");
  TestVector no_centers = Frag(4);
  no_centers.centroids.assign(4, Barycentric{});
  EXPECT_EQ(CheckFragmentInputs(no_centers), "centroids need barycentrics (the pixel-center pairs)");
}

TEST(FragmentInputs, PerLaneInputsReadAsGivenInBothForms) {
  const Vec4 odd = {kNegZero, kInf, kNanPayload, 0x80000001u};
  TestVector old_form = Frag(4);
  old_form.inputs[0] = LaneVec4s(4, odd);
  // The older form: v0 = v1 = v2 = x, interpolated, with the pair +0/+0.
  EXPECT_EQ(VaryingSourceOf(old_form, 0, 2, 1), (VaryingSource{kInf, kInf, kInf, false}));
  EXPECT_EQ(BarycentricOf(old_form, 2), (Barycentric{0, 0}));
  EXPECT_EQ(FragmentInputValues(old_form, 0), old_form.inputs[0]);
  // With barycentrics: flat, the pair does not matter.
  TestVector with = old_form;
  with.barycentrics.assign(4, Barycentric{kHalf, 0x3e800000u});
  EXPECT_EQ(VaryingSourceOf(with, 0, 2, 1), (VaryingSource{kInf, kInf, kInf, true}));
  EXPECT_EQ(FragmentInputValues(with, 0), with.inputs[0]);
  // Flat or not as the program says, a per-lane value reads as given, in
  // both forms.
  EXPECT_EQ(FragmentInputValues(with, 0, Interp::kFlat), with.inputs[0]);
  EXPECT_EQ(FragmentInputValues(old_form, 0, Interp::kFlat), old_form.inputs[0]);
  // A short per-lane input stays short, for the executors' lane-count checks.
  with.inputs[0].pop_back();
  EXPECT_EQ(FragmentInputValues(with, 0).size(), 3u);
}

// A flat varying is the provoking vertex's value (GL's default: the last
// vertex, v2) whatever the pair; a smooth one is interpolated. Which one is
// the program's word (Interp), not the vector's.
TEST(FragmentInputs, FlatTakesTheProvokingVertex) {
  EXPECT_EQ(kProvokingVertex, 2);
  EXPECT_EQ(Deliver({kNegZero, kOne, kInf, true}, kHalf, kHalf), kInf);
  EXPECT_EQ(Deliver({kNegZero, kOne, kNanPayload, true}, 0, 0), kNanPayload);  // even at +0/+0
  EXPECT_EQ(Deliver({kNegZero, kOne, kInf, false}, 0, 0), kNegZero);
  TestVector v = Frag(4);
  constexpr Word kFour = 0x40800000u;
  v.vertex_inputs[0] = {Vec4{kOne, 0, 0, 0}, Vec4{kTwo, 0, 0, 0}, Vec4{kFour, kNegZero, 0, 0}};
  v.barycentrics = {{0, 0}, {kHalf, 0}, {0, kHalf}, {kHalf, kHalf}};
  const LaneVec4s flat = FragmentInputValues(v, 0, Interp::kFlat);
  const LaneVec4s smooth = FragmentInputValues(v, 0, Interp::kSmooth);
  for (uint32_t l = 0; l < 4; ++l) {
    EXPECT_EQ(flat[l][0], kFour) << l;
    EXPECT_EQ(flat[l][1], kNegZero) << l;
  }
  EXPECT_EQ(smooth[0][0], kOne);            // +0/+0: v0
  EXPECT_EQ(smooth[1][0], 0x3fc00000u);  // 1 + 0.5 * (2 - 1) = 1.5
  EXPECT_EQ(smooth[2][0], 0x40200000u);  // 1 + 0.5 * (4 - 1) = 2.5
  EXPECT_EQ(VaryingSourceOf(v, 0, 3, 0, Interp::kFlat), (VaryingSource{kOne, kTwo, kFour, true}));
}

TEST(FragmentInputs, Invariants) {
  TestVector v = Frag(4);
  EXPECT_EQ(CheckFragmentInputs(v), "");
  v.vertex_inputs[0] = {};
  EXPECT_NE(CheckFragmentInputs(v).find("need barycentrics"), std::string::npos);
  v.barycentrics.resize(3);
  EXPECT_NE(CheckFragmentInputs(v).find("3 pairs"), std::string::npos);
  v.barycentrics.resize(4);
  EXPECT_EQ(CheckFragmentInputs(v), "");
  v.inputs[0] = LaneVec4s(4);
  EXPECT_NE(CheckFragmentInputs(v).find("both"), std::string::npos);
  TestVector vs;
  vs.stage = tgsi::Processor::kVertex;
  vs.barycentrics.resize(4);
  EXPECT_NE(CheckFragmentInputs(vs).find("fragment vectors only"), std::string::npos);
}

}  // namespace
}  // namespace shaderdiff::common
