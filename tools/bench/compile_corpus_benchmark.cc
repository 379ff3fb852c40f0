// Compile time of both a3xx builds over the whole shipped corpus: each
// iteration compiles every shader the build supports. Reports shaders per
// second (items) and the mean time per shader; the two builds run side by
// side in one process, so their ratio is meaningful on a noisy machine.
//
//   bazel run -c opt //tools/bench:compile_corpus_benchmark
#include <benchmark/benchmark.h>

#include <algorithm>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/pipeline.h"
#include "tools/bench/corpus_cases.h"

namespace shaderdiff {
namespace {

const std::vector<bench::CorpusCase>& Cases() {
  static const std::vector<bench::CorpusCase> cases = bench::LoadCorpusCases(4, false);
  return cases;
}

void Report(benchmark::State& state, int64_t compiled) {
  state.SetItemsProcessed(compiled);
  state.counters["us/shader"] = benchmark::Counter(static_cast<double>(compiled),
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                                                   benchmark::Counter::kIs1000);
}

// Arg 0: the naive build; 1: the optimizing build. For the optimizing
// build, "budget used" is the largest share of its compile-work budget
// (compiler/pipeline.h) any corpus shader spent.
void BM_Compile(benchmark::State& state) {
  const bool optimizing = state.range(0) != 0;
  int64_t compiled = 0;
  double budget_used = 0;
  for (auto _ : state) {
    for (const bench::CorpusCase& c : Cases()) {
      compiler::OptResult details;
      naive::CompileResult r = compiler::CompileA3xxBuild(c.shader, optimizing, {}, &details);
      compiled += r.status == naive::CompileStatus::kOk;
      if (optimizing) {
        budget_used = std::max(budget_used, static_cast<double>(details.work_used) / details.work_limit);
      }
      benchmark::DoNotOptimize(r);
    }
  }
  Report(state, compiled);
  if (optimizing) state.counters["budget used"] = budget_used;
  state.SetLabel(optimizing ? "opt" : "naive");
}

BENCHMARK(BM_Compile)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace shaderdiff
