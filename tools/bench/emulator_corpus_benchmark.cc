// Throughput of the a3xx emulator over the whole shipped corpus, for the
// code of both builds side by side: every program compiled once, one seeded
// vector per shader, then each iteration emulates all of them. Reports
// lane-instructions per second (items: executed instructions times the
// lanes of a wave) and shaders per second.
// BM_EmulateCorpus calls Emulate(Program), which prepares (validates,
// resolves handlers) on every call; BM_EmulateCorpusPrepared prepares each
// program once, outside the timed loop, and calls Emulate(PreparedProgram):
// what the harness (check, the nightly, the campaign) pays per vector.
//
//   bazel run -c opt //tools/bench:emulator_corpus_benchmark
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/pipeline.h"
#include "emulator/a3xx/emulator.h"
#include "tools/bench/corpus_cases.h"

namespace shaderdiff {
namespace {

struct Compiled {
  a3xx::Program program;
  const common::TestVector* vector = nullptr;
};

a3xx::EmulatorOptions BenchOptions() {
  a3xx::EmulatorOptions options;
  options.timing = a3xx::FindTiming("a3xx");
  return options;
}

// Lanes of the vector one wave step covers (stats.instructions counts once
// per wave step; a wave holds up to wave_size lanes of the vector).
uint64_t WaveLanes(const Compiled& p, const a3xx::EmulatorOptions& options) {
  const int wave = p.program.state.stage == a3xx::ShaderStage::kVertex ? options.timing->wave_size_vs
                                                                       : options.timing->wave_size_fs;
  return std::min<uint64_t>(p.vector->lanes, static_cast<uint64_t>(wave));
}

const std::vector<Compiled>& Programs(bool opt, uint32_t lanes) {
  static std::map<std::pair<bool, uint32_t>, std::vector<bench::CorpusCase>> cases;
  static std::map<std::pair<bool, uint32_t>, std::vector<Compiled>> programs;
  auto key = std::make_pair(opt, lanes);
  if (!programs[key].empty()) return programs[key];
  cases[key] = bench::LoadCorpusCases(lanes, false);
  for (const bench::CorpusCase& c : cases[key]) {
    naive::CompileResult r = compiler::CompileA3xxBuild(c.shader, opt);
    if (r.status != naive::CompileStatus::kOk) continue;
    Compiled p;
    p.program = std::move(r.program);
    p.vector = &c.vector;
    programs[key].push_back(std::move(p));
  }
  return programs[key];
}

void BM_EmulateCorpus(benchmark::State& state) {
  const bool opt = state.range(0) != 0;
  const uint32_t lanes = static_cast<uint32_t>(state.range(1));
  const std::vector<Compiled>& programs = Programs(opt, lanes);
  const a3xx::EmulatorOptions options = BenchOptions();
  uint64_t lane_instructions = 0;
  for (auto _ : state) {
    for (const Compiled& p : programs) {
      a3xx::EmulationResult r = a3xx::Emulate(p.program, *p.vector, options);
      lane_instructions += r.stats.instructions * WaveLanes(p, options);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(lane_instructions));
  state.SetLabel(opt ? "opt" : "naive");
  state.counters["shaders/s"] =
      benchmark::Counter(static_cast<double>(programs.size()) * state.iterations(), benchmark::Counter::kIsRate);
}

void BM_EmulateCorpusPrepared(benchmark::State& state) {
  const bool opt = state.range(0) != 0;
  const uint32_t lanes = static_cast<uint32_t>(state.range(1));
  const std::vector<Compiled>& programs = Programs(opt, lanes);
  const a3xx::EmulatorOptions options = BenchOptions();
  std::vector<std::shared_ptr<const a3xx::PreparedProgram>> prepared;
  prepared.reserve(programs.size());
  for (const Compiled& p : programs) prepared.push_back(a3xx::Prepare(p.program, options));
  uint64_t lane_instructions = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < programs.size(); ++i) {
      a3xx::EmulationResult r = a3xx::Emulate(*prepared[i], *programs[i].vector, options);
      lane_instructions += r.stats.instructions * WaveLanes(programs[i], options);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(lane_instructions));
  state.SetLabel(opt ? "opt, prepared once" : "naive, prepared once");
  state.counters["shaders/s"] =
      benchmark::Counter(static_cast<double>(programs.size()) * state.iterations(), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_EmulateCorpus)->Args({0, 16})->Args({1, 16})->Args({0, 64})->Args({1, 64})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EmulateCorpusPrepared)
    ->Args({0, 16})
    ->Args({1, 16})
    ->Args({0, 64})
    ->Args({1, 64})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace shaderdiff
