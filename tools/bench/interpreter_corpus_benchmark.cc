// Throughput of the TGSI reference interpreter over the whole shipped
// corpus: every shader parsed once, one seeded vector per shader (plain and
// edge values), then each iteration interprets all of them. Reports
// lane-instructions per second (items) and shaders per second.
// BM_InterpretCorpus goes through Interpret(shader, ...), which decodes on
// every call; BM_InterpretCorpusPrepared prepares each shader once and calls
// Interpret(prepared, ...), the per-vector entry check and the nightly use,
// so it times the per-call work (set-up, waves, result assembly) alone.
//
//   bazel run -c opt //tools/bench:interpreter_corpus_benchmark
//
// Set SHADERDIFF_CORPUS to benchmark another corpus folder.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <memory>

#include "emulator/tgsi/interpreter.h"
#include "tools/bench/corpus_cases.h"

namespace shaderdiff {
namespace {

using Case = bench::CorpusCase;

std::vector<Case> LoadCases(uint32_t lanes, bool edges) { return bench::LoadCorpusCases(lanes, edges); }

void BM_InterpretCorpus(benchmark::State& state) {
  const uint32_t lanes = static_cast<uint32_t>(state.range(0));
  const bool edges = state.range(1) != 0;
  static std::map<std::pair<uint32_t, bool>, std::vector<Case>> cache;
  std::vector<Case>& cases = cache[{lanes, edges}];
  if (cases.empty()) cases = LoadCases(lanes, edges);
  tgsi_exec::InterpreterOptions options;
  options.instruction_budget = 200'000;
  uint64_t lane_instructions = 0;
  for (auto _ : state) {
    for (const Case& c : cases) {
      common::ExecResult r = tgsi_exec::Interpret(c.shader, c.vector, options);
      // instructions_executed counts per wave of up to 64 lanes.
      lane_instructions += r.instructions_executed * std::min<uint32_t>(c.vector.lanes, 64);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(lane_instructions));
  state.counters["shaders/s"] =
      benchmark::Counter(static_cast<double>(cases.size()) * state.iterations(), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_InterpretCorpus)->Args({16, 0})->Args({64, 0})->Args({64, 1})->Unit(benchmark::kMillisecond);

void BM_InterpretCorpusPrepared(benchmark::State& state) {
  const uint32_t lanes = static_cast<uint32_t>(state.range(0));
  static std::map<uint32_t, std::vector<Case>> cache;
  std::vector<Case>& cases = cache[lanes];
  if (cases.empty()) cases = LoadCases(lanes, false);
  std::vector<std::shared_ptr<const tgsi_exec::PreparedShader>> prepared;
  prepared.reserve(cases.size());
  for (const Case& c : cases) prepared.push_back(tgsi_exec::Prepare(c.shader));
  tgsi_exec::InterpreterOptions options;
  options.instruction_budget = 200'000;
  uint64_t lane_instructions = 0;
  for (auto _ : state) {
    for (size_t k = 0; k < cases.size(); ++k) {
      common::ExecResult r = tgsi_exec::Interpret(*prepared[k], cases[k].vector, options);
      lane_instructions += r.instructions_executed * std::min<uint32_t>(cases[k].vector.lanes, 64);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(lane_instructions));
  state.counters["invocations/s"] = benchmark::Counter(
      static_cast<double>(cases.size()) * lanes * state.iterations(), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_InterpretCorpusPrepared)->Arg(4)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace shaderdiff
