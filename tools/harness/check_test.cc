// Tests of the differential check's three-way comparison: the optimizing
// build is compared with the naive build bit for bit inside the reference's
// sets, and a difference there is a build-mismatch with a reproduction
// command that compares the builds.
#include <gtest/gtest.h>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/tgsi/parser.h"
#include "emulator/common/allowed_set.h"
#include "tools/harness/check.h"

namespace shaderdiff::harness {
namespace {

// RCP gives an inexact component (a 3-ulp interval); MOV an exact one.
constexpr const char* kShader = R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
  0: RCP OUT[0].x, IN[0].xxxx
  1: MOV OUT[0].yzw, IN[0]
  2: END
)";

struct Fixture {
  tgsi::Shader shader;
  CheckOptions naive, opt;
  std::vector<ReferenceRun> reference;
  BuildResults naive_results;
};

Fixture Make() {
  Fixture f;
  tgsi::ParseResult p = tgsi::ParseShader(kShader);
  EXPECT_TRUE(p.ok());
  f.shader = p.shader;
  f.naive.vectors = f.opt.vectors = 8;
  f.naive.lanes = f.opt.lanes = 4;
  f.opt.build = Build::kOptimizing;
  std::string error;
  EXPECT_TRUE(RunReference(f.shader, 0x77, f.opt, &f.reference, &error)) << error;
  const CheckOutcome n = CheckShaderAgainst(f.shader, f.naive, f.reference, nullptr, &f.naive_results);
  EXPECT_EQ(n.verdict, Verdict::kPass) << n.detail;
  return f;
}

TEST(Check, OptimizedBuildIsComparedWithTheNaiveBuild) {
  Fixture f = Make();
  const CheckOutcome o = CheckShaderAgainst(f.shader, f.opt, f.reference, &f.naive_results);
  EXPECT_EQ(o.verdict, Verdict::kPass) << o.detail;
  EXPECT_EQ(o.vectors_compared_to_naive, o.vectors_run);
  EXPECT_GT(o.vectors_run, 0u);
}

TEST(Check, ADifferenceInsideTheSetIsABuildMismatch) {
  Fixture f = Make();
  // Move the naive build's RCP result one ulp inside its interval, where the
  // reference accepts it: only the build comparison can see it.
  bool moved = false;
  for (size_t v = 0; v < f.reference.size() && !moved; ++v) {
    if (!f.naive_results[v]) continue;
    const common::ExecResult& ref = f.reference[v].result;
    common::ExecResult& naive = *f.naive_results[v];
    if (!ref.Output(0).Inexact(0, 0)) continue;
    const common::AllowedSet& set = ref.Output(0).Allowed(0, 0);
    for (int64_t step : {1, -1}) {
      const common::Word w = common::StepFloat(naive.Output(0).words.at(0)[0], step);
      if (set.Contains(w)) {
        naive.Output(0).words.at(0)[0] = w;
        moved = true;
        break;
      }
    }
  }
  ASSERT_TRUE(moved);
  const CheckOutcome o = CheckShaderAgainst(f.shader, f.opt, f.reference, &f.naive_results);
  ASSERT_EQ(o.verdict, Verdict::kBuildMismatch) << o.detail;
  EXPECT_NE(o.detail.find("naive build"), std::string::npos) << o.detail;
  ASSERT_TRUE(o.mismatch.has_value());
  EXPECT_TRUE(o.mismatch->builds);
  const std::string repro = ReproCommand("s.tgsi", f.opt, o);
  EXPECT_NE(repro.find("--build opt"), std::string::npos) << repro;
  EXPECT_NE(repro.find("--compare"), std::string::npos) << repro;
  // Without the naive results (or with compare_builds off) it passes.
  EXPECT_EQ(CheckShaderAgainst(f.shader, f.opt, f.reference).verdict, Verdict::kPass);
  CheckOptions off = f.opt;
  off.compare_builds = false;
  EXPECT_EQ(CheckShaderAgainst(f.shader, off, f.reference, &f.naive_results).verdict, Verdict::kPass);
}

}  // namespace
}  // namespace shaderdiff::harness

