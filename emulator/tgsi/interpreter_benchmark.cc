// Throughput of the interpreter on a typical fragment shader (run by hand:
// bazel run -c opt //emulator/tgsi:interpreter_benchmark).
#include <benchmark/benchmark.h>

#include "compiler/tgsi/parser.h"
#include "emulator/tgsi/interpreter.h"

namespace shaderdiff::tgsi_exec {
namespace {

const char* kShader = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL SAMP[0]
DCL TEMP[0..3]
IMM[0] FLT32 {0.5, 2.0, 0.25, 1.0}
  0: TEX TEMP[0], IN[0], SAMP[0], 2D
  1: MAD TEMP[1], TEMP[0], IMM[0].xxxx, IMM[0].zzzz
  2: DP3 TEMP[2].x, TEMP[1], IN[0]
  3: IF TEMP[2].xxxx
  4:   MUL TEMP[1], TEMP[1], IMM[0].yyyy
  5: ELSE
  6:   ADD TEMP[1], TEMP[1], IMM[0].wwww
  7: ENDIF
  8: MIN TEMP[3], TEMP[1], IMM[0].wwww
  9: MOV_SAT OUT[0], TEMP[3]
 10: END
)";

void BM_FragmentShader(benchmark::State& state) {
  const tgsi::Shader shader = tgsi::ParseShader(kShader).shader;
  common::TestVector v;
  v.stage = tgsi::Processor::kFragment;
  v.lanes = static_cast<uint32_t>(state.range(0));
  common::LaneVec4s in;
  for (uint32_t l = 0; l < v.lanes; ++l) {
    const float s = (static_cast<float>(l % 16) + 0.5f) / 16, t = (static_cast<float>(l / 16 % 16) + 0.5f) / 16;
    in.push_back({std::bit_cast<uint32_t>(s), std::bit_cast<uint32_t>(t), 0x3f000000u, 0x3f800000u});
  }
  v.inputs[0] = in;
  uint64_t lane_instructions = 0;
  for (auto _ : state) {
    const common::ExecResult r = Interpret(shader, v, {});
    benchmark::DoNotOptimize(r.outputs);
    lane_instructions += r.instructions_executed * 64;
  }
  state.counters["lane_insts/s"] =
      benchmark::Counter(static_cast<double>(lane_instructions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FragmentShader)->Arg(64)->Arg(1024);

}  // namespace
}  // namespace shaderdiff::tgsi_exec
