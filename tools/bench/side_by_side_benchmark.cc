// Per-shader throughput of the three executors the harness calls, in the
// units of Mesa's tgsi_exec anchor (shared/bench/tgsi_exec): invocations
// (lanes) per second and lane-instructions per second, CPU time.
//
//   side_by_side_benchmark SHADER.tgsi VECTOR.json [VECTOR.json...]
//       [--benchmark_format=json] [--benchmark_min_time=0.1] ...
//
// For every vector file (typically one per lane count: 4, 16, 64, 256) it
// registers three benchmarks, named ENGINE/LANES:
//   reference   tgsi_exec::Interpret of the shader prepared once
//               (tgsi_exec::Prepare), the entry point check and the nightly
//               call for every vector of a shader (set-up per call included,
//               as they pay it);
//   reference/batch16
//               tgsi_exec::InterpretBatch of 16 copies of the vector in one
//               call (the nightly's 16 vectors of a shader, which check.cc
//               and the nightly hand it): invocations are 16 x LANES per
//               call. Vectors of up to 64 lanes of a shader without flow
//               control or textures share waves; others run one call each,
//               so at 256 lanes, or for a shader with branches, it times
//               the per-vector path plus the batch's own bookkeeping;
//   a3xx/naive  a3xx::Emulate of the naive build's program;
//   a3xx/opt    a3xx::Emulate of the optimizing build's program
//               (both prepared once, a3xx::Prepare, as check.cc does).
// Compilation happens once, outside the timed loop. Counters: invocations/s
// (the vector's lanes per call), lane_instructions/s (instructions executed
// per wave times the lanes of the wave, as tgsi_exec counts per quad), and
// insts (instructions per wave: TGSI for the reference, machine for the
// emulator). An executor that cannot run the shader (unsupported, timeout,
// error) reports SkipWithError with the reason, never a figure.
// tools/bench/vs_mesa.py runs this and Mesa's harness interleaved per shader
// and prints the ratios.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/emulator.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff {
namespace {

struct Case {
  std::string vector_file;
  common::TestVector vector;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "side_by_side_benchmark: cannot read " << path << "\n";
    std::exit(1);
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `call` (returning the instructions executed per call, summed over its
// waves of up to `wave` lanes and over its `copies` vectors of `lanes` lanes,
// or an error text) in the benchmark loop and sets the counters.
template <typename Call>
void RunTimed(benchmark::State& state, uint32_t lanes, uint64_t wave, Call call, uint32_t copies = 1) {
  uint64_t insts = 0;
  std::string error;
  for (auto _ : state) {
    if (!call(&insts, &error)) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  const double calls = static_cast<double>(state.iterations());
  state.counters["invocations/s"] =
      benchmark::Counter(calls * lanes * copies, benchmark::Counter::kIsRate);
  state.counters["lane_instructions/s"] =
      benchmark::Counter(calls * static_cast<double>(insts) * static_cast<double>(std::min<uint64_t>(lanes, wave)),
                         benchmark::Counter::kIsRate);
  state.counters["insts"] =
      static_cast<double>(insts) / static_cast<double>(copies * ((lanes + wave - 1) / wave));
}

}  // namespace
}  // namespace shaderdiff

int main(int argc, char** argv) {
  using namespace shaderdiff;
  benchmark::Initialize(&argc, argv);
  if (argc < 3) {
    std::cerr << "usage: side_by_side_benchmark SHADER.tgsi VECTOR.json [VECTOR.json...] [--benchmark_...]\n";
    return 1;
  }
  const std::string shader_path = argv[1];
  tgsi::ParseResult parsed = tgsi::ParseShader(ReadFile(shader_path));
  if (!parsed.ok()) {
    std::cerr << shader_path << ": does not parse\n";
    return 1;
  }
  static tgsi::Shader shader = std::move(parsed.shader);
  static std::vector<std::unique_ptr<Case>> cases;
  for (int i = 2; i < argc; ++i) {
    auto c = std::make_unique<Case>();
    c->vector_file = argv[i];
    std::string error;
    nlohmann::json json = nlohmann::json::parse(ReadFile(argv[i]), nullptr, false);
    if (json.is_discarded() || !harness::VectorFromJson(json, &c->vector, &error)) {
      std::cerr << argv[i] << ": not a test vector: " << error << "\n";
      return 1;
    }
    cases.push_back(std::move(c));
  }

  // Both builds compiled once; a build that does not compile is a skipped
  // benchmark with its reason.
  static naive::CompileResult builds[2] = {compiler::CompileA3xxBuild(shader, false),
                                           compiler::CompileA3xxBuild(shader, true)};
  static const char* kBuildNames[2] = {"a3xx/naive", "a3xx/opt"};

  for (const auto& c : cases) {
    const Case* cp = c.get();
    const uint32_t lanes = cp->vector.lanes;
    benchmark::RegisterBenchmark(("reference/" + std::to_string(lanes)).c_str(), [cp, lanes](benchmark::State& s) {
      tgsi_exec::InterpreterOptions options;
      // Prepared once per shader, as the harness does (check.cc).
      const std::shared_ptr<const tgsi_exec::PreparedShader> prepared = tgsi_exec::Prepare(shader);
      RunTimed(s, lanes, 64, [&](uint64_t* insts, std::string* error) {
        common::ExecResult r = tgsi_exec::Interpret(*prepared, cp->vector, options);
        if (r.status != common::ExecStatus::kOk) {
          *error = "reference: " + r.detail;
          return false;
        }
        *insts = r.instructions_executed;  // summed over waves of up to 64 lanes
        benchmark::DoNotOptimize(r);
        return true;
      });
    });
    benchmark::RegisterBenchmark(
        ("reference/batch16/" + std::to_string(lanes)).c_str(), [cp, lanes](benchmark::State& s) {
          constexpr uint32_t kVectors = 16;
          tgsi_exec::InterpreterOptions options;
          const std::shared_ptr<const tgsi_exec::PreparedShader> prepared = tgsi_exec::Prepare(shader);
          const std::vector<const common::TestVector*> vectors(kVectors, &cp->vector);
          RunTimed(s, lanes, 64, [&](uint64_t* insts, std::string* error) {
            std::vector<common::ExecResult> rs = tgsi_exec::InterpretBatch(*prepared, vectors, options);
            *insts = 0;
            for (const common::ExecResult& r : rs) {
              if (r.status != common::ExecStatus::kOk) {
                *error = "reference/batch16: " + r.detail;
                return false;
              }
              *insts += r.instructions_executed;
            }
            benchmark::DoNotOptimize(rs);
            return true;
          }, kVectors);
        });
    for (int b = 0; b < 2; ++b) {
      benchmark::RegisterBenchmark(
          (std::string(kBuildNames[b]) + "/" + std::to_string(lanes)).c_str(), [cp, lanes, b](benchmark::State& s) {
            const naive::CompileResult& build = builds[b];
            if (build.status != naive::CompileStatus::kOk) {
              s.SkipWithError((std::string(kBuildNames[b]) + ": does not compile: " + build.detail).c_str());
              return;
            }
            a3xx::EmulatorOptions options;
            options.timing = a3xx::FindTiming("a3xx");
            // Prepared once per shader, as the harness does (check.cc).
            const std::shared_ptr<const a3xx::PreparedProgram> prepared = a3xx::Prepare(build.program, options);
            const uint64_t wave = build.program.state.stage == a3xx::ShaderStage::kVertex
                                      ? options.timing->wave_size_vs
                                      : options.timing->wave_size_fs;
            RunTimed(s, lanes, wave, [&](uint64_t* insts, std::string* error) {
              a3xx::EmulationResult r = a3xx::Emulate(*prepared, cp->vector, options);
              if (r.result.status != common::ExecStatus::kOk) {
                *error = std::string(kBuildNames[b]) + ": " + r.result.detail;
                return false;
              }
              *insts = r.stats.instructions;  // summed over waves
              benchmark::DoNotOptimize(r);
              return true;
            });
          });
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
