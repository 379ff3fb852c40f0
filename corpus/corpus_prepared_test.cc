// The prepared interpreter against the one-call form on corpus shaders:
// Interpret(*Prepare(shader), v) must equal Interpret(shader, v) in every
// field of ExecResult (status, detail, locations, words, flags, sets,
// reasons, kills, emitted vertices, instruction counts) for every vector.
//
// No state may pass between calls (TEMP/OUT/ADDR start undefined in every
// invocation, interpreter.h), so the two sides run in different orders and
// on different machine storage: each reference result is computed on a
// thread of its own (a fresh WaveStorage), while the prepared side runs all
// vectors of a shader back to back on one thread, right after a vector that
// times out, one that fails (a missing input), and another shader's run
// that leaves every register of a large file written.
#include <gtest/gtest.h>

#include <functional>
#include <sstream>
#include <string>
#include <thread>

#include "compiler/tgsi/parser.h"
#include "emulator/tgsi/exec_result_diff.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff {
namespace {

using common::ExecResult;
using test::Difference;

// Runs f on a new thread: the interpreter's per-thread storage is fresh.
ExecResult OnFreshThread(const std::function<ExecResult()>& f) {
  ExecResult r;
  std::thread t([&] { r = f(); });
  t.join();
  return r;
}

constexpr char kLeavesEveryRegisterWritten[] = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0..511]
DCL ADDR[0]
IMM[0] FLT32 {0.0, 1.0, 512.0, 0.5}
  0: MOV TEMP[0], IMM[0].xxxx
  1: BGNLOOP
  2:   SGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz
  3:   IF TEMP[1].xxxx
  4:     BRK
  5:   ENDIF
  6:   ARL ADDR[0].x, TEMP[0].xxxx
  7:   RCP TEMP[ADDR[0].x], IN[0].xyzw
  8:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
  9: ENDLOOP
 10: MOV OUT[0], TEMP[511]
 11: END
)";

TEST(CorpusPrepared, SameResultsInEveryFieldWhateverRanBefore) {
  harness::Corpus corpus;
  std::string error;
  ASSERT_TRUE(harness::LoadCorpus("corpus", &corpus, &error)) << error;
  ASSERT_GT(corpus.entries.size(), 1000u);
  tgsi::ParseResult noise = tgsi::ParseShader(kLeavesEveryRegisterWritten);
  ASSERT_TRUE(noise.ok());
  const auto noise_prepared = tgsi_exec::Prepare(noise.shader);
  common::TestVector noise_vector;
  ASSERT_TRUE(harness::GenerateVector(noise.shader, {.seed = 3, .lanes = 16}, &noise_vector, &error)) << error;

  tgsi_exec::InterpreterOptions options;
  options.instruction_budget = 20'000;  // loops that run long time out here
  const uint32_t kLanes[] = {4, 16, 64, 80, 256};
  size_t compared = 0, failed = 0, shaders = 0;
  for (size_t k = 0; k < corpus.entries.size(); k += 13) {
    const harness::CorpusEntry& e = corpus.entries[k];
    tgsi::ParseResult parsed = tgsi::ParseShader(e.text);
    ASSERT_TRUE(parsed.ok()) << e.name;
    const tgsi::Shader& shader = parsed.shader;
    std::vector<common::TestVector> vectors;
    for (uint32_t i = 0; i < 10; ++i) {
      common::TestVector v;
      const uint32_t lanes = shader.processor == tgsi::Processor::kGeometry ? 1 : kLanes[i % 5];
      harness::VectorOptions vo{.seed = e.hash + i, .lanes = lanes, .edges = i % 2 == 1,
                                .dictionary = i % 4 == 1 || i % 4 == 2};
      if (!harness::GenerateVector(shader, vo, &v, &error)) continue;  // e.g. lanes the stage cannot take
      vectors.push_back(std::move(v));
    }
    // A vector that fails: the first declared input is missing.
    common::TestVector missing = vectors.empty() ? common::TestVector{} : vectors.front();
    const bool can_fail = !missing.inputs.empty() || !missing.vertex_inputs.empty();
    if (!missing.vertex_inputs.empty()) {
      missing.vertex_inputs.erase(missing.vertex_inputs.begin());
    } else if (!missing.inputs.empty()) {
      missing.inputs.erase(missing.inputs.begin());
    }
    tgsi_exec::InterpreterOptions tiny = options;
    tiny.instruction_budget = 3;

    const auto prepared = tgsi_exec::Prepare(shader);
    ++shaders;
    for (size_t i = 0; i < vectors.size(); ++i) {
      const ExecResult want = OnFreshThread([&] { return tgsi_exec::Interpret(shader, vectors[i], options); });
      // Before each vector: a timeout, a failure, or another shader's run.
      switch (i % 3) {
        case 0: tgsi_exec::Interpret(*prepared, vectors[(i + 1) % vectors.size()], tiny); break;
        case 1: if (can_fail) tgsi_exec::Interpret(*prepared, missing, options); break;
        case 2: tgsi_exec::Interpret(*noise_prepared, noise_vector, options); break;
      }
      const ExecResult got = tgsi_exec::Interpret(*prepared, vectors[i], options);
      const std::string diff = Difference(got, want);
      EXPECT_EQ(diff, "") << e.name << " vector " << i;
      ++compared;
      failed += got.status != common::ExecStatus::kOk;
    }
  }
  std::cout << compared << " vectors of " << shaders << " shaders compared (" << failed
            << " of them fail or time out on both sides)\n";
  EXPECT_GT(compared, 2000u);
}

// The prepared form reports a shader the interpreter refuses on every call.
TEST(CorpusPrepared, RefusedShaderReportedByEveryCall) {
  tgsi::ParseResult parsed = tgsi::ParseShader("VERT\nDCL OUT[0]\n  0: BGNLOOP\n  1: END\n");
  ASSERT_TRUE(parsed.ok());
  common::TestVector v;
  v.stage = tgsi::Processor::kVertex;
  v.lanes = 4;
  const auto prepared = tgsi_exec::Prepare(parsed.shader);
  const ExecResult want = tgsi_exec::Interpret(parsed.shader, v, {});
  EXPECT_NE(want.status, common::ExecStatus::kOk);
  for (int i = 0; i < 2; ++i) EXPECT_EQ(Difference(tgsi_exec::Interpret(*prepared, v, {}), want), "");
}

}  // namespace
}  // namespace shaderdiff
