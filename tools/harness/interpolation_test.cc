// Fragment inputs through the shared interpolation model, end to end: the
// reference interpreter and the a3xx emulator running compiled code (both
// builds) read bit-identical interpolated inputs on seeded plain and edge
// vectors; and a program that clobbers the i/j register before its bary.f,
// which the older per-lane vectors (i = j = +0) could not tell from a
// correct one, is now a mismatch against the reference.
#include <gtest/gtest.h>

#include <string>

#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/isa/assembler.h"
#include "emulator/common/interpolation.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/check.h"
#include "tools/harness/compare.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::harness {
namespace {

// Three interpolated inputs (one per interpolation mode that is not flat),
// a flat one, copied out bit for bit, plus exact arithmetic on them (in the
// four render targets a3xx has).
constexpr const char* kPassThrough = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], LINEAR
DCL IN[2], COLOR, COLOR
DCL IN[3], GENERIC[3], CONSTANT
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL OUT[3], COLOR[3]
  0: MOV OUT[0], IN[0]
  1: MOV OUT[1], IN[1]
  2: MOV OUT[2], IN[2]
  3: MOV OUT[3].xy, IN[3]
  4: ADD OUT[3].zw, IN[0], IN[1]
  5: END
)";

tgsi::Shader Parse(const char* text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("shader");
  return r.shader;
}

TEST(Interpolation, InterpreterReadsTheModelsValues) {
  const tgsi::Shader shader = Parse(kPassThrough);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    common::TestVector v;
    std::string error;
    ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 32, .edges = seed % 2 == 0}, &v, &error)) << error;
    ASSERT_EQ(v.vertex_inputs.size(), 4u);  // IN[0..3], IN[3] (CONSTANT) too
    const common::ExecResult r = tgsi_exec::Interpret(shader, v, {});
    ASSERT_EQ(r.status, common::ExecStatus::kOk) << r.detail;
    for (uint32_t in = 0; in < 3; ++in) EXPECT_EQ(r.Output(in).words, common::FragmentInputValues(v, in)) << in;
    // The CONSTANT input reads the provoking vertex, whatever the pair.
    const common::LaneVec4s flat = common::FragmentInputValues(v, 3, common::Interp::kFlat);
    for (uint32_t l = 0; l < v.lanes; ++l) {
      for (int c = 0; c < 2; ++c) {
        EXPECT_EQ(r.Output(3).words.at(l)[c], flat[l][c]) << l;
        EXPECT_EQ(flat[l][c], v.vertex_inputs.at(3)[common::kProvokingVertex][c]) << l;
      }
    }
  }
}

TEST(Interpolation, BothBuildsMatchTheReferenceBitForBit) {
  const tgsi::Shader shader = Parse(kPassThrough);
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    CheckOptions options;
    options.build = build;
    options.vectors = 64;  // odd ones with edge values (pairs and vertex values)
    options.lanes = 48;    // three a3xx fragment waves
    const CheckOutcome o = CheckShader(shader, 0x1234, options);
    EXPECT_EQ(o.verdict, Verdict::kPass) << BuildName(build) << ": " << o.detail;
    EXPECT_EQ(o.vectors_run, 64u);
    // Only the ADD's components (OUT[3].zw) can have a set (a denormal sum
    // may be flushed); every MOVed component is compared bit for bit.
    EXPECT_LE(o.totals.tolerant, 64u * 48 * 2);
    EXPECT_EQ(o.totals.compared + o.totals.tolerant, 64u * 48 * 4 * 4 - o.totals.skipped);
  }
}

