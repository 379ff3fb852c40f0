// Helpers of the tests that run hand-written shaders through both a3xx
// builds with hazards trapping (private_array_test, global_const_test):
// parse a shader (failing the test on a syntax error), compile it with both
// builds (failing the test unless both succeed), count an opcode in a
// program, and run the differential check with hazards trapping.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <string>

#include "compiler/pipeline.h"
#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/isa/shader_state.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::compiler::trap_check {

inline int Count(const a3xx::Program& p, a3xx::Opcode op) {
  return static_cast<int>(
      std::count_if(p.instrs.begin(), p.instrs.end(), [&](const a3xx::Instr& in) { return in.opcode == op; }));
}

inline harness::CheckOutcome TrapCheck(const tgsi::Shader& shader, const std::string& text, harness::Build build,
                                       std::function<void(a3xx::Program&)> post_compile = {}, uint32_t vectors = 6) {
  harness::CheckOptions check;
  check.build = build;
  check.vectors = vectors;
  check.hazards = a3xx::HazardMode::kTrap;
  check.post_compile = std::move(post_compile);
  return harness::CheckShader(shader, harness::HashText(text), check);
}

inline tgsi::Shader Parse(const std::string& text) {
  tgsi::ParseResult parsed = tgsi::ParseShader(text);
  EXPECT_TRUE(parsed.ok()) << parsed.error->ToString("shader");
  return parsed.shader;
}

// Both builds of one shader. `ok` is false (and the test has failed,
// naming the build and its reason) unless both compiled.
struct BothBuilds {
  naive::CompileResult naive;
  OptResult opt;
  bool ok = false;
  std::array<const a3xx::Program*, 2> programs() const { return {&naive.program.program(), &opt.program.program()}; }
};

inline BothBuilds CompileBoth(const tgsi::Shader& shader) {
  BothBuilds b;
  b.naive = naive::CompileA3xxNaive(shader);
  EXPECT_EQ(b.naive.status, naive::CompileStatus::kOk) << "naive: " << b.naive.detail;
  b.opt = CompileA3xxOpt(shader, {});
  EXPECT_EQ(b.opt.status, naive::CompileStatus::kOk) << "opt: " << b.opt.failed_pass << ": " << b.opt.detail;
  b.ok = b.naive.status == naive::CompileStatus::kOk && b.opt.status == naive::CompileStatus::kOk;
  return b;
}

}  // namespace shaderdiff::compiler::trap_check
