// Hostile trees built in memory, past the parser: a tgsi::Shader whose
// declarations reach UINT32_MAX (what the parser refuses, compiler/tgsi/
// limits.def) must still be refused by the front door (ValidateShader), and
// every stage that may be handed one anyway (a library caller) must end
// quickly with an error rather than crash, wrap `last + 1` to 0, loop
// forever or allocate gigabytes: the interpreter's declaration decoding
// (issue 10: DCL SVIEW[4294967295] crashed it, DCL SVIEW[4000000000] took
// 3.9 GB) and the vector generator's per-register loops (SAMP[0..4294967295]
// never ended). Runs under --config=asan with the rest of tools/hostile.
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/validate.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff {
namespace {

using tgsi::File;

constexpr const char* kTexture =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL SAMP[0]\n"
    "DCL SVIEW[0], 2D, FLOAT\n"
    "  0: TEX OUT[0], IN[0], SAMP[0], 2D\n"
    "  1: END\n";

// The valid shader with the declaration of `file` widened to [first, last].
tgsi::Shader Widened(File file, uint32_t first, uint32_t last) {
  tgsi::ParseResult parsed = tgsi::ParseShader(kTexture);
  EXPECT_TRUE(parsed.ok());
  for (tgsi::Declaration& d : parsed.shader.declarations) {
    if (d.file != file) continue;
    d.first = first;
    d.last = last;
  }
  return parsed.shader;
}

struct Case {
  File file;
  uint32_t first, last;
  bool interpreter_refuses;  // false: the interpreter keeps nothing per register of this file
};

class Widened32 : public ::testing::TestWithParam<Case> {};

TEST_P(Widened32, FrontDoorRefusesIt) {
  const Case c = GetParam();
  const tgsi::Shader shader = Widened(c.file, c.first, c.last);
  EXPECT_FALSE(tgsi::ValidateShader(shader).empty());
}

TEST_P(Widened32, InterpreterFailsAtTheDeclaration) {
  const Case c = GetParam();
  const tgsi::Shader shader = Widened(c.file, c.first, c.last);
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(harness::GenerateVector(tgsi::ParseShader(kTexture).shader, {.seed = 1, .lanes = 4}, &v, &error))
      << error;
  const common::ExecResult r = tgsi_exec::Interpret(shader, v, {});
  if (!c.interpreter_refuses) return;  // it ran, and neither crashed nor allocated per register
  EXPECT_EQ(r.status, common::ExecStatus::kError) << r.detail;
  EXPECT_GT(r.location.line, 0u) << r.detail;  // names the declaration
}

TEST_P(Widened32, GeneratorEnds) {
  const Case c = GetParam();
  const tgsi::Shader shader = Widened(c.file, c.first, c.last);
  for (bool dictionary : {false, true}) {
    common::TestVector v;
    std::string error;
    // Either outcome is fine; what matters is that it returns, and that it
    // filled no register beyond the file's limit.
    if (harness::GenerateVector(shader, {.seed = 1, .lanes = 4, .edges = true, .dictionary = dictionary}, &v,
                                &error)) {
      EXPECT_LE(v.textures.size(), 4096u);
      EXPECT_LE(v.inputs.size(), 4096u);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Hostile, Widened32,
    ::testing::Values(Case{File::kSamplerView, 0, UINT32_MAX, true}, Case{File::kSamplerView, UINT32_MAX, UINT32_MAX, true},
                      Case{File::kSamplerView, 0, 4000000000u, true}, Case{File::kSampler, 0, UINT32_MAX, false},
                      Case{File::kInput, 0, UINT32_MAX, true}, Case{File::kInput, UINT32_MAX, UINT32_MAX, true},
                      Case{File::kOutput, 0, UINT32_MAX, true}));

}  // namespace
}  // namespace shaderdiff
