// Generation throughput: shaders per second from fuzz/gen, generated and
// printed as text (what `shaderdiff gen` writes), per policy and size range.
// Items processed = shaders, so Google Benchmark's items_per_second is the
// programs-per-second figure; counters give instructions per shader.
//   bazel run -c opt //fuzz/gen:generator_benchmark
#include <benchmark/benchmark.h>

#include "compiler/tgsi/printer.h"
#include "fuzz/gen/generator.h"

namespace shaderdiff::fuzz {
namespace {

// state.range(0): min size, range(1): max size, range(2): the policy
// (0 default, 1 rewrites, 2 wide).
void BM_Generate(benchmark::State& state) {
  GenOptions o;
  o.min_size = static_cast<uint32_t>(state.range(0));
  o.max_size = static_cast<uint32_t>(state.range(1));
  o.policy = state.range(2) == 2 ? WidePolicy() : state.range(2) == 1 ? RewritesPolicy() : DefaultPolicy();
  uint64_t seed = 1, instructions = 0, bytes = 0;
  for (auto _ : state) {
    o.seed = seed;
    o.stage = StageForSeed(seed);
    ++seed;
    const tgsi::Shader shader = GenerateShader(o);
    const std::string text = tgsi::PrintShader(shader);
    benchmark::DoNotOptimize(text.data());
    instructions += shader.instructions.size();
    bytes += text.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.counters["instr/shader"] =
      benchmark::Counter(static_cast<double>(instructions) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_Generate)
    ->ArgNames({"min", "max", "policy"})
    ->Args({5, 40, 0})
    ->Args({5, 200, 0})
    ->Args({100, 500, 0})
    ->Args({5, 200, 1})
    ->Args({5, 200, 2});

}  // namespace
}  // namespace shaderdiff::fuzz
