// Waves whose operands are exact on some lanes only (ops.h EvalKernelLanes:
// the exact lanes without a Val per lane, the others through EvalKernel;
// ops_float.cc Select: a lane copied from the chosen operand, the all-exact
// word selector of UCMP in one pass; fetch_store.cc: saturate of exact words
// under certain control in one pass) against each lane run alone: lane 1 of
// a two-lane vector whose lane 0 the outer UIF leaves out, so the mask is
// not lanes 0..n-1, none of the all-active paths run, and each operand is
// uniformly exact or not (the general per-lane paths). Every lane must agree
// in every word, flag, set and reason, in both denormal modes. Lanes become inexact through a MAD whose
// fused form differs (a two-word set) and undefined through a TEMP that a
// UIF leaves unwritten, so each instruction below meets exact, inexact and
// undefined operands side by side in one wave.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace testing;

constexpr int kOutputs = 12;

std::string Shader() {
  std::string text = "VERT\n";
  for (int i = 0; i < 4; ++i) text += "DCL IN[" + std::to_string(i) + "]\n";
  for (int i = 0; i < kOutputs; ++i) text += "DCL OUT[" + std::to_string(i) + "], GENERIC[" + std::to_string(i) + "]\n";
  return text +
         "DCL TEMP[0..2]\n"
         "UIF IN[3].yyyy\n"  // every lane of the wave; lane 1 only of the lane alone
         "  UIF IN[3].xxxx\n"
         "    MOV TEMP[1], IN[1]\n"  // undefined on the lanes the UIF leaves out
         "  ENDIF\n"
         "  MAD TEMP[0], IN[0], IN[1], IN[2]\n"  // a set where the fused form differs
         "  ADD OUT[0], TEMP[0], IN[2]\n"
         "  MUL OUT[1], TEMP[0], TEMP[1]\n"
         "  MAD OUT[2], TEMP[0], IN[1], -TEMP[0]\n"
         "  UCMP OUT[3], IN[3], TEMP[1], TEMP[0]\n"  // exact word selector, mixed operands
         "  UCMP OUT[9], IN[3], TEMP[0], IN[2]\n"
         "  CMP OUT[4], TEMP[0], IN[1], TEMP[1]\n"   // inexact selector on some lanes
         "  CMP OUT[5], IN[2], TEMP[0], IN[1]\n"
         "  RCP OUT[6], TEMP[0].xxxx\n"
         "  FSLT OUT[7], TEMP[0], IN[2]\n"
         "  MOV OUT[8], TEMP[0]\n"
         "  MOV_SAT OUT[10], IN[0]\n"  // saturate of exact words (fetch_store.cc)
         "  ADD_SAT OUT[11], TEMP[0], IN[2]\n"
         "ENDIF\n"
         "  END\n";
}

// IN[0..2] = operands 0..2 of each lane, IN[3] = (operand 3 != 0, 1, 0, 0);
// with `alone`, a lane 0 before them whose IN[3] is 0 (left out).
common::TestVector Lanes(const std::vector<std::array<float, 4>>& ops, bool alone = false) {
  common::TestVector v = Vector(tgsi::Processor::kVertex, static_cast<uint32_t>(ops.size() + alone));
  for (int k = 0; k < 4; ++k) {
    common::LaneVec4s in;
    if (alone) in.push_back(U4(0, 0, 0, 0));
    for (const auto& o : ops) in.push_back(k == 3 ? U4(o[3] != 0, 1, 0, 0) : Splat(o[k]));
    SetInputLanes(v, static_cast<uint32_t>(k), in);
  }
  return v;
}

// Returns, over both modes, how many components were exact, inexact and
// undefined in the mixed wave (so the test can tell the mix was there).
std::array<int, 3> ExpectSameAsAlone(const std::vector<std::array<float, 4>>& ops) {
  std::array<int, 3> seen{};
  for (const auto mode : {common::DenormalMode::kPreserve, common::DenormalMode::kFlushToZero}) {
    InterpreterOptions o;
    o.denormals = mode;
    const Outcome wave = RunText(Shader(), Lanes(ops), o);
    for (uint32_t l = 0; l < ops.size(); ++l) {
      const Outcome alone = RunText(Shader(), Lanes({ops[l]}, true), o);
      for (uint32_t out = 0; out < kOutputs; ++out) {
        for (int c = 0; c < 4; ++c) {
          EXPECT_EQ(wave.W(out, l, c), alone.W(out, 1, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(wave.Undef(out, l, c), alone.Undef(out, 1, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(wave.Inexact(out, l, c), alone.Inexact(out, 1, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(wave.Why(out, l, c), alone.Why(out, 1, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(wave.r().Output(out).Allowed(l, c), alone.r().Output(out).Allowed(1, c))
              << "out " << out << " lane " << l;
          ++seen[wave.Undef(out, l, c) ? 2 : wave.Inexact(out, l, c) ? 1 : 0];
        }
      }
    }
  }
  return seen;
}

TEST(MixedLanes, SameAsEachLaneAlone) {
  const float kNan = std::numeric_limits<float>::quiet_NaN();
  const float kDenorm = std::numeric_limits<float>::denorm_min() * 5;
  const float kInf = std::numeric_limits<float>::infinity();
  std::mt19937 rng(13);
  std::uniform_int_distribution<uint32_t> mant(1, (1u << 23) - 1);
  const auto near_one = [&](int exp) { return std::ldexp(1.0f + std::ldexp(static_cast<float>(mant(rng)), -23), exp); };
  std::vector<std::array<float, 4>> ops = {
      {1.5f, 2.0f, -3.0f, 1}, {0.0f, -0.0f, 0.0f, 0}, {kNan, 1.0f, 2.0f, 1}, {kDenorm, 3.0f, 1.0f, 0},
      {-2.0f, 0.5f, 0.25f, 1}, {1.0f, 1.0f, -1.0f, 0}, {-0.0f, 1.0f, -0.0f, 1}, {kInf, 1.0f, 2.0f, 1},
      {-kInf, 1.0f, 2.0f, 0}, {0.25f, 1.0f, 0.5f, 1},   {-kDenorm, 1.0f, 0.0f, 1},
  };
  // The rest: alternately a MAD whose fused form differs (a set) and one
  // that rounds the same both ways, the UIF guard alternating in pairs.
  while (ops.size() < 60) {
    const float a = near_one(0), b = near_one(0);
    const bool differs = ops.size() % 2 == 0;
    const float c = differs ? -(a * b) : 0.5f;
    ops.push_back({a, b, c, static_cast<float>((ops.size() / 2) % 2)});
  }
  const std::array<int, 3> seen = ExpectSameAsAlone(ops);
  EXPECT_GT(seen[0], 200);  // exact
  EXPECT_GT(seen[1], 200);  // inexact
  EXPECT_GT(seen[2], 100);  // undefined
  // A wave of 4: one partial block, the MAD's set on lane 2 only.
  ops.resize(4);
  ops[2] = {1.0f + 0x1p-20f, 1.0f + 0x1p-21f, -(1.0f + 0x1p-20f + 0x1p-21f), 1};
  ExpectSameAsAlone(ops);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
