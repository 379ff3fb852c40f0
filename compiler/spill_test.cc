// Spilling in the optimizing build (compiler/opt/spill.h): a shader whose
// optimized form has more live scalars than a3xx's 192 compiles with stp/ldp to private memory,
// programs the private memory it uses, and passes the differential check
// with hazards trapping (so every reload is synced and reads a stored slot);
// a shader that fits is compiled without any.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::compiler {
namespace {

// More live SSA scalars than registers while the TGSI registers fit the
// selection's fixed map (r10..r47): `temps` products IN[0] * IMM[i]
// go to TEMP[i], are overwritten by TEMP[i] + IN[1], and after an IF the
// products are computed again, which CSE replaces by the first ones, so at
// the IF both generations are live: 8 * temps scalars.
std::string CseWideShader(int temps) {
  std::string s = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\nDCL TEMP[0.." + std::to_string(temps) + "]\n";
  for (int i = 0; i < temps; ++i) {
    s += "IMM[" + std::to_string(i) + "] FLT32 {" + std::to_string(i + 1) + ".5, " + std::to_string(i + 2) +
         ".25, " + std::to_string(i + 3) + ".125, " + std::to_string(i + 4) + ".0}\n";
  }
  int n = 0;
  auto line = [&](const std::string& t) { s += "  " + std::to_string(n++) + ": " + t + "\n"; };
  const std::string acc = "TEMP[" + std::to_string(temps) + "]";
  auto t = [](int i) { return "TEMP[" + std::to_string(i) + "]"; };
  auto imm = [](int i) { return "IMM[" + std::to_string(i) + "]"; };
  for (int i = 0; i < temps; ++i) line("MUL " + t(i) + ", IN[0], " + imm(i));
  for (int i = 0; i < temps; ++i) line("ADD " + t(i) + ", " + t(i) + ", IN[1]");
  line("MOV " + acc + ", IN[0]");
  line("IF IN[1].xxxx");
  line("  ADD " + acc + ", " + acc + ", IN[1]");
  line("ENDIF");
  for (int i = 0; i < temps; ++i) {
    line("ADD " + acc + ", " + acc + ", " + t(i));
    line("MUL " + t(i) + ", IN[0], " + imm(i));
    line("ADD " + acc + ", " + acc + ", " + t(i));
  }
  line("MOV OUT[0], " + acc);
  line("END");
  return s;
}

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
