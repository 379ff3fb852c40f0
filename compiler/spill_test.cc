// Spilling in the optimizing build (compiler/targets/a3xx/spill.h): a shader whose
// optimized form has more live scalars than a3xx's 192 compiles with stp/ldp to private memory,
// programs the private memory it uses, and passes the differential check
// with hazards trapping (so every reload is synced and reads a stored slot);
// a shader that fits is compiled without any.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "compiler/cse_wide_shader.h"
#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::compiler {
namespace {

int Count(const a3xx::Program& p, a3xx::Opcode op) {
  return static_cast<int>(std::count_if(p.instrs.begin(), p.instrs.end(), [&](const a3xx::Instr& in) { return in.opcode == op; }));
}

harness::Verdict TrapCheck(const tgsi::Shader& shader, const std::string& text) {
  harness::CheckOptions check;
  check.build = harness::Build::kOptimizing;
  check.vectors = 4;
  check.hazards = a3xx::HazardMode::kTrap;
  const harness::CheckOutcome o = harness::CheckShader(shader, harness::HashText(text), check);
  EXPECT_EQ(o.verdict, harness::Verdict::kPass) << o.detail;
  return o.verdict;
}

TEST(Spill, PressureAboveTheRegisterFileSpills) {
  const std::string text = CseWideShader(34);
  tgsi::ParseResult parsed = tgsi::ParseShader(text);
  ASSERT_TRUE(parsed.ok()) << parsed.error->ToString("wide");
  const OptResult r = CompileA3xxOpt(parsed.shader, {});
  ASSERT_EQ(r.status, naive::CompileStatus::kOk) << r.failed_pass << ": " << r.detail;
  const int stores = Count(r.program, a3xx::Opcode::STP), loads = Count(r.program, a3xx::Opcode::LDP);
  EXPECT_GT(stores, 0);
  EXPECT_GE(loads, stores);
  // Slot k at byte 4k: the units cover every slot used.
  int top = 0;
  for (const a3xx::Instr& in : r.program.instrs) {
    if (in.opcode == a3xx::Opcode::STP) top = std::max(top, in.mem_offset + 4);
  }
  EXPECT_EQ(r.program.state.pvt_mem_units, (top + 127) / 128);
  EXPECT_LE(r.program.state.full_regs, 48);
  TrapCheck(parsed.shader, text);
}

TEST(Spill, NoSpillWhenTheRegistersSuffice) {
  const std::string text = CseWideShader(12);
  tgsi::ParseResult parsed = tgsi::ParseShader(text);
  ASSERT_TRUE(parsed.ok()) << parsed.error->ToString("narrow");
  const OptResult r = CompileA3xxOpt(parsed.shader, {});
  ASSERT_EQ(r.status, naive::CompileStatus::kOk) << r.failed_pass << ": " << r.detail;
  EXPECT_EQ(Count(r.program, a3xx::Opcode::STP) + Count(r.program, a3xx::Opcode::LDP), 0);
  EXPECT_EQ(r.program.state.pvt_mem_units, 0);
  TrapCheck(parsed.shader, text);
}

}  // namespace
}  // namespace shaderdiff::compiler