// A hand-written a3xx program for `MOV OUT[0], IN[0]` that writes 0.0 over
// r0.x (the i of the pair) before its bary.f.
a3xx::Program HandWritten(bool clobber) {
  a3xx::Program p;
  p.state.stage = a3xx::ShaderStage::kFragment;
  p.state.varyings.push_back({0, 0, 0xF, a3xx::VaryingInterp::kPerspective});
  p.state.outputs.push_back({0, {a3xx::IoField::kFsColor, 4, 0xF}});  // r1
  p.state.full_regs = 2;
  const std::string text = std::string(clobber ? "mov.f32f32 r0.x, (0.000000)\n(rpt2)nop\n" : "") +
                           "(rpt3)bary.f r1.x, (r)0, r0.x\nend\n";
  a3xx::AsmResult r = a3xx::Assemble(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString();
  p.instrs = r.program;
  return p;
}

Comparison RunAgainstReference(const tgsi::Shader& shader, const a3xx::Program& program, const common::TestVector& v) {
  const common::ExecResult reference = tgsi_exec::Interpret(shader, v, {});
  EXPECT_EQ(reference.status, common::ExecStatus::kOk) << reference.detail;
  const a3xx::EmulationResult emulated = a3xx::Emulate(program, v, {});
  EXPECT_EQ(emulated.result.status, common::ExecStatus::kOk) << emulated.result.detail;
  EXPECT_TRUE(emulated.hazards.empty());
  return CompareResults(reference, emulated.result);
}

TEST(Interpolation, ClobberedIjBeforeBaryIsAMismatchOnlyWithBarycentrics) {
  const tgsi::Shader shader = Parse("FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                                    "  0: MOV OUT[0], IN[0]\n  1: END\n");
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    common::TestVector v;
    std::string error;
    ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 16, .edges = false}, &v, &error)) << error;
    // The same values the shader reads, in the older per-lane form.
    common::TestVector old_form = v;
    old_form.inputs[0] = common::FragmentInputValues(v, 0);
    old_form.vertex_inputs.clear();
    old_form.barycentrics.clear();
    EXPECT_TRUE(RunAgainstReference(shader, HandWritten(false), v).ok()) << seed;
    EXPECT_TRUE(RunAgainstReference(shader, HandWritten(false), old_form).ok()) << seed;
    // The bug: invisible with i = j = +0, a mismatch once i is real.
    EXPECT_TRUE(RunAgainstReference(shader, HandWritten(true), old_form).ok()) << seed;
    const Comparison c = RunAgainstReference(shader, HandWritten(true), v);
    EXPECT_FALSE(c.ok()) << seed;
    EXPECT_GT(c.mismatches, 16u) << seed;
  }
}

// A CENTROID input: the reference interpolates it at each lane's centroid
// pair. A program that preloads the centroid pair (HLSQ_CONTROL_3_REG.
// IJPERSPCENTROIDREGID, here r0.z) and bary.f's with it matches; one that
// interpolates at the center is a mismatch on the generated vectors (about
// half their lanes partially covered), never on the older full-coverage
// form.
TEST(Interpolation, CentroidInputsReadTheCentroidPair) {
  const tgsi::Shader shader = Parse("FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE, CENTROID\nDCL OUT[0], COLOR\n"
                                    "  0: MOV OUT[0], IN[0]\n  1: END\n");
  a3xx::Program at_centroid = HandWritten(false);
  at_centroid.state.centroid_ij_preloaded = true;
  at_centroid.state.centroid_ij_reg = 2;
  a3xx::AsmResult text = a3xx::Assemble("(rpt3)bary.f r1.x, (r)0, r0.z\nend\n");
  ASSERT_TRUE(text.ok());
  at_centroid.instrs = text.program;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    common::TestVector v;
    std::string error;
    ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 16, .edges = false}, &v, &error)) << error;
    ASSERT_EQ(v.centroids.size(), 16u);
    const common::ExecResult r = tgsi_exec::Interpret(shader, v, {});
    ASSERT_EQ(r.status, common::ExecStatus::kOk) << r.detail;
    EXPECT_EQ(r.Output(0).words, common::FragmentInputValues(v, 0, common::Interp::kCentroid));
    EXPECT_TRUE(RunAgainstReference(shader, at_centroid, v).ok()) << seed;
    EXPECT_FALSE(RunAgainstReference(shader, HandWritten(false), v).ok()) << seed;
    common::TestVector full_coverage = v;
    full_coverage.centroids.clear();
    EXPECT_TRUE(RunAgainstReference(shader, HandWritten(false), full_coverage).ok()) << seed;
    EXPECT_TRUE(RunAgainstReference(shader, at_centroid, full_coverage).ok()) << seed;
  }
}

