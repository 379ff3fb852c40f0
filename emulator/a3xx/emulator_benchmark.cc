// Throughput of the a3xx emulator on a small hazard-free loop (run by hand:
// bazel run -c opt //emulator/a3xx:emulator_benchmark). Reports executed
// lane-instructions per second (instructions per wave step times the lanes
// of the wave).
#include <benchmark/benchmark.h>

#include <bit>
#include <string>

#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/isa/assembler.h"

namespace shaderdiff::a3xx {
namespace {

// 100 iterations of 8 instructions (slots worked out for 3/6/2 delays).
const char* kLoop =
    "loop:\n"
    "(jp)add.u r2.x, r2.x, 1\n"          // s: the branch target (jp)
    "add.f r1.x, r1.x, r0.x\n"           // s+1
    "mul.f r1.y, r0.x, r0.y\n"           // s+2
    "add.f r1.w, r0.y, r0.x\n"           // s+3
    "cmps.u.lt p0.x, r2.x, 100\n"        // s+4: r2.x visible
    "mad.f32 r1.z, r1.x, r0.x, r1.y\n"   // s+5: r1.x visible, r1.y read at s+7
    "(rpt4)nop\n"                        // s+6..s+10
    "br p0.x, #loop\n"                   // s+11: p0 visible
    "end\n";

void BM_Loop(benchmark::State& state, ShaderStage stage) {
  Program program;
  program.state.stage = stage;
  const bool fs = stage == ShaderStage::kFragment;
  // IN[0] in r0 (gl_FragCoord's field in a fragment shader), OUT[0] in r1;
  // the FS i/j pair out of the way in r4.
  program.state.inputs.push_back({0, {fs ? IoField::kFragCoord : IoField::kVsAttribute, 0, 0xF}});
  program.state.outputs.push_back({0, {fs ? IoField::kFsColor : IoField::kVsVarying, 4, 0xF}});
  program.state.ij_reg = 16;
  program.instrs = Assemble(kLoop).program;
  common::TestVector v;
  v.stage = stage == ShaderStage::kFragment ? tgsi::Processor::kFragment : tgsi::Processor::kVertex;
  v.lanes = static_cast<uint32_t>(state.range(0));
  for (uint32_t l = 0; l < v.lanes; ++l) {
    v.inputs[0].push_back({std::bit_cast<uint32_t>(0.5f + l), std::bit_cast<uint32_t>(0.25f), 0, 0});
  }
  const EmulatorOptions options;
  const int wave = stage == ShaderStage::kFragment ? options.timing->wave_size_fs : options.timing->wave_size_vs;
  uint64_t lane_instructions = 0;
  for (auto _ : state) {
    const EmulationResult r = Emulate(program, v, options);
    if (r.result.status != common::ExecStatus::kOk || !r.hazards.empty()) {
      const std::string why = "the benchmark program failed or has hazards: " +
                              (r.hazards.empty() ? r.result.detail : r.hazards.front().ToString());
      state.SkipWithError(why.c_str());
      return;
    }
    benchmark::DoNotOptimize(r.result.outputs);
    // Every wave but the last is full.
    const uint64_t waves = (v.lanes + wave - 1) / wave;
    lane_instructions += r.stats.instructions / waves * v.lanes;
  }
  state.counters["lane_insts/s"] =
      benchmark::Counter(static_cast<double>(lane_instructions), benchmark::Counter::kIsRate);
}

void BM_FragmentLoop(benchmark::State& state) { BM_Loop(state, ShaderStage::kFragment); }
void BM_VertexLoop(benchmark::State& state) { BM_Loop(state, ShaderStage::kVertex); }
BENCHMARK(BM_FragmentLoop)->Arg(16)->Arg(256);
BENCHMARK(BM_VertexLoop)->Arg(8)->Arg(256);

// The fixed cost of one Emulate call (preparation, register file, result)
// on a one-quad vector and a three-instruction program.
void BM_CallOverhead(benchmark::State& state) {
  Program program;
  program.state.stage = ShaderStage::kFragment;
  program.state.outputs.push_back({0, {IoField::kFsColor, 4, 0xF}});
  program.instrs = Assemble("mov.f32f32 r1.x, (1.0)\n(rpt2)nop\nend\n").program;
  common::TestVector v;
  v.stage = tgsi::Processor::kFragment;
  v.lanes = 4;
  for (auto _ : state) {
    const EmulationResult r = Emulate(program, v, {});
    benchmark::DoNotOptimize(r.result.outputs);
  }
}
BENCHMARK(BM_CallOverhead);

}  // namespace
}  // namespace shaderdiff::a3xx
