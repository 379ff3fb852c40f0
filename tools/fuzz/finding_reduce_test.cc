// finding_reduce: a metamorphic difference of a planted transform bug
// (fuzz/mutate's test-only WrongLiveBranch: a "dead" branch whose
// condition is true) reduces as the pair to a few instructions that still
// differ, while the right transform at the same seed does not; a worker
// crash (a planted compiler abort on any program holding an rcp) reduces
// to a small case that still dies with the same signal, and not with
// another; the campaign's finding folder holds the reduced crash; a worker
// timeout (a planted compiler loop that never ends on any program holding
// an rcp) reduces to a small case whose check still runs past the
// deadline, and a program that is only slow is not taken for a hang.
#include "tools/fuzz/finding_reduce.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "emulator/a3xx/isa/opcode.h"
#include "fuzz/gen/generator.h"
#include "fuzz/mutate/metamorphic_oracle.h"
#include "fuzz/mutate/mutate.h"
#include "tools/fuzz/finding_store.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_json.h"
#include "tools/reduce/oracle.h"
#include "tools/reduce/shader_edit.h"

namespace shaderdiff::fuzz {
namespace {

harness::CheckOptions Options() {
  harness::CheckOptions o;
  o.vectors = 4;
  o.lanes = 8;
  o.seed = 5;
  return o;
}

tgsi::Shader Parse(const std::string& text) {
  tgsi::FrontDoorResult r = tgsi::ParseAndValidate(text);
  EXPECT_TRUE(r.ok()) << text;
  return r.shader;
}

TEST(FindingReduce, MetamorphicPairOfAPlantedTransformBugReduces) {
  // The first generated program and seed where the wrong transform is caught.
  for (uint64_t gen = 1; gen <= 20; ++gen) {
    GenOptions g;
    g.seed = gen;
    g.stage = StageForSeed(gen);
    g.max_size = 60;
    const tgsi::Shader parent = GenerateShader(g);
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      const auto wrong = WrongLiveBranch(parent, seed);
      if (!wrong) continue;
      PairRuns pair;
      std::string error;
      ASSERT_TRUE(RunPairReference(parent, 1, *wrong, Options(), &pair, &error)) << error;
      const MetamorphicOutcome o = CheckMetamorphicRuns(*wrong, pair, Options());
      if (!o.difference) continue;
      common::TestVector vector;
      for (const harness::ReferenceRun& r : pair.transformed) {
        if (r.choice.seed == o.difference->vector.seed && r.choice.edges == o.difference->vector.edges) vector = r.vector;
      }
      const std::string signature = o.difference->Signature();
      const PairTransform transform = [](const tgsi::Shader& s, uint64_t k) { return WrongLiveBranch(s, k); };
      reduce::ReduceOptions budget;
      budget.max_oracle_calls = 400;
      std::optional<ReducedFinding> r =
          ReduceMetamorphicPair(parent, transform, seed, vector, signature, Options(), budget, &error);
      ASSERT_TRUE(r.has_value()) << error;
      const tgsi::Shader reduced_parent = Parse(r->files.at("original.tgsi"));
      const tgsi::Shader reduced_case = Parse(r->files.at("case.tgsi"));
      common::TestVector reduced_vector;
      ASSERT_TRUE(harness::VectorFromJson(nlohmann::json::parse(r->files.at("vector.json")), &reduced_vector, &error));
      const uint32_t before = reduce::InstructionCount(parent);
      const uint32_t after = reduce::InstructionCount(reduced_parent);
      EXPECT_LE(after, 8u) << r->files.at("original.tgsi") << r->reduce.dump();
      EXPECT_LT(after, before);
      EXPECT_EQ(r->reduce["before"]["instructions"], before);
      // case.tgsi is the transform of original.tgsi, and still differs the same way on vector.json.
      const uint64_t shown_by = r->reduce["transform_seed"].get<uint64_t>();
      EXPECT_EQ(tgsi::PrintShader(*transform(reduced_parent, shown_by)), r->files.at("case.tgsi"));
      const MetamorphicOutcome again =
          CheckMetamorphicRuns(reduced_case, RunPairReferenceOn(reduced_parent, reduced_case, reduced_vector, Options()),
                               Options());
      ASSERT_TRUE(again.difference.has_value());
      EXPECT_EQ(again.difference->Signature(), signature);
      // The right transform at the same site kind and seed gives no difference: the bug is the transform's.
      if (const auto right = Mutate(reduced_parent, Transform::kDeadBranchCompare, shown_by)) {
        EXPECT_FALSE(CheckMetamorphicRuns(*right, RunPairReferenceOn(reduced_parent, *right, reduced_vector, Options()),
                                          Options())
                         .difference);
      }
      return;
    }
  }
  FAIL() << "the planted transform bug was never caught";
}

constexpr const char* kRcp =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL IN[1]\n"
    "DCL OUT[0], POSITION\n"
    "DCL OUT[1], GENERIC[0]\n"
    "DCL TEMP[0..4]\n"
    "IMM[0] FLT32 {    0.5000,     2.0000,     3.0000,     1.0000}\n"
    "  0: MUL TEMP[0], IN[0], IMM[0].xxxx\n"
    "  1: ADD TEMP[1], TEMP[0], IN[1]\n"
    "  2: MAD TEMP[2], TEMP[1], IMM[0].yyyy, IN[0]\n"
    "  3: MOV OUT[0], TEMP[2]\n"
    "  4: MAX TEMP[3], IN[1], IMM[0].wwww\n"
    "  5: RCP TEMP[4].x, TEMP[3].xxxx\n"
    "  6: MUL TEMP[4], TEMP[4].xxxx, TEMP[1]\n"
    "  7: ADD TEMP[4], TEMP[4], IMM[0].zzzz\n"
    "  8: MOV OUT[1], TEMP[4]\n"
    "  9: END\n";

// A compiler that dies on any program holding an rcp.
harness::CheckOptions AbortOnRcp() {
  harness::CheckOptions o = Options();
  o.post_compile = [](a3xx::Program& p) {
    for (const a3xx::Instr& i : p.instrs) {
      if (i.opcode == a3xx::Opcode::RCP) std::abort();
    }
  };
  return o;
}

TEST(FindingReduce, WorkerCrashReducesWhileItDiesTheSameWay) {
  const tgsi::Shader shader = Parse(kRcp);
  FuzzProgram program;
  program.text = tgsi::PrintShader(shader);
  const harness::CheckOptions check = AbortOnRcp();
  const std::vector<common::TestVector> vectors = ProgramVectors(program, shader, check);
  ASSERT_EQ(vectors.size(), 4u);
  std::string how;
  ASSERT_FALSE(reduce::CheckIsolated(shader, vectors[0], check, true, &how).has_value());
  ASSERT_NE(how.find("SIGABRT"), std::string::npos) << how;
  reduce::ReduceOptions budget;
  budget.max_oracle_calls = 300;
  std::string error;
  std::optional<ReducedFinding> r = ReduceCrash(shader, vectors, how, check, budget, &error);
  ASSERT_TRUE(r.has_value()) << error;
  const tgsi::Shader reduced = Parse(r->files.at("case.tgsi"));
  EXPECT_LE(reduce::InstructionCount(reduced), 3u) << r->files.at("case.tgsi");
  EXPECT_NE(r->shape.find("RCP"), std::string::npos) << r->shape;
  common::TestVector v;
  ASSERT_TRUE(harness::VectorFromJson(nlohmann::json::parse(r->files.at("vector.json")), &v, &error)) << error;
  std::string again;
  EXPECT_FALSE(reduce::CheckIsolated(reduced, v, check, true, &again).has_value());
  EXPECT_EQ(again, how);
  // Without the planted abort the reduced case runs.
  EXPECT_TRUE(reduce::CheckIsolated(reduced, v, Options(), true, &again).has_value()) << again;
  // Another way of dying is not this crash.
  EXPECT_FALSE(ReduceCrash(shader, vectors, "killed by SIGSEGV (Segmentation fault)", check, budget, &error));
  EXPECT_NE(error.find("no single vector"), std::string::npos) << error;
}

TEST(FindingReduce, TheCampaignWritesTheReducedCrash) {
  const std::filesystem::path out = std::filesystem::path(testing::TempDir()) / "finding_reduce_test";
  std::filesystem::remove_all(out);
  CampaignOptions options;
  options.out = out.string();
  options.check = AbortOnRcp();
  options.reduce_oracle_calls = 300;
  FindingStore store(options);
  FuzzProgram program;
  program.id = 7;
  program.text = tgsi::PrintShader(Parse(kRcp));
  std::string how;
  const tgsi::Shader shader = Parse(kRcp);
  ASSERT_FALSE(reduce::CheckIsolated(shader, ProgramVectors(program, shader, options.check)[0], options.check, true, &how));
  const nlohmann::json failure{{"config", "worker"}, {"verdict", "crash"}, {"detail", how},
                               {"signature", "worker crash: " + how}};
  const nlohmann::json record = store.Add(program, failure);
  EXPECT_TRUE(record["unique"].get<bool>());
  EXPECT_LE(record["instructions"].get<uint64_t>(), 3u);
  EXPECT_NE(record["signature"].get<std::string>().find("worker crash: " + how + " | "), std::string::npos) << record;
  const std::filesystem::path dir = out / record["id"].get<std::string>();
  std::ifstream report_file(dir / "report.json");
  const nlohmann::json report = nlohmann::json::parse(report_file);
  EXPECT_EQ(report["reduce"]["stopped_by"], "done") << report;
  EXPECT_LE(reduce::InstructionCount(Parse([&] {
              std::ifstream f(dir / "case.tgsi");
              return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
            }())),
            3u);
  EXPECT_TRUE(std::filesystem::exists(dir / "vector.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "repro.sh"));
}

// A compiler that never finishes a program holding an rcp.
harness::CheckOptions LoopOnRcp() {
  harness::CheckOptions o = Options();
  o.post_compile = [](a3xx::Program& p) {
    for (const a3xx::Instr& i : p.instrs) {
      if (i.opcode != a3xx::Opcode::RCP) continue;
      for (;;) asm volatile("");  // a side effect: the loop is not removed
    }
  };
  return o;
}

TEST(FindingReduce, WorkerTimeoutReducesWhileItStillHangs) {
  const tgsi::Shader shader = Parse(kRcp);
  FuzzProgram program;
  program.text = tgsi::PrintShader(shader);
  const harness::CheckOptions check = LoopOnRcp();
  const std::vector<common::TestVector> vectors = ProgramVectors(program, shader, check);
  ASSERT_EQ(vectors.size(), 4u);
  std::string how;
  EXPECT_EQ(CheckWithinCpu(shader, vectors[0], check, 0.2, {}, &how), CpuLimitedRun::kPastBudget) << how;
  EXPECT_EQ(CheckWithinCpu(shader, vectors[0], Options(), 0.2, {}, &how), CpuLimitedRun::kFinished) << how;
  reduce::ReduceOptions budget;
  budget.max_oracle_calls = 300;
  std::string error;
  // Steps of 0.1 s of CPU time; the reduced case is confirmed past a 0.5 s deadline.
  std::optional<ReducedFinding> r = ReduceTimeout(shader, vectors, check, 0.1, 0.5, budget, &error);
  ASSERT_TRUE(r.has_value()) << error;
  const tgsi::Shader reduced = Parse(r->files.at("case.tgsi"));
  EXPECT_LE(reduce::InstructionCount(reduced), 3u) << r->files.at("case.tgsi");
  EXPECT_LT(reduce::InstructionCount(reduced), reduce::InstructionCount(shader));
  EXPECT_NE(r->shape.find("RCP"), std::string::npos) << r->shape;
  EXPECT_EQ(r->reduce["deadline_cpu_seconds"], 0.5);
  common::TestVector v;
  ASSERT_TRUE(harness::VectorFromJson(nlohmann::json::parse(r->files.at("vector.json")), &v, &error)) << error;
  EXPECT_EQ(CheckWithinCpu(reduced, v, check, 0.5, {}, &how), CpuLimitedRun::kPastBudget) << how;
  // Without the planted loop the reduced case finishes.
  EXPECT_EQ(CheckWithinCpu(reduced, v, Options(), 5, {}, &how), CpuLimitedRun::kFinished) << how;
  // A program that does not hang is no timeout to reduce.
  EXPECT_FALSE(ReduceTimeout(shader, vectors, Options(), 0.1, 0.5, budget, &error));
  EXPECT_NE(error.find("no single vector"), std::string::npos) << error;
}

// A compiler that is slow (0.3 s of CPU time per program holding an rcp)
// but finishes: past the step budget, not past the deadline.
TEST(FindingReduce, ASlowProgramIsNotReducedAsAHang) {
  harness::CheckOptions check = Options();
  check.post_compile = [](a3xx::Program& p) {
    for (const a3xx::Instr& i : p.instrs) {
      if (i.opcode != a3xx::Opcode::RCP) continue;
      timespec t0;
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
      for (;;) {
        timespec t;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        if ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) * 1e-9 > 0.15) break;
      }
    }
  };
  const tgsi::Shader shader = Parse(kRcp);
  FuzzProgram program;
  program.text = tgsi::PrintShader(shader);
  reduce::ReduceOptions budget;
  budget.max_oracle_calls = 40;
  std::string error;
  // Both builds hold the rcp: ~0.3 s per check, past 0.1 s steps, within a 3 s deadline.
  EXPECT_FALSE(ReduceTimeout(shader, ProgramVectors(program, shader, check), check, 0.1, 3, budget, &error));
  EXPECT_NE(error.find("not past the deadline"), std::string::npos) << error;
}

TEST(FindingReduce, TheCampaignWritesTheReducedTimeout) {
  const std::filesystem::path out = std::filesystem::path(testing::TempDir()) / "finding_reduce_timeout_test";
  std::filesystem::remove_all(out);
  CampaignOptions options;
  options.out = out.string();
  options.check = LoopOnRcp();
  options.reduce_oracle_calls = 300;
  options.deadline_seconds = 0.5;
  options.timeout_step_cpu_seconds = 0.1;
  FindingStore store(options);
  FuzzProgram program;
  program.id = 9;
  program.text = tgsi::PrintShader(Parse(kRcp));
  const nlohmann::json failure{{"config", "worker"}, {"verdict", "timeout"},
                               {"detail", "ran past the deadline: 0.6 s of CPU time"}, {"signature", "worker timeout"}};
  const nlohmann::json record = store.Add(program, failure);
  EXPECT_TRUE(record["unique"].get<bool>());
  EXPECT_LE(record["instructions"].get<uint64_t>(), 3u) << record;
  EXPECT_EQ(record["signature"].get<std::string>().rfind("worker timeout | ", 0), 0u) << record;
  const std::filesystem::path dir = out / record["id"].get<std::string>();
  std::ifstream report_file(dir / "report.json");
  const nlohmann::json report = nlohmann::json::parse(report_file);
  EXPECT_FALSE(report.contains("reduce_error")) << report;
  EXPECT_EQ(report["reduce"]["stopped_by"], "done") << report;
  std::ifstream repro(dir / "repro.sh");
  const std::string script((std::istreambuf_iterator<char>(repro)), std::istreambuf_iterator<char>());
  EXPECT_NE(script.find("ulimit -t 1;"), std::string::npos) << script;
  EXPECT_TRUE(std::filesystem::exists(dir / "vector.json"));
}

}  // namespace
}  // namespace shaderdiff::fuzz