TEST(Interpolation, TheCheckCatchesACompilerThatClobbersIj) {
  // The same bug injected into compiled code: a write of 0.0 to the
  // program's ij register just before its first bary.f.
  const tgsi::Shader shader = Parse(kPassThrough);
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    CheckOptions options;
    options.build = build;
    options.vectors = 4;
    int injected = 0;
    options.post_compile = [&](a3xx::Program& p) {
      a3xx::AsmResult clobber = a3xx::Assemble("mov.f32f32 r0.x, (0.000000)\n(rpt2)nop\n");
      ASSERT_TRUE(clobber.ok());
      clobber.program[0].dst = a3xx::GprOperand(p.state.ij_reg);
      for (size_t k = 0; k < p.instrs.size(); ++k) {
        if (p.instrs[k].opcode != a3xx::Opcode::BARY_F) continue;
        p.instrs.insert(p.instrs.begin() + static_cast<std::ptrdiff_t>(k), clobber.program.begin(),
                        clobber.program.end());
        ++injected;
        return;
      }
    };
    const CheckOutcome o = CheckShader(shader, 0x1234, options);
    EXPECT_EQ(injected, 1) << BuildName(build);
    EXPECT_EQ(o.verdict, build == Build::kNaive ? Verdict::kNaiveMismatch : Verdict::kMismatch)
        << BuildName(build) << ": " << o.detail;
  }
}

// Whether a varying is flat is the program's word (its varying binding, as
// VPC_VARYING_INTERP_MODE / SP_FS_FLAT_SHAD_MODE_REG program it), never the
// vector's: a compiler that binds the CONSTANT input IN[3] smooth, or a
// smooth one flat, reads other values than the reference, and the check
// says so. Both builds bind them right.
TEST(Interpolation, TheCheckCatchesAWrongInterpolationMode) {
  const tgsi::Shader shader = Parse(kPassThrough);
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    for (bool flat_to_smooth : {true, false}) {
      SCOPED_TRACE(std::string(BuildName(build)) + (flat_to_smooth ? ": CONSTANT bound smooth" : ": smooth bound flat"));
      CheckOptions options;
      options.build = build;
      options.vectors = 4;
      int flipped = 0;
      options.post_compile = [&](a3xx::Program& p) {
        for (a3xx::VaryingBinding& b : p.state.varyings) {
          const bool flat = b.interp == a3xx::VaryingInterp::kFlat;
          if (flat && flat_to_smooth) {
            b.interp = a3xx::VaryingInterp::kPerspective;
            ++flipped;
          } else if (!flat && !flat_to_smooth && b.tgsi_index == 0) {
            b.interp = a3xx::VaryingInterp::kFlat;
            ++flipped;
          }
        }
      };
      const CheckOutcome o = CheckShader(shader, 0x1234, options);
      EXPECT_EQ(flipped, 1);
      EXPECT_EQ(o.verdict, build == Build::kNaive ? Verdict::kNaiveMismatch : Verdict::kMismatch) << o.detail;
      ASSERT_TRUE(o.mismatch.has_value());
      EXPECT_EQ(o.mismatch->output, flat_to_smooth ? 3u : 0u) << o.detail;
    }
    CheckOptions options;
    options.build = build;
    options.vectors = 4;
    EXPECT_EQ(CheckShader(shader, 0x1234, options).verdict, Verdict::kPass);
  }
}

}  // namespace
}  // namespace shaderdiff::harness
