// Compile time of both a3xx builds over the whole shipped corpus: each
// iteration compiles every shader the build supports. Reports shaders per
// second (items) and the mean time per shader; the two builds run side by
// side in one process, so their ratio is meaningful on a noisy machine.
//
//   bazel run -c opt //tools/bench:compile_corpus_benchmark
#include <benchmark/benchmark.h>

#include "compiler/naive/a3xx_naive.h"
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

void BM_CompileNaive(benchmark::State& state) {
  int64_t compiled = 0;
  for (auto _ : state) {
    for (const bench::CorpusCase& c : Cases()) {
      naive::CompileResult r = naive::CompileA3xxNaive(c.shader);
      compiled += r.status == naive::CompileStatus::kOk;
      benchmark::DoNotOptimize(r);
    }
  }
  Report(state, compiled);
}

void BM_CompileOpt(benchmark::State& state) {
  int64_t compiled = 0;
  for (auto _ : state) {
    for (const bench::CorpusCase& c : Cases()) {
      compiler::OptResult r = compiler::CompileA3xxOpt(c.shader);
      compiled += r.status == naive::CompileStatus::kOk;
      benchmark::DoNotOptimize(r);
    }
  }
  Report(state, compiled);
}

BENCHMARK(BM_CompileNaive)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileOpt)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace shaderdiff
