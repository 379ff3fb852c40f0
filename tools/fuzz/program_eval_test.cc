// EvaluateProgram given the generator's tree (what the campaign hands its
// workers, program_eval.h) gives the same result, verdicts, failures and
// coverage features, as given only the text, which it then parses: so
// skipping the re-parse changes nothing a campaign reports. Also for a
// preserving mutation with the parent's tree. Seeded with the clean
// compilers and with a pair whose oracle fails (a wrong transform), so the
// comparison covers a result that holds a failure. The optimized program's
// coverage features (opcode pairs, sync flags) are every one the program
// has, each once.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compiler/pipeline.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "fuzz/gen/generator.h"
#include "fuzz/mutate/mutate.h"
#include "emulator/a3xx/isa/opcode.h"
#include "tools/fuzz/program_eval.h"

namespace shaderdiff::fuzz {
namespace {

harness::CheckOptions Options() {
  harness::CheckOptions o;
  o.vectors = 2;
  o.lanes = 4;
  return o;
}

TEST(ProgramEvalTest, GeneratorTreeGivesTheResultOfTheParsedText) {
  int with_features = 0;
  for (uint64_t seed = 1; seed <= 45; ++seed) {
    GenOptions g;
    g.seed = seed;
    g.stage = StageForSeed(seed);
    g.policy = seed % 3 == 0 ? DefaultPolicy() : seed % 3 == 1 ? RewritesPolicy() : WidePolicy();
    g.max_size = 10 + seed % 70;
    FuzzProgram tree;
    tree.id = seed;
    tree.shader = std::make_shared<const tgsi::Shader>(GenerateShader(g));
    tree.text = tgsi::PrintShader(*tree.shader);
    FuzzProgram text = tree;
    text.shader.reset();
    const nlohmann::json a = EvaluateProgram(tree, Options()), b = EvaluateProgram(text, Options());
    EXPECT_EQ(a, b) << tree.text;
    if (a.contains("features") && !a["features"].empty()) ++with_features;
  }
  EXPECT_GT(with_features, 40);
}

// The pair: and sync: features EvaluateProgram reports (none known to the
// caller, so all are fresh) are those of the optimized program, worked out
// here one instruction at a time.
TEST(ProgramEvalTest, ProgramFeaturesAreThePairsAndSyncsOfTheOptimizedProgram) {
  int compared = 0;
  size_t syncs = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    GenOptions g;
    g.seed = seed;
    g.stage = StageForSeed(seed);
    g.policy = seed % 2 ? RewritesPolicy() : DefaultPolicy();
    g.max_size = 10 + seed % 70;
    FuzzProgram p;
    p.id = seed;
    p.shader = std::make_shared<const tgsi::Shader>(GenerateShader(g));
    p.text = tgsi::PrintShader(*p.shader);
    const naive::CompileResult compiled = compiler::CompileA3xxBuild(*p.shader, true, {}, nullptr);
    if (compiled.status != naive::CompileStatus::kOk) continue;
    std::set<std::string> expected;
    const std::vector<a3xx::Instr>& instrs = compiled.program.instrs;
    for (size_t i = 0; i < instrs.size(); ++i) {
      const std::string op(a3xx::OpcodeName(instrs[i].opcode));
      if (i + 1 < instrs.size()) expected.insert("pair:" + op + ">" + std::string(a3xx::OpcodeName(instrs[i + 1].opcode)));
      if (instrs[i].has_flag(a3xx::kFlagSs)) expected.insert("sync:(ss):" + op);
      if (instrs[i].has_flag(a3xx::kFlagSy)) expected.insert("sync:(sy):" + op);
      if (instrs[i].has_flag(a3xx::kFlagJp)) expected.insert("sync:(jp):" + op);
    }
    const nlohmann::json result = EvaluateProgram(p, Options());
    if (result["verdicts"]["reference"] != "pass") continue;
    std::set<std::string> got;
    for (const nlohmann::json& f : result["features"]) {
      const std::string key = f.get<std::string>();
      if (key.starts_with("pair:") || key.starts_with("sync:")) got.insert(key);
    }
    EXPECT_EQ(got, expected) << p.text;
    for (const std::string& k : expected) syncs += k.starts_with("sync:");
    ++compared;
  }
  EXPECT_GE(compared, 20);
  EXPECT_GT(syncs, 0u) << "no program had a sync flag: the sync features went unchecked";
}

constexpr const char* kTwoSteps =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0]\n"
    "IMM[0] FLT32 {    2.0000,     0.0000,     0.0000,     0.0000}\n"
    "  0: MUL TEMP[0], IN[0], IMM[0].xxxx\n"
    "  1: ADD TEMP[0], TEMP[0], IN[0]\n"
    "  2: MOV OUT[0], TEMP[0]\n"
    "  3: END\n";

TEST(ProgramEvalTest, PreservingPairFromTreesGivesTheResultOfTheTexts) {
  tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(kTwoSteps);
  ASSERT_TRUE(parsed.ok());
  const auto original = std::make_shared<const tgsi::Shader>(std::move(parsed.shader));
  int failing = 0;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    // Alternately a right transform and a wrong one (a "dead" branch taken),
    // so some pairs fail the oracle (mutate_test: most wrong draws do).
    std::optional<tgsi::Shader> m = seed % 2 ? Mutate(*original, Transform::kDeadBranchCompare, seed)
                                             : WrongLiveBranch(*original, seed);
    ASSERT_TRUE(m);
    FuzzProgram tree;
    tree.id = seed;
    tree.preserving = true;
    tree.text = tgsi::PrintShader(*m);
    tree.shader = std::make_shared<const tgsi::Shader>(std::move(*m));
    tree.original_text = kTwoSteps;
    tree.original_shader = original;
    FuzzProgram text = tree;
    text.shader.reset();
    text.original_shader.reset();
    const nlohmann::json a = EvaluateProgram(tree, Options()), b = EvaluateProgram(text, Options());
    EXPECT_EQ(a, b) << tree.text;
    if (!a["failures"].empty()) ++failing;
    if (seed % 2) {
      EXPECT_TRUE(a["failures"].empty()) << a.dump();
    }
  }
  EXPECT_GE(failing, 2) << "the comparison saw too few failures";
}

}  // namespace
}  // namespace shaderdiff::fuzz
