// Operand planes (machine.h Exec::FetchInPlace, decode.h DSrc::plane): an
// IMM or direct CONST operand loaded once per wave and reused must give
// exactly the results of the per-use fetch it replaces. Each shader below
// is prepared twice, planes on and off (SetOperandPlanesForTest), and run
// on random vectors (random, edge and special words: NaN, infinities, both
// zeros, denormals; undeclared constants) of random widths, one call per
// vector and batched (vectors with different constants share a wave), in
// both denormal modes; every result must be equal field by field. The
// shaders reuse operands under partial execution masks (IF, loops, CONT),
// with modifiers, 2-D constant buffers, saturate and the integer ops, so a
// plane filled for only some lanes, or kept across waves or vectors, shows.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "emulator/tgsi/decode.h"
#include "emulator/tgsi/exec_result_diff.h"
#include "emulator/tgsi/prepared.h"
#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace testing;
using common::ExecResult;
using common::TestVector;

const char* const kShaders[] = {
    // Straight line: MAD chains on constants, modifiers, saturate, UCMP.
    "VERT\n"
    "DCL IN[0]\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\nDCL OUT[2], GENERIC[1]\n"
    "DCL CONST[0][0..7]\nDCL CONST[1][0..2]\nDCL TEMP[0..2]\n"
    "IMM[0] FLT32 {0.5, -2.0, 1.0, 0.0}\nIMM[1] UINT32 {2, 1, 0, 1065353216}\n"
    "MUL TEMP[0], CONST[0][1], IN[0].yyyy\n"
    "MAD TEMP[0], CONST[0][0], IN[0].xxxx, TEMP[0]\n"
    "MAD TEMP[0], -CONST[0][2], IN[0].zzzz, TEMP[0]\n"
    "MAD OUT[0], |CONST[0][3]|, IN[0].wwww, TEMP[0]\n"
    "ADD_SAT TEMP[1], CONST[1][0].wzyx, IMM[0].xxyy\n"
    "MAD TEMP[1], TEMP[1], IMM[0].yyyy, CONST[1][1]\n"
    "ISLT TEMP[2].xy, CONST[0][4].xxxx, IMM[1].xyxx\n"
    "UCMP TEMP[2].x, TEMP[2].xxxx, CONST[0][5].yxxx, CONST[1][2].zxxx\n"
    "FSEQ TEMP[2].y, TEMP[2].xxxx, CONST[0][4].yyyy\n"
    "UCMP TEMP[2].zw, TEMP[2].yyyy, IMM[1].zwzw, IMM[1].wzzw\n"
    "MOV OUT[1], TEMP[1]\n"
    "ADD OUT[2], TEMP[2], CONST[0][6]\n"
    "MOV_SAT OUT[2].x, -CONST[0][7].wwww\n"
    "END\n",
    // Divergent IF: the first use of a constant is under a partial mask.
    "VERT\n"
    "DCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
    "DCL CONST[0][0..3]\nDCL TEMP[0..1]\n"
    "IMM[0] FLT32 {0.0, 1.0, 3.0, -1.0}\n"
    "MOV TEMP[0], IN[0]\n"
    "FSLT TEMP[1].x, IN[0].xxxx, IMM[0].xxxx\n"
    "UIF TEMP[1].xxxx\n"
    "  MAD TEMP[0], CONST[0][0], IMM[0].zzzz, CONST[0][1]\n"
    "  MOV TEMP[1].yzw, -CONST[0][2]\n"
    "ELSE\n"
    "  ADD TEMP[0], TEMP[0], CONST[0][0]\n"
    "  MOV TEMP[1].yzw, CONST[0][3].xxyy\n"
    "ENDIF\n"
    "MAD OUT[0], TEMP[0], CONST[0][0], CONST[0][1]\n"
    "ADD OUT[1], TEMP[1], CONST[0][2].wzyx\n"
    "MOV OUT[1].x, IMM[0].wwww\n"
    "END\n",
    // A loop: operands reused every iteration while lanes leave it.
    "VERT\n"
    "DCL IN[0]\nDCL OUT[0], GENERIC[0]\n"
    "DCL CONST[0..3]\nDCL TEMP[0..2]\n"
    "IMM[0] FLT32 {0.25, 1.0, 8.0, 0.0}\nIMM[1] INT32 {1, 5, -3, 0}\n"
    "MOV TEMP[0], IMM[0].wwww\n"
    "MOV TEMP[1].x, IMM[1].wwww\n"
    "BGNLOOP\n"
    "  ISGE TEMP[2].x, TEMP[1].xxxx, IMM[1].yyyy\n"
    "  UIF TEMP[2].xxxx\n"
    "    BRK\n"
    "  ENDIF\n"
    "  MAD TEMP[0], TEMP[0], CONST[1], CONST[0]\n"
    "  UADD TEMP[1].x, TEMP[1].xxxx, IMM[1].xxxx\n"
    "  FSLT TEMP[2].y, IN[0].xxxx, CONST[2].xxxx\n"
    "  UIF TEMP[2].yyyy\n"
    "    ADD TEMP[0], TEMP[0], -|CONST[3]|\n"
    "    CONT\n"
    "  ENDIF\n"
    "  MUL TEMP[0], TEMP[0], IMM[0].xxxx\n"
    "ENDLOOP\n"
    "ADD OUT[0], TEMP[0], CONST[2]\n"
    "END\n",
    // Integer ops and integer modifiers on immediates and constants;
    // undeclared constant registers (CONST[5] is outside the declarations).
    "VERT\n"
    "DCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
    "DCL CONST[0..3]\nDCL CONST[6]\nDCL TEMP[0..1]\n"
    "IMM[0] INT32 {-7, 3, 0, 2147483647}\n"
    "UADD TEMP[0], IN[0], -CONST[1]\n"
    "UMUL TEMP[0], TEMP[0], IMM[0].xyzw\n"
    "AND TEMP[1], CONST[2], IMM[0].wwww\n"
    "IABS TEMP[1].x, -IMM[0].xxxx\n"
    "XOR TEMP[1].y, CONST[3].xxxx, CONST[5].yyyy\n"
    "USHR TEMP[1].z, CONST[3].yyyy, IMM[0].yyyy\n"
    "OR OUT[0], TEMP[0], CONST[0]\n"
    "UADD OUT[1], TEMP[1], CONST[6].zwxy\n"
    "END\n",
};