namespace shaderdiff::harness {
namespace {

// An output with components the shader never writes: the optimizing build
// leaves them open in the output span's collect (no value), and the
// allocator once read its group tables at that missing value (an
// AddressSanitizer heap-buffer-overflow found by tools/hostile/fuzz.py).
TEST(Check, OutputComponentsNeverWrittenPassInBothBuilds) {
  tgsi::ParseResult p = tgsi::ParseShader(
      "VERT\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\nIMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
      "  0: MOV OUT[0], IMM[0]\n  1: MOV OUT[1].x, IMM[0].xxxx\n  2: END\n");
  ASSERT_TRUE(p.ok());
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    CheckOptions o;
    o.build = build;
    o.vectors = 2;
    const CheckOutcome out = CheckShader(p.shader, 0x51, o);
    EXPECT_EQ(out.verdict, Verdict::kPass) << BuildName(build) << ": " << out.detail;
    EXPECT_EQ(out.vectors_run, 2u);
  }
}

// The loop exits when CONST[0][ADDR] is 0. ADDR = 1024 is outside the
// declared CONST[0][0..1]: the reference reads an undefined value (0) and
// leaves at once; the a3xx builds clamp the index into the const file and
// read a non-zero constant, so they never leave. Undefined behaviour explains
// that, so it is not a timeout failure.
constexpr const char* kUndefinedExit = R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL CONST[0][0..1]
DCL TEMP[0]
DCL ADDR[0]
IMM[0] UINT32 {1024, 0, 0, 0}
  0: UARL ADDR[0].x, IMM[0].xxxx
  1: BGNLOOP
  2:   MOV TEMP[0].x, CONST[0][ADDR[0].x]
  3:   UIF TEMP[0].xxxx
  4:   ELSE
  5:     BRK
  6:   ENDIF
  7: ENDLOOP
  8: MOV OUT[0], IN[0]
  9: END
)";

TEST(Check, ABuildThatLoopsWhereTheReferenceExitWasUndefinedIsNotAFailure) {
  tgsi::ParseResult p = tgsi::ParseShader(kUndefinedExit);
  ASSERT_TRUE(p.ok());
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    CheckOptions options;
    options.build = build;
    options.vectors = 4;
    options.lanes = 4;
    options.cycle_budget = 200'000;
    options.compare_builds = false;
    std::vector<ReferenceRun> reference;
    std::string error;
    ASSERT_TRUE(RunReference(p.shader, 0x99, options, &reference, &error)) << error;
    for (const ReferenceRun& run : reference) {
      ASSERT_EQ(run.result.status, common::ExecStatus::kOk) << run.result.detail;
      ASSERT_TRUE(run.result.control_undefined);
    }
    const CheckOutcome o = CheckShaderAgainst(p.shader, options, reference);
    EXPECT_EQ(o.verdict, Verdict::kUntested) << BuildName(build) << ": " << o.detail;
    EXPECT_EQ(o.vectors_undefined_timeout, 4u) << BuildName(build);
    EXPECT_EQ(o.vectors_run, 0u);
    EXPECT_NE(o.detail.find("undefined value"), std::string::npos) << o.detail;

    // The same build timeouts with the reference's decisions certain are
    // failures: the exemption rests on the flag alone.
    for (ReferenceRun& run : reference) run.result.control_undefined = false;
    const CheckOutcome strict = CheckShaderAgainst(p.shader, options, reference);
    EXPECT_EQ(strict.verdict, Verdict::kTimeout) << BuildName(build) << ": " << strict.detail;
    EXPECT_EQ(strict.vectors_undefined_timeout, 0u);
  }
}

// CountProgram counts every word, and apart the ones after the last `end`
// (ir3's padding nops), which never run.
TEST(CountProgram, WordsAfterTheLastEndArePadding) {
  a3xx::Program p;
  const auto add = [&](a3xx::Opcode op, uint8_t repeat) {
    a3xx::Instr i;
    i.opcode = op;
    i.repeat = repeat;
    p.instrs.push_back(i);
  };
  add(a3xx::Opcode::NOP, 2);  // 3 slots, before end: counted
  add(a3xx::Opcode::END, 0);
  add(a3xx::Opcode::NOP, 0);
  add(a3xx::Opcode::NOP, 1);  // 3 slots of padding
  ProgramStats s = CountProgram(p);
  EXPECT_EQ(s.instructions, 4u);
  EXPECT_EQ(s.nops, 6u);
  EXPECT_EQ(s.padding_instructions, 2u);
  EXPECT_EQ(s.padding_nops, 3u);
  p.instrs.resize(2);  // ends at end: no padding
  s = CountProgram(p);
  EXPECT_EQ(s.padding_instructions, 0u);
  EXPECT_EQ(s.padding_nops, 0u);
  p.instrs.pop_back();  // no end at all: nothing is padding
  s = CountProgram(p);
  EXPECT_EQ(s.instructions, 1u);
  EXPECT_EQ(s.padding_instructions, 0u);
}

// The one compile-status -> verdict mapping that the check (Compile) and
// the fuzz campaign's optimizing builds share: a refused build is
// unsupported, a compiler error a compile-error, for both targets' status
// types. (Inverting it fails this test and four r500_check_test cases.)
TEST(CompileFailureVerdict, UnsupportedAndErrorForBothTargets) {
  EXPECT_EQ(CompileFailureVerdict(naive::CompileStatus::kUnsupported), Verdict::kUnsupported);
  EXPECT_EQ(CompileFailureVerdict(naive::CompileStatus::kError), Verdict::kCompileError);
  EXPECT_EQ(CompileFailureVerdict(r500naive::Status::kUnsupported), Verdict::kUnsupported);
  EXPECT_EQ(CompileFailureVerdict(r500naive::Status::kError), Verdict::kCompileError);
}

}  // namespace
}  // namespace shaderdiff::harness
