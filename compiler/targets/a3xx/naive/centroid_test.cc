// Centroid interpolation in the naive build, run on the a3xx emulator
// against the reference: inputs declared CENTROID (bary.f at the centroid
// pair, r0.z), INTERP_CENTROID (IN's centroid twin, filled by the prologue)
// directly, with swizzle and modifiers, relatively addressed, on a flat
// input, beside a plain read of the same input. The vectors have partly
// covered lanes whose centroid value differs from the centre value (each
// case checks it), so a build that interpolates at the centre fails.
#include <gtest/gtest.h>

#include <string>

#include "compiler/targets/a3xx/naive/test_util.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/emulator.h"
#include "emulator/common/interpolation.h"
#include "emulator/tgsi/interpreter.h"

namespace shaderdiff::naive {
namespace {

using common::Word;

Word Fw(float f) { return std::bit_cast<Word>(f); }

// 8 lanes at the centre pair (1/4, 1/4); lanes 0, 2 and 5 partly covered.
common::TestVector Vector(uint32_t inputs) {
  common::TestVector v;
  v.stage = tgsi::Processor::kFragment;
  v.lanes = 8;
  v.barycentrics.assign(8, common::Barycentric{Fw(0.25f), Fw(0.25f)});
  v.centroids = v.barycentrics;
  v.centroids[0] = {Fw(0.5f), Fw(0.125f)};
  v.centroids[2] = {Fw(0.125f), Fw(0.5f)};
  v.centroids[5] = {Fw(0.375f), Fw(0.25f)};
  for (uint32_t k = 0; k < inputs; ++k) {
    const float b = static_cast<float>(k) * 10.0f;
    common::VertexVec4s& in = v.vertex_inputs[k];
    in[0] = {Fw(b + 1), Fw(b + 2), Fw(b - 3), Fw(b + 4)};
    in[1] = {Fw(b + 9), Fw(b - 6), Fw(b + 5), Fw(b + 12)};
    in[2] = {Fw(b - 7), Fw(b + 26), Fw(b + 11), Fw(b + 36)};
  }
  v.constants[0][0] = {2, 0, 0, 0};
  return v;
}

// Compiles `text` naive, runs it (hazards trap) and the reference on
// Vector(inputs); every output word must be the reference's (all exact).
// Returns the reference result.
common::ExecResult ExpectMatches(const std::string& text, uint32_t inputs) {
  const tgsi::ParseResult parsed = tgsi::ParseShader(text);
  EXPECT_TRUE(parsed.ok());
  const CompileResult r = CompileA3xxNaive(parsed.shader);
  EXPECT_EQ(r.status, CompileStatus::kOk) << r.detail;
  EXPECT_EQ(testing::CheckProgram(r.program), std::nullopt);
  const common::TestVector v = Vector(inputs);
  const common::ExecResult ref = tgsi_exec::Interpret(parsed.shader, v, {});
  EXPECT_EQ(ref.status, common::ExecStatus::kOk) << ref.detail;
  a3xx::EmulatorOptions options;
  options.hazards = a3xx::HazardMode::kTrap;
  const a3xx::EmulationResult emu = a3xx::Emulate(r.program, v, options);
  EXPECT_EQ(emu.result.status, common::ExecStatus::kOk) << emu.result.detail;
  EXPECT_TRUE(emu.hazards.empty());
  for (const common::OutputLanes& out : ref.outputs) {
    const common::OutputLanes* got = emu.result.FindOutput(out.index);
    EXPECT_NE(got, nullptr) << "OUT[" << out.index << "]";
    if (!got) continue;
    for (uint32_t l = 0; l < v.lanes; ++l) {
      EXPECT_EQ(out.undefined[l], 0) << l;
      EXPECT_EQ(got->words[l], out.words[l]) << "OUT[" << out.index << "] lane " << l;
    }
  }
  return ref;
}

// Whether OUT[a] and OUT[b] differ in every component of the partly
// covered lanes (the centroid reads are not centre reads).
void ExpectDifferAtPartlyCoveredLanes(const common::ExecResult& ref, uint32_t a, uint32_t b) {
  for (uint32_t l : {0u, 2u, 5u}) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_NE(ref.Output(a).words[l][c], ref.Output(b).words[l][c]) << l << "," << c;
    }
  }
}

TEST(Centroid, DeclaredCentroidInputsReadTheCentroidPair) {
  const auto ref = ExpectMatches(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE, CENTROID
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
IMM[0] FLT32 {-10.0000, -10.0000, -10.0000, -10.0000}
  0: MOV OUT[0], IN[0]
  1: ADD OUT[1], IN[1], IMM[0]
  2: END
)",
                                 2);
  // IN[1] - 10 at the centre has IN[0]'s vertex values: OUT[1] is IN[0] at the centre.
  ExpectDifferAtPartlyCoveredLanes(ref, 0, 1);
}

TEST(Centroid, InterpCentroidReadsTheTwinBesideAPlainRead) {
  const auto ref = ExpectMatches(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], LINEAR
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
  0: INTERP_CENTROID OUT[0], IN[1]
  1: MOV OUT[1], IN[1]
  2: INTERP_CENTROID OUT[2], -|IN[0].wzyx|
  3: END
)",
                                 2);
  ExpectDifferAtPartlyCoveredLanes(ref, 0, 1);
}

TEST(Centroid, InterpCentroidRelativeAndFlat) {
  const auto ref = ExpectMatches(R"(FRAG
DCL IN[0..2], ARRAY(1), GENERIC[0], PERSPECTIVE
DCL IN[3], GENERIC[3], CONSTANT
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL CONST[0]
DCL ADDR[0]
  0: UARL ADDR[0].x, CONST[0].xxxx
  1: INTERP_CENTROID OUT[0], IN[ADDR[0].x]
  2: MOV OUT[1], IN[2]
  3: INTERP_CENTROID OUT[2], IN[3]
  4: END
)",
                                 4);
  ExpectDifferAtPartlyCoveredLanes(ref, 0, 1);
}

}  // namespace
}  // namespace shaderdiff::naive
