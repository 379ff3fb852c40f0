// Helpers of the tests that run hand-written shaders through both a3xx
// builds with hazards trapping (private_array_test, global_const_test):
// parse a shader (failing the test on a syntax error), count an opcode in
// a program, and run the differential check with hazards trapping.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>

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

}  // namespace shaderdiff::compiler::trap_check
