// The generator's contract (generator.h) over many seeds, both stages and
// both policies: every program prints, parses back to the same text,
// validates, has a size within the requested bounds, runs in the reference
// interpreter on plain, edge and dictionary vectors without error or timeout,
// and no output component is *undefined* (any value). The same options give
// the same bytes.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "emulator/tgsi/interpreter.h"
#include "fuzz/gen/generator.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::fuzz {
namespace {

constexpr int kSeeds = 150;

GenOptions Options(uint64_t seed, const Policy& policy, uint32_t min_size, uint32_t max_size) {
  GenOptions o;
  o.seed = seed;
  o.policy = policy;
  o.stage = StageForSeed(seed);
  o.min_size = min_size;
  o.max_size = max_size;
  return o;
}

// The first undefined output component of `text` over a few vectors, or "".
std::string FirstUndefined(const tgsi::Shader& shader, const std::string& text) {
  for (uint64_t v = 0; v < 6; ++v) {
    harness::VectorOptions vo;
    vo.seed = 1000 + v;
    vo.lanes = 8;
    vo.edges = v % 2 == 1;
    vo.dictionary = v >= 2;
    common::TestVector vector;
    std::string error;
    if (!harness::GenerateVector(shader, vo, &vector, &error)) return "vector: " + error;
    const common::ExecResult r = tgsi_exec::Interpret(shader, vector, {});
    if (r.status != common::ExecStatus::kOk) return "interpreter status " + std::to_string(static_cast<int>(r.status)) + ": " + r.detail;
    for (const auto& [out, lanes] : r.undefined)
      for (size_t lane = 0; lane < lanes.size(); ++lane)
        for (int c = 0; c < 4; ++c)
          if (lanes[lane][c])
            return "vector " + std::to_string(v) + ": OUT[" + std::to_string(out) + "] lane " + std::to_string(lane) +
                   " component " + std::to_string(c) + " undefined: " + r.reasons.at(out)[lane][c];
  }
  return "";
}

void CheckSeeds(const Policy& policy, uint32_t min_size, uint32_t max_size) {
  std::map<std::string, int> opcodes;
  for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
    const GenOptions o = Options(seed, policy, min_size, max_size);
    const tgsi::Shader shader = GenerateShader(o);
    const std::string text = tgsi::PrintShader(shader);
    SCOPED_TRACE(ReproCommand(o) + "\n" + text);
    const tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(text);
    ASSERT_TRUE(parsed.ok()) << parsed.errors[0].ToString("generated");
    EXPECT_EQ(tgsi::PrintShader(parsed.shader), text);
    EXPECT_GE(shader.instructions.size(), min_size);
    EXPECT_LE(shader.instructions.size(), max_size);
    const std::string undefined = FirstUndefined(parsed.shader, text);
    ASSERT_EQ(undefined, "");
    for (const tgsi::Instruction& i : shader.instructions) ++opcodes[std::string(tgsi::OpcodeName(i.opcode))];
  }
  // The families the README lists all appear (small programs have no room
  // for every flow shape).
  if (max_size < 100) return;
  for (const char* op : {"ADD", "MAD", "DP3", "FLR", "SLT", "RCP", "UADD", "SHL", "IDIV", "UBFE", "USLT", "I2F", "F2I",
                         "UCMP", "UIF", "ELSE", "BGNLOOP", "BRK"})
    EXPECT_GT(opcodes[op], 0) << op;
}

TEST(GeneratorTest, SmallProgramsAreDefinedForEveryVector) { CheckSeeds(DefaultPolicy(), 5, 40); }
TEST(GeneratorTest, LargeProgramsAreDefinedForEveryVector) { CheckSeeds(DefaultPolicy(), 100, 500); }
TEST(GeneratorTest, RewriteBiasedProgramsAreDefinedForEveryVector) { CheckSeeds(RewritesPolicy(), 5, 120); }

TEST(GeneratorTest, SameSeedSameBytesOtherSeedOtherBytes) {
  for (uint64_t seed : {1u, 7u, 12345u}) {
    const GenOptions o = Options(seed, RewritesPolicy(), 5, 200);
    EXPECT_EQ(tgsi::PrintShader(GenerateShader(o)), tgsi::PrintShader(GenerateShader(o)));
    const GenOptions other = Options(seed + 1, RewritesPolicy(), 5, 200);
    EXPECT_NE(tgsi::PrintShader(GenerateShader(o)), tgsi::PrintShader(GenerateShader(other)));
  }
}

TEST(GeneratorTest, SizeBoundsAreKept) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const tgsi::Shader s = GenerateShader(Options(seed, DefaultPolicy(), 5, 5));
    EXPECT_EQ(s.instructions.size(), 5u) << seed;
    const tgsi::Shader l = GenerateShader(Options(seed, DefaultPolicy(), 500, 500));
    EXPECT_GE(l.instructions.size(), 480u) << seed;
    EXPECT_LE(l.instructions.size(), 500u) << seed;
  }
}

}  // namespace
}  // namespace shaderdiff::fuzz
