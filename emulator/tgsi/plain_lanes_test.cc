// The plain-lanes fast path (ops.h, PlainLanes: ADD, SUB, MUL, MAD and the
// compares FSLT..FSNE, SLT..SNE on a wave whose lanes are all active)
// against the general per-lane evaluation: the
// same shader runs once straight (every lane active: the fast path) and once
// inside an IF that leaves lane 0 out (the mask is no longer lanes 0..n-1:
// the general path), on operands that hit every way out of the fast path
// (denormal operands, products and results, NaN, infinities, MAD whose fused
// form differs), in both denormal modes. Lanes 1.. must agree in every word,
// flag, set and reason. The MAD test fills whole waves (and a partial last
// block) with lanes whose fused and unfused results differ: the fast path's
// two-word sets (PairSet) against the general set builder.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
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
      "  MOV OUT[0], TEMP[0]\n  MOV OUT[1], TEMP[1]\n  MOV OUT[2], TEMP[2]\n  MOV OUT[3], TEMP[3]\n"
      "  FSLT OUT[4].x, IN[0], IN[1]\n  FSGE OUT[4].y, IN[1], IN[2]\n  FSEQ OUT[4].z, IN[1], IN[2]\n"
      "  FSNE OUT[4].w, IN[2], IN[0]\n"
      "  SLT OUT[5].x, IN[2], IN[1]\n  SGE OUT[5].y, IN[1], IN[2]\n  SEQ OUT[5].z, IN[0], IN[2]\n"
      "  SLE OUT[5].w, IN[2], IN[0]\n";
  std::string text =
      "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL IN[3]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
      "DCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\nDCL OUT[4], GENERIC[4]\nDCL OUT[5], GENERIC[5]\n"
      "DCL TEMP[0..3]\n";
  if (guarded) return text + "  UIF IN[3].xxxx\n" + body + "  ENDIF\n  END\n";
  return text + body + "  END\n";
}