// A random word: mostly floats of ordinary size, often one of the special
// words, sometimes any bits.
Word RandomWord(std::mt19937& rng) {
  static const Word kSpecial[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u,
                                  0xff800000u, 0x7fc00000u, 0xffc00001u, 0x00000001u, 0x807fffffu,
                                  0x00400000u, 0x3f000000u, 0x00000002u, 0x00000005u, 0xfffffffdu};
  switch (rng() % 8) {
    case 0: case 1: return kSpecial[rng() % (sizeof kSpecial / sizeof kSpecial[0])];
    case 2: return rng();
    default: {
      std::uniform_real_distribution<float> d(-4.0f, 4.0f);
      return Fw(d(rng));
    }
  }
}

Vec4 RandomVec4(std::mt19937& rng) { return {RandomWord(rng), RandomWord(rng), RandomWord(rng), RandomWord(rng)}; }

TestVector RandomVector(tgsi::Processor stage, uint32_t lanes, std::mt19937& rng) {
  TestVector v = Vector(stage, lanes);
  common::LaneVec4s in(lanes);
  for (Vec4& x : in) x = RandomVec4(rng);
  SetInputLanes(v, 0, in);
  for (uint32_t buffer = 0; buffer < 2; ++buffer) {
    for (uint32_t i = 0; i < 8; ++i) {
      if (rng() % 6 != 0) v.constants[buffer][i] = RandomVec4(rng);  // some left out: word 0
    }
  }
  return v;
}

struct Counts {
  uint64_t calls = 0, lanes = 0;
};

