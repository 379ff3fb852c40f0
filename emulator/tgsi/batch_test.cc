// InterpretBatch on hand-written shaders: per-vector constants read
// directly and through relative addressing, relative destinations whose
// divergence is per vector, kills and control_undefined
// decided per vector in a shared wave, per-vector instruction counts of
// flow-heavy shaders (loops, divergent branches, calls), and timeouts.
// Every result must equal the vector's own Interpret call, field by field;
// each case also checks the vectors really differ where the case says they
// do, so equality cannot come from identical vectors.
#include <gtest/gtest.h>

#include <vector>

#include "emulator/tgsi/exec_result_diff.h"
#include "emulator/tgsi/prepared.h"
#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace testing;
using common::ExecResult;
using common::TestVector;

// Runs `vectors` both ways and expects equal results; returns the batch's.
std::vector<ExecResult> BothWays(const PreparedShader& p, const std::vector<TestVector>& vectors,
                                 InterpreterOptions o = {}) {
  std::vector<const TestVector*> ptrs;
  for (const TestVector& v : vectors) ptrs.push_back(&v);
  std::vector<ExecResult> got = InterpretBatch(p, ptrs, o);
  EXPECT_EQ(got.size(), vectors.size());
  for (size_t k = 0; k < vectors.size() && k < got.size(); ++k) {
    EXPECT_EQ(test::Difference(got[k], Interpret(p, vectors[k], o)), "") << "vector " << k;
  }
  return got;
}

// IN[0].x per lane: lane * step + offset (as floats).
TestVector Ramp(tgsi::Processor stage, uint32_t lanes, float step, float offset) {
  TestVector v = Vector(stage, lanes);
  common::LaneVec4s in;
  for (uint32_t l = 0; l < lanes; ++l) in.push_back(Splat(static_cast<float>(l) * step + offset));
  SetInputLanes(v, 0, in);
  return v;
}

constexpr char kRelativeConstants[] = R"(VERT
DCL IN[0]
DCL OUT[0], GENERIC[0]
DCL CONST[0..7]
DCL ADDR[0]
DCL TEMP[0]
  0: ARL ADDR[0].x, IN[0].xxxx
  1: ADD TEMP[0], CONST[ADDR[0].x+1], CONST[0]
  2: MUL OUT[0], TEMP[0], IN[0]
  3: END
)";

TEST(Batch, PerVectorConstantsDirectAndRelative) {
  const auto p = Prepare(Parse(kRelativeConstants));
  ASSERT_TRUE(p->batchable);
  std::vector<TestVector> vs;
  for (int k = 0; k < 5; ++k) {
    // 16 lanes each (the fifth starts a second wave); lanes whose index
    // leaves CONST[0..7] read an undefined value.
    TestVector v = Ramp(tgsi::Processor::kVertex, 16, 0.5f, static_cast<float>(k) - 1.0f);
    for (uint32_t i = 0; i < 8; ++i) v.constants[0][i] = Splat(static_cast<float>(100 * k + i));
    vs.push_back(v);
  }
  const std::vector<ExecResult> got = BothWays(*p, vs);
  ASSERT_EQ(got[0].status, common::ExecStatus::kOk);
  EXPECT_NE(got[0].Output(0).words, got[1].Output(0).words);  // the banks differ
  EXPECT_NE(got[0].Output(0).undefined, got[3].Output(0).undefined);  // so do the indices in range
}

constexpr char kKillOnConstant[] = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL CONST[0..3]
DCL ADDR[0]
DCL TEMP[0]
  0: ARL ADDR[0].x, IN[0].xxxx
  1: MOV TEMP[0], CONST[ADDR[0].x]
  2: KILL_IF TEMP[0].xxxx
  3: MOV OUT[0], IN[0]
  4: END
)";

TEST(Batch, KillsAndControlUndefinedPerVector) {
  const auto p = Prepare(Parse(kKillOnConstant));
  ASSERT_TRUE(p->batchable);
  std::vector<TestVector> vs;
  for (int k = 0; k < 4; ++k) {
    // Vector 2 addresses past CONST[3]: its kill is decided by an undefined value.
    TestVector v = Ramp(tgsi::Processor::kFragment, 8, k == 2 ? 1.0f : 0.25f, 0.0f);
    for (uint32_t i = 0; i < 4; ++i) v.constants[0][i] = Splat(i % 2 == static_cast<uint32_t>(k % 2) ? -1.0f : 1.0f);
    vs.push_back(v);
  }
  const std::vector<ExecResult> got = BothWays(*p, vs);
  EXPECT_FALSE(got[0].control_undefined);
  EXPECT_FALSE(got[1].control_undefined);
  EXPECT_TRUE(got[2].control_undefined);
  EXPECT_FALSE(got[3].control_undefined);
  EXPECT_NE(got[0].killed, got[1].killed);
}

// A relative destination: each lane stores into TEMP[ADDR[0].x] and the
// outputs read the array back. Whether the addresses diverge is decided per
// vector: a vector whose lanes agree stores exact values even when it
// shares a wave with one whose lanes disagree (divergent-dst-index there).
constexpr char kRelativeDestination[] = R"(VERT
DCL IN[0]
DCL OUT[0], GENERIC[0]
DCL OUT[1], GENERIC[1]
DCL ADDR[0]
DCL TEMP[0..2], ARRAY(1)
IMM[0] FLT32 {0.0, 1.0, 2.0, 0.5}
  0: MOV TEMP[0], IMM[0].xxxx
  1: MOV TEMP[1], IMM[0].yyyy
  2: ARL ADDR[0].x, IN[0].xxxx
  3: ADD TEMP[ADDR[0].x], IN[0], IMM[0].wwww
  4: MOV OUT[0], TEMP[0]
  5: MOV OUT[1], TEMP[1]
  6: END
)";

