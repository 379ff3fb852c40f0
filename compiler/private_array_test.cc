// TEMP arrays in private memory (compiler/targets/a3xx/naive/register_map.h, "Private
// memory"): a relatively addressed TEMP array the register file cannot hold
// is read with ldp and written with stp in both builds, the shader state
// programs the memory it uses, and the differential check passes with
// hazards trapping (every load synced, every byte stored before it is
// loaded); a program that skips the zeroing is caught; spill slots go after
// the arrays; an array beyond what MEMSIZEPERITEM can program, and one that
// fits the registers, keep their old verdicts. Plain TEMPs that still do not
// fit follow the arrays there, one vec4 each, fewest static references
// first, with the same checks; a shader that fits has no ldp/stp.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "compiler/cse_wide_shader.h"
#include "compiler/trap_check.h"
#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::compiler {
namespace {

// TEMP[0..n-1] is ARRAY(1): a loop writes element i = IN[0] * i + IN[1]
// through ADDR, then an index from IN[1].x reads one back (relative, with
// an offset), direct reads and a saturated direct write hit the array too.
std::string ArrayShader(int n) {
  const std::string last = std::to_string(n - 1), t = std::to_string(n), c = std::to_string(n + 1);
  return "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\n"
         "DCL TEMP[0.." + last + "], ARRAY(1)\nDCL TEMP[" + t + ".." + c + "]\nDCL ADDR[0]\n"
         "IMM[0] INT32 {0, 1, " + t + ", 2}\n"
         "  0: MOV TEMP[" + c + "].x, IMM[0].xxxx\n"
         "  1: BGNLOOP\n"
         "  2:   ISGE TEMP[" + t + "].x, TEMP[" + c + "].xxxx, IMM[0].zzzz\n"
         "  3:   UIF TEMP[" + t + "].xxxx\n"
         "  4:     BRK\n"
         "  5:   ENDIF\n"
         "  6:   UARL ADDR[0].x, TEMP[" + c + "].xxxx\n"
         "  7:   I2F TEMP[" + t + "].y, TEMP[" + c + "].xxxx\n"
         "  8:   MAD TEMP[ADDR[0].x](1), IN[0], TEMP[" + t + "].yyyy, IN[1]\n"
         "  9:   UADD TEMP[" + c + "].x, TEMP[" + c + "].xxxx, IMM[0].yyyy\n"
         " 10: ENDLOOP\n"
         " 11: MOV_SAT TEMP[3].yw, IN[1]\n"
         " 12: F2I TEMP[" + t + "].x, IN[1].xxxx\n"
         " 13: UARL ADDR[0].x, TEMP[" + t + "].xxxx\n"
         " 14: MOV OUT[1], TEMP[ADDR[0].x+2](1)\n"
         " 15: ADD OUT[0], TEMP[3], TEMP[" + last + "]\n"
         " 16: END\n";
}

using trap_check::Count;
using trap_check::Parse;
using trap_check::TrapCheck;

TEST(PrivateArray, ArrayBeyondTheRegisterFileLivesInPrivateMemory) {
  const std::string text = ArrayShader(80);
  const tgsi::Shader shader = Parse(text);
  const trap_check::BothBuilds both = trap_check::CompileBoth(shader);
  ASSERT_TRUE(both.ok);
  for (const a3xx::Program* p : both.programs()) {
    EXPECT_GT(Count(*p, a3xx::Opcode::STP), 0);
    EXPECT_GT(Count(*p, a3xx::Opcode::LDP), 0);
    EXPECT_EQ(p->state.pvt_mem_units, 80 * 16 / 128);  // 80 vec4, no spill slots
    EXPECT_LE(p->state.full_regs, 48);
  }
  for (harness::Build b : {harness::Build::kNaive, harness::Build::kOptimizing}) {
    const harness::CheckOutcome o = TrapCheck(shader, text, b);
    EXPECT_EQ(o.verdict, harness::Verdict::kPass) << o.detail;
  }
}

// Every store moved on by the fiber's memory size (out of it): the loads
// read bytes no store reached (pvt-uninit) and the stores fall out of range
// (pvt-range), so the trapping check fails in both builds.
// The same for plain TEMPs spilled to private memory (CseWideShader(60)).
TEST(PrivateArray, DroppedStoresAreCaught) {
  for (const std::string& text : {ArrayShader(80), CseWideShader(60)}) {
    const tgsi::Shader shader = Parse(text);
    for (harness::Build b : {harness::Build::kNaive, harness::Build::kOptimizing}) {
      const harness::CheckOutcome o = TrapCheck(shader, text, b, [](a3xx::Program& p) {
        const int fiber_bytes = 128 * p.state.pvt_mem_units;
        for (a3xx::Instr& in : p.instrs) {
          if (in.opcode == a3xx::Opcode::STP) in.mem_offset += fiber_bytes;  // every store misses its element
        }
      });
      EXPECT_EQ(o.verdict, harness::Verdict::kHazard) << o.detail;
      EXPECT_NE(o.detail.find("pvt-"), std::string::npos) << o.detail;
    }
  }
}

TEST(PrivateArray, ArrayThatFitsStaysInRegisters) {
  const std::string text = ArrayShader(16);
  const tgsi::Shader shader = Parse(text);
  const naive::CompileResult nv = naive::CompileA3xxNaive(shader);
  ASSERT_EQ(nv.status, naive::CompileStatus::kOk) << nv.detail;
  EXPECT_EQ(Count(nv.program, a3xx::Opcode::STP) + Count(nv.program, a3xx::Opcode::LDP), 0);
  EXPECT_EQ(nv.program.state.pvt_mem_units, 0);
}

TEST(PrivateArray, ArrayBeyondPrivateMemoryIsUnsupported) {
  const tgsi::Shader shader = Parse(ArrayShader(2048));  // 32,768 bytes; MEMSIZEPERITEM gives 255 x 128
  const naive::CompileResult nv = naive::CompileA3xxNaive(shader);
  EXPECT_EQ(nv.status, naive::CompileStatus::kUnsupported);
  EXPECT_NE(nv.detail.find("private memory: the relatively addressed TEMP arrays need 32768 bytes"), std::string::npos)
      << nv.detail;
  const OptResult op = CompileA3xxOpt(shader, {});
  EXPECT_EQ(op.status, naive::CompileStatus::kUnsupported);
  EXPECT_EQ(op.detail, nv.detail);
}

// CseWideShader with 33 TEMPs (264 live scalars), plus a private array:
// the optimizing build spills too, and its slots follow the array's bytes.
TEST(PrivateArray, SpillSlotsFollowTheArrays) {
  WideExtras extras;
  extras.declarations = "DCL TEMP[34..49], ARRAY(1)\nDCL ADDR[0]\n";
  extras.first_lines = {"ARL ADDR[0].x, IN[1].yyyy", "MOV TEMP[ADDR[0].x+34](1), IN[0]"};
  extras.accumulator_init = "TEMP[ADDR[0].x+35](1)";
  const std::string s = CseWideShader(33, extras);
  const tgsi::Shader shader = Parse(s);
  const OptResult op = CompileA3xxOpt(shader, {});
  ASSERT_EQ(op.status, naive::CompileStatus::kOk) << op.failed_pass << ": " << op.detail;
  // The array's own stores have offsets 4c (0..12); a spill store of slot k
  // has 4k from an address holding the array's 256 bytes, so the units
  // cover 256 bytes plus every slot.
  int top = 0;
  for (const a3xx::Instr& in : op.program.instrs) {
    if (in.opcode == a3xx::Opcode::STP) top = std::max(top, in.mem_offset + 4);
  }
  ASSERT_GT(top, 16) << "no spill slots beyond the array's offsets";
  EXPECT_EQ(op.program.state.pvt_mem_units, (256 + top + 127) / 128);
  const harness::CheckOutcome o = TrapCheck(shader, s, harness::Build::kOptimizing);
  EXPECT_EQ(o.verdict, harness::Verdict::kPass) << o.detail;
}

// CseWideShader(60): TEMP[0..60], IN[0..1], OUT[0] and r0..r9 need 74 vec4:
// 26 plain TEMPs go to private memory (416 bytes, 4 units of 128).
TEST(PrivateArray, PlainTempsBeyondTheRegisterFileLiveInPrivateMemory) {
  const std::string text = CseWideShader(60);
  const tgsi::Shader shader = Parse(text);
  const naive::CompileResult nv = naive::CompileA3xxNaive(shader);
  ASSERT_EQ(nv.status, naive::CompileStatus::kOk) << nv.detail;
  EXPECT_EQ(nv.program.state.pvt_mem_units, 26 * 16 / 128 + 1);
  EXPECT_LE(nv.program.state.full_regs, 48);
  const OptResult op = CompileA3xxOpt(shader, {});
  ASSERT_EQ(op.status, naive::CompileStatus::kOk) << op.failed_pass << ": " << op.detail;
  EXPECT_GE(op.program.state.pvt_mem_units, 26 * 16 / 128 + 1);  // plus its own spill slots, if any
  for (const a3xx::Program* p : {&nv.program.program(), &op.program.program()}) {
    EXPECT_GT(Count(*p, a3xx::Opcode::STP), 0);
    EXPECT_GT(Count(*p, a3xx::Opcode::LDP), 0);
  }
  for (harness::Build b : {harness::Build::kNaive, harness::Build::kOptimizing}) {
    const harness::CheckOutcome o = TrapCheck(shader, text, b);
    EXPECT_EQ(o.verdict, harness::Verdict::kPass) << o.detail;
  }
}

// The accumulator TEMP[60] has the most references (121), TEMP[0..59] 6
// each, so 26 of TEMP[0..59] are spilled and the accumulator keeps its
// register: were it spilled, each of its 121 writes would add 4 stores.
TEST(PrivateArray, PlainTempsWithFewestReferencesSpillFirst) {
  const tgsi::Shader shader = Parse(CseWideShader(60));
  const naive::CompileResult nv = naive::CompileA3xxNaive(shader);
  ASSERT_EQ(nv.status, naive::CompileStatus::kOk) << nv.detail;
  // Stores outside the zeroing loop: 2 writes (MUL, ADD) + 1 rewrite (MUL)
  // of 4 components for each of the 26 spilled TEMPs.
  EXPECT_EQ(Count(nv.program, a3xx::Opcode::STP), 4 + 26 * 3 * 4);
}

// 10 + 2 + 1 + 35 = 48 vec4: the fixed map holds it, no private memory.
TEST(PrivateArray, PlainTempsThatFitStayInRegisters) {
  const tgsi::Shader shader = Parse(CseWideShader(34));
  const naive::CompileResult nv = naive::CompileA3xxNaive(shader);
  ASSERT_EQ(nv.status, naive::CompileStatus::kOk) << nv.detail;
  EXPECT_EQ(Count(nv.program, a3xx::Opcode::STP) + Count(nv.program, a3xx::Opcode::LDP), 0);
  EXPECT_EQ(nv.program.state.pvt_mem_units, 0);
  EXPECT_EQ(nv.program.state.full_regs, 48);
}

}  // namespace
}  // namespace shaderdiff::compiler