// Runs `vectors` on both preparations, one call each and batched.
void Compare(const PreparedShader& on, const PreparedShader& off, const std::vector<TestVector>& vectors,
             const InterpreterOptions& o, const std::string& what, Counts& n) {
  std::vector<const TestVector*> ptrs;
  for (const TestVector& v : vectors) ptrs.push_back(&v);
  const std::vector<ExecResult> batch_on = InterpretBatch(on, ptrs, o);
  const std::vector<ExecResult> batch_off = InterpretBatch(off, ptrs, o);
  ASSERT_EQ(batch_on.size(), vectors.size());
  ASSERT_EQ(batch_off.size(), vectors.size());
  for (size_t k = 0; k < vectors.size(); ++k) {
    const ExecResult one_on = Interpret(on, vectors[k], o);
    const ExecResult one_off = Interpret(off, vectors[k], o);
    ASSERT_EQ(one_off.status, common::ExecStatus::kOk) << what << ": " << one_off.detail;
    ASSERT_EQ(test::Difference(one_on, one_off), "") << what << " vector " << k << " (" << vectors[k].lanes
                                                     << " lanes)";
    ASSERT_EQ(test::Difference(batch_on[k], batch_off[k]), "") << what << " batched vector " << k;
    n.calls += 2;
    n.lanes += 2 * vectors[k].lanes;
  }
}

TEST(OperandPlanes, SameResultsAsPerUseFetch) {
  std::mt19937 rng(20261128);
  const uint32_t kWidths[] = {1, 3, 4, 8, 12, 16, 20, 32, 48, 64, 100, 160};
  Counts n;
  for (const char* text : kShaders) {
    const tgsi::Shader shader = Parse(text);
    SetOperandPlanesForTest(true);
    const std::shared_ptr<const PreparedShader> on = Prepare(shader);
    SetOperandPlanesForTest(false);
    const std::shared_ptr<const PreparedShader> off = Prepare(shader);
    SetOperandPlanesForTest(true);
    ASSERT_TRUE(on->prog.ok) << on->prog.detail;
    // Not vacuous: the planes exist on one side only.
    ASSERT_GT(on->prog.num_planes, 0u) << text;
    ASSERT_EQ(off->prog.num_planes, 0u);
    for (int round = 0; round < 1500; ++round) {
      const uint32_t lanes = kWidths[rng() % (sizeof kWidths / sizeof kWidths[0])];
      std::vector<TestVector> vectors;
      const int count = 1 + static_cast<int>(rng() % 5);
      for (int k = 0; k < count; ++k) vectors.push_back(RandomVector(shader.processor, lanes, rng));
      InterpreterOptions o;
      if (round % 2) o.denormals = common::DenormalMode::kFlushToZero;
      Compare(*on, *off, vectors, o, std::string(text).substr(0, 40), n);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // About 1.4 M lanes compared in all; a change of the counts shows here.
  EXPECT_GT(n.lanes, 1'000'000u) << n.calls << " calls";
}

// Equal operands share a plane; different modifiers, components, buffers or
// files do not; relative operands get none.
TEST(OperandPlanes, Assignment) {
  SetOperandPlanesForTest(true);
  const tgsi::Shader shader = Parse(
      "VERT\nDCL OUT[0], GENERIC[0]\nDCL CONST[0..3]\nDCL CONST[1][0..3]\nDCL ADDR[0]\nDCL TEMP[0]\n"
      "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
      "ADD TEMP[0], CONST[1], CONST[1].xyzw\n"
      "ADD TEMP[0], -CONST[1], CONST[1][1]\n"
      "ADD TEMP[0], IMM[0].xxxx, CONST[ADDR[0].x+1]\n"
      "MOV OUT[0], TEMP[0]\nEND\n");
  const Program p = Decode(shader);
  ASSERT_TRUE(p.ok) << p.detail;
  const DInst& a = p.insts[0];
  const DInst& b = p.insts[1];
  const DInst& c = p.insts[2];
  for (int k = 0; k < 4; ++k) {
    EXPECT_GE(a.src[0].plane[k], 0);
    EXPECT_EQ(a.src[0].plane[k], a.src[1].plane[k]);        // the same operand
    EXPECT_NE(a.src[0].plane[k], b.src[0].plane[k]);        // negated
    EXPECT_NE(b.src[1].plane[k], a.src[0].plane[k]);        // another buffer
    EXPECT_EQ(c.src[0].plane[k], c.src[0].plane[0]);        // .xxxx: one component
    EXPECT_EQ(c.src[1].plane[k], -1);                       // relative
    EXPECT_EQ(p.insts[3].src[0].plane[k], -1);              // a register
  }
  EXPECT_NE(a.src[0].plane[0], a.src[0].plane[1]);
  EXPECT_EQ(p.num_planes, 4u + 4u + 4u + 1u);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
