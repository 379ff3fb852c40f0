// Throughput of the TGSI reference interpreter over the whole shipped
// corpus: every shader parsed once, one seeded vector per shader (plain and
// edge values), then each iteration interprets all of them. Reports
// lane-instructions per second (items) and shaders per second.
// BM_InterpretCorpus goes through Interpret(shader, ...), which decodes on
// every call; BM_InterpretCorpusPrepared prepares each shader once and calls
// Interpret(prepared, ...), the per-vector entry check and the nightly use,
// so it times the per-call work (set-up, waves, result assembly) alone.
// BM_InterpretCorpusBatch is the nightly's shape: 16 vectors per shader
// drawn as check.cc's ChooseVector does (seed 1: a seed per shader and
// index, edge values on odd indices, the shader's dictionary on indices 1
// and 2 mod 4),
// all of a shader's vectors in one InterpretBatch call, shader prepared once.
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
#include "tools/harness/rng.h"
#include "tools/harness/vector_gen.h"

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

// The nightly's shape: kVectors vectors of `lanes` lanes per shader, one
// InterpretBatch call per shader. Items: lane-instructions; invocations/s
// counts every vector's lanes.
void BM_InterpretCorpusBatch(benchmark::State& state) {
  constexpr uint32_t kVectors = 16;
  const uint32_t lanes = static_cast<uint32_t>(state.range(0));
  struct Batch {
    std::shared_ptr<const tgsi_exec::PreparedShader> prepared;
    std::vector<common::TestVector> vectors;
    std::vector<const common::TestVector*> pointers;
  };
  static std::map<uint32_t, std::vector<Batch>> cache;
  std::vector<Batch>& batches = cache[lanes];
  uint64_t invocations_per_pass = 0;
  if (batches.empty()) {
    for (Case& c : LoadCases(lanes, false)) {
      Batch b;
      b.prepared = tgsi_exec::Prepare(c.shader);
      const uint32_t l = c.shader.processor == tgsi::Processor::kGeometry ? 1 : lanes;
      std::string error;
      const harness::ShaderDictionary dictionary = harness::AnalyzeShader(c.shader);
      for (uint32_t k = 0; k < kVectors; ++k) {
        harness::VectorOptions vo{.seed = harness::Rng(1 ^ c.hash ^ (0x9e3779b97f4a7c15ull * (k + 1))).Next(),
                                  .lanes = l,
                                  .edges = k % 2 == 1,
                                  .dictionary = k % 4 == 1 || k % 4 == 2};
        common::TestVector v;
        if (harness::GenerateVector(c.shader, dictionary, vo, &v, &error)) b.vectors.push_back(std::move(v));
      }
      for (const common::TestVector& v : b.vectors) b.pointers.push_back(&v);
      if (!b.vectors.empty()) batches.push_back(std::move(b));
    }
  }
  for (const Batch& b : batches) invocations_per_pass += b.vectors.size() * b.vectors[0].lanes;
  tgsi_exec::InterpreterOptions options;
  options.instruction_budget = 200'000;
  uint64_t lane_instructions = 0;
  for (auto _ : state) {
    for (const Batch& b : batches) {
      std::vector<common::ExecResult> rs = tgsi_exec::InterpretBatch(*b.prepared, b.pointers, options);
      for (size_t k = 0; k < rs.size(); ++k)
        lane_instructions += rs[k].instructions_executed * std::min<uint32_t>(b.vectors[k].lanes, 64);
      benchmark::DoNotOptimize(rs);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(lane_instructions));
  state.counters["invocations/s"] = benchmark::Counter(
      static_cast<double>(invocations_per_pass) * state.iterations(), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_InterpretCorpusBatch)->Arg(4)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace shaderdiff
