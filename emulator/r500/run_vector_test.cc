// RunVector on a CheckedProgram (checked once for all vectors) gives what
// RunVector on the FragmentProgram gives, and CheckedProgram::Check refuses
// what the per-vector check refuses, with the same reason.
#include "emulator/r500/run_vector.h"

#include <gtest/gtest.h>

#include "emulator/r500/test_util.h"

namespace shaderdiff::r500 {
namespace {

using test::F;

// OUT[0] = IN[0] * 2 (preloaded into t0), on one quad.
FragmentProgram Doubling(std::string_view last_flags) {
  FragmentProgram p;
  p.state = test::Program(std::string("out ") + std::string(last_flags) +
                          " rgb_omask=7 alpha_omask rgb_addr0=0 alpha_addr0=0 rgb_swz_a_g=g rgb_swz_a_b=b "
                          "rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1 rgb_swz_c_r=r rgb_swz_c_g=g rgb_swz_c_b=b "
                          "alpha_swz_a=a alpha_swz_b=1 alpha_swz_c=a\n");
  p.inputs.push_back({0, 0, common::Interp::kSmooth});
  p.outputs.push_back({0, OutputBinding::Kind::kColor, 0});
  return p;
}

common::TestVector Vector() {
  common::TestVector v;
  v.lanes = 4;
  for (uint32_t l = 0; l < 4; ++l) v.inputs[0].push_back(test::V(1.0f + l, -2.0f, 0.5f, 3.0f));
  return v;
}

TEST(CheckedProgram, RunsAsTheFragmentProgram) {
  const FragmentProgram p = Doubling("tex_sem_wait");
  std::string why;
  const std::optional<CheckedProgram> checked = CheckedProgram::Check(p, &why);
  ASSERT_TRUE(checked) << why;
  const VectorRun a = RunVector(p, Vector());
  const VectorRun b = RunVector(*checked, Vector());
  ASSERT_EQ(a.result.status, common::ExecStatus::kOk) << a.result.detail;
  EXPECT_EQ(b.result.status, a.result.status);
  ASSERT_EQ(a.result.outputs.size(), 1u);
  ASSERT_EQ(b.result.outputs.size(), 1u);
  EXPECT_EQ(b.result.outputs[0].words, a.result.outputs[0].words);
  EXPECT_EQ(a.result.outputs[0].words[2][0], F(6.0f));  // (1 + 2) * 2: the program ran
  EXPECT_EQ(b.cycles, a.cycles);
  EXPECT_EQ(b.instructions, a.instructions);
}

TEST(CheckedProgram, RefusesWhatTheVectorRunRefuses) {
  const FragmentProgram p = Doubling("");  // the last instruction must wait (A.11)
  std::string why;
  EXPECT_FALSE(CheckedProgram::Check(p, &why));
  const VectorRun r = RunVector(p, Vector());
  EXPECT_EQ(r.result.status, common::ExecStatus::kError);
  EXPECT_EQ(r.result.detail, "refused: " + why);
  EXPECT_NE(why.find("tex_sem_wait"), std::string::npos) << why;
}

}  // namespace
}  // namespace shaderdiff::r500