// Runs the shader straight and guarded on operand triples `ops` (lane 0 is
// the one the guard leaves out), in both denormal modes, and expects lanes
// 1.. to agree field by field. Returns, per mode, the components that were
// not exact and those whose cause was `why`.
struct Flagged {
  int not_exact = 0;
  int with_cause = 0;
};
std::vector<Flagged> ExpectSameAsGeneral(const std::vector<std::array<float, 3>>& ops, const std::string& why) {
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

  std::vector<Flagged> counts;
  for (const auto mode : {common::DenormalMode::kPreserve, common::DenormalMode::kFlushToZero}) {
    InterpreterOptions o;
    o.denormals = mode;
    const Outcome fast = RunText(Shader(false), v, o);
    const Outcome general = RunText(Shader(true), v, o);
    Flagged f;
    for (uint32_t out = 0; out < 6; ++out) {
      for (uint32_t l = 1; l < lanes; ++l) {
        for (int c = 0; c < 4; ++c) {
          EXPECT_EQ(fast.W(out, l, c), general.W(out, l, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(fast.Undef(out, l, c), general.Undef(out, l, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(fast.Inexact(out, l, c), general.Inexact(out, l, c)) << "out " << out << " lane " << l;
          const std::string fast_why = fast.Why(out, l, c);
          EXPECT_EQ(fast_why, general.Why(out, l, c)) << "out " << out << " lane " << l;
          EXPECT_EQ(fast.r().Output(out).Allowed(l, c), general.r().Output(out).Allowed(l, c))
              << "out " << out << " lane " << l;
          f.not_exact += !fast.Clean(out, l, c);
          f.with_cause += !why.empty() && fast_why == why;
        }
      }
    }
    counts.push_back(f);
  }
  return counts;
}

TEST(PlainLanes, SameAsTheGeneralPath) {
  const float kDenorm = std::numeric_limits<float>::denorm_min() * 3;
  const float kNan = std::numeric_limits<float>::quiet_NaN();
  const float kInf = std::numeric_limits<float>::infinity();
  const float kMin = std::numeric_limits<float>::min();
  const std::vector<std::array<float, 3>> ops = {
      {0, 0, 0},          {1.5f, 2.25f, -3.0f},   {kDenorm, 1.0f, 2.0f},  {1.0f, kDenorm, 0.0f},
      {kMin, 0.5f, 0.0f}, {kMin, 0.25f, kMin},    {kNan, 1.0f, 1.0f},     {kInf, -kInf, 1.0f},
      {kInf, 0.0f, 1.0f}, {1.1f, 1.3f, -1.43f},   {0.1f, 0.2f, 0.3f},     {3.0f, 1.0f / 3, -1.0f},
      {1e30f, 1e30f, 1.0f}, {-1e-20f, 1e-20f, 0}, {16777217.0f, 1, -1},  {0.7f, 0.7f, -0.49f},
      {1.0f, 1.0f, -1.0f}, {-0.0f, 0.0f, -0.0f},  {kMin * 2, 0.5f, -kMin}, {2.0f, kMin, -kDenorm},
  };
  for (const Flagged& f : ExpectSameAsGeneral(ops, "")) EXPECT_GT(f.not_exact, 20);  // the slow lanes were there
}

// MAD lanes whose fused and unfused results differ, in every form the fast
// path meets: finite results (the two-word set), an unfused result that
// overflows while the fused one does not, fused results that are denormal
// (Fp may flush them), zero or -0 on one side, NaN and infinite operands
// next to them; 60 lanes (blocks of 16 and a partial last block: lanes the
// wave never wrote are not read) and 8 (one partial block).
TEST(PlainLanes, MadFusedDiffersSameAsTheGeneralPath) {
  const float kNan = std::numeric_limits<float>::quiet_NaN();
  const float kInf = std::numeric_limits<float>::infinity();
  const float kDenorm = std::numeric_limits<float>::denorm_min() * 5;
  std::mt19937 rng(11);
  std::uniform_int_distribution<uint32_t> mant(1, (1u << 23) - 1);
  const auto near_one = [&](int exp) { return std::ldexp(1.0f + std::ldexp(static_cast<float>(mant(rng)), -23), exp); };
  std::vector<std::array<float, 3>> ops = {{0, 0, 0}};
  const std::vector<std::array<float, 3>> specials = {
      {1.9e19f, 1.9e19f, -3.0e38f},   // unfused +inf, fused finite
      {-1.9e19f, 1.9e19f, 3.0e38f},   // unfused -inf, fused finite
      {kNan, 1.5f, 2.0f},           {kInf, 1.5f, -kInf}, {kInf, 1.5f, 2.0f}, {kDenorm, 3.0f, 1.0f},
      {-0.0f, 1.5f, 0.0f},          {0.0f, -1.5f, -0.0f},
  };
  for (const auto& sp : specials) ops.push_back(sp);
  int differs = 0;
  while (ops.size() < 60) {
    const int kind = static_cast<int>(ops.size() % 4);
    // kind 0: c = -round(a*b): unfused 0 (+0), fused the product's rounding
    // error; 1: the error near the denormal range (a denormal or a normal
    // fused word); 2: a general sum; 3: c = -round(a*b) with negated a: -0 cases.
    const int exp = kind == 1 ? -62 : 0;
    float a = near_one(exp), b = near_one(exp);
    if (kind == 3) a = -a;
    float c = kind == 2 ? near_one(-1) : -(a * b);
    if (std::fmaf(a, b, c) != a * b + c) ++differs;
    ops.push_back({a, b, c});
  }
  EXPECT_GT(differs, 30);
  for (const Flagged& f : ExpectSameAsGeneral(ops, "mad-fusion")) EXPECT_GT(f.with_cause, 4 * 20);
  ops.resize(8);
  for (const Flagged& f : ExpectSameAsGeneral(ops, "mad-fusion")) EXPECT_GT(f.with_cause, 0);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
