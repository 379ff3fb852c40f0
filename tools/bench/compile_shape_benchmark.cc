// How compile time grows with flow-control nesting depth and with straight-
// line size and width (tools/bench/shape_shaders.h), for both a3xx builds: a near-
// linear compiler keeps "ns/instr" (time per TGSI instruction) flat along
// each curve, and so does "work/instr" (compile-work units per TGSI
// instruction, compiler/support/work_budget.h; "budget used" is the share
// of the default budget spent). The label gives the compile's status (a nest of depth 10000
// runs every pass and then exceeds a3xx's 16-bit branch offsets: unsupported
// "program size"); a compile error is reported as the benchmark's error
// (SkipWithError), which benchmark_smoke_test turns into a failure.
//
//   bazel run -c opt //tools/bench:compile_shape_benchmark
#include <benchmark/benchmark.h>

#include <string>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/pipeline.h"
#include "tools/bench/shape_shaders.h"

namespace shaderdiff {
namespace {

const char* StatusName(naive::CompileStatus s) {
  switch (s) {
    case naive::CompileStatus::kOk: return "ok";
    case naive::CompileStatus::kUnsupported: return "unsupported";
    case naive::CompileStatus::kError: return "error";
  }
  return "?";
}

// Arg 0: depth or size; arg 1: 1 for the optimizing build, 0 for the naive one.
void CompileShape(benchmark::State& state, bench::Shape shape) {
  const tgsi::Shader shader = bench::ShapeShader(shape, static_cast<int>(state.range(0)));
  const bool optimizing = state.range(1) != 0;
  naive::CompileStatus status = naive::CompileStatus::kOk;
  std::string detail;
  compiler::OptResult details;
  for (auto _ : state) {
    naive::CompileResult r = compiler::CompileA3xxBuild(shader, optimizing, {}, &details);
    status = r.status;
    if (status == naive::CompileStatus::kError) detail = r.detail;
    benchmark::DoNotOptimize(r);
  }
  // An error is a broken compiler or shape, never a figure ("unsupported"
  // is the expected verdict of the deepest nests: program size).
  if (status == naive::CompileStatus::kError) {
    state.SkipWithError(("compile error: " + detail).c_str());
    return;
  }
  const double instructions = static_cast<double>(shader.instructions.size());
  if (optimizing) {
    state.counters["work/instr"] = static_cast<double>(details.work_used) / instructions;
    state.counters["budget used"] = static_cast<double>(details.work_used) / static_cast<double>(details.work_limit);
  }
  state.counters["ns/instr"] = benchmark::Counter(static_cast<double>(state.iterations()) * instructions,
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetLabel(std::string(optimizing ? "opt " : "naive ") + StatusName(status));
}

void BM_IfNest(benchmark::State& state) { CompileShape(state, bench::Shape::kIfNest); }
void BM_IfElseNest(benchmark::State& state) { CompileShape(state, bench::Shape::kIfElseNest); }
void BM_LoopNest(benchmark::State& state) { CompileShape(state, bench::Shape::kLoopNest); }
void BM_StraightLine(benchmark::State& state) { CompileShape(state, bench::Shape::kStraightLine); }
void BM_Wide(benchmark::State& state) { CompileShape(state, bench::Shape::kWide); }

void Depths(benchmark::internal::Benchmark* b) {
  for (int build : {1, 0}) {
    for (int depth : {10, 100, 1000, 10000}) b->Args({depth, build});
  }
}
void Sizes(benchmark::internal::Benchmark* b) {
  for (int build : {1, 0}) {
    for (int size : {100, 1000, 10000, 100000}) b->Args({size, build});
  }
}

BENCHMARK(BM_IfNest)->Apply(Depths)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_IfElseNest)->Apply(Depths)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoopNest)->Apply(Depths)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StraightLine)->Apply(Sizes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Wide)->Apply(Sizes)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace shaderdiff
