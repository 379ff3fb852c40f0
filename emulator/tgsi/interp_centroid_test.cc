// INTERP_CENTROID in the reference: the operand interpolated at each lane's
// centroid pair (common::CentroidOf), through MOV's operand path (swizzle,
// modifiers, relative addressing), flat inputs still flat, plain reads of
// the same input still at the centre, batched waves equal to single calls,
// and the operands and stages it refuses. Every vector has partly covered
// lanes whose centroid value differs from the centre value (checked), so a
// reference that reads the centre fails these tests.
#include <gtest/gtest.h>

#include <vector>

#include "emulator/common/interpolation.h"
#include "emulator/tgsi/exec_result_diff.h"
#include "emulator/tgsi/prepared.h"
#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace testing;
using common::Interp;
using common::TestVector;

constexpr Word kQuarter = 0x3e800000u, kHalf = 0x3f000000u, kEighth = 0x3e000000u;

// Four lanes at the centre pair (1/4, 1/4); lanes 0 and 2 partly covered
// (centroid pairs (1/2, 1/8) and (1/8, 1/2)), lanes 1 and 3 fully covered.
// IN[k] for k < inputs: per vertex, every component different.
TestVector CentroidVector(uint32_t inputs) {
  TestVector v = Vector(tgsi::Processor::kFragment, 4);
  v.barycentrics.assign(4, common::Barycentric{kQuarter, kQuarter});
  v.centroids = v.barycentrics;
  v.centroids[0] = {kHalf, kEighth};
  v.centroids[2] = {kEighth, kHalf};
  for (uint32_t k = 0; k < inputs; ++k) {
    const float b = static_cast<float>(k) * 10.0f;
    v.vertex_inputs[k] = {F4(b + 1, b + 2, b - 3, b + 4), F4(b + 9, b - 6, b + 5, b + 12),
                          F4(b - 7, b + 26, b + 11, b + 36)};
  }
  return v;
}

Word At(const TestVector& v, uint32_t index, uint32_t lane, int c, Interp mode) {
  return common::FragmentInputWord(v, index, lane, c, mode);
}

TEST(InterpCentroid, ReadsTheOperandAtTheCentroidPair) {
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], GENERIC[0]
  0: INTERP_CENTROID OUT[0], IN[0]
  1: MOV OUT[1], IN[0]
  2: END
)";
  const TestVector v = CentroidVector(1);
  const auto o = RunText(text, v);
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(o.W(0, l, c), At(v, 0, l, c, Interp::kCentroid)) << l << "," << c;
      EXPECT_TRUE(o.Clean(0, l, c));
      // The plain read of the same input stays at the centre.
      EXPECT_EQ(o.W(1, l, c), At(v, 0, l, c, Interp::kSmooth)) << l << "," << c;
    }
  }
  // Partly covered lanes: the centroid value is not the centre value.
  for (uint32_t l : {0u, 2u}) {
    for (int c = 0; c < 4; ++c) EXPECT_NE(o.W(0, l, c), o.W(1, l, c)) << l << "," << c;
  }
  // Fully covered lanes: the same.
  for (int c = 0; c < 4; ++c) EXPECT_EQ(o.W(0, 1, c), o.W(1, 1, c));
}

TEST(InterpCentroid, TheOperandsSwizzleAndModifiersApply) {
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
  0: INTERP_CENTROID OUT[0], -|IN[0].wzyx|
  1: END
)";
  const TestVector v = CentroidVector(1);
  const auto o = RunText(text, v);
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) {
      const Word want = At(v, 0, l, 3 - c, Interp::kCentroid) | 0x80000000u;
      EXPECT_EQ(o.W(0, l, c), want) << l << "," << c;
    }
  }
  EXPECT_NE(o.W(0, 0, 0), At(v, 0, 0, 3, Interp::kSmooth) | 0x80000000u);
}

TEST(InterpCentroid, AFlatInputStaysFlat) {
  // GLSL: a flat input has one value over the primitive, so where it is
  // interpolated changes nothing: the provoking vertex's value.
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], CONSTANT
DCL OUT[0], COLOR
  0: INTERP_CENTROID OUT[0], IN[0]
  1: END
)";
  const TestVector v = CentroidVector(1);
  const auto o = RunText(text, v);
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(o.W(0, l, c), v.vertex_inputs.at(0)[common::kProvokingVertex][c]);
  }
}

TEST(InterpCentroid, ARelativeOperandReadsTheAddressedInputAtTheCentroid) {
  const char* text = R"(FRAG
DCL IN[0..2], ARRAY(1), GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL ADDR[0]
DCL CONST[0]
  0: UARL ADDR[0].x, CONST[0].xxxx
  1: INTERP_CENTROID OUT[0], IN[ADDR[0].x]
  2: END
)";
  TestVector v = CentroidVector(3);
  v.constants[0][0] = U4(2, 0, 0, 0);
  const auto o = RunText(text, v);
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(o.W(0, l, c), At(v, 2, l, c, Interp::kCentroid)) << l << "," << c;
  }
  EXPECT_NE(o.W(0, 2, 1), At(v, 2, 2, 1, Interp::kSmooth));
}

TEST(InterpCentroid, BatchedWavesEqualSingleCalls) {
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0]
  0: INTERP_CENTROID TEMP[0], IN[1]
  1: ADD OUT[0], TEMP[0], IN[0]
  2: END
)";
  const auto p = Prepare(Parse(text));
  ASSERT_TRUE(p->batchable);
  std::vector<TestVector> vectors = {CentroidVector(2), CentroidVector(2)};
  std::swap(vectors[1].centroids[0], vectors[1].centroids[2]);
  std::vector<const TestVector*> ptrs = {&vectors[0], &vectors[1]};
  const std::vector<common::ExecResult> got = InterpretBatch(*p, ptrs, {});
  ASSERT_EQ(got.size(), 2u);
  for (size_t k = 0; k < 2; ++k) EXPECT_EQ(test::Difference(got[k], Interpret(*p, vectors[k], {})), "") << k;
  EXPECT_NE(got[0].Output(0).words[0], got[1].Output(0).words[0]);
}

TEST(InterpCentroid, RefusesAnOperandThatIsNotAnInputAndOtherStages) {
  const char* not_input = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0]
  0: MOV TEMP[0], IN[0]
  1: INTERP_CENTROID OUT[0], TEMP[0]
  2: END
)";
  auto o = RunAny(not_input, CentroidVector(1));
  EXPECT_EQ(o.d.status, common::ExecStatus::kError);
  EXPECT_EQ(o.d.detail, "INTERP_CENTROID needs an IN operand");
  EXPECT_EQ(o.d.location.line, 6u);
  const char* vertex = R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
  0: INTERP_CENTROID OUT[0], IN[0]
  1: END
)";
  TestVector vv = Vector(tgsi::Processor::kVertex, 1);
  SetInput(vv, 0, F4(1, 2, 3, 4));
  o = RunAny(vertex, vv);
  EXPECT_EQ(o.d.status, common::ExecStatus::kError);
  EXPECT_EQ(o.d.detail, "INTERP_CENTROID outside a fragment shader");
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
