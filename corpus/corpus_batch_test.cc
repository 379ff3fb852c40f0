// The batched entry against one call per vector on corpus shaders:
// InterpretBatch(prepared, vectors)[k] must equal Interpret(prepared,
// vectors[k]) in every field of ExecResult (test::Difference), and the
// coverage sink must end the same, for a mix that packs several vectors
// into one wave, fills waves exactly, leaves vectors over 64 lanes alone,
// and puts a vector Interpret refuses (a missing input) and one that times
// out (a budget too small for it) among them. The test also counts the
// shaders whose vectors did share waves, and among them those that store
// through a relative destination (divergence decided per vector), so it
// cannot pass by never batching.
#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

#include "compiler/tgsi/parser.h"
#include "emulator/tgsi/exec_result_diff.h"
#include "emulator/tgsi/coverage.h"
#include "emulator/tgsi/interpreter.h"
#include "emulator/tgsi/prepared.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff {
namespace {

using common::ExecResult;
using test::Difference;

TEST(CorpusBatch, SameResultsAsOneCallPerVector) {
  harness::Corpus corpus;
  std::string error;
  ASSERT_TRUE(harness::LoadCorpus("corpus", &corpus, &error)) << error;
  ASSERT_GT(corpus.entries.size(), 1000u);
  const uint32_t kLanes[] = {16, 4, 16, 8, 64, 80, 12, 16, 32, 256, 16, 4};
  size_t compared = 0, shaders = 0, batched_shaders = 0, batched_relative_dst = 0, failing = 0;
  for (size_t k = 0; k < corpus.entries.size(); k += 11) {
    const harness::CorpusEntry& e = corpus.entries[k];
    tgsi::ParseResult parsed = tgsi::ParseShader(e.text);
    ASSERT_TRUE(parsed.ok()) << e.name;
    const tgsi::Shader& shader = parsed.shader;
    std::vector<common::TestVector> vectors;
    for (uint32_t i = 0; i < 12; ++i) {
      common::TestVector v;
      const uint32_t lanes = shader.processor == tgsi::Processor::kGeometry ? 1 : kLanes[i];
      harness::VectorOptions vo{.seed = e.hash + i, .lanes = lanes, .edges = i % 2 == 1,
                                .dictionary = i % 4 == 1 || i % 4 == 2};
      if (!harness::GenerateVector(shader, vo, &v, &error)) continue;
      vectors.push_back(std::move(v));
    }
    if (vectors.size() < 3) continue;
    // A vector the interpreter refuses: the first declared input missing.
    common::TestVector missing = vectors[1];
    if (!missing.vertex_inputs.empty()) {
      missing.vertex_inputs.erase(missing.vertex_inputs.begin());
    } else if (!missing.inputs.empty()) {
      missing.inputs.erase(missing.inputs.begin());
    }
    vectors.insert(vectors.begin() + 2, missing);

    const auto prepared = tgsi_exec::Prepare(shader);
    ++shaders;
    batched_shaders += prepared->batchable;
    bool relative_dst = false;
    for (const tgsi_exec::DInst& in : prepared->prog.insts) {
      for (int d = 0; d < in.num_dst; ++d) relative_dst |= in.dst[d].index.indirect;
    }
    batched_relative_dst += prepared->batchable && relative_dst;
    std::vector<const common::TestVector*> ptrs;
    for (const auto& v : vectors) ptrs.push_back(&v);
    for (const uint64_t budget : {uint64_t{20'000}, uint64_t{5}}) {  // 5: most waves time out
      tgsi_exec::InterpreterOptions options;
      options.instruction_budget = budget;
      tgsi_exec::BranchCoverage cover_one, cover_batch;
      std::vector<ExecResult> want;
      options.coverage = &cover_one;
      for (const auto& v : vectors) want.push_back(tgsi_exec::Interpret(*prepared, v, options));
      options.coverage = &cover_batch;
      const std::vector<ExecResult> got = tgsi_exec::InterpretBatch(*prepared, ptrs, options);
      ASSERT_EQ(got.size(), want.size());
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(Difference(got[i], want[i]), "") << e.name << " vector " << i << " budget " << budget;
        ++compared;
        failing += got[i].status != common::ExecStatus::kOk;
      }
      for (uint32_t pc = 0; pc < shader.instructions.size(); ++pc) {
        EXPECT_EQ(cover_batch.Taken(pc), cover_one.Taken(pc)) << e.name << " pc " << pc;
        EXPECT_EQ(cover_batch.NotTaken(pc), cover_one.NotTaken(pc)) << e.name << " pc " << pc;
      }
    }
  }
  std::cout << compared << " vectors of " << shaders << " shaders compared, " << batched_shaders
            << " shaders batchable (" << batched_relative_dst << " with relative destinations), " << failing << " results failing or timing out on both sides\n";
  EXPECT_GT(compared, 5000u);
  EXPECT_GT(batched_shaders, shaders / 2);  // most of the corpus shares waves
  EXPECT_GT(batched_relative_dst, 0u);      // relative destinations among them
  EXPECT_GT(failing, compared / 4);         // the failure paths were taken
}

}  // namespace
}  // namespace shaderdiff
