// The optimizing pipeline's failure statuses: a failed internal
// consistency check of the compiler is a compile error (kError, naming the
// pass), never kUnsupported, which the harness would report as a missing
// feature and a baseline would accept as Skip. The failing checks are
// provoked with test-only compiler mutants (compiler/support/mutants.def).
#include "compiler/pipeline.h"

#include <gtest/gtest.h>

#include "compiler/targets/a3xx/naive/indirect_resource_index.h"
#include "compiler/support/mutant_activation.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::compiler {
namespace {

tgsi::Shader Parse(const std::string& text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("test");
  return r.shader;
}

// x and y swap places every iteration (y is read first, so its phi comes
// first): after copy propagation x's phi reads y's phi directly.
constexpr const char* kSwapLoop =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0..2]\n"
    "IMM[0] FLT32 {0.0000, 1.0000, 5.0000, 0.0000}\n"
    "  0: MOV TEMP[0].x, IN[0].xxxx\n"
    "  1: MOV TEMP[1].x, IN[0].yyyy\n"
    "  2: MOV TEMP[2].x, IMM[0].xxxx\n"
    "  3: BGNLOOP\n"
    "  4:   ADD TEMP[2].w, TEMP[1].xxxx, TEMP[2].xxxx\n"
    "  5:   SGE TEMP[2].y, TEMP[2].wwww, IMM[0].zzzz\n"
    "  6:   IF TEMP[2].yyyy\n"
    "  7:     BRK\n"
    "  8:   ENDIF\n"
    "  9:   MOV TEMP[2].z, TEMP[0].xxxx\n"
    " 10:   MOV TEMP[0].x, TEMP[1].xxxx\n"
    " 11:   MOV TEMP[1].x, TEMP[2].zzzz\n"
    " 12:   ADD TEMP[2].x, TEMP[2].xxxx, IMM[0].yyyy\n"
    " 13: ENDLOOP\n"
    " 14: MOV OUT[0], TEMP[0].xyxy\n"
    " 15: END\n";

TEST(Pipeline, SwapLoopCompiles) {
  const OptResult r = CompileA3xxOpt(Parse(kSwapLoop));
  EXPECT_EQ(r.status, naive::CompileStatus::kOk) << r.detail;
}

// Copies in phi order break the swap (y's copy is written before x's copy
// reads y): the allocator's phi-web check fails.
TEST(Pipeline, AllocatorInvariantIsACompileError) {
  ScopedMutant mutant(Mutant::kOutOfSsaCopyOrder);
  const OptResult r = CompileA3xxOpt(Parse(kSwapLoop));
  EXPECT_EQ(r.status, naive::CompileStatus::kError) << r.detail;
  EXPECT_EQ(r.failed_pass, "regalloc");
  EXPECT_NE(r.detail.find("internal: phi web members"), std::string::npos) << r.detail;
  const naive::CompileResult b = CompileA3xxBuild(Parse(kSwapLoop), /*optimizing=*/true);
  EXPECT_EQ(b.status, naive::CompileStatus::kError);
  EXPECT_EQ(b.detail.rfind("pass regalloc: internal: ", 0), 0u) << b.detail;
}

// A live range one node short: the allocation checker fails.
TEST(Pipeline, AllocationCheckerIsACompileError) {
  ScopedMutant mutant(Mutant::kRegallocRangeEndEarly);
  const OptResult r = CompileA3xxOpt(Parse(kSwapLoop));
  EXPECT_EQ(r.status, naive::CompileStatus::kError) << r.detail;
  EXPECT_EQ(r.failed_pass, "regalloc");
  EXPECT_NE(r.detail.find("register allocation checker"), std::string::npos) << r.detail;
}

// Indirect sampler and constant-buffer indices (also with SVIEW
// declarations, as nir_to_tgsi prints them) are unsupported in both builds
// with the reason no a3xx driver gives one (naive/indirect_resource_index.h).
TEST(Pipeline, IndirectResourceIndicesAreUnsupportedInBothBuilds) {
  const std::string head =
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL SAMP[0..3]\n"
      "DCL SVIEW[0..3], 2D, FLOAT\nDCL CONST[1][0..2]\nDCL CONST[2][0..2]\nDCL TEMP[0]\nDCL ADDR[0]\n"
      "  0: ARL ADDR[0].x, IN[0].xxxx\n";
  const struct {
    const char* body;
    const char* detail;
  } cases[] = {
      {"  1: TEX TEMP[0], IN[0], SAMP[ADDR[0].x+1], 2D\n", naive::kIndirectSamplerIndex},
      {"  1: MOV TEMP[0], CONST[ADDR[0].x+1][2]\n", naive::kIndirectConstantBufferIndex},
  };
  for (const auto& c : cases) {
    const std::string text = head + c.body + "  2: MOV OUT[0], TEMP[0]\n  3: END\n";
    for (const bool optimizing : {false, true}) {
      const naive::CompileResult r = CompileA3xxBuild(Parse(text), optimizing);
      EXPECT_EQ(r.status, naive::CompileStatus::kUnsupported) << text;
      EXPECT_NE(r.detail.find(c.detail), std::string::npos) << (optimizing ? "opt: " : "naive: ") << r.detail;
    }
  }
}

}  // namespace
}  // namespace shaderdiff::compiler