TEST(Batch, RelativeDestinationDivergencePerVector) {
  const auto p = Prepare(Parse(kRelativeDestination));
  ASSERT_TRUE(p->batchable);
  // 0: every lane at TEMP[0]; 1: lanes alternate TEMP[0] / TEMP[1]
  // (divergent); 2: every lane at TEMP[1]; 3: lanes past the array;
  // 4: every lane at TEMP[0] again (a second wave with vector 5);
  // 5: divergent over TEMP[0..2].
  const float steps[] = {0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f};
  const float offsets[] = {0.0f, 0.0f, 1.0f, 5.0f, 0.25f, 0.0f};
  std::vector<TestVector> vs;
  for (int k = 0; k < 6; ++k) {
    TestVector v = Ramp(tgsi::Processor::kVertex, k == 4 ? 32 : 16, steps[k], offsets[k]);
    if (k == 1) {
      common::LaneVec4s in;
      for (uint32_t l = 0; l < 16; ++l) in.push_back(Splat(static_cast<float>(l % 2)));
      SetInputLanes(v, 0, in);
    } else if (k == 5) {
      common::LaneVec4s in;
      for (uint32_t l = 0; l < 16; ++l) in.push_back(Splat(static_cast<float>(l % 3)));
      SetInputLanes(v, 0, in);
    }
    vs.push_back(v);
  }
  const std::vector<ExecResult> got = BothWays(*p, vs);
  for (int k = 0; k < 6; ++k) ASSERT_EQ(got[k].status, common::ExecStatus::kOk) << k << ": " << got[k].detail;
  const auto any_undefined = [](const ExecResult& r, int out) {
    for (uint8_t u : r.Output(out).undefined) {
      if (u) return true;
    }
    return false;
  };
  EXPECT_FALSE(any_undefined(got[0], 0));  // uniform address: exact
  EXPECT_TRUE(any_undefined(got[1], 0));   // divergent in the same wave
  EXPECT_EQ(got[1].Output(0).Reason(1, 0), "divergent-dst-index");
  EXPECT_FALSE(any_undefined(got[2], 1));
  EXPECT_TRUE(any_undefined(got[3], 0));   // out of range: the array any value
  EXPECT_FALSE(any_undefined(got[4], 0));
  EXPECT_TRUE(any_undefined(got[5], 1));
  EXPECT_NE(got[0].Output(0).words, got[2].Output(0).words);
}

// A loop whose trip count is IN[0].x, with a divergent IF and a call: not
// batchable, and the vectors' instruction counts differ.
constexpr char kFlowHeavy[] = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0..1]
IMM[0] FLT32 {0.0, 1.0, 2.0, 0.5}
  0: MOV TEMP[0], IMM[0].xxxx
  1: BGNLOOP
  2:   SGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx
  3:   IF TEMP[1].xxxx
  4:     BRK
  5:   ENDIF
  6:   CAL :10
  7: ENDLOOP
  8: MOV OUT[0], TEMP[0]
  9: END
 10: BGNSUB
 11:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
 12:   RET
 13: ENDSUB
)";

TEST(Batch, FlowHeavyShadersKeepPerVectorCounts) {
  const auto p = Prepare(Parse(kFlowHeavy));
  EXPECT_FALSE(p->batchable);
  std::vector<TestVector> vs;
  for (int k = 0; k < 6; ++k) vs.push_back(Ramp(tgsi::Processor::kFragment, 4 * (1 + k % 3), 1.0f, static_cast<float>(k)));
  const std::vector<ExecResult> got = BothWays(*p, vs);
  ASSERT_EQ(got[0].status, common::ExecStatus::kOk) << got[0].detail;
  EXPECT_NE(got[0].instructions_executed, got[5].instructions_executed);
}

TEST(Batch, TimeoutsAndRefusalsPerVector) {
  const auto p = Prepare(Parse(kRelativeConstants));
  std::vector<TestVector> vs;
  for (int k = 0; k < 4; ++k) vs.push_back(Ramp(tgsi::Processor::kVertex, 8, 1.0f, 0.0f));
  vs[1].inputs.clear();                                   // refused before running
  vs[2] = Ramp(tgsi::Processor::kFragment, 8, 1.0f, 0.0f);  // the wrong stage
  InterpreterOptions tiny;
  tiny.instruction_budget = 2;  // every wave times out
  const std::vector<ExecResult> timed = BothWays(*p, vs, tiny);
  EXPECT_EQ(timed[0].status, common::ExecStatus::kTimeout);
  EXPECT_EQ(timed[1].status, common::ExecStatus::kError);
  EXPECT_EQ(timed[2].status, common::ExecStatus::kError);
  const std::vector<ExecResult> ran = BothWays(*p, vs);
  EXPECT_EQ(ran[0].status, common::ExecStatus::kOk);
  EXPECT_EQ(ran[3].status, common::ExecStatus::kOk);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
