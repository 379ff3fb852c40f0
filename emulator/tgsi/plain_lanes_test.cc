// The plain-lanes fast path (ops.h, PlainLanes: ADD, SUB, MUL, MAD on a wave
// whose lanes are all active) against the general per-lane evaluation: the
// same shader runs once straight (every lane active: the fast path) and once
// inside an IF that leaves lane 0 out (the mask is no longer lanes 0..n-1:
// the general path), on operands that hit every way out of the fast path
// (denormal operands, products and results, NaN, infinities, MAD whose fused
// form differs), in both denormal modes. Lanes 1.. must agree in every word,
// flag, set and reason.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <vector>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace testing;

std::string Shader(bool guarded) {
  std::string body =
      "  ADD TEMP[0], IN[0], IN[1]\n"
      "  SUB TEMP[1], IN[0], IN[2]\n"
      "  MUL TEMP[2], IN[1], IN[2]\n"
      "  MAD TEMP[3], IN[0], IN[1], IN[2]\n"
      "  MOV OUT[0], TEMP[0]\n  MOV OUT[1], TEMP[1]\n  MOV OUT[2], TEMP[2]\n  MOV OUT[3], TEMP[3]\n";
  std::string text =
      "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL IN[3]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
      "DCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\nDCL TEMP[0..3]\n";
  if (guarded) return text + "  UIF IN[3].xxxx\n" + body + "  ENDIF\n  END\n";
  return text + body + "  END\n";
}

TEST(PlainLanes, SameAsTheGeneralPath) {
  const float kDenorm = std::numeric_limits<float>::denorm_min() * 3;
  const float kNan = std::numeric_limits<float>::quiet_NaN();
  const float kInf = std::numeric_limits<float>::infinity();
  const float kMin = std::numeric_limits<float>::min();
  // Operand triples per lane; lane 0 is the one the IF leaves out.
  const std::vector<std::array<float, 3>> ops = {
      {0, 0, 0},          {1.5f, 2.25f, -3.0f},   {kDenorm, 1.0f, 2.0f},  {1.0f, kDenorm, 0.0f},
      {kMin, 0.5f, 0.0f}, {kMin, 0.25f, kMin},    {kNan, 1.0f, 1.0f},     {kInf, -kInf, 1.0f},
      {kInf, 0.0f, 1.0f}, {1.1f, 1.3f, -1.43f},   {0.1f, 0.2f, 0.3f},     {3.0f, 1.0f / 3, -1.0f},
      {1e30f, 1e30f, 1.0f}, {-1e-20f, 1e-20f, 0}, {16777217.0f, 1, -1},  {0.7f, 0.7f, -0.49f},
      {1.0f, 1.0f, -1.0f}, {-0.0f, 0.0f, -0.0f},  {kMin * 2, 0.5f, -kMin}, {2.0f, kMin, -kDenorm},
  };
  const uint32_t lanes = static_cast<uint32_t>(ops.size());
  common::TestVector v = Vector(tgsi::Processor::kVertex, lanes);
  for (int k = 0; k < 3; ++k) {
    common::LaneVec4s in;
    for (const auto& o : ops) in.push_back(Splat(o[k]));
    SetInputLanes(v, static_cast<uint32_t>(k), in);
  }
  common::LaneVec4s guard;
  for (uint32_t l = 0; l < lanes; ++l) guard.push_back(U4(l ? 1 : 0, 0, 0, 0));
  SetInputLanes(v, 3, guard);

  for (const auto mode : {common::DenormalMode::kPreserve, common::DenormalMode::kFlushToZero}) {
    InterpreterOptions o;
    o.denormals = mode;
    const Outcome fast = RunText(Shader(false), v, o);
    const Outcome general = RunText(Shader(true), v, o);
    int flagged = 0;
    for (uint32_t out = 0; out < 4; ++out) {
      for (uint32_t l = 1; l < lanes; ++l) {
        for (int c = 0; c < 4; ++c) {
          EXPECT_EQ(fast.W(out, l, c), general.W(out, l, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(fast.Undef(out, l, c), general.Undef(out, l, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(fast.Inexact(out, l, c), general.Inexact(out, l, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(fast.Why(out, l, c), general.Why(out, l, c)) << "out " << out << " lane " << l;
          flagged += !fast.Clean(out, l, c);
        }
        const common::OutputLanes& a = fast.r().Output(out);
        const common::OutputLanes& b = general.r().Output(out);
        if (a.has_sets && b.has_sets) {
          EXPECT_EQ(a.allowed[l], b.allowed[l]) << "out " << out << " lane " << l;
        }
      }
    }
    EXPECT_GT(flagged, 20);  // the slow lanes were there
  }
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
