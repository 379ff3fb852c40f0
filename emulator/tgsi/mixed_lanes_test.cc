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
// undefined operands side by side in one wave. The integer opcodes
// (ops_int.cc: WordsLanes on an all-active wave of exact operands) are
// checked the same way, on words that are integers, float bit patterns,
// zero divisors and shift counts past 31.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace testing;

constexpr int kOutputs = 12;

// The declarations, the guard that takes lane 0 out of a lane run alone,
// and TEMP[1] undefined on the lanes IN[3].x leaves out, around `body`.
std::string Shader(const std::string& body) {
  std::string text = "VERT\n";
  for (int i = 0; i < 4; ++i) text += "DCL IN[" + std::to_string(i) + "]\n";
  for (int i = 0; i < kOutputs; ++i) text += "DCL OUT[" + std::to_string(i) + "], GENERIC[" + std::to_string(i) + "]\n";
  return text +
         "DCL TEMP[0..2]\n"
         "IMM[0] UINT32 {3, 33, 0, 4294967295}\n"
         "UIF IN[3].yyyy\n"  // every lane of the wave; lane 1 only of the lane alone
         "  UIF IN[3].xxxx\n"
         "    MOV TEMP[1], IN[1]\n"  // undefined on the lanes the UIF leaves out
         "  ENDIF\n" +
         body +
         "ENDIF\n"
         "  END\n";
}

const std::string kFloatBody =
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
         "  ADD_SAT OUT[11], TEMP[0], IN[2]\n";

// Integer opcodes on exact operands (IN), on TEMP[1] (undefined on some
// lanes) and on an immediate (IMM[0], declared in Shader); TEMP[0] is a word mix of the operands.
const std::string kIntBody =
         "  XOR TEMP[0], IN[0], IN[2]\n"
         "  UADD OUT[0], IN[0], IN[1]\n"
         "  AND OUT[1], TEMP[0], IN[1]\n"
         "  OR OUT[2], IN[0], TEMP[1]\n"
         "  USEQ OUT[3], IN[0], IN[1]\n"
         "  ISGE OUT[4], TEMP[0], IN[2]\n"
         "  ISLT OUT[5], IN[1], IMM[0]\n"
         "  UMUL OUT[6], IN[0], IN[1]\n"
         "  SHL OUT[7], IN[0], IN[1]\n"
         "  UDIV OUT[8], IN[0], IN[2]\n"
         "  UMOD OUT[9], TEMP[0], IN[2]\n"
         "  INEG OUT[10], IN[2]\n"
         "  UMAD OUT[11], IN[0], IN[1], TEMP[0]\n";

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
std::array<int, 3> ExpectSameAsAlone(const std::vector<std::array<float, 4>>& ops,
                                     const std::string& body = kFloatBody) {
  std::array<int, 3> seen{};
  for (const auto mode : {common::DenormalMode::kPreserve, common::DenormalMode::kFlushToZero}) {
    InterpreterOptions o;
    o.denormals = mode;
    const Outcome wave = RunText(Shader(body), Lanes(ops), o);
    for (uint32_t l = 0; l < ops.size(); ++l) {
      const Outcome alone = RunText(Shader(body), Lanes({ops[l]}, true), o);
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

// The integer opcodes: an all-active wave of exact operands (WordsLanes),
// one with TEMP[1] undefined on some lanes (EvalKernelLanes), against each
// lane alone (the general path). The words: integers, float bit patterns
// (negative ones are negative integers), 0 and 0x80000000 (-0.0f), divisors
// of 0, shift counts of 32 and more.
TEST(MixedLanes, IntegerOpsSameAsEachLaneAlone) {
  const auto f = [](uint32_t w) { return std::bit_cast<float>(w); };
  std::mt19937 rng(29);
  std::vector<std::array<float, 4>> ops = {
      {f(7), f(3), f(0), 1},          {f(0xffffffffu), f(1), f(2), 1}, {f(0x80000000u), f(0xffffffffu), f(0xffffffffu), 1},
      {f(5), f(32), f(0), 1},         {f(1), f(33), f(3), 1},          {f(0x7fffffffu), f(0x7fffffffu), f(7), 1},
      {1.5f, -2.0f, -3.0f, 1},        {f(100), f(100), f(9), 1},
  };
  while (ops.size() < 40) ops.push_back({f(rng()), f(rng() % 40), f(rng() % 5), 1});
  const std::array<int, 3> all = ExpectSameAsAlone(ops, kIntBody);
  EXPECT_EQ(all[1], 0);      // integer results are never inexact
  EXPECT_GT(all[0], 2000);   // exact
  EXPECT_EQ(all[2], 0);      // IN[3].x is 1 on every lane: TEMP[1] is written
  // TEMP[1] undefined on every other lane: OR's channels take the mixed path.
  for (size_t k = 0; k < ops.size(); k += 2) ops[k][3] = 0;
  const std::array<int, 3> mixed = ExpectSameAsAlone(ops, kIntBody);
  EXPECT_GT(mixed[2], 100);  // undefined
  // A wave of 4 (a partial block).
  ops.resize(4);
  ExpectSameAsAlone(ops, kIntBody);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
