// End-to-end throughput of the campaign's work on one core: a generated
// program (fuzz/gen, 10..80 instructions, both policies) through
// EvaluateProgram (reference on the vectors, naive and optimizing a3xx
// builds compiled, emulated and compared, coverage collected), in this
// process. items_per_second is programs per second per core; the goal of
// issue 13 is 2,000. Campaigns print their own figure (report.json,
// throughput.programs_per_cpu_second), which adds mutation, metamorphic
// pairs and the worker processes. BM_ProgramR500Fixed: the same for
// `fuzz --target r500`.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "compiler/tgsi/printer.h"
#include "fuzz/gen/generator.h"
#include "tools/fuzz/program_eval.h"

namespace shaderdiff::fuzz {
namespace {

// One generated program per iteration, seeds 1, 2, ...: `options(seed)`
// gives the generator's options, and the program goes through
// EvaluateProgram as the campaign's worker runs it.
template <class MakeOptions>
void RunPrograms(benchmark::State& state, const harness::CheckOptions& check, MakeOptions options) {
  uint64_t seed = 1;
  for (auto _ : state) {
    const GenOptions g = options(seed);
    ++seed;
    FuzzProgram p;
    p.id = seed;
    p.shader = std::make_shared<const tgsi::Shader>(GenerateShader(g));  // as the campaign does
    p.text = tgsi::PrintShader(*p.shader);
    benchmark::DoNotOptimize(EvaluateProgram(p, check));
  }
  state.SetItemsProcessed(state.iterations());
}

harness::CheckOptions Check(const benchmark::State& state, const std::string& target) {
  harness::CheckOptions check;
  check.target = target;
  check.vectors = static_cast<uint32_t>(state.range(0));
  check.lanes = static_cast<uint32_t>(state.range(1));
  return check;
}

void BM_Program(benchmark::State& state) {
  RunPrograms(state, Check(state, "a3xx"), [](uint64_t seed) {
    GenOptions g;
    g.seed = seed;
    g.stage = StageForSeed(seed);
    g.policy = seed % 2 ? RewritesPolicy() : DefaultPolicy();
    g.max_size = 10 + seed % 70;
    return g;
  });
}
// vectors, lanes: the campaign's default (4, 8) and the nightly's (16, 16).
BENCHMARK(BM_Program)->Args({4, 8})->Args({1, 4})->Args({16, 16})->Unit(benchmark::kMillisecond);
// The same programs every run (seeds 1..200 at 4 x 8, one run of a fixed
// count), for instruction counts: `valgrind --tool=callgrind
// campaign_benchmark --benchmark_filter=BM_ProgramFixed` counts the same work
// in two binaries (BM_Program's iteration counts depend on time).
BENCHMARK(BM_Program)->Name("BM_ProgramFixed")->Args({4, 8})->Iterations(200)->Unit(benchmark::kMillisecond);

// The r500 campaign's work (`fuzz --target r500`): fragment shaders of the
// r500 policy (fuzz/gen/policy.h), both r500 builds checked three-way; the
// same 200 programs every run, for callgrind as above.
void BM_ProgramR500(benchmark::State& state) {
  RunPrograms(state, Check(state, "r500"), [](uint64_t seed) {
    GenOptions g;
    g.seed = seed;
    g.stage = tgsi::Processor::kFragment;
    g.policy = R500Policy();
    g.max_size = 10 + seed % 70;
    return g;
  });
}
BENCHMARK(BM_ProgramR500)->Name("BM_ProgramR500Fixed")->Args({4, 8})->Iterations(200)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace shaderdiff::fuzz
